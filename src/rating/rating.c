/*
 * rating.c - Glicko-2, step by step as Glickman's "Example of the Glicko-2
 * system" numbers them, so the code can be read beside the paper.
 *
 * The volatility is found with the Illinois variant of regula falsi that
 * the paper's 2013 revision gives (step 5.1 to 5.5), to a tolerance of
 * 0.000001, with a bound on the iterations so that bad input cannot loop.
 * The bounds of the parameters (RD, volatility, rating) are applied after
 * each step, as lichess applies them, so a rating that comes out of here
 * is always inside them.
 */
#include "rb_rating.h"

#include <math.h>
#include <stdbool.h>

#include "rb_util_assert.h"

/* Glicko-2 works on its own scale: mu = (r - 1500) / 173.7178. */
#define GLICKO2_SCALE 173.7178
#define GLICKO2_CENTRE 1500.0
#define VOL_TOLERANCE 0.000001
#define VOL_MAX_STEPS 1000
#define MS_PER_DAY (24.0 * 60 * 60 * 1000)
#define PI 3.14159265358979323846

rb_rating_params rb_rating_lichess(void)
{
    return (rb_rating_params){
        .start_rating = 1500,
        .start_rd = 500,
        .start_vol = 0.09,
        .tau = 0.75,
        .min_rd = 45,
        .max_rd = 500,
        .max_vol = 0.1,
        .min_rating = 400,
        .max_rating = 4000,
        .periods_per_day = 0.21436,
    };
}

rb_rating rb_rating_new(const rb_rating_params *params)
{
    RB_ASSERT(params);
    return (rb_rating){params->start_rating, params->start_rd, params->start_vol};
}

static double clamp(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static rb_rating bounded(const rb_rating_params *params, rb_rating r)
{
    r.rating = clamp(r.rating, params->min_rating, params->max_rating);
    r.rd = clamp(r.rd, params->min_rd, params->max_rd);
    if (r.vol > params->max_vol) {
        r.vol = params->max_vol;
    }
    return r;
}

double rb_rating_periods(const rb_rating_params *params, int64_t idle_ms)
{
    RB_ASSERT(params);
    if (idle_ms <= 0) {
        return 0;
    }
    return (double)idle_ms / MS_PER_DAY * params->periods_per_day;
}

static bool is_rating(rb_rating r)
{
    return isfinite(r.rating) && isfinite(r.rd) && isfinite(r.vol) && r.rd > 0 && r.vol > 0;
}

rb_rating rb_rating_idle(const rb_rating_params *params, rb_rating player, double periods)
{
    RB_ASSERT(params);
    if (!is_rating(player) || !(periods > 0) || !isfinite(periods)) {
        return player;
    }
    double phi = player.rd / GLICKO2_SCALE;
    player.rd = sqrt(phi * phi + periods * player.vol * player.vol) * GLICKO2_SCALE;
    return bounded(params, player);
}

static double g_of(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI));
}

static double expected(double mu, double mu_j, double phi_j)
{
    return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

/* The paper's f(x) of step 5, whose root is ln(sigma'^2). */
typedef struct {
    double a, delta2, phi2, v, tau2;
} vol_eq;

static double vol_f(const vol_eq *q, double x)
{
    double ex = exp(x), d = q->phi2 + q->v + ex;
    return ex * (q->delta2 - q->phi2 - q->v - ex) / (2.0 * d * d) - (x - q->a) / q->tau2;
}

/* Step 5: the new volatility sigma', or a negative value if it does not
 * converge. */
static double new_volatility(double sigma, double phi, double v, double delta, double tau)
{
    vol_eq q = {log(sigma * sigma), delta * delta, phi * phi, v, tau * tau};
    double A = q.a, B;
    if (q.delta2 > q.phi2 + v) {
        B = log(q.delta2 - q.phi2 - v);
    } else {
        int k = 1;
        while (vol_f(&q, q.a - k * tau) < 0) {
            if (++k > VOL_MAX_STEPS) {
                return -1;
            }
        }
        B = q.a - k * tau;
    }
    double fA = vol_f(&q, A), fB = vol_f(&q, B);
    for (int step = 0; fabs(B - A) > VOL_TOLERANCE; step++) {
        if (step > VOL_MAX_STEPS) {
            return -1;
        }
        double C = A + (A - B) * fA / (fB - fA);
        double fC = vol_f(&q, C);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2;
        }
        B = C;
        fB = fC;
    }
    return exp(A / 2);
}

