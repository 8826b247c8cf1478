/*
 * settings.c - the settings file's text form.
 *
 * Every switch is one row of a table (key, label, field), so adding a
 * setting is one line here and the dialog, the file and the defaults follow.
 */
#include "files/settings.h"
#include "words/i18n.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "media/assets.h"
#include "words/lang.h"
#include "kit/layout.h"
#include "rb_engine.h"
#include "media/sound.h"
#include "kit/theme.h"

/* The labels are translated where the settings dialog draws them. */
#define SETTING(field, label, page)                                                                                    \
    {                                                                                                                  \
        #field, label, offsetof(rb_ui_settings, field), RB_UI_SETTINGS_##page                                          \
    }

const rb_ui_setting_info rb_ui_setting_infos[] = {
    SETTING(legal_moves, N_("Show where the selected piece can go"), BOARD),
    SETTING(paths, N_("Show the path to the pointed square"), BOARD),
    SETTING(last_move, N_("Show the last move and its path"), BOARD),
    SETTING(flow_arrows, N_("Clockwise arrows in every square"), BOARD),
    SETTING(turn_squares, N_("Mark the squares where the flow turns"), BOARD),
    SETTING(thrones, N_("Star on each king's winning square"), BOARD),
    SETTING(start_lines, N_("Kings' start lines"), BOARD),
    SETTING(out_flags, N_("Each king's out flag"), BOARD),
    SETTING(coordinates, N_("Coordinates around the board"), BOARD),
    SETTING(animation, N_("Animate moves"), BOARD),
    SETTING(auto_flip, N_("Black at the bottom when I play Black"), BOARD),
    SETTING(sound, N_("Sounds"), GAME),
    SETTING(pause_minimised, N_("Pause clocks when minimised vs the computer"), GAME),
    SETTING(premoves, N_("Premoves: choose a move during the computer's turn"), GAME),
    SETTING(two_player_hints, N_("Hints in games between two people"), GAME),
    SETTING(speech, N_("Spoken mode: the board by keyboard, read aloud"), GAME),
    SETTING(speech_full, N_("Spoken mode: full sentences"), GAME),
};
const int rb_ui_setting_count = (int)(sizeof rb_ui_setting_infos / sizeof rb_ui_setting_infos[0]);

bool *rb_ui_settings_ref(rb_ui_settings *s, int index)
{
    return (bool *)((char *)s + rb_ui_setting_infos[index].offset);
}

bool rb_ui_settings_get(const rb_ui_settings *s, int index)
{
    return *(const bool *)((const char *)s + rb_ui_setting_infos[index].offset);
}

void rb_ui_settings_defaults(rb_ui_settings *s, rb_ui_player players[2])
{
    for (int i = 0; i < rb_ui_setting_count; i++) {
        *rb_ui_settings_ref(s, i) = true;
    }
    s->theme = RB_UI_THEME_CLASSIC;
    s->pieces = 0;               /* the classic set */
    s->two_player_hints = false; /* both players must agree to turn it on */
    s->speech = false;           /* on by --speak, or where a screen reader runs */
    s->speech_full = false;
    s->speech_rate = 0;
    s->volume = RB_UI_SOUND_DEFAULT_VOLUME;
    s->ui_scale_pct = 100;
    s->threads = 0; /* all cores but one */
    s->reply_pause_ms = 400;
    s->watch_move_ms = 1000;
    s->language = 0; /* the system's */
    players[RB_WHITE] = (rb_ui_player){RB_UI_HUMAN, 4};
    players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, 4};
}

/* Trims spaces at both ends in place; returns the start. */
static char *settings_trim(char *s)
{
    while (isspace((unsigned char)*s)) {
        s++;
    }
    char *end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1])) {
        *--end = '\0';
    }
    return s;
}

static int settings_bool(const char *v, bool *out)
{
    static const char *const yes[] = {"true", "yes", "on", "1"};
    static const char *const no[] = {"false", "no", "off", "0"};
    for (int i = 0; i < 4; i++) {
        if (strcmp(v, yes[i]) == 0) {
            *out = true;
            return 0;
        }
        if (strcmp(v, no[i]) == 0) {
            *out = false;
            return 0;
        }
    }
    return -1;
}

static int settings_level(const char *v, int *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (end == v || *end || n < RB_LEVEL_MIN || n > RB_LEVEL_MAX) {
        return -1;
    }
    *out = (int)n;
    return 0;
}

int rb_ui_settings_parse_scale(const char *v, int *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (*end == '%') {
        end++;
    }
    if (end == v || *end || n < RB_UI_SCALE_MIN || n > RB_UI_SCALE_MAX) {
        return -1;
    }
    *out = (int)n;
    return 0;
}

