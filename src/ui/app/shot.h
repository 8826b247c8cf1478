/*
 * shot.h - one frame to a PNG file (rollerball --screenshot).
 */
#ifndef RB_UI_SHOT_H
#define RB_UI_SHOT_H

#include "app/app.h"

/* Draws the app's current state off screen and writes it to path.
 * The app must have been opened headless. Returns 0, or -1 with a message. */
int rb_ui_shot_write(rb_app *app, const char *path, char *err, size_t errlen);
/* Selects the piece on select and puts the pointer over hover (either may
 * be NULL), as a player would before the frame is taken. Returns 0, or -1
 * with a message when the square holds nothing that can move. */
/* Asks the coach for kind and waits (up to a few seconds) for its answer,
 * so the frame shows it; -1 with why in err when it is refused. */
int rb_ui_shot_coach(rb_app *app, rb_ui_coach_kind kind, char *err, size_t errlen);
int rb_ui_shot_stage(rb_app *app, const char *select, const char *hover, char *err, size_t errlen);

#endif
