/*
 * rb_tables.h - the board geometry as constant tables (internal).
 *
 * Rollerball's geometry is irregular: forward depends on the zone, rooks
 * turn at empty corners, bishops mirror off walls. Rather than branch on
 * all that while generating moves, every route a piece can take from every
 * square is worked out once, at build time, by geom_build.c from a short
 * description of the board, and stored here as an ordered list of squares
 * (a ray) with the rebound already built in. Move generation then only walks
 * rays until the first occupied square.
 */
#ifndef RB_TABLES_H
#define RB_TABLES_H

#include "rb_board.h"

#define RB_RAY_MAX 14

/* One sliding route from a square, in the order the piece travels it. */
typedef struct rb_ray {
    uint8_t len;               /* squares on the ray (the origin is not one) */
    int8_t rebound;            /* index in sq[] of the square where it turns, or -1 */
    uint8_t sq[RB_RAY_MAX];
    rb_bb mask;                /* every square of the ray */
    rb_bb upto[RB_RAY_MAX];    /* upto[i] = squares sq[0..i] */
    int8_t index[RB_NSQ];      /* where a square sits on the ray, or -1 */
    /* A ray is at most two straight runs (before and after its rebound), and
     * along a straight run square numbers only rise or only fall, so the
     * first blocker of a run is its lowest or highest occupied bit. */
    rb_bb near;                /* squares sq[0..rebound], or the whole ray */
    uint8_t near_up, far_up;   /* whether each run goes to higher squares */
} rb_ray;

typedef struct rb_geometry {
    int8_t sq_at[RB_NFILES][RB_NRANKS]; /* [file][rank] -> square or -1 */
    uint8_t file[RB_NSQ];
    uint8_t rank[RB_NSQ];
    uint8_t forward[RB_NSQ];            /* RB_DIR_* */
    char name[RB_NSQ][3];
    rb_bb outer, corners, turns;

    rb_bb king_steps[RB_NSQ];
    rb_bb orthogonal[RB_NSQ];           /* a rook's one-step reach */
    rb_bb rook_steps[RB_NSQ];           /* one-steps that do not start a ray */
    rb_bb bishop_steps[RB_NSQ];         /* the backward diagonal steps */
    rb_bb bishop_step_sources[RB_NSQ];  /* squares from which a back-step lands here */
    rb_bb pawn_targets[RB_NSQ];         /* the three forward squares */
    rb_bb pawn_sources[RB_NSQ];         /* squares whose pawn targets include this one */

    uint8_t rook_nrays[RB_NSQ];
    rb_ray rook_rays[RB_NSQ][2];        /* forward slide, long sideways slide */
    uint8_t bishop_nrays[RB_NSQ];
    rb_ray bishop_rays[RB_NSQ][2];      /* the two forward diagonals */

    rb_bb promotion[2];                 /* where each colour's pawns promote */
    uint8_t king_start[2];
    uint8_t throne[2];                  /* where each colour's king wins */
    rb_bb line_behind[2], line_ahead[2];

    uint64_t zobrist_piece[16][RB_NSQ];
    uint64_t zobrist_side;
    uint64_t zobrist_out[4];
} rb_geometry;

extern const rb_geometry rb_geo;

#define RB_BIT(sq) ((rb_bb)1 << (sq))

#endif
