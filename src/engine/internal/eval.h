/*
 * eval.h - the static evaluation and its weights.
 *
 * Every weight is a pair: its value in the middlegame and in the endgame.
 * The evaluation counts features per colour (a rook, a square a bishop
 * reaches past its rebound, a pawn two moves from promoting...), sums
 * count * weight separately for both halves, and blends the two sums by
 * the game phase, read from the material left (tapered evaluation). So the
 * evaluation is linear in its weights: rb_eval_trace() gives every
 * weight's coefficient, which is what the tuner (tools/tune.c) fits.
 *
 * The list below is the single place a weight is named and given its
 * values; rollerball-tune writes it back in this very form.
 */
#ifndef RB_EVAL_H
#define RB_EVAL_H

#include "rb_board.h"

#include <stdint.h>

/* X(name, middlegame, endgame): all centipawns. */
#define RB_EVAL_PARAMS(X)                                                                                              \
    X(ROOK, 700, 700) /* material, held while tuning */                                                                \
    X(BISHOP, 460, 460)                                                                                                \
    X(PAWN, 140, 140)                                                                                                  \
    X(MOB_ROOK, 16, 70) /* per square a piece attacks or may move to */                                                \
    X(MOB_BISHOP, 87, 13)                                                                                              \
    X(MOB_KING, 8, 11)           /* per safe square around the king */                                                 \
    X(REBOUND_ROOK, 21, -45)     /* per square reached after turning at a corner */                                    \
    X(REBOUND_BISHOP, -100, -18) /* per square reached after a rebound */                                              \
    X(PAWN_STEP, 27, 23)         /* per pawn move below ten still needed to promote */                                 \
    X(PAWN_NEXT, 352, 239)       /* a pawn one move from promoting */                                                  \
    X(PAWN_2, 24, 275)           /* two moves */                                                                       \
    X(PAWN_3, 29, 153)           /* three moves */                                                                     \
    X(PAWN_BLOCKED, 203, 122)    /* own pieces make the pawn's route longer, or close it */                            \
    X(PAWN_ATTACKED, 127, 1)     /* four moves or fewer away, and the enemy guards both promotion squares */           \
    X(PAWN_FREE, 554, 359)       /* the enemy king cannot catch it and nothing guards its way */                       \
    X(PAWN_RACE, 135, 21)        /* our fastest pawn, six moves or fewer away, promotes before theirs */               \
    X(THRONE_1, 1474, 270)       /* king one move from winning on the throne */                                        \
    X(THRONE_2, 559, 342)                                                                                              \
    X(THRONE_3, 453, 255)                                                                                              \
    X(THRONE_4, 210, 193)                                                                                              \
    X(THRONE_FAR, 20, 29)         /* per move below twelve for longer routes */                                        \
    X(THRONE_OPEN, 391, -199)     /* the throne two moves away is not guarded */                                       \
    X(THRONE_BLOCKED, -196, 39)   /* four moves or fewer away, no safe step shortens the route */                      \
    X(RACE_AHEAD, -4, -19)        /* the king reaches its throne before the enemy king reaches its own */              \
    X(RACE_WON, 19, 137)          /* ... and the enemy has no rook left to stop it */                                  \
    X(THREAT_HANGING, 92, 139)    /* an enemy piece attacked and not defended */                                       \
    X(THREAT_LESSER, 112, 265)    /* an enemy piece attacked by a cheaper one */                                       \
    X(KING_ZONE, -14, 39)         /* per square next to the king the enemy attacks */                                  \
    X(ZONE_KING_HOME_OUT, 0, 0)   /* each type's home outer ring is the reference, kept at 0 */                        \
    X(ZONE_KING_HOME_IN, 90, -21) /* piece-square terms per zone: home, ahead, enemy, behind */                        \
    X(ZONE_KING_AHEAD_OUT, -115, 148)                                                                                  \
    X(ZONE_KING_AHEAD_IN, 71, 27)                                                                                      \
    X(ZONE_KING_ENEMY_OUT, -523, 220)                                                                                  \
    X(ZONE_KING_ENEMY_IN, -613, 132)                                                                                   \
    X(ZONE_KING_BEHIND_OUT, -77, -12)                                                                                  \
    X(ZONE_KING_BEHIND_IN, 256, -104)                                                                                  \
    X(ZONE_ROOK_HOME_OUT, 0, 0)                                                                                        \
    X(ZONE_ROOK_HOME_IN, 51, 24)                                                                                       \
    X(ZONE_ROOK_AHEAD_OUT, 356, 201)                                                                                   \
    X(ZONE_ROOK_AHEAD_IN, 329, 46)                                                                                     \
    X(ZONE_ROOK_ENEMY_OUT, 485, 32)                                                                                    \
    X(ZONE_ROOK_ENEMY_IN, 92, 210)                                                                                     \
    X(ZONE_ROOK_BEHIND_OUT, -194, 370)                                                                                 \
    X(ZONE_ROOK_BEHIND_IN, -150, 198)                                                                                  \
    X(ZONE_BISHOP_HOME_OUT, 0, 0)                                                                                      \
    X(ZONE_BISHOP_HOME_IN, 41, -78)                                                                                    \
    X(ZONE_BISHOP_AHEAD_OUT, -116, -132)                                                                               \
    X(ZONE_BISHOP_AHEAD_IN, -94, -71)                                                                                  \
    X(ZONE_BISHOP_ENEMY_OUT, -228, -133)                                                                               \
    X(ZONE_BISHOP_ENEMY_IN, -226, -125)                                                                                \
    X(ZONE_BISHOP_BEHIND_OUT, 33, -148)                                                                                \
    X(ZONE_BISHOP_BEHIND_IN, -104, -114)                                                                               \
    X(TEMPO, 69, 18)

