/*
 * test_winning_chance_fits_the_evaluation.c - the review's constant
 * RB_REVIEW_K still fits the evaluation of the day: positions of the
 * self-play games its value was fitted to, each with its game's result
 * (data/winning-chance-positions.txt: every 6th of the positions that
 * `rollerball-engine-lab winfit 1000 20000 SEED FILE` wrote for seeds
 * 2024, 7 and 99), are searched again and k is fitted to them as the lab
 * does. A change of the evaluation's scale (a retuning that scores the
 * same positions twice as high) moves that fit, and the test fails until
 * RB_REVIEW_K is refitted (docs/measurements/winning-chance.md says how,
 * and how to write this file again).
 *
 * The positions and results are fixed, so the fit depends on the engine
 * alone and the test is deterministic. Searching 2,000 nodes a position
 * rather than the lab's 20,000 keeps it to a second or two; on these
 * positions the two budgets fitted 0.00414 and 0.00400 for the evaluation
 * of 2 December, and 0.00364 and 0.00359 for the one tuned with the
 * material held (RB_REVIEW_K 0.0036).
 */
#include "support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_engine.h"
#include "rb_review.h"

#define NODES 2000
/* How far the fit may stand from RB_REVIEW_K. The search is limited by
 * nodes, so the fit is the same on every run and the margin only has to
 * cover the smaller budget, which stood 3.5% and 1.1% from the lab's fit
 * for the last two evaluations. The retuning with the material held moved
 * the fit by 9% (0.00414 to 0.00364), which the earlier margin of 15% let
 * pass unrefitted: 6% catches it. */
#define MARGIN 0.06
#define POSITIONS_MAX 4096

typedef struct point {
    int cp;        /* White's view */
    double result; /* for White */
} point;

/* Maximum likelihood k of 1 / (1 + exp(-k cp)) against the results, by
 * Newton's steps as the lab fits it. */
static double fit_k(const point *pts, int n)
{
    double k = 0.004;
    for (int it = 0; it < 50; it++) {
        double d1 = 0, d2 = 0;
        for (int i = 0; i < n; i++) {
            double x = pts[i].cp, p = 1.0 / (1.0 + exp(-k * x));
            d1 += (p - pts[i].result) * x;
            d2 += p * (1 - p) * x * x;
        }
        if (d2 <= 0) {
            break;
        }
        double step = d1 / d2;
        k -= step;
        if (fabs(step) < 1e-9) {
            break;
        }
    }
    return k;
}

static void the_constant_fits_the_current_evaluation(void **state)
{
    (void)state;
    FILE *f = fopen(RB_TEST_DATA "/data/winning-chance-positions.txt", "r");
    assert_non_null(f);
    static point pts[POSITIONS_MAX];
    int n = 0, lines = 0;
    rb_engine *e = rb_engine_new(8);
    assert_non_null(e);
    char line[256];
    while (fgets(line, sizeof line, f) != NULL && n < POSITIONS_MAX) {
        char *tab = strchr(line, '\t');
        assert_non_null(tab);
        *tab = '\0';
        rb_pos pos;
        rb_test_parse(&pos, line);
        double result = strtod(tab + 1, NULL);
        assert_true(result == 0.0 || result == 0.5 || result == 1.0);
        lines++;
        rb_limits lim = {0};
        lim.nodes = NODES;
        rb_search_info info;
        rb_engine_new_game(e);
        rb_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &info);
        if (info.kind != RB_SCORE_CP) {
            continue; /* the curve is about ordinary scores, as in the lab */
        }
        pts[n].cp = pos.side == RB_WHITE ? info.score : -info.score;
        pts[n].result = result;
        n++;
    }
    fclose(f);
    rb_engine_free(e);
    assert_true(lines > 1000);
    assert_true(n > lines * 9 / 10);
    double k = fit_k(pts, n);
    print_message("k fitted to %d positions at %d nodes: %.5f; RB_REVIEW_K is %.5f\n", n, NODES, k, RB_REVIEW_K);
    if (fabs(k / RB_REVIEW_K - 1.0) > MARGIN) {
        fail_msg("the evaluation now fits k = %.5f, RB_REVIEW_K is %.5f: refit it (rollerball-engine-lab winfit)", k,
                 RB_REVIEW_K);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_constant_fits_the_current_evaluation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