/* "auto" (all cores but one: 0) or a count of threads. */
static int settings_threads(const char *v, int *out)
{
    if (strcmp(v, "auto") == 0) {
        *out = 0;
        return 0;
    }
    char *end;
    long n = strtol(v, &end, 10);
    if (end == v || *end || n < 1 || n > RB_THREADS_MAX) {
        return -1;
    }
    *out = (int)n;
    return 0;
}

static int settings_volume(const char *v, int *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (end == v || *end || n < 0 || n > 100) {
        return -1;
    }
    *out = (int)n;
    return 0;
}

/* The players' keys: "white", "white_level", "black", "black_level". */
static int settings_player(const char *key, const char *v, rb_ui_player players[2])
{
    static const char *const names[2] = {"white", "black"};
    for (int c = 0; c < 2; c++) {
        size_t n = strlen(names[c]);
        if (strncmp(key, names[c], n) != 0) {
            continue;
        }
        if (key[n] == '\0') {
            if (strcmp(v, "human") == 0) {
                players[c].kind = RB_UI_HUMAN;
            } else if (strcmp(v, "computer") == 0) {
                players[c].kind = RB_UI_COMPUTER;
            } else {
                return -1;
            }
            return 0;
        }
        if (strcmp(key + n, "_level") == 0) {
            return settings_level(v, &players[c].level);
        }
    }
    return -1;
}

/* The numbers: milliseconds, 0 up to a minute. */
#define SETTINGS_NUMBER(field)                                                                                         \
    {                                                                                                                  \
        #field, offsetof(rb_ui_settings, field)                                                                        \
    }
static const struct {
    const char *key;
    size_t offset;
} settings_numbers[] = {
    SETTINGS_NUMBER(reply_pause_ms),
    SETTINGS_NUMBER(watch_move_ms),
};
#define SETTINGS_NNUMBERS (sizeof settings_numbers / sizeof settings_numbers[0])

static int settings_ms(const char *v, int *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (end == v || *end || n < 0 || n > 60000) {
        return -1;
    }
    *out = (int)n;
    return 0;
}

/* The look: "theme" and "pieces" name a row of their tables. A name this
 * version does not have leaves the choice as it was (the default, read
 * first) and says so in note, naming the choices. "high_contrast", the
 * switch older versions kept, still chooses the high-contrast theme. */
static int settings_look(const char *key, const char *v, rb_ui_settings *s, char *note, size_t notelen)
{
    char keys[256];
    if (strcmp(key, "high_contrast") == 0) {
        bool on;
        if (settings_bool(v, &on) != 0) {
            return -1;
        }
        if (on) {
            s->theme = RB_UI_THEME_HIGH_CONTRAST;
        }
        return 0;
    }
    bool theme = strcmp(key, "theme") == 0;
    int i = theme ? rb_ui_theme_find(v) : rb_ui_assets_find_set(v);
    if (i >= 0) {
        *(theme ? &s->theme : &s->pieces) = i;
        return 0;
    }
    if (note && notelen && !note[0]) {
        if (theme) {
            rb_ui_theme_keys(keys, sizeof keys);
            /* TRANSLATORS: the unknown name, the names there are, and the
               name of the board colours used instead. */
            snprintf(note, notelen, _("There are no board colours named \"%s\" (there are %s): %s is used."), v, keys,
                     rb_ui_themes[s->theme].key);
        } else {
            rb_ui_assets_set_keys(keys, sizeof keys);
            /* TRANSLATORS: the unknown name, the names there are, and the
               name of the piece set used instead. */
            snprintf(note, notelen, _("There is no piece set named \"%s\" (there are %s): %s is used."), v, keys,
                     rb_ui_piece_sets[s->pieces].key);
        }
    }
    return -1;
}

