/*
 * eval.h - the static evaluation and its weights.
 *
 * The weights live in a plain struct of named integers so that the tuning
 * harness can change one at a time and a test can compare two settings. The
 * list below is the single place a weight is named and given its default.
 */
#ifndef RB_EVAL_H
#define RB_EVAL_H

#include "rb_board.h"

/* X(name, default): all centipawns. */
#define RB_EVAL_PARAMS(X)                                                     \
    X(ROOK, 500)           /* material */                                     \
    X(BISHOP, 330)                                                            \
    X(PAWN, 110)                                                              \
    X(MOB_ROOK, 5)         /* per square a piece attacks or may move to */    \
    X(MOB_BISHOP, 6)                                                          \
    X(MOB_KING, 3)         /* per safe square around the king */              \
    X(PAWN_STEP, 10)       /* per pawn move still needed to promote, fewer is better */ \
    X(PAWN_NEXT, 50)       /* a pawn one move from promoting */               \
    X(THRONE_1, 160)       /* king one move from winning on the throne */     \
    X(THRONE_2, 80)                                                           \
    X(THRONE_3, 40)                                                           \
    X(THRONE_4, 20)                                                           \
    X(THRONE_FAR, 3)       /* per move below twelve for longer routes */      \
    X(THRONE_OPEN, 60)     /* the throne two moves away is not guarded */     \
    X(THREAT_HANGING, 40)  /* an enemy piece attacked and not defended */     \
    X(THREAT_LESSER, 30)   /* an enemy piece attacked by a cheaper one */     \
    X(KING_ZONE, 8)        /* per square next to the king the enemy attacks */ \
    X(TEMPO, 12)

enum {
#define RB_EVAL_ENUM(name, value) RB_EP_##name,
    RB_EVAL_PARAMS(RB_EVAL_ENUM)
#undef RB_EVAL_ENUM
    RB_EP_COUNT
};

/* Each default as a constant too, for what needs one at compile time. */
enum {
#define RB_EVAL_DEFAULT_ENUM(name, value) RB_EP_DEFAULT_##name = (value),
    RB_EVAL_PARAMS(RB_EVAL_DEFAULT_ENUM)
#undef RB_EVAL_DEFAULT_ENUM
};

typedef struct rb_eval_params {
    int v[RB_EP_COUNT];
} rb_eval_params;

void rb_eval_params_default(rb_eval_params *p);
const char *rb_eval_param_name(int index);
int rb_eval_param_find(const char *name);   /* index, or -1 */

/* The evaluation with the given weights, from the side to move's view. */
int rb_eval_with(const rb_pos *pos, const rb_eval_params *p);

/* The same, also giving every square each colour attacks (indexed by
 * colour): the quiescence search reads check, a guarded throne and whether
 * anything can be captured from them instead of computing them again. */
int rb_eval_attacks(const rb_pos *pos, const rb_eval_params *p, rb_bb attacks[2]);

/* Default material value of a piece type (kings 0), for move ordering,
 * which keeps to the defaults whatever weights a tuning run tries. */
static inline int rb_eval_piece_value(int type)
{
    static const int order_values[5] = {
        [RB_ROOK] = RB_EP_DEFAULT_ROOK, [RB_BISHOP] = RB_EP_DEFAULT_BISHOP, [RB_PAWN] = RB_EP_DEFAULT_PAWN};
    return type > 0 && type < 5 ? order_values[type] : 0;
}

/* Moves a king of color still needs to win on the throne along the
 * clockwise route, from sq with the given out flag (1 set, 0 clear), on an
 * empty board. */
int rb_eval_route_distance(int color, int sq, int flag_set);
/* Pawn moves a pawn of color on sq still needs to promote, on an empty board. */
int rb_eval_pawn_distance(int color, int sq);

#endif
