/*
 * tuner.c - Texel tuning by gradient descent over stored traces (see
 * tuner.h for the method and why the sums go by fixed chunks).
 */
#include "tuner.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "rb_util_random.h"

void rb_tune_set_init(rb_tune_set *s, int nweights, int phase_max)
{
    memset(s, 0, sizeof *s);
    s->nweights = nweights;
    s->phase_max = phase_max;
}

void rb_tune_set_free(rb_tune_set *s)
{
    free(s->result);
    free(s->phase);
    free(s->first);
    free(s->weight);
    free(s->coef);
    rb_tune_set_init(s, s->nweights, s->phase_max);
}

static bool grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) {
        return true;
    }
    size_t c = *cap ? *cap : 1024;
    while (c < need) {
        c *= 2;
    }
    void *q = realloc(*p, c * size);
    if (q == NULL) {
        return false;
    }
    *p = q;
    *cap = c;
    return true;
}

/* The position arrays share one capacity; first[] has one more entry. */
static bool reserve_positions(rb_tune_set *s, size_t need)
{
    if (need + 1 <= s->cap) {
        return true;
    }
    size_t c = s->cap ? s->cap * 2 : 1024;
    while (c < need + 1) {
        c *= 2;
    }
    float *r = realloc(s->result, c * sizeof *r);
    if (r == NULL) {
        return false;
    }
    s->result = r;
    uint8_t *ph = realloc(s->phase, c * sizeof *ph);
    if (ph == NULL) {
        return false;
    }
    s->phase = ph;
    uint32_t *f = realloc(s->first, c * sizeof *f);
    if (f == NULL) {
        return false;
    }
    s->first = f;
    s->cap = c;
    return true;
}

static int add_features(rb_tune_set *s, size_t count)
{
    size_t wc = s->featcap, cc = s->featcap;
    if (!grow((void **)&s->weight, &wc, s->nfeat + count, sizeof *s->weight) ||
        !grow((void **)&s->coef, &cc, s->nfeat + count, sizeof *s->coef)) {
        return -1;
    }
    s->featcap = wc < cc ? wc : cc;
    return 0;
}

int rb_tune_set_add(rb_tune_set *s, const int *coef, int phase, double result)
{
    if (phase < 0 || phase > s->phase_max || s->nweights > 256 || !reserve_positions(s, s->n + 1)) {
        return -1;
    }
    size_t count = 0;
    for (int i = 0; i < s->nweights; i++) {
        if (coef[i] < INT16_MIN || coef[i] > INT16_MAX) {
            return -1;
        }
        count += coef[i] != 0;
    }
    if (s->nfeat + count > UINT32_MAX || add_features(s, count) != 0) {
        return -1;
    }
    if (s->n == 0) {
        s->first[0] = 0;
    }
    for (int i = 0; i < s->nweights; i++) {
        if (coef[i] != 0) {
            s->weight[s->nfeat] = (uint8_t)i;
            s->coef[s->nfeat] = (int16_t)coef[i];
            s->nfeat++;
        }
    }
    s->result[s->n] = (float)result;
    s->phase[s->n] = (uint8_t)phase;
    s->n++;
    s->first[s->n] = (uint32_t)s->nfeat;
    return 0;
}

static int copy_position(const rb_tune_set *src, size_t i, rb_tune_set *dst)
{
    int coef[256] = {0};
    for (uint32_t f = src->first[i]; f < src->first[i + 1]; f++) {
        coef[src->weight[f]] = src->coef[f];
    }
    return rb_tune_set_add(dst, coef, src->phase[i], src->result[i]);
}

