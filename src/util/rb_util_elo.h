/*
 * rb_util_elo.h - the logistic Elo scale.
 *
 * A score is the mean points per game (win 1, draw 1/2, loss 0); an Elo
 * difference d means an expected score of 1 / (1 + 10^(-d/400)). The match
 * tool and the engine lab both turn results into Elo with these two.
 */
#ifndef RB_UTIL_ELO_H
#define RB_UTIL_ELO_H

/* The Elo difference of a score strictly between 0 and 1. */
double rb_util_elo_from_score(double score);
/* The expected score of a side that is elo stronger. */
double rb_util_score_from_elo(double elo);

#endif
