/*
 * games.h - saved games: the player's games folder, saving the current
 * game as PGN, listing what is there, and loading a game file (from the
 * list, from the command line or dropped on the window).
 */
#ifndef RB_UI_GAMES_H
#define RB_UI_GAMES_H

#include <time.h>

#include "state/window.h"

/* The games folder (ending in '/'), created if needed. Returns 0, or -1
 * with a message. */
int rb_ui_games_dir(rb_app *app, char *dir, size_t dirlen, char *err, size_t errlen);
/* The same folder's name, leaving the disk alone (it may not exist yet). */
int rb_ui_games_folder(rb_app *app, char *dir, size_t dirlen, char *err, size_t errlen);
/* The .pgn files in the games folder, newest first (free *entries).
 * Returns the count, or -1 with a message. */
int rb_ui_games_list(rb_app *app, rb_ui_game_entry **entries, char *err, size_t errlen);
/* A name for a new save: "Rollerball 2024-05-01 14-03". */
void rb_ui_games_suggest_name(char *buf, size_t len);
/* Saves the game under name (".pgn" added when missing; characters that
 * cannot be in a file name are refused). Returns 0, or -1 with a message. */
int rb_ui_games_save(rb_app *app, const char *name, char *err, size_t errlen);
/* Writes who plays, as names and types, and the date into the game's tags
 * before it is saved or copied. */
void rb_ui_games_tag(rb_app *app);
/* True when saving under name would replace a game already saved (asks
 * the disk, creates nothing). */
bool rb_ui_games_exists(rb_app *app, const char *name);
/* Reads the first game of a PGN file into *out, and who plays it into
 * players (as the file's tags say; any other game is for two people).
 * A file that cannot be read returns -1 with a message naming the file and
 * the problem, and leaves *out and players untouched. A game whose moves go
 * wrong part-way returns 1: *out holds it up to its last good move and err
 * says what went wrong. */
int rb_ui_games_read(const char *path, rb_game *out, rb_ui_player players[2], char *err, size_t errlen);
/* The same for pasted text: a position string (detected: one line with
 * '/'), played by two people, or PGN. */
int rb_ui_games_from_text(const char *text, rb_game *out, rb_ui_player players[2], char *err, size_t errlen);

#endif
