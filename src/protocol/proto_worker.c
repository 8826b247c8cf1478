/*
 * proto_worker.c - the worker thread that runs searches and measuring jobs.
 *
 * The engine searches on a worker thread so that the reading thread keeps
 * answering isready, stop and quit at once. The same worker runs the
 * measuring jobs (go perft, bench, bench perft), so that even a perft that
 * would take days leaves isready and stop answered. Unlike a search, such a
 * job is waited for by the commands that follow it, and ended early only by
 * "stop" or when the client has gone.
 *
 * A command hands the worker the function that does its job, so this file
 * knows nothing of the commands: they call it to start, stop and finish
 * their jobs, and it never calls them back by name.
 *
 * The engine's stop request is cleared here, before the worker starts, and
 * never by the search itself, so one stop is enough even when it arrives
 * before the worker has begun.
 */
#define _POSIX_C_SOURCE 200809L

#include "proto_internal.h"

#include "rb_util_clock.h"

static void *worker_main(void *arg)
{
    rb_proto *p = arg;
    p->job.run(p);
    atomic_store(&p->searching, false);
    return NULL;
}

void rb_proto_request_stop(rb_proto *p)
{
    pthread_mutex_lock(&p->stop_lock);
    p->stop_requested = true;
    pthread_cond_broadcast(&p->stop_cond);
    pthread_mutex_unlock(&p->stop_lock);
    atomic_store(&p->abort_job, true);
    rb_engine_stop(p->engine);
    if (p->bench_engine != NULL) {
        rb_engine_stop(p->bench_engine);
    }
}

void rb_proto_finish_search(rb_proto *p)
{
    if (!p->thread_live) {
        return;
    }
    bool measuring = p->job.kind != RB_JOB_SEARCH;
    if (!measuring && atomic_load(&p->searching)) {
        rb_proto_request_stop(p);
    }
    while (atomic_load(&p->searching)) {
        if (measuring && p->client_gone != NULL && p->client_gone(p->user)) {
            rb_proto_request_stop(p);
        }
        rb_util_sleep_ms(1);
    }
    pthread_join(p->thread, NULL);
    p->thread_live = false;
    if (p->bench_engine != NULL) {
        rb_engine_free(p->bench_engine);
        p->bench_engine = NULL;
    }
}

bool rb_proto_start_job(rb_proto *p, rb_job_fn run)
{
    p->job.run = run;
    p->stop_requested = false;
    rb_engine_clear_stop(p->engine);
    atomic_store(&p->abort_job, false);
    atomic_store(&p->searching, true);
    if (pthread_create(&p->thread, NULL, worker_main, p) != 0) {
        atomic_store(&p->searching, false);
        rb_proto_error(p, "could not start the worker thread");
        return false;
    }
    p->thread_live = true;
    return true;
}
