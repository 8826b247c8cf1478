/*
 * annotation.h - what the record's own code needs from annotation.c and
 * the public API does not offer.
 */
#ifndef RB_ANNOTATION_INTERNAL_H
#define RB_ANNOTATION_INTERNAL_H

#include "rb_game.h"

/* Forgets the annotations of moves from..end: those moves are gone. */
void rb_game_notes_drop_from(rb_game *g, size_t from);

#endif
