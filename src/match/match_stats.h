/*
 * match_stats.h - what a match result says about two engines' strength.
 *
 * Scores are from the first engine's point of view. The Elo difference is
 * the logistic one; its error bar is the 95% interval of the mean game
 * score mapped to Elo. The SPRT is the generalised (normal approximation)
 * test on game scores with logistic Elo hypotheses elo0 and elo1, whose
 * log-likelihood ratio is compared with the bounds ln(beta/(1-alpha)) and
 * ln((1-beta)/alpha).
 */
#ifndef RB_MATCH_STATS_H
#define RB_MATCH_STATS_H

#include <stdbool.h>

typedef struct rb_wdl {
    int wins;
    int draws;
    int losses;
} rb_wdl;

typedef enum { RB_SPRT_CONTINUE = 0, RB_SPRT_H0, RB_SPRT_H1 } rb_sprt_verdict;

int rb_wdl_games(rb_wdl r);
/* Mean score 0..1; 0.5 for no games. */
double rb_wdl_score(rb_wdl r);
/* The Elo difference and the half-width of its 95% interval. False when it
 * is undefined or infinite (no games, or every game won or lost). */
bool rb_wdl_elo(rb_wdl r, double *elo, double *margin95);
/* The mean of points[0..n) (each game's score 0, 0.5 or 1, negative for a
 * game not played) and the half-width of its 95% interval, counting the
 * two games of a colour pair (points[2k], points[2k+1]) as one sample:
 * they share an opening, so they are not independent, and a lopsided
 * opening shows up as variance between pairs. Only complete pairs count.
 * False when fewer than two pairs are complete. */
bool rb_pair_score(const double *points, int n, double *mean, double *margin95);
/* The complete colour pairs of points[0..n) (as in rb_pair_score) in which
 * the first engine scored nothing with either colour: an opening it does
 * not understand. Writes the first max of their numbers (1-based, pair k is
 * games 2k-1 and 2k) to pairs and returns how many there are in all. */
int rb_pairs_lost_twice(const double *points, int n, int *pairs, int max);
/* Log-likelihood ratio of elo1 against elo0; 0 while the scores do not
 * vary. */
double rb_sprt_llr(rb_wdl r, double elo0, double elo1);
void rb_sprt_bounds(double alpha, double beta, double *lower, double *upper);
rb_sprt_verdict rb_sprt_verdict_of(double llr, double lower, double upper);
const char *rb_sprt_verdict_name(rb_sprt_verdict v);

#endif
