/*
 * prefs.c - what the game remembers between runs, and where.
 *
 * Everything lives in the folder SDL_GetPrefPath() gives for the game
 * (~/.local/share/rollerball/rollerball on Linux): settings.conf (see
 * settings.c), autosave.pgn (the game in progress up to the position
 * played, rewritten after every change) and games/ (games the player saved). All writes go through
 * rb_ui_store_write_atomic, so a crash mid-write keeps the previous file.
 *
 * The autosave is an ordinary PGN file; who played each side is kept in
 * the WhiteType/BlackType tags ("human" or "program") and a level tag, so
 * resuming a game against the computer brings the computer back too.
 */
#define _POSIX_C_SOURCE 200809L

#include "files/prefs.h"
#include "words/i18n.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "words/message_words.h"
#include "rb_engine.h"
#include "files/store.h"
#include "files/settings.h"

#define PREFS_SETTINGS_FILE "settings.conf"
#define PREFS_AUTOSAVE_FILE "autosave.pgn"
#define PREFS_SETTINGS_MAX (64 * 1024)

struct rb_ui_prefs {
    char dir[RB_UI_PATH_MAX]; /* ends in '/'; empty when there is none */
};

/* The folder, created on first use; NULL with a message if there is none. */
const char *rb_ui_prefs_dir(rb_app *app, char *err, size_t errlen)
{
    if (!app->prefs) {
        app->prefs = calloc(1, sizeof *app->prefs);
        if (!app->prefs) {
            snprintf(err, errlen, "%s", _("Out of memory."));
            return NULL;
        }
    }
    struct rb_ui_prefs *p = app->prefs;
    if (!p->dir[0]) {
        char *base = SDL_GetPrefPath("rollerball", "rollerball");
        if (!base) {
            snprintf(err, errlen, _("There is no folder to keep settings and games in: %s"), SDL_GetError());
            return NULL;
        }
        if (strlen(base) >= sizeof p->dir) {
            snprintf(err, errlen, "%s", _("The folder for settings and games has too long a name."));
            SDL_free(base);
            return NULL;
        }
        strcpy(p->dir, base);
        SDL_free(base);
    }
    return p->dir;
}

int rb_ui_prefs_file(rb_app *app, const char *name, char *path, size_t pathlen, char *err, size_t errlen)
{
    const char *dir = rb_ui_prefs_dir(app, err, errlen);
    if (!dir) {
        return -1;
    }
    if ((size_t)snprintf(path, pathlen, "%s%s", dir, name) >= pathlen) {
        /* TRANSLATORS: a folder and a file name, written together */
        snprintf(err, errlen, _("The file name %s%s is too long."), dir, name);
        return -1;
    }
    return 0;
}

int rb_ui_prefs_load(rb_app *app, char *err, size_t errlen)
{
    char path[RB_UI_PATH_MAX];
    if (rb_ui_prefs_file(app, PREFS_SETTINGS_FILE, path, sizeof path, err, errlen) != 0) {
        return -1;
    }
    if (access(path, F_OK) != 0) {
        return 0; /* first run: the defaults stand */
    }
    char *text;
    size_t len;
    if (rb_ui_store_read(path, PREFS_SETTINGS_MAX, &text, &len, err, errlen) != 0) {
        return -1;
    }
    char note[512];
    int skipped = rb_ui_settings_parse_noted(text, &app->state.settings, app->state.players, note, sizeof note);
    free(text);
    if (skipped > 0) {
        /* TRANSLATORS: %d lines of the settings file %s */
        snprintf(err, errlen,
                 ngettext("Ignored %d line of %s that was not understood.",
                          "Ignored %d lines of %s that were not understood.", (unsigned long)skipped),
                 skipped, path);
        size_t l = strlen(err);
        if (note[0] && l < errlen) { /* what a misnamed choice became */
            snprintf(err + l, errlen - l, " %s", note);
        }
        return -1;
    }
    return 0;
}

bool rb_ui_prefs_first_start(rb_app *app)
{
    static const char *const files[2] = {PREFS_SETTINGS_FILE, PREFS_AUTOSAVE_FILE};
    char path[RB_UI_PATH_MAX], err[RB_UI_PATH_MAX + 200];
    for (int i = 0; i < 2; i++) {
        if (rb_ui_prefs_file(app, files[i], path, sizeof path, err, sizeof err) != 0 || access(path, F_OK) == 0) {
            return false;
        }
    }
    return true;
}

int rb_ui_prefs_save(rb_app *app, char *err, size_t errlen)
{
    char path[RB_UI_PATH_MAX];
    if (rb_ui_prefs_file(app, PREFS_SETTINGS_FILE, path, sizeof path, err, errlen) != 0) {
        return -1;
    }
    char *text = rb_ui_settings_format(&app->state.settings, app->state.players);
    if (!text) {
        snprintf(err, errlen, "%s", _("Out of memory saving the settings."));
        return -1;
    }
    int rc = rb_ui_store_write_atomic(path, text, strlen(text), err, errlen);
    free(text);
    return rc;
}

