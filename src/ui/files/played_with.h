/*
 * played_with.h - the names of the people this player has finished a
 * network game with, remembered between runs (played_with.c), so that the
 * chat of someone played before is shown from the start, as the protocol
 * asks of a front end (docs/network.md, Chat).
 */
#ifndef RB_UI_PLAYED_WITH_H
#define RB_UI_PLAYED_WITH_H

#include <stdbool.h>

#include "state/window.h"

/* Names kept; the one played longest ago goes first when more come. */
#define RB_UI_PLAYED_WITH_MAX 200

/* Whether a finished game with name is remembered. */
bool rb_ui_played_with(rb_app *app, const char *name);
/* Remembers name (at the end: the latest), written atomically. 0, or -1
 * with err saying why (the game goes on; only the memory is lost). */
int rb_ui_played_with_add(rb_app *app, const char *name, char *err, size_t errlen);

#endif
