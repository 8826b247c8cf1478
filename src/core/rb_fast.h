/*
 * rb_fast.h - the rules library's fast path: what a search asks of every
 * node, as inline functions over the constant geometry tables.
 *
 * The engine evaluates and orders millions of positions a second, and a
 * function call per attack set or per move test would cost it a good part
 * of its speed. So, as chess engines expose their bitboard helpers, the
 * rules library publishes here, deliberately and only here, the
 * few facts such a loop needs: each piece's reach (rebounds included), the
 * king's steps, the thrones and promotion squares, the out-flag rule and
 * the throne win. They are the very tables and code the move generator
 * uses, so an engine built on them cannot drift from the rules. Everything
 * else about the geometry stays private to the library (internal/).
 *
 * The functions index the tables with the square or colour they are given,
 * so those must be in range; they assert it (rb_util_assert.h), which costs
 * nothing where the assertions are compiled out.
 */
#ifndef RB_FAST_H
#define RB_FAST_H

#include "rb_board.h"
#include "rb_util_assert.h"

#define RB_BIT(sq) ((rb_bb)1 << (sq))
#define RB_RAY_MAX 14

/* One sliding route from a square, in the order the piece travels it,
 * with its rebound already built in. */
typedef struct rb_ray {
    /* What finding the reach needs comes first, together. A ray is
     * at most two straight runs (before and after its rebound), and along
     * a straight run square numbers only rise or only fall, so the first
     * blocker of a run is its lowest or highest occupied bit. */
    rb_bb mask;              /* every square of the ray */
    rb_bb near;              /* squares sq[0..rebound], or the whole ray */
    uint8_t near_up, far_up; /* whether each run goes to higher squares */
    uint8_t len;             /* squares on the ray (the origin is not one) */
    int8_t rebound;          /* index in sq[] of the square where it turns, or -1 */
    uint8_t sq[RB_RAY_MAX];
    rb_bb upto[RB_RAY_MAX]; /* upto[i] = squares sq[0..i] */
    int8_t index[RB_NSQ];   /* where a square sits on the ray, or -1 */
} rb_ray;

/* The tables behind the fast path, generated at build time (see
 * internal/rb_tables.h for the rest of the geometry). Read them through
 * the functions below. */
typedef struct rb_fast_tables {
    rb_bb king_steps[RB_NSQ];
    rb_bb pawn_targets[RB_NSQ]; /* the three forward squares */
    rb_bb rook_steps[RB_NSQ];   /* one-steps that do not start a ray */
    rb_bb bishop_steps[RB_NSQ]; /* the backward diagonal steps */
    uint8_t rook_nrays[RB_NSQ];
    rb_ray rook_rays[RB_NSQ][2]; /* forward slide, long sideways slide */
    uint8_t bishop_nrays[RB_NSQ];
    rb_ray bishop_rays[RB_NSQ][2];       /* the two forward diagonals */
    rb_bb promotion[2];                  /* where each colour's pawns promote */
    uint8_t throne[2];                   /* where each colour's king wins */
    rb_bb line_behind[2], line_ahead[2]; /* each colour's king start line */
    /* The steps seen from the target, for attack tests in the same tables
     * (one base address) as the rays they are used with. */
    rb_bb orthogonal[RB_NSQ];          /* a rook's one-step reach */
    rb_bb bishop_step_sources[RB_NSQ]; /* squares from which a back-step lands here */
    rb_bb pawn_sources[RB_NSQ];        /* squares whose pawn targets include this one */
    /* Squares from which a rook's (a bishop's) rays pass this one on an
     * empty board: the only sliders worth walking in an attack test. */
    rb_bb rook_ray_sources[RB_NSQ];
    rb_bb bishop_ray_sources[RB_NSQ];
} rb_fast_tables;

extern const rb_fast_tables rb_fast;

/* A move's route is 0 for a step or 1 + the index of its ray, in 2 bits
 * (RB_MOVE_ROUTE in rb_board.h). */
_Static_assert(sizeof rb_fast.rook_rays[0] / sizeof(rb_ray) <= 3 && sizeof rb_fast.bishop_rays[0] / sizeof(rb_ray) <= 3,
               "a piece's rays must be numbered within a move's 2-bit route field");

/* ---- reach: the squares a piece attacks --------------------------------- */

/* The squares of a straight run up to and including its first occupied
 * square, given the run's occupied squares (not none): as square numbers
 * only rise or only fall along a run, those are the run's squares numbered
 * no higher than the lowest occupied one, or no lower than the highest.
 * Masks instead of a walk or a table look-up per blocker. */
static inline rb_bb rb_run_reach(rb_bb run, rb_bb blockers, int up)
{
    if (up) {
        return run & (blockers ^ (blockers - 1));
    }
    return run & -(RB_BIT(63 - __builtin_clzll(blockers)));
}