/* ---- who played: PGN tags -------------------------------------------- */

static const char *const prefs_side_tag[2][3] = {
    {"White", "WhiteType", "WhiteLevel"},
    {"Black", "BlackType", "BlackLevel"},
};

/* The login name, or NULL when the system gives none worth writing. */
static const char *prefs_login_name(void)
{
    const char *names[2] = {getenv("USER"), getenv("LOGNAME")};
    for (int i = 0; i < 2; i++) {
        if (names[i] && names[i][0] && strlen(names[i]) < 64) {
            return names[i];
        }
    }
    return NULL;
}

void rb_ui_prefs_player_name(const rb_ui_player players[2], int color, char *buf, size_t len)
{
    const char *login = prefs_login_name();
    if (players[color].kind == RB_UI_COMPUTER) {
        snprintf(buf, len, "Computer (level %d)", players[color].level);
    } else if (players[color ^ 1].kind == RB_UI_COMPUTER && login) {
        snprintf(buf, len, "%s", login); /* the one person at the screen */
    } else {
        snprintf(buf, len, "%s", prefs_side_tag[color][0]); /* two people share it */
    }
}

bool rb_ui_prefs_is_our_name(const char *name)
{
    const char *login = prefs_login_name();
    return !name || !name[0] || strcmp(name, "?") == 0 || strcmp(name, "Player") == 0 || strcmp(name, "White") == 0 ||
           strcmp(name, "Black") == 0 || strncmp(name, "Computer (level", 15) == 0 ||
           (login && strcmp(name, login) == 0);
}

void rb_ui_prefs_tag_players(rb_game *g, const rb_ui_player players[2])
{
    for (int c = 0; c < 2; c++) {
        char name[80], level[8];
        bool computer = players[c].kind == RB_UI_COMPUTER;
        rb_ui_prefs_player_name(players, c, name, sizeof name);
        snprintf(level, sizeof level, "%d", players[c].level);
        /* A game loaded from a file keeps the names it came with. */
        if (rb_ui_prefs_is_our_name(rb_game_tag(g, prefs_side_tag[c][0]))) {
            rb_game_set_tag(g, prefs_side_tag[c][0], name);
        }
        rb_game_set_tag(g, prefs_side_tag[c][1], computer ? "program" : "human");
        if (computer) {
            rb_game_set_tag(g, prefs_side_tag[c][2], level);
        } else {
            rb_game_set_tag(g, prefs_side_tag[c][2], NULL);
        }
    }
}

void rb_ui_prefs_tag_date(rb_game *g, time_t when)
{
    struct tm tm;
    char date[16];
    if (rb_game_tag(g, "Date") || !localtime_r(&when, &tm)) {
        return;
    }
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    rb_game_set_tag(g, "Date", date);
}

bool rb_ui_prefs_players_from_tags(const rb_game *g, rb_ui_player players[2])
{
    bool any = false;
    for (int c = 0; c < 2; c++) {
        const char *type = rb_game_tag(g, prefs_side_tag[c][1]);
        const char *level = rb_game_tag(g, prefs_side_tag[c][2]);
        rb_ui_player p = {RB_UI_HUMAN, players[c].level};
        if (type && strcmp(type, "program") == 0) {
            p.kind = RB_UI_COMPUTER;
            any = true;
        }
        if (level) {
            int n = atoi(level);
            if (n >= RB_LEVEL_MIN && n <= RB_LEVEL_MAX) {
                p.level = n;
            }
        }
        players[c] = p;
    }
    return any;
}

/* ---- autosave and resume --------------------------------------------- */

static bool prefs_worth_resuming(const rb_game *g)
{
    return g->length > 0 && rb_game_result(g) == RB_RESULT_NONE;
}

int rb_ui_prefs_autosave(rb_app *app, char *err, size_t errlen)
{
    char path[RB_UI_PATH_MAX];
    if (rb_ui_prefs_file(app, PREFS_AUTOSAVE_FILE, path, sizeof path, err, errlen) != 0) {
        return -1;
    }
    rb_game *g = &app->state.game;
    /* The game as it stands: moves taken back are not part of it (a
     * resumed game goes on from the undo), but while the player only
     * browses earlier positions the whole game is. The view shares the
     * record's arrays and is only read. */
    rb_game standing = *g;
    if (!app->state.browsing) {
        standing.length = g->ply;
    }
    if (!prefs_worth_resuming(&standing)) {
        /* Nothing to offer next time: a finished or empty game. */
        if (unlink(path) != 0 && errno != ENOENT) {
            snprintf(err, errlen, _("Could not remove the old autosave %s: %s."), path, strerror(errno));
            return -1;
        }
        return 0;
    }
    rb_ui_prefs_tag_players(g, app->state.players);
    standing.tags = g->tags; /* the tags just set */
    standing.ntags = g->ntags;
    char *text = rb_pgn_write(&standing);
    if (!text) {
        snprintf(err, errlen, "%s", _("Out of memory saving the game."));
        return -1;
    }
    int rc = rb_ui_store_write_atomic(path, text, strlen(text), err, errlen);
    free(text);
    return rc;
}