static int settings_line(char *line, rb_ui_settings *s, rb_ui_player players[2], char *note, size_t notelen)
{
    char *eq = strchr(line, '=');
    if (!eq) {
        return -1;
    }
    *eq = '\0';
    char *key = settings_trim(line);
    char *value = settings_trim(eq + 1);
    for (int i = 0; i < rb_ui_setting_count; i++) {
        if (strcmp(key, rb_ui_setting_infos[i].key) == 0) {
            return settings_bool(value, rb_ui_settings_ref(s, i));
        }
    }
    if (strcmp(key, "volume") == 0) {
        return settings_volume(value, &s->volume);
    }
    if (strcmp(key, "threads") == 0) {
        return settings_threads(value, &s->threads);
    }
    if (strcmp(key, "interface_size") == 0) {
        return rb_ui_settings_parse_scale(value, &s->ui_scale_pct);
    }
    if (strcmp(key, "theme") == 0 || strcmp(key, "pieces") == 0 || strcmp(key, "high_contrast") == 0) {
        return settings_look(key, value, s, note, notelen);
    }
    if (strcmp(key, "speech_rate") == 0) {
        char *end;
        long n = strtol(value, &end, 10);
        if (end == value || *end || n < -100 || n > 100) {
            return -1;
        }
        s->speech_rate = (int)n;
        return 0;
    }
    if (strcmp(key, "language") == 0) {
        int l = rb_ui_lang_find(value);
        if (l < 0) {
            return -1;
        }
        s->language = l;
        return 0;
    }
    for (size_t i = 0; i < SETTINGS_NNUMBERS; i++) {
        if (strcmp(key, settings_numbers[i].key) == 0) {
            return settings_ms(value, (int *)((char *)s + settings_numbers[i].offset));
        }
    }
    return settings_player(key, value, players);
}

int rb_ui_settings_parse(const char *text, rb_ui_settings *s, rb_ui_player players[2])
{
    return rb_ui_settings_parse_noted(text, s, players, NULL, 0);
}

int rb_ui_settings_parse_noted(const char *text, rb_ui_settings *s, rb_ui_player players[2], char *note, size_t notelen)
{
    int skipped = 0;
    if (note && notelen) {
        note[0] = '\0';
    }
    const char *p = text;
    while (*p) {
        size_t n = strcspn(p, "\r\n");
        char line[256];
        if (n < sizeof line) {
            memcpy(line, p, n);
            line[n] = '\0';
            char *t = settings_trim(line);
            if (*t && *t != '#' && settings_line(t, s, players, note, notelen) != 0) {
                skipped++;
            }
        } else {
            skipped++; /* no setting is that long */
        }
        p += n;
        while (*p == '\r' || *p == '\n') {
            p++;
        }
    }
    return skipped;
}

char *rb_ui_settings_format(const rb_ui_settings *s, const rb_ui_player players[2])
{
    size_t cap = 2048, n = 0;
    char *buf = malloc(cap);
    if (!buf) {
        return NULL;
    }
    n += (size_t)snprintf(buf + n, cap - n, "# Rollerball settings (key = value)\n");
    for (int i = 0; i < rb_ui_setting_count; i++) {
        bool v = *(const bool *)((const char *)s + rb_ui_setting_infos[i].offset);
        n += (size_t)snprintf(buf + n, cap - n, "%s = %s\n", rb_ui_setting_infos[i].key, v ? "true" : "false");
    }
    n += (size_t)snprintf(buf + n, cap - n, "volume = %d\n", s->volume);
    n += (size_t)snprintf(buf + n, cap - n, "interface_size = %d\n", s->ui_scale_pct);
    n += (size_t)snprintf(buf + n, cap - n, "speech_rate = %d\n", s->speech_rate);
    if (s->threads > 0) {
        n += (size_t)snprintf(buf + n, cap - n, "threads = %d\n", s->threads);
    } else {
        n += (size_t)snprintf(buf + n, cap - n, "threads = auto\n");
    }
    int theme = s->theme >= 0 && s->theme < rb_ui_theme_count ? s->theme : RB_UI_THEME_CLASSIC;
    int pieces = s->pieces >= 0 && s->pieces < rb_ui_piece_set_count ? s->pieces : 0;
    n += (size_t)snprintf(buf + n, cap - n, "theme = %s\npieces = %s\n", rb_ui_themes[theme].key,
                          rb_ui_piece_sets[pieces].key);
    int l = s->language > 0 && s->language < rb_ui_lang_count ? s->language : 0;
    n += (size_t)snprintf(buf + n, cap - n, "language = %s\n", l ? rb_ui_langs[l].code : "system");
    for (size_t i = 0; i < SETTINGS_NNUMBERS; i++) {
        n += (size_t)snprintf(buf + n, cap - n, "%s = %d\n", settings_numbers[i].key,
                              *(const int *)((const char *)s + settings_numbers[i].offset));
    }
    static const char *const names[2] = {"white", "black"};
    for (int c = 0; c < 2; c++) {
        n += (size_t)snprintf(buf + n, cap - n, "%s = %s\n%s_level = %d\n", names[c],
                              players[c].kind == RB_UI_COMPUTER ? "computer" : "human", names[c], players[c].level);
    }
    return buf;
}
