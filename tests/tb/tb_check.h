/*
 * tb_check.h - the one-ply check of a table entry: the value a position
 * has must be the best of the values its moves lead to, as one ply of the
 * rules library's forward move generation finds them (a win in n has a
 * move to a loss in n - 1 and none to a shorter loss; a loss in n has
 * every move leading to a win in at most n - 1, one in exactly n - 1; a
 * draw has no move to a loss and one not to a win), and an ended game its
 * ending.
 */
#ifndef TB_CHECK_H
#define TB_CHECK_H

#include <stdio.h>

#include "rb_tb.h"

/* The value one ply of move generation gives pos from the tables' values
 * of its children; -1 when a child is in no table. */
static inline int check_forward_value(rb_tb *tb, const rb_pos *pos)
{
    if (rb_pos_throne_won(pos)) {
        return 2;
    }
    rb_movelist list;
    rb_gen_legal(pos, &list);
    if (list.count == 0) {
        return rb_pos_in_check(pos) ? 2 : RB_TB_DRAW;
    }
    int best = RB_TB_NONE;
    for (int i = 0; i < list.count; i++) {
        rb_pos child;
        rb_pos_make(pos, list.moves[i], &child);
        int v = rb_tb_probe(tb, &child);
        if (v == RB_TB_NONE) {
            return -1;
        }
        v = rb_tb_parent_of(v);
        if (best == RB_TB_NONE || rb_tb_compare(v, best) > 0) {
            best = v;
        }
    }
    return best;
}

/* Checks one index of set; returns false (and says why) when it is wrong. */
static inline bool check_entry(rb_tb *tb, const rb_tb_set *set, const uint8_t *values, uint64_t ix)
{
    rb_tb_place p;
    int v = values[ix];
    if (!rb_tb_decode(set, ix, &p)) {
        if (v != RB_TB_NONE) {
            printf("%s index %llu holds no placement but has value %d\n", set->name, (unsigned long long)ix, v);
            return false;
        }
        return true;
    }
    rb_pos pos;
    rb_tb_place_to_pos(set, &p, &pos);
    rb_pos_verdict verdict;
    bool legal = rb_pos_validate(&pos, &verdict) == RB_POS_VALID;
    if (legal != (v != RB_TB_NONE)) {
        char text[RB_POS_TEXT_MAX];
        rb_pos_format(&pos, text, sizeof text);
        printf("%s: %s is %s but its entry is %d\n", set->name, text, legal ? "legal" : "illegal", v);
        return false;
    }
    if (!legal) {
        return true;
    }
    int f = check_forward_value(tb, &pos);
    if (f != v) {
        char text[RB_POS_TEXT_MAX], a[32], b[32];
        rb_pos_format(&pos, text, sizeof text);
        rb_tb_value_text(v, a, sizeof a);
        rb_tb_value_text(f, b, sizeof b);
        printf("%s: %s has %s in the table, but its moves give %s\n", set->name, text, a, b);
        return false;
    }
    return true;
}

/* Checks up to want legal entries of set chosen at random (every entry
 * when want is 0); returns how many were wrong. */
static inline int check_sample(rb_tb *tb, const rb_tb_set *set, uint64_t want, uint64_t seed)
{
    const uint8_t *values = rb_tb_values(tb, set);
    if (values == NULL) {
        printf("%s: no table\n", set->name);
        return 1;
    }
    int bad = 0;
    if (want == 0 || want >= set->size) {
        for (uint64_t ix = 0; ix < set->size && bad < 10; ix++) {
            bad += !check_entry(tb, set, values, ix);
        }
        return bad;
    }
    uint64_t x = seed, got = 0, tries = 0;
    while (got < want && bad < 10 && tries < want * 50) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t ix = (x >> 11) % set->size;
        tries++;
        if (values[ix] == RB_TB_NONE) {
            continue;
        }
        got++;
        bad += !check_entry(tb, set, values, ix);
    }
    return bad;
}

#endif
