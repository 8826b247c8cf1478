/*
 * selfplay_main.c - robust_selfplay, the long checked self-play run.
 *
 *   robust_selfplay [--games N] [--nodes N] [--seed S]
 *
 * Plays N games (default 10000) at N nodes per engine move (default 64)
 * with every check of selfplay.h, prints progress every thousand games and
 * a summary: games, plies, how the games ended, games cut by the safety
 * net, failed checks, time. Exits 1 when any check failed or any game had
 * to be cut, so it can run unattended.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_util_clock.h"
#include "selfplay.h"

static double now_seconds(void)
{
    return (double)rb_util_now_ms() / 1000.0;
}

static int parse_number(const char *flag, const char *text, unsigned long long *out)
{
    char *end;
    unsigned long long v = strtoull(text ? text : "", &end, 10);
    if (text == NULL || *text == '\0' || *end != '\0' || *text == '-') {
        fprintf(stderr, "robust_selfplay: %s needs a whole number, not '%s'\n", flag, text ? text : "");
        return -1;
    }
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    unsigned long long games = 10000, nodes = 64, seed = 1;
    /* Every option is followed by its value, so options come two words at a
     * time. */
    for (int i = 1; i < argc; i += 2) {
        unsigned long long *target = NULL;
        if (strcmp(argv[i], "--games") == 0) {
            target = &games;
        } else if (strcmp(argv[i], "--nodes") == 0) {
            target = &nodes;
        } else if (strcmp(argv[i], "--seed") == 0) {
            target = &seed;
        } else {
            fprintf(stderr, "usage: robust_selfplay [--games N] [--nodes N] [--seed S]\n");
            return 2;
        }
        if (parse_number(argv[i], i + 1 < argc ? argv[i + 1] : NULL, target) != 0) {
            return 2;
        }
    }
    if (games == 0 || games > 100000000ull || nodes == 0) {
        fprintf(stderr, "robust_selfplay: games must be 1..100000000 and nodes at least 1\n");
        return 2;
    }

    rb_selfplay_stats st;
    memset(&st, 0, sizeof st);
    double start = now_seconds();
    int rc = 0;
    for (unsigned long long done = 0; done < games;) {
        unsigned batch = games - done < 1000 ? (unsigned)(games - done) : 1000;
        rc |= rb_selfplay_run(seed + done, batch, nodes, &st);
        done += batch;
        printf("%llu games, %llu plies, %u failed, %u capped, %.1f s\n", done, (unsigned long long)st.plies,
               st.failures, st.capped, now_seconds() - start);
        fflush(stdout);
    }
    double secs = now_seconds() - start;
    printf("games: %u  plies: %llu (%.1f per game, longest %u)  nodes per move: %llu  seeds: %llu..%llu\n", st.games,
           (unsigned long long)st.plies, (double)st.plies / st.games, st.longest, nodes, seed, seed + games - 1);
    printf("ended by checkmate %u, throne %u, stalemate %u, repetition %u\n", st.ends[RB_END_CHECKMATE],
           st.ends[RB_END_THRONE], st.ends[RB_END_STALEMATE], st.ends[RB_END_REPETITION]);
    printf("cut by the %d-ply safety net: %u\n", RB_SELFPLAY_CAP, st.capped);
    printf("failed checks: %u%s%s\n", st.failures, st.failures ? "; first: " : "", st.first_failure);
    printf("time: %.1f s (%.0f plies/s)\n", secs, (double)st.plies / secs);
    return rc == 0 ? 0 : 1;
}
