/*
 * fs_compare.h - compares a table with the forward solver entry by entry,
 * each stored index and, for a set stored White to move only, the same
 * position turned (Black to move).
 */
#ifndef FS_COMPARE_H
#define FS_COMPARE_H

#include <stdio.h>

#include "forward_solver.h"
#include "rb_tb.h"

static inline int fs_compare_set(fs_solver *fs, rb_tb *tb, const rb_tb_set *set)
{
    const uint8_t *values = rb_tb_values(tb, set);
    if (values == NULL) {
        return 1;
    }
    int bad = 0;
    uint64_t compared = 0;
    for (uint64_t ix = 0; ix < set->size && bad < 10; ix++) {
        rb_tb_place p;
        if (!rb_tb_decode(set, ix, &p)) {
            continue;
        }
        rb_pos pos;
        rb_tb_place_to_pos(set, &p, &pos);
        int want = values[ix];
        for (int turn = 0; turn <= (set->symmetric ? 1 : 0); turn++) {
            rb_pos q = pos;
            if (turn) {
                rb_tb_turn_pos(&pos, &q);
            }
            int got = fs_value(fs, &q);
            compared++;
            if (got != want) {
                char text[RB_POS_TEXT_MAX], a[32], b[32];
                rb_pos_format(&q, text, sizeof text);
                rb_tb_value_text(want, a, sizeof a);
                rb_tb_value_text(got, b, sizeof b);
                printf("%s: %s: table %s, forward solver %s\n", set->name, text, a, b);
                bad++;
            }
        }
    }
    printf("%s: %llu positions compared, %d differ\n", set->name, (unsigned long long)compared, bad);
    return bad;
}

#endif