enum {
#define RB_EVAL_ENUM(name, mg, eg) RB_EP_##name,
    RB_EVAL_PARAMS(RB_EVAL_ENUM)
#undef RB_EVAL_ENUM
        RB_EP_COUNT
};

/* The zone terms of one piece type: eight in a row, in the order
 * rb_eval_zone() numbers the zones. The first, the home zone's outer ring,
 * is the reference the others are measured against: material already
 * counts each piece once, so the tuner keeps it at 0. */
#define RB_EVAL_ZONES 8

/* The game phase: rooks count 2, bishops 1, pawns and kings 0; the start
 * position has the most, and more (after promotions) counts as the most. */
#define RB_PHASE_MAX 10

/*
 * A weight pair packed in one 32-bit word, the middlegame value in the low
 * 16 bits and the endgame value in the high 16, so that one multiply-add
 * counts a feature for both halves. The arithmetic is unsigned (wrapping is
 * defined); each half stays far inside 16 bits in any evaluation.
 */
typedef uint32_t rb_eval_pair;

#define RB_EVAL_PACK(mg, eg) ((uint32_t)(mg) + ((uint32_t)(eg) << 16))

static inline rb_eval_pair rb_eval_pack(int mg, int eg)
{
    return RB_EVAL_PACK(mg, eg);
}

static inline int rb_eval_pair_mg(rb_eval_pair s)
{
    return (int16_t)(uint16_t)s;
}

static inline int rb_eval_pair_eg(rb_eval_pair s)
{
    return (int16_t)(uint16_t)((s + 0x8000u) >> 16);
}

/* The blend of the two halves at phase (0 bare .. RB_PHASE_MAX full). */
static inline int rb_eval_blend(int mg, int eg, int phase)
{
    return (mg * phase + eg * (RB_PHASE_MAX - phase)) / RB_PHASE_MAX;
}

/* A route (a king's to its throne, a pawn's to promotion) too long or
 * closed: longer than any real one. */
#define RB_EVAL_FAR 99

