/*
 * lab_threads.c - what a search on several threads gains: the time to reach
 * a fixed depth, and the nodes searched per second, with one thread and
 * with more, from the same 20 positions.
 *
 * The positions are the bench's twelve and eight middle games the engine
 * reaches playing itself at a node limit from seeded random openings (node
 * limits and one thread: the same positions on every run and machine).
 * Each position is searched from a cleared table, one thread and then
 * several in turn, so that a machine whose load drifts during the run
 * disturbs both alike. The wall clock is what counts here (threads are
 * about finishing sooner), so a run on a busy machine says so in its
 * figures; the ratio of the summed times is the speed-up to depth, and the
 * nodes per second of each side say how much work the threads do in all.
 * One position whose search the helpers happen to cut short (or lengthen)
 * can outweigh the other nineteen in the sum, so the run also gives the
 * geometric mean of the positions' own ratios, over those long enough to
 * time (LONG_ENOUGH_MS with one thread).
 *
 * On a machine whose cores are busy with other work the threads do not
 * each get a core, and the wall clock says little. The processor time the
 * whole process used says what each core's worth of work bought: nodes per
 * second of processor time with one thread and with several (the cost of
 * sharing the table), and the nodes each side needed to reach the depth
 * (the helpers' overlap). From these the run also prints what the speed-up
 * to depth would be with a free core for each thread, an estimate that
 * assumes the threads' trees stay as they were.
 */
#include "lab_threads.h"

#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <math.h>
#include <stdio.h>
#include <time.h>

#include "engine.h"
#include "rb_util_clock.h"
#include "sparring.h"

#define NPOSITIONS 20
#define NMIDDLE (NPOSITIONS - 12)
#define MIDDLE_NODES 5000
#define LONG_ENOUGH_MS 20

/* The bench's positions, then the middle games. */
static int collect_positions(rb_pos *out)
{
    size_t nbench;
    const char *const *bench = rb_bench_positions(&nbench);
    int n = 0;
    for (size_t i = 0; i < nbench && n < NPOSITIONS - NMIDDLE; i++) {
        char err[128];
        if (rb_pos_parse(&out[n], bench[i], err, sizeof err) == 0) {
            n++;
        }
    }
    rb_engine *e = rb_engine_new(16);
    if (e == NULL) {
        return n;
    }
    uint64_t rng = 0x7417ADE5;
    for (int g = 0; n < NPOSITIONS && g < 4 * NMIDDLE; g++) {
        rb_pos pos;
        rb_spar_opening(&pos, &rng, 4);
        rb_engine_new_game(e);
        int plies = 16 + 2 * (g % NMIDDLE);
        for (int p = 0; p < plies && rb_pos_status(&pos) == RB_ONGOING; p++) {
            rb_limits lim = {0};
            lim.nodes = MIDDLE_NODES;
            rb_move m = rb_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, NULL);
            rb_pos_make(&pos, m, &pos);
        }
        if (rb_pos_status(&pos) == RB_ONGOING) {
            out[n++] = pos;
        }
    }
    rb_engine_free(e);
    return n;
}

/* The processor time of the whole process, every thread's, in seconds. */
static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef struct run {
    double cpu;
    int64_t ms;
    uint64_t nodes;
    rb_search_info info;
} run;

static run search_once(rb_engine *e, const rb_pos *pos, int depth)
{
    run r = {0};
    rb_engine_new_game(e);
    rb_limits lim = {0};
    lim.depth = depth;
    double c0 = cpu_seconds();
    int64_t t0 = rb_util_now_ms();
    rb_engine_search(e, pos, NULL, 0, &lim, NULL, NULL, &r.info);
    r.ms = rb_util_now_ms() - t0;
    r.cpu = cpu_seconds() - c0;
    r.nodes = r.info.nodes;
    return r;
}

