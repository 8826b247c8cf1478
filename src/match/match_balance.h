/*
 * match_balance.h - balanced openings: random lines kept only when a fixed
 * search finds neither side ahead.
 *
 * Random openings are often already lost for one side whoever plays it;
 * then both games of a colour pair go to the same colour and the pair says
 * nothing about the engines. A line is kept when the engine, searching the
 * position after it to a fixed depth from a fresh table, scores it within
 * the margin of equality. A fixed depth, one thread and a fresh table make
 * the selection deterministic: the same seed gives the same book.
 *
 * This part uses the engine, so it is kept out of the match tool itself
 * (which only needs the rules): the generator writes a book file once and
 * every match reads the same file, whichever engine versions it compares.
 * The verifying search evaluates with the engine's hand-set weights
 * (rb_engine_use_hand_set_eval), the judge the shipped book was made with,
 * so that tuning the engine's weights for play leaves the book and its
 * scores as they are.
 */
#ifndef RB_MATCH_BALANCE_H
#define RB_MATCH_BALANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "match_openings.h"
#include "rb_engine.h"

typedef struct rb_balance_spec {
    uint64_t seed;
    int min_plies, max_plies; /* each line's length is drawn from this range */
    int depth;                /* the verifying search's depth */
    int margin_cp;            /* kept when |score| <= margin */
} rb_balance_spec;

/* The verifying search's score of the position after o, in centipawns from
 * White's point of view. False (and no score) when the search finds a
 * forced win for either side: such a line is never balanced. */
bool rb_balance_score(rb_engine *e, const rb_opening *o, int depth, int *white_cp);

/* Whether a line scored white_cp is balanced within margin_cp. */
bool rb_balance_within(int white_cp, int margin_cp);

/* Draws random lines from spec->seed and keeps the distinct balanced ones
 * until count are kept or max_tries lines were drawn. Writes the openings
 * and their scores (scores may be NULL); *tried (may be NULL) receives the
 * number of lines drawn. Returns the number kept. */
size_t rb_balance_make(rb_engine *e, const rb_balance_spec *spec, rb_opening *out, int *scores, size_t count,
                       size_t max_tries, size_t *tried);

#endif