int rb_tune_set_split(const rb_tune_set *src, uint64_t seed, int validation_pct, rb_tune_set *train, rb_tune_set *valid)
{
    rb_tune_set_init(train, src->nweights, src->phase_max);
    rb_tune_set_init(valid, src->nweights, src->phase_max);
    size_t *order = malloc((src->n ? src->n : 1) * sizeof *order);
    if (order == NULL) {
        return -1;
    }
    for (size_t i = 0; i < src->n; i++) {
        order[i] = i;
    }
    for (size_t i = src->n; i > 1; i--) {
        size_t j = (size_t)(rb_util_splitmix64(&seed) % i), t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
    size_t nvalid = src->n * (size_t)validation_pct / 100;
    int rc = 0;
    for (size_t i = 0; i < src->n && rc == 0; i++) {
        rc = copy_position(src, order[i], i < src->n - nvalid ? train : valid);
    }
    free(order);
    return rc;
}

double rb_tune_eval(const rb_tune_set *s, size_t pos, const double *w)
{
    double mg = 0, eg = 0;
    for (uint32_t f = s->first[pos]; f < s->first[pos + 1]; f++) {
        mg += s->coef[f] * w[2 * s->weight[f]];
        eg += s->coef[f] * w[2 * s->weight[f] + 1];
    }
    double ph = (double)s->phase[pos] / s->phase_max;
    return mg * ph + eg * (1.0 - ph);
}

static double sigmoid(double x)
{
    return 1.0 / (1.0 + exp(-x));
}

/* ---- sums over chunks, shared among threads ---------------------------- */

typedef struct job {
    const rb_tune_set *s;
    const double *w;
    double k;
    bool gradient;
    size_t nchunks;
    double *chunk_error; /* [nchunks] */
    double *chunk_grad;  /* [nchunks][2 * nweights] when gradient */
    int thread, threads;
} job;

static void chunk_sums(const job *j, size_t c)
{
    const rb_tune_set *s = j->s;
    size_t end = (c + 1) * RB_TUNE_CHUNK < s->n ? (c + 1) * RB_TUNE_CHUNK : s->n;
    size_t nw = 2 * (size_t)s->nweights;
    double err = 0, *g = j->gradient ? j->chunk_grad + c * nw : NULL;
    if (g != NULL) {
        memset(g, 0, nw * sizeof *g);
    }
    for (size_t i = c * RB_TUNE_CHUNK; i < end; i++) {
        double p = sigmoid(j->k * rb_tune_eval(s, i, j->w)), diff = s->result[i] - p;
        err += diff * diff;
        if (g != NULL) {
            /* d(diff^2)/d(e) = -2 diff * p (1 - p) * K, spread over the
             * two halves by the phase. */
            double de = -2.0 * diff * p * (1.0 - p) * j->k, ph = (double)s->phase[i] / s->phase_max;
            for (uint32_t f = s->first[i]; f < s->first[i + 1]; f++) {
                double d = de * s->coef[f];
                g[2 * s->weight[f]] += d * ph;
                g[2 * s->weight[f] + 1] += d * (1.0 - ph);
            }
        }
    }
    j->chunk_error[c] = err;
}

static void *worker(void *arg)
{
    const job *j = arg;
    for (size_t c = (size_t)j->thread; c < j->nchunks; c += (size_t)j->threads) {
        chunk_sums(j, c);
    }
    return NULL;
}

/* The mean error and, if grad is not NULL, its gradient (2 * nweights). */
static double sums(const rb_tune_set *s, const double *w, double k, int threads, double *grad)
{
    if (s->n == 0) {
        if (grad != NULL) {
            memset(grad, 0, 2 * (size_t)s->nweights * sizeof *grad);
        }
        return 0;
    }
    size_t nchunks = (s->n + RB_TUNE_CHUNK - 1) / RB_TUNE_CHUNK, nw = 2 * (size_t)s->nweights;
    double *chunk_error = malloc(nchunks * sizeof *chunk_error);
    double *chunk_grad = grad != NULL ? malloc(nchunks * nw * sizeof *chunk_grad) : NULL;
    if (chunk_error == NULL || (grad != NULL && chunk_grad == NULL)) {
        free(chunk_error);
        free(chunk_grad);
        return NAN;
    }
    if (threads < 1) {
        threads = 1;
    }
    if (threads > 64) {
        threads = 64;
    }
    job jobs[64];
    pthread_t ids[64];
    for (int t = 0; t < threads; t++) {
        jobs[t] = (job){s, w, k, grad != NULL, nchunks, chunk_error, chunk_grad, t, threads};
    }
    int started = 0;
    for (int t = 1; t < threads; t++, started++) {
        if (pthread_create(&ids[t], NULL, worker, &jobs[t]) != 0) {
            break;
        }
    }
    worker(&jobs[0]);
    /* Chunks a thread that failed to start would have done. */
    for (int t = started + 1; t < threads; t++) {
        worker(&jobs[t]);
    }
    for (int t = 1; t <= started; t++) {
        pthread_join(ids[t], NULL);
    }
    double err = 0;
    if (grad != NULL) {
        memset(grad, 0, nw * sizeof *grad);
    }
    for (size_t c = 0; c < nchunks; c++) {
        err += chunk_error[c];
        for (size_t i = 0; grad != NULL && i < nw; i++) {
            grad[i] += chunk_grad[c * nw + i];
        }
    }
    for (size_t i = 0; grad != NULL && i < nw; i++) {
        grad[i] /= (double)s->n;
    }
    free(chunk_error);
    free(chunk_grad);
    return err / (double)s->n;
}

double rb_tune_error(const rb_tune_set *s, const double *w, double k, int threads)
{
    return sums(s, w, k, threads, NULL);
}

double rb_tune_fit_k(const rb_tune_set *s, const double *w, int threads)
{
    /* The error is smooth with one minimum in K: golden-section search
     * over a range far wider than any sensible centipawn scale. */
    double lo = 1e-5, hi = 0.1, g = (sqrt(5.0) - 1) / 2;
    double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
    double fa = rb_tune_error(s, w, a, threads), fb = rb_tune_error(s, w, b, threads);
    for (int i = 0; i < 60; i++) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - g * (hi - lo);
            fa = rb_tune_error(s, w, a, threads);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + g * (hi - lo);
            fb = rb_tune_error(s, w, b, threads);
        }
    }
    return (lo + hi) / 2;
}

