/*
 * review.c - scores to winning chances, and played moves to classes.
 *
 * Classing moves by lost winning chance rather than lost centipawns makes a
 * pawn matter where the game is balanced and hardly at all where it is won
 * or lost anyway, as a person judges: dropping from +8 to +6 is no mistake,
 * dropping from +1 to -1 is. The numbers live in rb_review.h.
 */
#include "rb_review.h"

#include <math.h>

double rb_review_chance(rb_review_score s)
{
    switch (s.kind) {
    case RB_SCORE_WIN: return 1.0;
    case RB_SCORE_LOSS: return -1.0;
    case RB_SCORE_CP: break;
    }
    return 2.0 / (1.0 + exp(-RB_REVIEW_K * s.value)) - 1.0;
}

/* A total order: every loss below every centipawn score below every win;
 * among wins the fastest is highest, among losses the slowest. */
static double rank(rb_review_score s)
{
    switch (s.kind) {
    case RB_SCORE_WIN: return 1e9 - s.value;
    case RB_SCORE_LOSS: return -1e9 + s.value;
    case RB_SCORE_CP: break;
    }
    return s.value;
}

bool rb_review_at_least(rb_review_score a, rb_review_score b)
{
    return rank(a) >= rank(b);
}

rb_move_class rb_review_classify(rb_review_score best, rb_review_score played, bool engine_move)
{
    if (engine_move || rb_review_at_least(played, best)) {
        return RB_CLASS_BEST;
    }
    double lost = rb_review_chance(best) - rb_review_chance(played);
    if (lost >= RB_REVIEW_BLUNDER) {
        return RB_CLASS_BLUNDER;
    }
    if (lost >= RB_REVIEW_MISTAKE) {
        return RB_CLASS_MISTAKE;
    }
    if (lost >= RB_REVIEW_INACCURACY) {
        return RB_CLASS_INACCURACY;
    }
    return RB_CLASS_GOOD;
}

const char *rb_review_class_name(rb_move_class c)
{
    static const char *const names[] = {"best", "good", "inaccuracy", "mistake", "blunder"};
    return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "best";
}

int rb_review_class_nag(rb_move_class c)
{
    static const int nags[] = {0, 1, 6, 2, 4};
    return (unsigned)c < sizeof nags / sizeof nags[0] ? nags[c] : 0;
}
