/*
 * review.c - scores to winning chances, and played moves to classes.
 *
 * Classing moves by lost winning chance rather than lost centipawns makes a
 * pawn matter where the game is balanced and hardly at all where it is won
 * or lost anyway, as a person judges: dropping from +8 to +6 is no mistake,
 * dropping from +1 to -1 is. Where a forced win comes in or goes, the
 * curve says nothing useful (it is 1 or -1 either side), and the mover's
 * standing decides, as in lichess's review. The numbers live in
 * rb_review.h.
 */
#include "rb_review.h"

#include <math.h>

#include "rb_tb.h"

double rb_review_chance(rb_review_score s)
{
    switch (s.kind) {
    case RB_SCORE_WIN: return 1.0;
    case RB_SCORE_LOSS: return -1.0;
    case RB_SCORE_CP: break;
    }
    return 2.0 / (1.0 + exp(-RB_REVIEW_K * s.value)) - 1.0;
}

int rb_review_shown_cp(int cp)
{
    return (int)lround(cp * (RB_REVIEW_K / RB_SHOWN_K));
}

double rb_review_shown_chance(int shown_cp)
{
    return 2.0 / (1.0 + exp(-RB_SHOWN_K * shown_cp)) - 1.0;
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

/* lichess's rule for a forced win let in or let go: ahead is the mover's
 * winning chance on the side that is not forced (the score kept after
 * letting a win go, or the score before letting a loss in, turned round):
 * the further the game was decided anyway, the smaller the fault. */
static rb_move_class by_standing(double ahead)
{
    if (ahead >= RB_REVIEW_MATE_INACCURACY) {
        return RB_CLASS_INACCURACY;
    }
    return ahead >= RB_REVIEW_MATE_MISTAKE ? RB_CLASS_MISTAKE : RB_CLASS_BLUNDER;
}

rb_move_class rb_review_classify(rb_review_score best, rb_review_score played, bool engine_move)
{
    if (engine_move || rb_review_at_least(played, best)) {
        return RB_CLASS_BEST;
    }
    if (best.kind == RB_SCORE_WIN) {
        /* A slower win is no fault; a win let go is judged by what is left,
         * and a forced loss instead leaves nothing. */
        if (played.kind == RB_SCORE_WIN) {
            return RB_CLASS_GOOD;
        }
        return played.kind == RB_SCORE_CP ? by_standing(rb_review_chance(played)) : RB_CLASS_BLUNDER;
    }
    if (played.kind == RB_SCORE_LOSS) {
        /* A forced loss hastened is no fault; one let in where there was
         * none is judged by how badly the mover stood before (the worse,
         * the smaller the fault). */
        return best.kind == RB_SCORE_LOSS ? RB_CLASS_GOOD : by_standing(-rb_review_chance(best));
    }
    /* Here both are centipawns: a forced loss before, or a win after,
     * would have made the move at least as good as the best. */
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

/* A table value's result: 1 win, 0 draw, -1 loss. */
static int result_of(int v)
{
    return rb_tb_is_win(v) ? 1 : rb_tb_is_loss(v) ? -1 : 0;
}

int rb_review_classify_exact(int before, int after)
{
    if (before == RB_TB_NONE || after == RB_TB_NONE) {
        return -1;
    }
    if (result_of(after) < result_of(before)) {
        return RB_CLASS_BLUNDER;
    }
    return rb_tb_compare(after, before) >= 0 ? RB_CLASS_BEST : RB_CLASS_GOOD;
}

const char *rb_review_class_name(rb_move_class c)
{
    static const char *const names[] = {"best", "good", "inaccuracy", "mistake", "blunder"};
    return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "best";
}

int rb_review_class_nag(rb_move_class c)
{
    static const int nags[] = {0, 0, 6, 2, 4};
    return (unsigned)c < sizeof nags / sizeof nags[0] ? nags[c] : 0;
}