/* Squares a slider reaches along one ray given the occupied squares: the
 * ray up to and including the first occupied square. */
static inline rb_bb rb_ray_reach(const rb_ray *r, rb_bb occ)
{
    rb_bb b = r->near & occ;
    if (b) {
        return rb_run_reach(r->near, b, r->near_up);
    }
    rb_bb far = r->mask ^ r->near;
    b = far & occ;
    if (!b) {
        return r->mask;
    }
    return r->near | rb_run_reach(far, b, r->far_up);
}

/* A piece's reach: its steps, its first ray, and on the few squares that
 * have one, its second ray. A square without a ray has an empty one, which
 * reaches nothing, so the first needs no test. */
static inline rb_bb rb_rook_reach(int sq, rb_bb occ)
{
    RB_ASSERT(sq >= 0 && sq < RB_NSQ);
    rb_bb reach = rb_fast.rook_steps[sq] | rb_ray_reach(&rb_fast.rook_rays[sq][0], occ);
    if (rb_fast.rook_nrays[sq] > 1) {
        reach |= rb_ray_reach(&rb_fast.rook_rays[sq][1], occ);
    }
    return reach;
}

static inline rb_bb rb_bishop_reach(int sq, rb_bb occ)
{
    RB_ASSERT(sq >= 0 && sq < RB_NSQ);
    rb_bb reach = rb_fast.bishop_steps[sq] | rb_ray_reach(&rb_fast.bishop_rays[sq][0], occ);
    if (rb_fast.bishop_nrays[sq] > 1) {
        reach |= rb_ray_reach(&rb_fast.bishop_rays[sq][1], occ);
    }
    return reach;
}

/* The king's neighbours: where it steps and what it attacks. */
static inline rb_bb rb_king_steps(int sq)
{
    RB_ASSERT(sq >= 0 && sq < RB_NSQ);
    return rb_fast.king_steps[sq];
}

/* The squares a pawn on sq attacks and steps to (the same three). */
static inline rb_bb rb_pawn_targets(int sq)
{
    RB_ASSERT(sq >= 0 && sq < RB_NSQ);
    return rb_fast.pawn_targets[sq];
}

/* Squares the piece of the given type on sq attacks with occupancy occ. */
static inline rb_bb rb_piece_reach(int type, int sq, rb_bb occ)
{
    RB_ASSERT_MSG(type >= RB_KING && type <= RB_PAWN, "the type of a piece, not of an empty square");
    switch (type) {
    case RB_KING: return rb_king_steps(sq);
    case RB_PAWN: return rb_pawn_targets(sq);
    case RB_ROOK: return rb_rook_reach(sq, occ);
    case RB_BISHOP: return rb_bishop_reach(sq, occ);
    default: return 0;
    }
}

/* ---- the throne and promotion ------------------------------------------- */

/* The square color's king wins on (the enemy king's start). */
static inline int rb_throne_sq(int color)
{
    RB_ASSERT(color == RB_WHITE || color == RB_BLACK);
    return rb_fast.throne[color];
}

/* The squares where color's pawns promote. */
static inline rb_bb rb_promotion_bb(int color)
{
    RB_ASSERT(color == RB_WHITE || color == RB_BLACK);
    return rb_fast.promotion[color];
}

/* The out flags after color's king moves from -> to: crossing its start
 * line clockwise sets its flag, crossing back clears it. */
static inline int rb_out_after_king_move(int out, int color, int from, int to)
{
    RB_ASSERT(color == RB_WHITE || color == RB_BLACK);
    RB_ASSERT(from >= 0 && from < RB_NSQ && to >= 0 && to < RB_NSQ);
    int flag = rb_out_flag(color);
    if ((rb_fast.line_behind[color] & RB_BIT(from)) && (rb_fast.line_ahead[color] & RB_BIT(to))) {
        return out | flag;
    }
    if ((rb_fast.line_ahead[color] & RB_BIT(from)) && (rb_fast.line_behind[color] & RB_BIT(to))) {
        return out & ~flag;
    }
    return out;
}

/* True when the legal move m wins on the throne: the king of the side to
 * move steps onto its throne with its flag set. No throne lies on a start
 * line, so the flag the king carries onto the throne is the one it has now. */
static inline bool rb_wins_throne(const rb_pos *pos, rb_move m)
{
    return RB_MOVE_PIECE(m) == RB_KING && RB_MOVE_TO(m) == rb_throne_sq(pos->side) &&
           (pos->out & rb_out_flag(pos->side));
}

/* True when the side not to move has won on the throne. */
static inline bool rb_throne_taken(const rb_pos *pos)
{
    RB_ASSERT(pos->side == RB_WHITE || pos->side == RB_BLACK);
    int them = pos->side ^ 1;
    return (pos->out & rb_out_flag(them)) && (pos->by_type[RB_KING] & pos->by_color[them] & RB_BIT(rb_throne_sq(them)));
}

#endif
