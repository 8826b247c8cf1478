/*
 * tuner.h - the core of Texel tuning: fitting the weights of a linear,
 * tapered evaluation to the results of the games its positions came from.
 *
 * Each position is stored once as its trace: the phase and the few
 * weights it uses with their coefficients (White's count minus Black's).
 * With weights w (a middlegame and an endgame value each) its evaluation
 * is
 *
 *     e = sum_i coef_i * (mg_i * phase + eg_i * (max - phase)) / max
 *
 * and the error of a set of weights is the mean of (result - s(K e))^2
 * over the positions, s the logistic function: the result is 1, 0.5 or 0
 * for White, and s(K e) turns the evaluation into an expected result.
 * K is fitted first with the starting weights; every weight not marked
 * fixed is then moved at once by Adam, from the exact gradient of that
 * error. K is kept while the weights move, unless refit_k_every asks for
 * it to be fitted again every so many epochs: with the material values
 * held fixed, they set the scale of the evaluation, and the K that turns
 * it into results must follow what the other weights learn.
 *
 * The positions are cut into chunks of RB_TUNE_CHUNK; each chunk's sums
 * are computed by one of the threads and added in chunk order, so the
 * numbers do not depend on how many threads ran. Nothing here knows the
 * game: the tool (tune.c) fills a set from the engine's trace, the test
 * from made-up features.
 */
#ifndef RB_TUNER_H
#define RB_TUNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RB_TUNE_CHUNK 4096

typedef struct rb_tune_set {
    int nweights; /* weights, each an (mg, eg) pair */
    int phase_max;
    size_t n, cap; /* positions */
    float *result;
    uint8_t *phase;
    uint32_t *first; /* where each position's features start; first[n] is the end */
    size_t nfeat, featcap;
    uint8_t *weight; /* feature: which weight ... */
    int16_t *coef;   /* ... and its coefficient */
} rb_tune_set;

void rb_tune_set_init(rb_tune_set *s, int nweights, int phase_max);
void rb_tune_set_free(rb_tune_set *s);
/* Adds a position: its coefficients (nweights of them, most 0), phase and
 * result. Returns 0, or -1 when memory runs out or a value does not fit. */
int rb_tune_set_add(rb_tune_set *s, const int *coef, int phase, double result);
/* Splits src into train and the last validation_pct percent (after a
 * shuffle drawn from seed) as valid. Returns 0 or -1 (memory). */
int rb_tune_set_split(const rb_tune_set *src, uint64_t seed, int validation_pct, rb_tune_set *train,
                      rb_tune_set *valid);

/* Weights are doubles: w[2 * i] the middlegame value of weight i,
 * w[2 * i + 1] its endgame value. */
double rb_tune_eval(const rb_tune_set *s, size_t pos, const double *w);
double rb_tune_error(const rb_tune_set *s, const double *w, double k, int threads);
/* The K that makes the starting weights' error smallest. */
double rb_tune_fit_k(const rb_tune_set *s, const double *w, int threads);

typedef struct rb_tune_options {
    int epochs;
    double rate; /* Adam's step size, in centipawns */
    int threads;
    const bool *fixed; /* 2 * nweights flags, or NULL: values never moved */
    double limit;      /* weights are kept within -limit..limit */
    FILE *log;         /* a line per epoch, or NULL */
    int log_every;
    int refit_k_every; /* epochs between refits of K, 0 to keep it */
} rb_tune_options;

/* Minimises the error on train from w (changed in place) with the curve's
 * constant *k (refitted in place when the options ask for it); valid (may
 * be NULL or empty) is only measured. Returns the last training error. */
double rb_tune_run(const rb_tune_set *train, const rb_tune_set *valid, double *w, double *k, const rb_tune_options *o);

#endif