int rb_rating_update(const rb_rating_params *params, rb_rating player, const rb_rating_game *games, size_t n,
                     double periods, rb_rating *out)
{
    RB_ASSERT(params && out && (games || n == 0));
    *out = player;
    if (!is_rating(player) || !isfinite(periods) || periods < 0 || !(params->tau > 0)) {
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        rb_rating_game gm = games[i];
        if (!isfinite(gm.opp_rating) || !isfinite(gm.opp_rd) || !(gm.opp_rd > 0) || !(gm.score >= 0) ||
            !(gm.score <= 1)) {
            return -1;
        }
    }
    if (n == 0) {
        /* A period without games: only the RD grows (step 6 alone). */
        *out = rb_rating_idle(params, player, periods);
        return 0;
    }

    /* Step 2: onto the Glicko-2 scale. */
    double mu = (player.rating - GLICKO2_CENTRE) / GLICKO2_SCALE;
    double phi = player.rd / GLICKO2_SCALE;
    double sigma = player.vol;

    /* Steps 3 and 4: the estimated variance v and improvement delta. */
    double v_inv = 0, sum = 0;
    for (size_t i = 0; i < n; i++) {
        double mu_j = (games[i].opp_rating - GLICKO2_CENTRE) / GLICKO2_SCALE;
        double phi_j = games[i].opp_rd / GLICKO2_SCALE;
        double g = g_of(phi_j), e = expected(mu, mu_j, phi_j);
        v_inv += g * g * e * (1 - e);
        sum += g * (games[i].score - e);
    }
    double v = 1.0 / v_inv;
    double delta = v * sum;

    /* Step 5: the new volatility. */
    double sigma_new = new_volatility(sigma, phi, v, delta, params->tau);
    if (!(sigma_new > 0) || !isfinite(sigma_new)) {
        return -1;
    }
    if (sigma_new > params->max_vol) {
        sigma_new = params->max_vol;
    }

    /* Step 6: the pre-period RD, grown by the periods since the last one
     * (Glickman's single period is periods = 1). */
    double phi_star = sqrt(phi * phi + periods * sigma_new * sigma_new);

    /* Step 7: the new RD and rating. */
    double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu_new = mu + phi_new * phi_new * sum;

    /* Step 8: back to the Glicko scale. */
    rb_rating r = {mu_new * GLICKO2_SCALE + GLICKO2_CENTRE, phi_new * GLICKO2_SCALE, sigma_new};
    if (!is_rating(r)) {
        return -1;
    }
    *out = bounded(params, r);
    return 0;
}

int rb_rating_game_result(const rb_rating_params *params, const rb_rating_pairing *game, rb_rating_result *out)
{
    RB_ASSERT(params && game && out);
    out->white = game->white;
    out->black = game->black;
    out->white_diff = out->black_diff = 0;
    double wp = rb_rating_periods(params, game->white_idle_ms);
    double bp = rb_rating_periods(params, game->black_idle_ms);
    /* Each side meets the other as the other is now: with the RD their
     * time away has given them. */
    rb_rating w_now = rb_rating_idle(params, game->white, wp);
    rb_rating b_now = rb_rating_idle(params, game->black, bp);
    rb_rating_game for_white = {b_now.rating, b_now.rd, game->white_score};
    rb_rating_game for_black = {w_now.rating, w_now.rd, 1 - game->white_score};
    rb_rating w, b;
    if (rb_rating_update(params, game->white, &for_white, 1, wp, &w) < 0 ||
        rb_rating_update(params, game->black, &for_black, 1, bp, &b) < 0) {
        return -1;
    }
    out->white = w;
    out->black = b;
    out->white_diff = rb_rating_shown(w.rating) - rb_rating_shown(game->white.rating);
    out->black_diff = rb_rating_shown(b.rating) - rb_rating_shown(game->black.rating);
    return 0;
}

int rb_rating_shown(double rating)
{
    if (!isfinite(rating)) {
        return 0;
    }
    return (int)lround(rating);
}
