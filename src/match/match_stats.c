/*
 * match_stats.c - Elo, error bar and SPRT of a match (see match_stats.h).
 */
#include "match_stats.h"

#include <math.h>

#include "rb_util_elo.h"

int rb_wdl_games(rb_wdl r)
{
    return r.wins + r.draws + r.losses;
}

double rb_wdl_score(rb_wdl r)
{
    int n = rb_wdl_games(r);
    return n > 0 ? (r.wins + 0.5 * r.draws) / n : 0.5;
}

/* Variance of one game's score around the mean s. */
static double game_variance(rb_wdl r, double s)
{
    int n = rb_wdl_games(r);
    return (r.wins * (1.0 - s) * (1.0 - s) + r.draws * (0.5 - s) * (0.5 - s) + r.losses * s * s) / n;
}

bool rb_pair_score(const double *points, int n, double *mean, double *margin95)
{
    double sum = 0.0, sumsq = 0.0;
    int pairs = 0;
    for (int i = 0; i + 1 < n; i += 2) {
        if (points[i] < 0.0 || points[i + 1] < 0.0) {
            continue;
        }
        double p = (points[i] + points[i + 1]) / 2.0;
        sum += p;
        sumsq += p * p;
        pairs++;
    }
    if (pairs < 2) {
        return false;
    }
    *mean = sum / pairs;
    double var = (sumsq - pairs * *mean * *mean) / (pairs - 1);
    *margin95 = 1.959964 * sqrt(var > 0.0 ? var / pairs : 0.0);
    return true;
}

int rb_pairs_lost_twice(const double *points, int n, int *pairs, int max)
{
    int count = 0;
    for (int i = 0; i + 1 < n; i += 2) {
        if (points[i] == 0.0 && points[i + 1] == 0.0) {
            if (count < max) {
                pairs[count] = i / 2 + 1;
            }
            count++;
        }
    }
    return count;
}

bool rb_wdl_elo(rb_wdl r, double *elo, double *margin95)
{
    int n = rb_wdl_games(r);
    double s = rb_wdl_score(r);
    if (n == 0 || s <= 0.0 || s >= 1.0) {
        return false;
    }
    double sd = sqrt(game_variance(r, s) / n);
    double lo = s - 1.959964 * sd, hi = s + 1.959964 * sd;
    /* Keep the interval's ends inside (0, 1), where Elo is finite. */
    const double eps = 1e-6;
    lo = lo < eps ? eps : lo;
    hi = hi > 1.0 - eps ? 1.0 - eps : hi;
    *elo = rb_util_elo_from_score(s);
    *margin95 = (rb_util_elo_from_score(hi) - rb_util_elo_from_score(lo)) / 2.0;
    return true;
}

double rb_sprt_llr(rb_wdl r, double elo0, double elo1)
{
    int n = rb_wdl_games(r);
    if (n == 0) {
        return 0.0;
    }
    double s = rb_wdl_score(r);
    double var = game_variance(r, s);
    if (var <= 0.0) {
        return 0.0;
    }
    double s0 = rb_util_score_from_elo(elo0), s1 = rb_util_score_from_elo(elo1);
    return n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
}

void rb_sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
    *lower = log(beta / (1.0 - alpha));
    *upper = log((1.0 - beta) / alpha);
}

rb_sprt_verdict rb_sprt_verdict_of(double llr, double lower, double upper)
{
    if (llr >= upper) {
        return RB_SPRT_H1;
    }
    if (llr <= lower) {
        return RB_SPRT_H0;
    }
    return RB_SPRT_CONTINUE;
}

const char *rb_sprt_verdict_name(rb_sprt_verdict v)
{
    static const char *const names[] = {"continue", "H0 accepted", "H1 accepted"};
    return names[v];
}
