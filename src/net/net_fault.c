/*
 * net_fault.c - the tests' faults (see rb_net_fault.h).
 */
#include "rb_net_fault.h"

#include <string.h>

#include "rb_util_random.h"

void rb_net_fault_init(rb_net_fault *f, uint64_t seed)
{
    memset(f, 0, sizeof *f);
    f->seed = seed;
    f->delay_max_ms = 200;
    f->closes_max = 3;
}

void rb_net_fault_at(rb_net_fault *f, int64_t line, rb_fault_kind kind, int arg)
{
    if (f->nscript < RB_FAULT_SCRIPT_MAX) {
        f->script[f->nscript].at = line;
        f->script[f->nscript].kind = kind;
        f->script[f->nscript].arg = arg;
        f->nscript++;
    }
}

rb_fault_kind rb_net_fault_next(rb_net_fault *f, int *arg)
{
    int64_t n = ++f->lines;
    *arg = 0;
    for (int i = 0; i < f->nscript; i++) {
        if (f->script[i].at == n) {
            *arg = f->script[i].arg;
            f->made[f->script[i].kind]++;
            return f->script[i].kind;
        }
    }
    if (n <= f->spare) {
        return RB_FAULT_NONE;
    }
    uint64_t r = rb_util_splitmix64(&f->seed) % 1000;
    uint64_t acc = 0;
    for (int k = RB_FAULT_DROP; k < RB_FAULT_COUNT; k++) {
        acc += (uint64_t)f->per_mille[k];
        if (r < acc) {
            if (k == RB_FAULT_CLOSE && f->closes >= f->closes_max) {
                return RB_FAULT_NONE;
            }
            if (k == RB_FAULT_CLOSE) {
                f->closes++;
            }
            if (k == RB_FAULT_DELAY || k == RB_FAULT_SPLIT) {
                int most = f->delay_max_ms > 0 ? f->delay_max_ms : 1;
                *arg = 1 + (int)(rb_util_splitmix64(&f->seed) % (uint64_t)most);
            }
            f->made[k]++;
            return (rb_fault_kind)k;
        }
    }
    return RB_FAULT_NONE;
}

const char *rb_net_fault_name(rb_fault_kind kind)
{
    static const char *const names[RB_FAULT_COUNT] = {"none", "drop", "delay", "duplicate", "split", "close"};
    return kind >= 0 && kind < RB_FAULT_COUNT ? names[kind] : "?";
}
