/*
 * tb_fixture.h - tables for the tablebase tests: computed in memory for
 * the sets a test names (with what their moves lead into), or read from
 * the build's table folder when the build made one (RB_TEST_TABLES).
 */
#ifndef TB_FIXTURE_H
#define TB_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_tb.h"

/* Computes set (and first every set it leads into) into tb unless the
 * store has it already. */
static inline void fixture_ensure(rb_tb *tb, const rb_tb_set *set)
{
    if (rb_tb_values(tb, set) != NULL) {
        return;
    }
    rb_tb_set succ[64];
    int n = rb_tb_successor_sets(set, succ, 64);
    for (int i = 0; i < n; i++) {
        fixture_ensure(tb, &succ[i]);
    }
    char err[512];
    uint8_t *values = rb_tb_generate(tb, set, 2, NULL, NULL, NULL, err, sizeof err);
    assert_non_null(values);
    rb_tb_adopt(tb, set, values);
}

static inline void fixture_ensure_name(rb_tb *tb, const char *name)
{
    rb_tb_set set;
    char err[256];
    assert_int_equal(rb_tb_set_parse(&set, name, err, sizeof err), 0);
    fixture_ensure(tb, &set);
}

/* A store: the build's tables when told where they are and asked to use
 * them (use_built), else an empty one to compute into. */
static inline rb_tb *fixture_store(bool use_built)
{
    const char *dir = getenv("RB_TEST_TABLES");
    return rb_tb_open(use_built && dir && *dir ? dir : "");
}

/* The sets of up to men men, in generation order. */
static inline int fixture_sets(int men, rb_tb_set *sets, int max)
{
    return rb_tb_all_sets(men, sets, max);
}

#endif
