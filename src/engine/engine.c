/*
 * engine.c - creating, configuring and stopping an engine (rb_engine.h).
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "rb_tb.h"
#include "rb_util_clock.h"

rb_engine *rb_engine_alloc(void)
{
    _Static_assert(sizeof(rb_engine) % _Alignof(rb_engine) == 0, "aligned_alloc takes a multiple of the alignment");
    rb_engine *e = aligned_alloc(_Alignof(rb_engine), sizeof *e);
    if (e != NULL) {
        memset(e, 0, sizeof *e);
    }
    return e;
}

rb_engine *rb_engine_new(size_t hash_mib)
{
    rb_engine *e = rb_engine_alloc();
    if (e == NULL) {
        return NULL;
    }
    if (rb_tt_resize(&e->tt, hash_mib) != 0) {
        free(e);
        return NULL;
    }
    rb_eval_params_default(&e->params);
    e->level = RB_LEVEL_MAX;
    e->rng = 0x5EED;
    e->multipv = 1;
    e->threads = 1;
    atomic_init(&e->stop, false);
    atomic_init(&e->published_nodes, 0);
    return e;
}

void rb_engine_set_tablebase(rb_engine *e, struct rb_tb *tb)
{
    e->tb = tb;
    e->tb_men = tb ? rb_tb_max_men(tb) : 0;
}

struct rb_tb *rb_engine_tablebase(const rb_engine *e)
{
    return e->tb;
}

void rb_engine_free(rb_engine *e)
{
    if (e != NULL) {
        rb_smp_free(e);
        rb_tt_free(&e->tt);
        free(e);
    }
}

int rb_engine_set_hash(rb_engine *e, size_t hash_mib)
{
    return rb_tt_resize(&e->tt, hash_mib);
}

void rb_engine_set_level(rb_engine *e, int level)
{
    e->level = level < RB_LEVEL_MIN ? RB_LEVEL_MIN : level > RB_LEVEL_MAX ? RB_LEVEL_MAX : level;
}

int rb_engine_level(const rb_engine *e)
{
    return e->level;
}

void rb_engine_set_seed(rb_engine *e, uint64_t seed)
{
    e->rng = seed;
}

void rb_engine_set_multipv(rb_engine *e, int lines)
{
    e->multipv = lines < 1 ? 1 : lines > RB_MULTIPV_MAX ? RB_MULTIPV_MAX : lines;
}

void rb_engine_set_clock(rb_engine *e, rb_clock_fn now, void *user)
{
    e->clock = now;
    e->clock_user = now ? user : NULL;
}

int64_t rb_engine_now(const rb_engine *e)
{
    return e->clock ? e->clock(e->clock_user) : rb_util_now_ms();
}

int rb_engine_multipv(const rb_engine *e)
{
    return e->multipv;
}

int rb_engine_lines(const rb_engine *e, rb_search_info *lines, int max)
{
    int n = e->nlines < max ? e->nlines : max;
    for (int i = 0; i < n; i++) {
        lines[i] = e->lines[i];
    }
    return n < 0 ? 0 : n;
}

void rb_engine_new_game(rb_engine *e)
{
    rb_tt_clear(&e->tt);
}

void rb_engine_stop(rb_engine *e)
{
    atomic_store(&e->stop, true);
}

void rb_engine_clear_stop(rb_engine *e)
{
    atomic_store(&e->stop, false);
}

void rb_engine_use_hand_set_eval(rb_engine *e)
{
    rb_eval_params p;
    rb_eval_params_hand_set(&p);
    rb_engine_set_params(e, &p);
}

void rb_engine_set_params(rb_engine *e, const rb_eval_params *params)
{
    e->params = *params;
}