int rb_ui_prefs_resume(rb_app *app, rb_game *g, char *err, size_t errlen)
{
    char path[RB_UI_PATH_MAX];
    if (rb_ui_prefs_file(app, PREFS_AUTOSAVE_FILE, path, sizeof path, err, errlen) != 0) {
        return -1;
    }
    if (access(path, F_OK) != 0) {
        snprintf(err, errlen, "%s", _("There is no unfinished game to resume."));
        return -1;
    }
    rb_game loaded;
    if (rb_ui_prefs_read_game(path, &loaded, err, errlen) != 0) {
        return -1;
    }
    if (!prefs_worth_resuming(&loaded)) {
        rb_game_free(&loaded);
        snprintf(err, errlen, "%s", _("The last game was finished; there is nothing to resume."));
        return -1;
    }
    rb_ui_prefs_players_from_tags(&loaded, app->state.players);
    *g = loaded;
    return 0;
}

void rb_ui_prefs_free(rb_app *app)
{
    free(app->prefs);
    app->prefs = NULL;
}

/* ---- reading a game file --------------------------------------------- */

int rb_ui_prefs_parse_game(const char *text, size_t len, const char *name, bool allow_partial, rb_game *out, char *err,
                           size_t errlen)
{
    rb_game *games = NULL;
    size_t ngames = 0;
    rb_pgn_error perr;
    memset(&perr, 0, sizeof perr);
    int n = rb_pgn_read(text, len, &games, &ngames, &perr);
    /* A game cut short by a bad move is kept up to its last good move only
     * when the caller shows why (the player must not lose the rest of it
     * without noticing), and only when at least one move was good. */
    bool partial = n > 0 && ngames == 1 && perr.line != 0;
    bool keep =
        n > 0 && ngames > 0 && (perr.line == 0 || ngames > 1 || (allow_partial && partial && games[0].length > 0));
    /* The reader's message in the player's language. */
    char why[RB_UI_MESSAGE_TEXT_MAX];
    rb_ui_message_words_text(&perr.why, why, sizeof why);
    if (perr.line != 0 && name) {
        /* TRANSLATORS: %s is a file, then a line and a column in it, then what is wrong there */
        snprintf(err, errlen,
                 keep ? _("Could not read all of the game in %s: line %d, column %d: %s")
                      : _("Could not read the game in %s: line %d, column %d: %s"),
                 name, perr.line, perr.column, why);
    } else if (perr.line != 0) {
        snprintf(err, errlen,
                 keep ? _("Could not read all of the game in the pasted text: line %d, column %d: %s")
                      : _("Could not read the game in the pasted text: line %d, column %d: %s"),
                 perr.line, perr.column, why);
    } else if (!keep && why[0] && name) {
        snprintf(err, errlen, _("Could not read the game in %s: %s"), name, why);
    } else if (!keep && why[0]) {
        snprintf(err, errlen, _("Could not read the game in the pasted text: %s"), why);
    } else if (!keep && name) {
        snprintf(err, errlen, _("Could not read a game in %s: it holds no game."), name);
    } else if (!keep) {
        snprintf(err, errlen, "%s", _("Could not read a game in the pasted text: it holds no game."));
    }
    if (!keep) {
        for (size_t i = 0; i < ngames; i++) {
            rb_game_free(&games[i]);
        }
        free(games);
        return -1;
    }
    /* The first game of a collection; the others are not needed. */
    *out = games[0];
    for (size_t i = 1; i < ngames; i++) {
        rb_game_free(&games[i]);
    }
    free(games);
    if (partial) {
        size_t l = strlen(err);
        /* TRANSLATORS: follows "Could not read all of the game in ...: ..." */
        snprintf(err + l, errlen - l, "%s", _(". The game is shown up to its last good move."));
        return 1;
    }
    return 0;
}

int rb_ui_prefs_read_file_game(const char *path, bool allow_partial, rb_game *out, char *err, size_t errlen)
{
    char *text;
    size_t len;
    if (rb_ui_store_read(path, RB_UI_GAME_FILE_MAX, &text, &len, err, errlen) != 0) {
        return -1;
    }
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    int rc = rb_ui_prefs_parse_game(text, len, name, allow_partial, out, err, errlen);
    free(text);
    return rc;
}

int rb_ui_prefs_read_game(const char *path, rb_game *out, char *err, size_t errlen)
{
    return rb_ui_prefs_read_file_game(path, false, out, err, errlen);
}
