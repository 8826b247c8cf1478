/*
 * trainer.h - the puzzle trainer's commands and files: which puzzle is on
 * the board, trying a move, hints, the solution, the filter, the player's
 * rating and solved puzzles kept between runs, going back to the game.
 *
 * Only rb_ui_apply() calls the command half (as it does dialog.c's open):
 * the trainer's state is part of the window's state, and changing it is
 * the commands' business. The puzzles and the player's record are the
 * puzzle library's (rb_puzzle.h); this file holds them for the window and
 * says what happened in the status line.
 */
#ifndef RB_UI_TRAINER_H
#define RB_UI_TRAINER_H

#include <stdio.h>

#include "screen/screen.h"
#include "state/cmd.h"
#include "state/window.h"

/* Where the trainer reads its puzzles (NULL: puzzles/puzzles.txt in the
 * data folder) and keeps the player's rating and solved puzzles (a folder
 * ending in '/'; NULL: the settings folder when the window keeps the
 * player's files, else nowhere). Call before the trainer first opens. */
void rb_ui_trainer_use_files(rb_app *app, const char *puzzle_file, const char *player_dir);
void rb_ui_trainer_free(rb_app *app);

/* While it is open and on top, whether the trainer takes a command of the
 * game's: a move on its board, and the game's commands it refuses. */
bool rb_ui_trainer_keeps(const rb_ui_state *st, rb_ui_cmd_kind kind);
/* Carries out one of its commands or of those it keeps (rb_ui_apply only,
 * through the screen's entry, screen.h). Returns 0, or -1 when it was
 * refused (the status line says why). */
int rb_ui_trainer_apply(rb_app *app, const rb_ui_cmd *cmd, rb_ui_screen_closer close_others);
/* Closes the trainer, the game's view put back as it was. */
void rb_ui_trainer_leave(rb_app *app);

/* ---- questions for the views ---- */
/* The player's record, or NULL before the trainer first opened. */
const rb_puzzle_player *rb_ui_trainer_player(const rb_app *app);
/* True when the puzzle with this ID was solved cleanly in some run. */
bool rb_ui_trainer_solved_before(const rb_app *app, int id);
/* How many puzzles were solved cleanly, and how many the file holds. */
size_t rb_ui_trainer_solved_count(const rb_app *app);
size_t rb_ui_trainer_puzzle_count(const rb_app *app);
/* Why the puzzles cannot be shown (empty when they can). */
const char *rb_ui_trainer_problem(const rb_app *app);
/* The same in two parts: the file, and what is wrong with it. */
void rb_ui_trainer_problem_parts(const rb_app *app, const char **file, const char **why);
/* True while a move waits to be shown (the loop must wake for it). */
bool rb_ui_trainer_waiting(const rb_ui_state *st);

/* --list-puzzles: one line per puzzle of the file in data_dir,
 * ID<TAB>RATING<TAB>THEMES<TAB>POSITION<TAB>SOLUTION. Returns 0, or -1
 * with a message naming the file and what is wrong. */
int rb_ui_trainer_list(const char *data_dir, FILE *out, char *err, size_t errlen);

#endif
