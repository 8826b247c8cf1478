/*
 * prefs.h - what the game remembers between runs: the settings, the
 * players, and the game in progress (autosave and resume), all under
 * SDL_GetPrefPath().
 */
#ifndef RB_UI_PREFS_H
#define RB_UI_PREFS_H

#include <time.h>

#include "state/window.h"

/* Loads saved settings into app->state.settings/players (defaults stay where
 * nothing was saved). Returns 0, or -1 with a message (a damaged file is
 * reported, not fatal). */
int rb_ui_prefs_load(rb_app *app, char *err, size_t errlen);
int rb_ui_prefs_save(rb_app *app, char *err, size_t errlen);
/* Autosave of the game in progress; resume loads it into *g and who played
 * it into the players (0), or returns -1 (nothing to resume or damaged,
 * with a message in err). */
int rb_ui_prefs_autosave(rb_app *app, char *err, size_t errlen);
int rb_ui_prefs_resume(rb_app *app, rb_game *g, char *err, size_t errlen);
void rb_ui_prefs_free(rb_app *app);
/* True when the game has never run here: no settings and no autosave. */
bool rb_ui_prefs_first_start(rb_app *app);

/* The folder (ending in '/'), created on first use; NULL with a message. */
const char *rb_ui_prefs_dir(rb_app *app, char *err, size_t errlen);
/* path = the folder + name. Returns 0, or -1 with a message. */
int rb_ui_prefs_file(rb_app *app, const char *name, char *path, size_t pathlen, char *err, size_t errlen);

/* Who played each side, as PGN tags (WhiteType "human"/"program",
 * WhiteLevel, names), and back; the latter returns true if a computer
 * plays a side. */
void rb_ui_prefs_tag_players(rb_game *g, const rb_ui_player players[2]);
/* The name written for a colour: "Computer (level 4)"; against the
 * computer the person's login name; two people are "White" and "Black". */
void rb_ui_prefs_player_name(const rb_ui_player players[2], int color, char *buf, size_t len);
/* True for a name this program writes or leaves (those above, "Player",
 * "?", empty): a loaded game's own names are the others. */
bool rb_ui_prefs_is_our_name(const char *name);
/* The Date tag (the local date of when, "2026.12.01") unless it has one:
 * the date a game started. */
void rb_ui_prefs_tag_date(rb_game *g, time_t when);
bool rb_ui_prefs_players_from_tags(const rb_game *g, rb_ui_player players[2]);

/* The largest game file the game opens. */
#define RB_UI_GAME_FILE_MAX (1024 * 1024)
/* Reads the first game of a PGN file into *out. Returns 0, or -1 with a
 * message naming the file and what is wrong (*out untouched then). */
int rb_ui_prefs_read_game(const char *path, rb_game *out, char *err, size_t errlen);
/* The same from a file or from text (name says where it came from in the
 * messages; NULL for pasted text). With allow_partial, a single game whose moves go wrong part-way
 * is kept up to its last good move: 1 is returned, *out is set and err says
 * what went wrong and that the game stops early. */
int rb_ui_prefs_read_file_game(const char *path, bool allow_partial, rb_game *out, char *err, size_t errlen);
int rb_ui_prefs_parse_game(const char *text, size_t len, const char *name, bool allow_partial, rb_game *out, char *err,
                           size_t errlen);

#endif
