/*
 * settings.h - the settings file's text form: one "key = value" a line.
 *
 * Kept separate from where the file lives (prefs.c) so that the format is
 * tested on strings alone. Reading is forgiving: unknown keys, bad values
 * and garbage lines are skipped, the rest still applies, so a settings file
 * from a newer or older version, or one edited by hand, never stops the game.
 */
#ifndef RB_UI_SETTINGS_H
#define RB_UI_SETTINGS_H

#include "state/state.h"

/* The settings a first run starts with, and the players of a new game. */
void rb_ui_settings_defaults(rb_ui_settings *s, rb_ui_player players[2]);
/* Applies every line it understands; returns the number of lines skipped
 * (neither blank, a comment, nor a known key with a valid value). */
int rb_ui_settings_parse(const char *text, rb_ui_settings *s, rb_ui_player players[2]);
/* The same; and when a line names board colours or a piece set this version
 * does not have, note (when not NULL) says so in a sentence naming the
 * choices and the one used instead (else note is empty). */
int rb_ui_settings_parse_noted(const char *text, rb_ui_settings *s, rb_ui_player players[2], char *note,
                               size_t notelen);
/* A newly allocated text of all settings (free it), NULL without memory. */
char *rb_ui_settings_format(const rb_ui_settings *s, const rb_ui_player players[2]);

/* An interface size in percent, "150" or "150%", from RB_UI_SCALE_MIN to
 * RB_UI_SCALE_MAX (layout.h): 0 and *out set, or -1. */
int rb_ui_settings_parse_scale(const char *text, int *out);

/* The settings dialog's pages, in the order of its tabs: the board's
 * colours and pieces, what the board shows, and the rest of the game. */
typedef enum rb_ui_settings_page {
    RB_UI_SETTINGS_LOOK,
    RB_UI_SETTINGS_BOARD,
    RB_UI_SETTINGS_GAME,
    RB_UI_SETTINGS_PAGES
} rb_ui_settings_page;

/* The switches in the order the settings dialog lists them. */
typedef struct rb_ui_setting_info {
    const char *key;          /* in the file */
    const char *label;        /* in the dialog */
    size_t offset;            /* of the bool in rb_ui_settings */
    rb_ui_settings_page page; /* of the dialog that holds it */
} rb_ui_setting_info;
extern const rb_ui_setting_info rb_ui_setting_infos[];
extern const int rb_ui_setting_count;
bool *rb_ui_settings_ref(rb_ui_settings *s, int index);
bool rb_ui_settings_get(const rb_ui_settings *s, int index);

#endif
