/*
 * games.c - the player's saved games.
 *
 * Saved games are plain PGN files in the games/ folder under the pref path,
 * so they can be copied, mailed or opened by other programs; the load
 * dialog lists that folder. Any other PGN file reaches the game through the
 * command line or by being dropped on the window, and goes through the same
 * loader: read with a size cap, parsed, and only then swapped in, so a file
 * that cannot be read changes nothing.
 */
#define _POSIX_C_SOURCE 200809L

#include "files/games.h"
#include "words/i18n.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "words/message_words.h"
#include "files/prefs.h"
#include "files/store.h"

int rb_ui_games_folder(rb_app *app, char *dir, size_t dirlen, char *err, size_t errlen)
{
    return rb_ui_prefs_file(app, "games/", dir, dirlen, err, errlen);
}

int rb_ui_games_dir(rb_app *app, char *dir, size_t dirlen, char *err, size_t errlen)
{
    if (rb_ui_games_folder(app, dir, dirlen, err, errlen) != 0) {
        return -1;
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, _("Could not create the games folder %s: %s."), dir, strerror(errno));
        return -1;
    }
    return 0;
}

static bool games_is_pgn(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && name[0] != '.' && SDL_strcasecmp(name + n - 4, ".pgn") == 0;
}

static int games_newest_first(const void *a, const void *b)
{
    const rb_ui_game_entry *x = a, *y = b;
    if (x->modified != y->modified) {
        return x->modified < y->modified ? 1 : -1;
    }
    return strcmp(x->name, y->name);
}

int rb_ui_games_list(rb_app *app, rb_ui_game_entry **entries, char *err, size_t errlen)
{
    *entries = NULL;
    char dir[RB_UI_PATH_MAX];
    if (rb_ui_games_dir(app, dir, sizeof dir, err, errlen) != 0) {
        return -1;
    }
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, _("Could not list the games folder %s: %s."), dir, strerror(errno));
        return -1;
    }
    int n = 0, cap = 0;
    rb_ui_game_entry *list = NULL;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (!games_is_pgn(de->d_name) || strlen(de->d_name) >= sizeof list->name) {
            continue;
        }
        char path[RB_UI_PATH_MAX + 256];
        snprintf(path, sizeof path, "%s%s", dir, de->d_name);
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
            continue;
        }
        if (n == cap) {
            int ncap = cap ? cap * 2 : 16;
            rb_ui_game_entry *nl = realloc(list, (size_t)ncap * sizeof *nl);
            if (!nl) {
                break; /* list what fits */
            }
            list = nl;
            cap = ncap;
        }
        strcpy(list[n].name, de->d_name);
        list[n].modified = st.st_mtime;
        n++;
    }
    closedir(d);
    if (n > 1) {
        qsort(list, (size_t)n, sizeof *list, games_newest_first);
    }
    *entries = list;
    return n;
}

void rb_ui_games_suggest_name(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm)) {
        strftime(buf, len, "Rollerball %Y-%m-%d %H-%M", &tm);
    } else {
        snprintf(buf, len, "%s", _("Rollerball game"));
    }
}

/* The file a game saved under name goes to: trailing spaces dropped and
 * ".pgn" added when missing; the folder is made when create. Returns 0, or
 * -1 with a message. */
static int games_path(rb_app *app, const char *name, bool create, char *path, size_t pathlen, char *err, size_t errlen)
{
    size_t n = strlen(name);
    while (n > 0 && name[n - 1] == ' ') {
        n--;
    }
    if (n == 0) {
        snprintf(err, errlen, "%s", _("Type a name for the game."));
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c == '/' || c == '\\' || c < 32 || (i == 0 && c == '.')) {
            snprintf(err, errlen, "%s",
                     _("A game's name cannot contain '/', '\\' or control characters, or start with '.'."));
            return -1;
        }
    }
    char dir[RB_UI_PATH_MAX];
    if ((create ? rb_ui_games_dir : rb_ui_games_folder)(app, dir, sizeof dir, err, errlen) != 0) {
        return -1;
    }
    bool has_ext = n > 4 && SDL_strncasecmp(name + n - 4, ".pgn", 4) == 0;
    if (n > 200 || (size_t)snprintf(path, pathlen, "%s%.*s%s", dir, (int)n, name, has_ext ? "" : ".pgn") >= pathlen) {
        snprintf(err, errlen, "%s", _("The name is too long."));
        return -1;
    }
    return 0;
}

