/*
 * match_balance.c - balanced openings (see match_balance.h).
 */
#include "match_balance.h"

#include <stdlib.h>

#include "rb_util_random.h"

bool rb_balance_score(rb_engine *e, const rb_opening *o, int depth, int *white_cp)
{
    rb_pos pos;
    uint64_t history[RB_OPENING_PLIES_MAX];
    size_t nhistory;
    rb_opening_position(o, &pos, history, &nhistory);
    /* A fresh table for every line: what was searched before must not
     * change the verdict, or the book would depend on the order. */
    rb_engine_new_game(e);
    rb_engine_clear_stop(e);
    rb_engine_use_hand_set_eval(e);
    rb_limits lim = {.depth = depth};
    rb_search_info info = {0};
    rb_engine_search(e, &pos, history, nhistory, &lim, NULL, NULL, &info);
    if (info.kind != RB_SCORE_CP) {
        return false;
    }
    *white_cp = pos.side == RB_WHITE ? info.score : -info.score;
    return true;
}

bool rb_balance_within(int white_cp, int margin_cp)
{
    return abs(white_cp) <= margin_cp;
}

size_t rb_balance_make(rb_engine *e, const rb_balance_spec *spec, rb_opening *out, int *scores, size_t count,
                       size_t max_tries, size_t *tried)
{
    uint64_t state = spec->seed;
    int span = spec->max_plies - spec->min_plies + 1;
    size_t kept = 0, drawn = 0;
    while (kept < count && drawn < max_tries) {
        drawn++;
        int plies = spec->min_plies + (span > 1 ? (int)(rb_util_splitmix64(&state) % (uint64_t)span) : 0);
        rb_opening *o = &out[kept];
        if (!rb_opening_random(&state, plies, o)) {
            continue;
        }
        bool repeated = false;
        for (size_t i = 0; i < kept && !repeated; i++) {
            repeated = rb_opening_equal(&out[i], o);
        }
        int cp;
        if (repeated || !rb_balance_score(e, o, spec->depth, &cp) || !rb_balance_within(cp, spec->margin_cp)) {
            continue;
        }
        if (scores != NULL) {
            scores[kept] = cp;
        }
        kept++;
    }
    if (tried != NULL) {
        *tried = drawn;
    }
    return kept;
}
