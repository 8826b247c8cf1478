/*
 * rb_review.h - judging played moves by the engine's scores: a score turned
 * into a winning chance, and a move classed by how much of that chance it
 * gave away (best, good, inaccuracy, mistake, blunder).
 *
 * Pure functions of scores: whoever searched (a program reviewing a game, a
 * coach in the game) passes what the engine said. The scale, the
 * thresholds and the rules for forced wins are those lichess uses for
 * chess; the curve's constant is fitted to this engine's own games (see
 * RB_REVIEW_K and docs/engine.md, "Reviewing games").
 *
 * Only faults are marked: an ordinary move, however fine, gets no NAG, as
 * in lichess's review. "!" says a move is strong, which a lost-chance
 * measure can never tell; marking every harmless move "!" praised moves
 * that threw a lost game further away.
 */
#ifndef RB_REVIEW_H
#define RB_REVIEW_H

#include <stdbool.h>

#include "rb_engine.h"

/* A score from one side's point of view, as the engine reports it:
 * centipawns, or a forced win or loss in value moves. */
typedef struct rb_review_score {
    rb_score_kind kind;
    int value;
} rb_review_score;

/*
 * The winning-chance curve 2 / (1 + exp(-k * cp)) - 1 in -1..1; its
 * constant k per centipawn, fitted by maximum likelihood to the results of
 * self-play games at 20,000 nodes a move. For the evaluation of 2 December
 * `rollerball-engine-lab winfit 1000 20000 SEED` from three sets of random
 * openings (seeds 2024, 7, 99) fitted 0.00513, 0.00314 and 0.00419, and
 * the positions of all 3,000 games together 0.0040 (docs/measurements/
 * winning-chance.md): the opening set moves the fit more than its own
 * resampling interval says, so one run is not enough. For the evaluation
 * tuned with the material held (3 December), the same positions searched
 * again (`rollerball-engine-lab winrefit 20000` on the test's sample of
 * them) fit 0.00359, so 0.0036. 1.0's hand-set evaluation had 0.00992,
 * the first tuned one 0.0062; lichess's value for chess is 0.00368.
 * engine/test_winning_chance_fits_the_evaluation fails when the evaluation
 * has left this value behind. The shown scale (RB_SHOWN_K below) follows
 * it by itself.
 */
#define RB_REVIEW_K 0.0036

/* Lost chance (on the -1..1 scale) from which a move is an inaccuracy, a
 * mistake, a blunder: lichess's 0.1 / 0.2 / 0.3, i.e. 5, 10 and 15 points
 * of winning probability. */
#define RB_REVIEW_INACCURACY 0.1
#define RB_REVIEW_MISTAKE 0.2
#define RB_REVIEW_BLUNDER 0.3

/*
 * A move that lets in a forced win (mate or throne) where there was none is
 * judged by how bad things already were, since the curve cannot tell a lost
 * position from a mated one (both are near -1): lichess makes it an
 * inaccuracy when the mover was already worse than -999 centipawns, a
 * mistake below -700, a blunder otherwise; a forced win let go by the side
 * that had it likewise by the score it keeps. Those are centipawns of a chess
 * engine on lichess's curve (k = 0.00368); taken as the winning chances they
 * stand for there (-0.951 and -0.859) they keep their meaning on this
 * engine's scale, whatever k is fitted to it.
 */
#define RB_REVIEW_MATE_INACCURACY 0.951
#define RB_REVIEW_MATE_MISTAKE 0.859

typedef enum {
    RB_CLASS_BEST = 0, /* the engine's move, or one scoring as well */
    RB_CLASS_GOOD,     /* an ordinary move: no fault worth a mark */
    RB_CLASS_INACCURACY,
    RB_CLASS_MISTAKE,
    RB_CLASS_BLUNDER
} rb_move_class;

/*
 * Classes a move by the endgame tables' exact values (rb_tb.h) for the
 * mover: before the move, and after it (the value the move leads to, for
 * the mover). A move that turns a win into a draw or a loss, or a draw into
 * a loss, is a blunder whatever an evaluation says; one that keeps the
 * value at its best distance is best, one that keeps the result but wins
 * slower or loses faster is good. -1 when either is unknown.
 */
int rb_review_classify_exact(int before, int after);

/* Winning chance in -1..1 of the side whose score it is; a forced win is
 * 1 and a forced loss -1 however far away. */
double rb_review_chance(rb_review_score s);

/*
 * The scale a person reads a score in. The search counts in its own
 * centipawns, whose worth in winning chance moves each time the weights are
 * tuned (RB_REVIEW_K is refitted with them); shown, a score is scaled so
 * that its winning chance on lichess's chess curve (k = RB_SHOWN_K) is the
 * chance the engine's score has on its own: +1.00 shown is the winning
 * chance a pawn up gives in chess (an expected result of 59%), +2.00 that
 * of two pawns (68%). The protocol's "score cp", the evaluation bar, the
 * analysis board and the review's "[%eval]" all show this scale; forced
 * wins and losses (mate, throne, the endgame tables) stay moves to the end,
 * and the search, its margins and the bench are untouched.
 */
#define RB_SHOWN_K 0.00368

/* The engine's centipawns as shown, rounded to the nearest. */
int rb_review_shown_cp(int cp);

/* The winning chance in -1..1 of a score already on the shown scale (a
 * stored "[%eval]"): the same chance rb_review_chance gives the engine's. */
double rb_review_shown_chance(int shown_cp);

/* True when a is at least as good as b for the same side: a loss is worse
 * than any centipawn score, a win better; a faster win and a slower loss
 * are better. */
bool rb_review_at_least(rb_review_score a, rb_review_score b);

/*
 * Classes a move from the mover's point of view: best is the score of the
 * engine's best move in the position, played the score after the move that
 * was played; engine_move says the played move is the engine's own choice
 * (then it is best whatever the two searches said). Between two centipawn
 * scores the class is the winning chance lost; a forced loss let in where
 * there was none, or a forced win let go, is classed by the rules above
 * (RB_REVIEW_MATE_*); a forced win made slower, a forced loss made faster
 * and every gain are no fault.
 */
rb_move_class rb_review_classify(rb_review_score best, rb_review_score played, bool engine_move);

const char *rb_review_class_name(rb_move_class c); /* "best", "good", "inaccuracy", ... */
/* The NAG an annotated game marks the class with: inaccuracy $6 (dubious),
 * mistake $2, blunder $4; 0 (no mark) for best and good. */
int rb_review_class_nag(rb_move_class c);

#endif