int rb_lab_threads(int depth, int threads, int hash_mib)
{
    rb_pos pos[NPOSITIONS];
    int n = collect_positions(pos);
    rb_engine *one = rb_engine_new((size_t)hash_mib), *many = rb_engine_new((size_t)hash_mib);
    if (one == NULL || many == NULL || rb_engine_set_threads(many, threads) != 0) {
        fprintf(stderr, "out of memory\n");
        rb_engine_free(one);
        rb_engine_free(many);
        return 1;
    }
    printf("%d positions to depth %d, 1 thread and %d threads (wall clock)\n", n, depth, threads);
    printf("  pos    1 thread: ms      nodes     %2d threads: ms      nodes   ratio  same move\n", threads);
    int64_t ms1 = 0, msn = 0;
    double cpu1 = 0, cpun = 0;
    uint64_t nodes1 = 0, nodesn = 0;
    int same = 0, timed = 0;
    double log_ratios = 0;
    for (int i = 0; i < n; i++) {
        run a = search_once(one, &pos[i], depth);
        run b = search_once(many, &pos[i], depth);
        ms1 += a.ms;
        msn += b.ms;
        cpu1 += a.cpu;
        cpun += b.cpu;
        nodes1 += a.nodes;
        nodesn += b.nodes;
        bool agree = a.info.pvlen > 0 && b.info.pvlen > 0 && a.info.pv[0] == b.info.pv[0];
        same += agree;
        if (a.ms >= LONG_ENOUGH_MS && b.ms > 0) {
            log_ratios += log((double)a.ms / (double)b.ms);
            timed++;
        }
        printf("  %3d  %13lld %10llu     %13lld %10llu  %6.2f  %s\n", i + 1, (long long)a.ms,
               (unsigned long long)a.nodes, (long long)b.ms, (unsigned long long)b.nodes,
               b.ms > 0 ? (double)a.ms / (double)b.ms : 0.0, agree ? "yes" : "no");
    }
    printf("time to depth %d: 1 thread %lld ms, %d threads %lld ms: %.2f times as fast\n", depth, (long long)ms1,
           threads, (long long)msn, msn > 0 ? (double)ms1 / (double)msn : 0.0);
    if (timed > 0) {
        printf("geometric mean of the ratios, the %d positions of %d ms or more with 1 thread: %.2f times as fast\n",
               timed, LONG_ENOUGH_MS, exp(log_ratios / timed));
    }
    printf("nodes per second: 1 thread %.0f, %d threads %.0f (%.2f times)\n",
           ms1 > 0 ? (double)nodes1 * 1000.0 / (double)ms1 : 0.0, threads,
           msn > 0 ? (double)nodesn * 1000.0 / (double)msn : 0.0,
           ms1 > 0 && msn > 0 && nodes1 > 0 ? ((double)nodesn / (double)msn) / ((double)nodes1 / (double)ms1) : 0.0);
    printf("same first move: %d of %d\n", same, n);
    double core1 = cpu1 > 0 ? (double)nodes1 / cpu1 : 0, coren = cpun > 0 ? (double)nodesn / cpun : 0;
    printf("processor time: 1 thread %.3f s, %d threads %.3f s (%.2f and %.2f cores busy on average)\n", cpu1, threads,
           cpun, ms1 > 0 ? cpu1 * 1000.0 / (double)ms1 : 0.0, msn > 0 ? cpun * 1000.0 / (double)msn : 0.0);
    printf("nodes per second of processor time: 1 thread %.0f, %d threads %.0f (%.2f times)\n", core1, threads, coren,
           core1 > 0 ? coren / core1 : 0.0);
    printf("nodes to depth %d: 1 thread %llu, %d threads %llu (%.2f times)\n", depth, (unsigned long long)nodes1,
           threads, (unsigned long long)nodesn, nodes1 > 0 ? (double)nodesn / (double)nodes1 : 0.0);
    if (nodesn > 0 && core1 > 0) {
        printf("estimated time to depth with a free core for each thread: %.2f times as fast\n",
               (double)nodes1 / (double)nodesn * threads * coren / core1);
    }
    rb_engine_free(one);
    rb_engine_free(many);
    return 0;
}
