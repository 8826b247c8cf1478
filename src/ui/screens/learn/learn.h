/*
 * learn.h - the Learn screen: the lesson map (chapters, stages, the stars
 * earned) and a stage being played (the board with its target stars, the
 * goal and teaching text beside it, wrong moves explained, retry, a hint
 * that shows the way, stars on finishing), built on the rb_learn library.
 *
 * The screen is a view like the others: learn_view.c draws it from const
 * state and turns clicks and keys into RB_UI_CMD_LEARN* commands; the
 * functions below carry those out (apply.c calls them) and are the only
 * ones that change the lesson session. The lessons are read from the data
 * folder the first time the screen opens; the progress is kept in the
 * settings folder (lessons.txt) when the window uses the player's files.
 */
#ifndef RB_UI_LEARN_H
#define RB_UI_LEARN_H

#include <stdio.h>

#include "screen/screen.h"
#include "state/cmd.h"
#include "rb_learn.h"
#include "state/window.h"

#define RB_UI_LEARN_PROGRESS_FILE "lessons.txt"

/* The lessons as read, the progress and the session; NULL until the
 * screen first opens (or when the lessons cannot be read). */
const rb_learn_set *rb_ui_learn_set(const rb_app *app);
const rb_learn_progress *rb_ui_learn_progress(const rb_app *app);
const rb_learn_session *rb_ui_learn_session(const rb_app *app);
void rb_ui_learn_free(rb_app *app);

/* ---- carrying out the commands (rb_ui_apply, through the screen's
 * entry, screen.h) ---- */
/* RB_UI_CMD_LEARN opens the map (n < 0) or a stage; the others play the
 * stage. Returns 0, or -1 with the reason in the status line (no lessons,
 * no such stage, a refused move). */
int rb_ui_learn_apply(rb_app *app, const rb_ui_cmd *cmd, rb_ui_screen_closer close_others);
/* Back to the game, the progress kept. */
void rb_ui_learn_close(rb_app *app);

/* ---- the view (learn_view.c) and its memory of where it drew what ---- */
void rb_ui_learn_hits_clear(rb_app *app);
void rb_ui_learn_hit(rb_app *app, SDL_Rect r, int id);
int rb_ui_learn_hit_at(const rb_app *app, int x, int y);

/* --list-lessons: one line per stage of the lessons in the data folder
 * (NULL: found as the window finds it). Returns 0, or -1 with a message
 * in err. */
int rb_ui_learn_list(const char *data_dir, FILE *out, char *err, size_t errlen);

#endif
