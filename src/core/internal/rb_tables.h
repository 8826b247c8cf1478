/*
 * rb_tables.h - the board geometry as constant tables (internal).
 *
 * Rollerball's geometry is irregular: forward depends on the zone, rooks
 * turn at empty corners, bishops mirror off walls. Rather than branch on
 * all that while generating moves, every route a piece can take from every
 * square is worked out once, at build time, by geom_build.c from a short
 * description of the board, and stored as an ordered list of squares (a
 * ray, see rb_fast.h) with the rebound already built in. Move generation
 * then only walks rays until the first occupied square.
 *
 * The tables come in two parts: rb_fast (rb_fast.h), what the engine's
 * fast path may read, and rb_geo here, the rest, which only the rules
 * library sees.
 */
#ifndef RB_TABLES_H
#define RB_TABLES_H

#include "rb_board.h"

typedef struct rb_geometry {
    int8_t sq_at[RB_NFILES][RB_NRANKS]; /* [file][rank] -> square or -1 */
    uint8_t file[RB_NSQ];
    uint8_t rank[RB_NSQ];
    uint8_t forward[RB_NSQ]; /* RB_DIR_* */
    char name[RB_NSQ][3];
    rb_bb outer, corners, turns;

    uint8_t king_start[2];

    uint64_t zobrist_piece[16][RB_NSQ];
    uint64_t zobrist_side;
    uint64_t zobrist_out[4];
} rb_geometry;

extern const rb_geometry rb_geo;

#endif