double rb_tune_run(const rb_tune_set *train, const rb_tune_set *valid, double *w, double *k, const rb_tune_options *o)
{
    size_t nw = 2 * (size_t)train->nweights;
    double *grad = calloc(nw, sizeof *grad), *m = calloc(nw, sizeof *m), *v = calloc(nw, sizeof *v);
    double err = NAN;
    if (grad == NULL || m == NULL || v == NULL) {
        free(grad);
        free(m);
        free(v);
        return NAN;
    }
    const double beta1 = 0.9, beta2 = 0.999, eps = 1e-12;
    double b1t = 1, b2t = 1;
    for (int epoch = 1; epoch <= o->epochs; epoch++) {
        if (o->refit_k_every > 0 && epoch > 1 && (epoch - 1) % o->refit_k_every == 0) {
            *k = rb_tune_fit_k(train, w, o->threads);
        }
        err = sums(train, w, *k, o->threads, grad);
        b1t *= beta1;
        b2t *= beta2;
        for (size_t i = 0; i < nw; i++) {
            if (o->fixed != NULL && o->fixed[i]) {
                continue;
            }
            m[i] = beta1 * m[i] + (1 - beta1) * grad[i];
            v[i] = beta2 * v[i] + (1 - beta2) * grad[i] * grad[i];
            double step = o->rate * (m[i] / (1 - b1t)) / (sqrt(v[i] / (1 - b2t)) + eps);
            w[i] -= step;
            if (o->limit > 0) {
                w[i] = w[i] > o->limit ? o->limit : w[i] < -o->limit ? -o->limit : w[i];
            }
        }
        if (o->log != NULL && (epoch % (o->log_every > 0 ? o->log_every : 1) == 0 || epoch == o->epochs)) {
            fprintf(o->log, "epoch %d: training error %.6f", epoch, err);
            if (valid != NULL && valid->n > 0) {
                fprintf(o->log, ", held-out error %.6f", rb_tune_error(valid, w, *k, o->threads));
            }
            if (o->refit_k_every > 0) {
                fprintf(o->log, ", K %.6f", *k);
            }
            fprintf(o->log, "\n");
            fflush(o->log);
        }
    }
    /* The error of the weights the last step left, with the K that fits them. */
    if (o->refit_k_every > 0) {
        *k = rb_tune_fit_k(train, w, o->threads);
    }
    err = rb_tune_error(train, w, *k, o->threads);
    free(grad);
    free(m);
    free(v);
    return err;
}