typedef struct rb_eval_params {
    rb_eval_pair w[RB_EP_COUNT];
    /* Pawn routes on the empty board, as the hand-set evaluation counted
     * them, instead of around the pawn's own pieces. */
    bool empty_board_routes;
    /*
     * Sums of weights that the search would otherwise add one by one at
     * every node: a piece's material with its square's zone term, a pawn's
     * material with the terms of its route's length, the king's route term.
     * They are worked out from w by every function below that sets a
     * weight, so w is never written directly. The trace still counts each
     * weight apart, and its test holds the two equal for random weights.
     */
    rb_eval_pair piece_sq[2][RB_PAWN][RB_NSQ]; /* [colour][king, rook, bishop][square] */
    rb_eval_pair pawn_at[RB_EVAL_FAR + 1];     /* [route length] */
    rb_eval_pair throne_at[RB_EVAL_FAR + 1];   /* [king route length] */
} rb_eval_params;

void rb_eval_params_default(rb_eval_params *p);
/* The evaluation as it was before tuning: its hand-set weights (the same
 * in both halves, the terms added with tuning at 0) and pawn routes on the
 * empty board. Judges whose thresholds were measured with it, the puzzle
 * checks and the balanced book's verifying search, keep to it. */
void rb_eval_params_hand_set(rb_eval_params *p);
const char *rb_eval_param_name(int index);
int rb_eval_param_find(const char *name); /* index, or -1 */
int rb_eval_param_mg(const rb_eval_params *p, int index);
int rb_eval_param_eg(const rb_eval_params *p, int index);
void rb_eval_param_set(rb_eval_params *p, int index, int mg, int eg);

/* The evaluation with the given weights, from the side to move's view. */
int rb_eval_with(const rb_pos *pos, const rb_eval_params *p);

/* The same, also giving every square each colour attacks (indexed by
 * colour): the quiescence search reads check, a guarded throne and whether
 * anything can be captured from them instead of computing them again. */
int rb_eval_attacks(const rb_pos *pos, const rb_eval_params *p, rb_bb attacks[2]);

/*
 * The evaluation taken apart: for every weight, how many times it counts
 * for White minus how many times for Black, and the phase. With any
 * weights p, rb_eval_with(pos, p) from White's view is
 *
 *     rb_eval_blend(sum coef[i] * mg[i], sum coef[i] * eg[i], phase)
 *
 * exactly (the side to move's tempo is coefficient +1 or -1 of TEMPO).
 * Returns rb_eval(pos). Slower than rb_eval: for tuning and tests.
 */
typedef struct rb_eval_trace {
    int coef[RB_EP_COUNT];
    int phase;
} rb_eval_trace;

int rb_eval_trace_of(const rb_pos *pos, rb_eval_trace *t);

/* A piece type's value for move ordering (kings 0): fixed, the hand-set
 * material values, whatever the weights (a tuned pawn's own weight can be
 * negative: its worth lies in its route, not in the piece). */
static inline int rb_eval_piece_value(int type)
{
    static const int order_values[5] = {[RB_ROOK] = 500, [RB_BISHOP] = 330, [RB_PAWN] = 110};
    return type > 0 && type < 5 ? order_values[type] : 0;
}

/* Pawn moves a pawn of color on sq still needs to promote, on an empty board. */
int rb_eval_pawn_distance(int color, int sq);
/* Pawn moves the pawn on sq needs in pos, through squares free of its own
 * pieces and of the enemy king (enemy pieces it may take); 99 when its
 * own pieces close every route. */
int rb_eval_pawn_route(const rb_pos *pos, int sq);
/* The zone of sq as color sees it: 0 its home zone's outer ring, 1 the
 * home zone's inner ring, then 2/3 the zone ahead, 4/5 the enemy's home
 * zone, 6/7 the zone behind (outer, inner), in the clockwise flow. */
int rb_eval_zone(int color, int sq);

#endif