void rb_ui_games_tag(rb_app *app)
{
    rb_ui_prefs_tag_players(&app->state.game, app->state.players);
    /* A game that came without a date (one from before dates were kept)
     * gets today's. The time control, when the game has one, is already a
     * tag of the record (rb_game_set_time_control). */
    rb_ui_prefs_tag_date(&app->state.game, time(NULL));
}

bool rb_ui_games_exists(rb_app *app, const char *name)
{
    char path[RB_UI_PATH_MAX + 256], err[RB_UI_PATH_MAX + 100];
    struct stat st;
    return games_path(app, name, false, path, sizeof path, err, sizeof err) == 0 && stat(path, &st) == 0;
}

int rb_ui_games_save(rb_app *app, const char *name, char *err, size_t errlen)
{
    char path[RB_UI_PATH_MAX + 256];
    if (games_path(app, name, true, path, sizeof path, err, errlen) != 0) {
        return -1;
    }
    rb_ui_games_tag(app);
    char *text = rb_pgn_write(&app->state.game);
    if (!text) {
        snprintf(err, errlen, "%s", _("Out of memory saving the game."));
        return -1;
    }
    int rc = rb_ui_store_write_atomic(path, text, strlen(text), err, errlen);
    free(text);
    return rc;
}

int rb_ui_games_read(const char *path, rb_game *out, rb_ui_player players[2], char *err, size_t errlen)
{
    int rc = rb_ui_prefs_read_file_game(path, true, out, err, errlen);
    if (rc < 0) {
        return -1;
    }
    /* Who plays comes with the file when it was saved here; any other
     * game is replayed by two humans, so no computer starts moving in a
     * game someone only wanted to look at. */
    rb_ui_prefs_players_from_tags(out, players);
    return rc;
}

int rb_ui_games_from_text(const char *text, rb_game *out, rb_ui_player players[2], char *err, size_t errlen)
{
    while (*text == ' ' || *text == '\t' || *text == '\r' || *text == '\n') {
        text++;
    }
    size_t len = strlen(text);
    while (len > 0 && strchr(" \t\r\n", text[len - 1])) {
        len--;
    }
    if (len == 0) {
        snprintf(err, errlen, "%s", _("There is nothing to paste: the clipboard holds no text."));
        return -1;
    }
    /* One line with '/' and no tag or move number ("1."): a position
     * string; anything else is read as a game. */
    bool one_line = memchr(text, '\n', len) == NULL;
    bool numbered = false;
    for (size_t i = 0; i + 1 < len && !numbered; i++) {
        numbered = text[i] >= '0' && text[i] <= '9' && text[i + 1] == '.';
    }
    if (one_line && memchr(text, '/', len) && !memchr(text, '[', len) && !numbered) {
        char fen[512];
        if (len >= sizeof fen) {
            snprintf(err, errlen, "%s", _("The pasted text is too long for a position string."));
            return -1;
        }
        memcpy(fen, text, len);
        fen[len] = '\0';
        rb_pos pos;
        rb_message msg;
        if (rb_pos_parse_why(&pos, fen, &msg) != 0) {
            char why[RB_UI_MESSAGE_TEXT_MAX];
            rb_ui_message_words_text(&msg, why, sizeof why);
            /* TRANSLATORS: %s says what is wrong with the position string */
            snprintf(err, errlen, _("The pasted text is not a position: %s"), why);
            return -1;
        }
        if (rb_game_init(out, &pos) != 0) {
            snprintf(err, errlen, "%s", _("Out of memory."));
            return -1;
        }
        /* A position is set up to look at: two people play it. */
        players[0].kind = players[1].kind = RB_UI_HUMAN;
        return 0;
    }
    if (len > RB_UI_GAME_FILE_MAX) {
        snprintf(err, errlen, _("The pasted text is too big for a game (more than %d MB)."),
                 RB_UI_GAME_FILE_MAX / (1024 * 1024));
        return -1;
    }
    int rc = rb_ui_prefs_parse_game(text, len, NULL, true, out, err, errlen);
    if (rc < 0) {
        return -1;
    }
    rb_ui_prefs_players_from_tags(out, players);
    return rc;
}
