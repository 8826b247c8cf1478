/*
 * smp.c - the helper threads of a search on several cores (lazy SMP, see
 * rb_engine_set_threads in rb_engine.h).
 *
 * A helper is a whole engine object of its own (search stack, history,
 * evaluation cache, root moves), so the search code runs in it unchanged;
 * only the table is shared, through a copy of the main engine's table
 * handle made before every search, whose entries are safe to share
 * (tt.h). The helpers are allocated when the thread count is set, not per
 * search, and their threads are started per search and joined at its end:
 * a thread costs a few tens of microseconds to start, nothing beside a move
 * searched for tens of milliseconds, and no thread outlives its search, so
 * freeing an engine never has to wait for or signal an idle pool.
 *
 * Everything a helper reads of the main engine is copied into it before its
 * thread starts (search.c prepares it), and what the main thread reads of a
 * helper is read after the join, except the stop flag and the node count,
 * which are atomic.
 */
#include <stdlib.h>

#include "engine.h"
#include "rb_util_assert.h"

/* A helper recurses as deep as the main thread, RB_MAX_PLY plies of a few
 * kilobytes each (more under the sanitizers), so its stack is asked for
 * explicitly: some C libraries start threads with 128 KiB. Only address
 * space is reserved; the pages used are what the search touches. */
#define HELPER_STACK_BYTES ((size_t)8 << 20)

static void *helper_main(void *arg)
{
    rb_search_helper(arg);
    return NULL;
}

int rb_engine_set_threads(rb_engine *e, int threads)
{
    RB_ASSERT(e != NULL);
    for (int i = 0; i < e->nhelpers; i++) {
        RB_ASSERT_MSG(!e->helper_running[i], "the threads are set between searches");
    }
    threads = threads < 1 ? 1 : threads > RB_THREADS_MAX ? RB_THREADS_MAX : threads;
    int want = threads - 1;
    /* the new helpers first, so that running out of memory changes nothing */
    for (int i = e->nhelpers; i < want; i++) {
        rb_engine *h = rb_engine_alloc();
        if (h == NULL) {
            for (int j = e->nhelpers; j < i; j++) {
                free(e->helpers[j]);
                e->helpers[j] = NULL;
            }
            return -1;
        }
        atomic_init(&h->stop, false);
        atomic_init(&h->published_nodes, 0);
        h->threads = 1;
        h->helper_index = i + 1;
        e->helpers[i] = h;
    }
    for (int i = want; i < e->nhelpers; i++) {
        free(e->helpers[i]);
        e->helpers[i] = NULL;
    }
    e->nhelpers = want;
    e->threads = threads;
    return 0;
}

int rb_engine_threads(const rb_engine *e)
{
    return e->threads;
}

int rb_smp_start(rb_engine *e, int count)
{
    RB_ASSERT(count >= 0 && count <= e->nhelpers);
    pthread_attr_t attr;
    bool sized = pthread_attr_init(&attr) == 0;
    if (sized) {
        (void)pthread_attr_setstacksize(&attr, HELPER_STACK_BYTES); /* else the default */
    }
    int started = 0;
    for (int i = 0; i < count && i < e->nhelpers; i++) {
        rb_engine *h = e->helpers[i];
        atomic_store(&h->stop, false);
        atomic_store_explicit(&h->published_nodes, 0, memory_order_relaxed);
        /* a helper that cannot start leaves the search to the others */
        e->helper_running[i] = pthread_create(&e->helper_threads[i], sized ? &attr : NULL, helper_main, h) == 0;
        started += e->helper_running[i];
    }
    if (sized) {
        pthread_attr_destroy(&attr);
    }
    return started;
}

void rb_smp_stop(rb_engine *e)
{
    for (int i = 0; i < e->nhelpers; i++) {
        if (e->helper_running[i]) {
            atomic_store(&e->helpers[i]->stop, true);
        }
    }
    for (int i = 0; i < e->nhelpers; i++) {
        if (e->helper_running[i]) {
            pthread_join(e->helper_threads[i], NULL);
            e->helper_running[i] = false;
        }
    }
}

void rb_smp_free(rb_engine *e)
{
    rb_smp_stop(e);
    for (int i = 0; i < e->nhelpers; i++) {
        free(e->helpers[i]);
        e->helpers[i] = NULL;
    }
    e->nhelpers = 0;
}
