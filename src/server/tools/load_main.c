/*
 * load_main.c - rollerball-server-load: many simulated players on the
 * loopback, to measure what one server process carries, and to kill it
 * under them and check that nothing it had acknowledged was lost.
 *
 *   rollerball-server-load [--games N] [--plies P] [--think MIN-MAX]
 *                          [--kills K] [--kill-every MIN-MAX] [--seed S]
 *                          [--limit S] [--port P] [--server-nice N]
 *
 * It starts a server of its own (a child process, development mode, a
 * temporary folder), lets 2N guests meet in the lobby in pairs, then plays
 * the N games at once, each player on its own connection thinking a random
 * MIN to MAX ms before each move (without --think it moves the moment it is
 * its turn), P plies a game, then the side to move resigns. With --kills it
 * kills the server with SIGKILL K times at random moments (MIN to MAX ms
 * apart) and starts it again; the players reconnect and play on. At the
 * end it compares every game in the database with both players' records.
 * It prints the moves a second, a move's delay to the opponent and what the
 * server adds to a bare loopback round trip, the server's memory and
 * processor time, and the check; exit status 0 only when every game ended
 * and agreed with the database and no acknowledged move was lost.
 */
#define _GNU_SOURCE

#include <arpa/inet.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "load.h"
#include "rb_server.h"
#include "rb_util_clock.h"
#include "rb_util_number.h"

static void usage(void)
{
    fprintf(stderr, "usage: rollerball-server-load [--games N] [--plies P] [--think MIN-MAX] [--kills K]\n"
                    "                              [--kill-every MIN-MAX] [--seed S] [--limit S] [--port P]\n"
                    "                              [--server-nice N]\n"
                    "  --think MIN-MAX     each player thinks MIN to MAX ms before a move (default: none)\n"
                    "  --kills K           kill the server with SIGKILL K times during play, and restart it\n"
                    "  --kill-every MIN-MAX  ms from a start of the server to its next kill (default 300-1500)\n"
                    "  --limit S           give up after S seconds of play (default 600)\n"
                    "  --server-nice N     run the server at niceness N (-20 to 19; below 0 needs root)\n");
}

static bool parse_range(const char *text, int *lo, int *hi)
{
    char a[16], b[16];
    const char *dash = strchr(text, '-');
    if (dash == NULL || dash - text >= (long)sizeof a || strlen(dash + 1) >= sizeof b) {
        return false;
    }
    snprintf(a, sizeof a, "%.*s", (int)(dash - text), text);
    snprintf(b, sizeof b, "%s", dash + 1);
    return rb_util_parse_int(a, 0, 600000, lo) && rb_util_parse_int(b, 0, 600000, hi) && *lo <= *hi;
}

static int parse(int argc, char **argv, load_opts *o)
{
    for (int i = 1; i < argc; i += 2) {
        const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int seed = 0;
        bool ok = v != NULL;
        if (!ok) {
        } else if (strcmp(k, "--games") == 0) {
            ok = rb_util_parse_int(v, 1, 100000, &o->games);
        } else if (strcmp(k, "--plies") == 0) {
            ok = rb_util_parse_int(v, 1, 10000, &o->plies);
        } else if (strcmp(k, "--port") == 0) {
            ok = rb_util_parse_int(v, 1, 65535, &o->port);
        } else if (strcmp(k, "--kills") == 0) {
            ok = rb_util_parse_int(v, 0, 100000, &o->kills);
        } else if (strcmp(k, "--limit") == 0) {
            ok = rb_util_parse_int(v, 1, 86400, &o->limit_s);
        } else if (strcmp(k, "--server-nice") == 0) {
            ok = rb_util_parse_int(v, -20, 19, &o->server_nice);
        } else if (strcmp(k, "--seed") == 0) {
            ok = rb_util_parse_int(v, 0, 1 << 30, &seed);
            o->seed = (unsigned)seed;
        } else if (strcmp(k, "--think") == 0) {
            ok = parse_range(v, &o->think_min_ms, &o->think_max_ms);
        } else if (strcmp(k, "--kill-every") == 0) {
            ok = parse_range(v, &o->kill_min_ms, &o->kill_max_ms) && o->kill_min_ms > 0;
        } else {
            fprintf(stderr, "rollerball-server-load: unknown option '%s'\n", k);
            usage();
            return -1;
        }
        if (!ok) {
            fprintf(stderr, "rollerball-server-load: %s needs %s, not '%s'\n", k,
                    strcmp(k, "--think") == 0 || strcmp(k, "--kill-every") == 0 ? "MIN-MAX in ms" : "a number",
                    v ? v : "nothing");
            usage();
            return -1;
        }
    }
    return 0;
}

/* Enough descriptors for every player here and every connection in the
 * server (which inherits the limit): the soft limit raised to the hard. */
static int raise_fd_limit(int need, char *err, size_t errlen)
{
    struct rlimit rl;
    getrlimit(RLIMIT_NOFILE, &rl);
    if (rl.rlim_cur < (rlim_t)need) {
        rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > (rlim_t)need ? (rlim_t)need : rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    if (rl.rlim_cur < (rlim_t)need) {
        snprintf(err, errlen, "%d file descriptors are needed and the limit is %llu (ulimit -Hn)", need,
                 (unsigned long long)rl.rlim_cur);
        return -1;
    }
    return 0;
}

static void loadavg(char *out, size_t size)
{
    FILE *f = fopen("/proc/loadavg", "r");
    float a = 0, b = 0, c = 0;
    if (f == NULL || fscanf(f, "%f %f %f", &a, &b, &c) != 3) {
        a = b = c = -1;
    }
    if (f != NULL) {
        fclose(f);
    }
    snprintf(out, size, "%.2f %.2f %.2f", a, b, c);
}

/* A port nobody listens on now (the kernel's pick), kept for every
 * restart of the server. */
static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    socklen_t al = sizeof a;
    int port = 0;
    if (fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 && getsockname(fd, (struct sockaddr *)&a, &al) == 0) {
        port = ntohs(a.sin_port);
    }
    if (fd >= 0) {
        close(fd);
    }
    return port;
}

static bool wait_listening(int port)
{
    for (int i = 0; i < 100; i++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
        inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
        bool ok = connect(fd, (struct sockaddr *)&a, sizeof a) == 0;
        close(fd);
        if (ok) {
            return true;
        }
        rb_util_sleep_ms(50);
    }
    return false;
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static double ms(int64_t us)
{
    return (double)us / 1000.0;
}

static void print_figures(const load_opts *o, const load_result *r, int64_t echo_med, int64_t echo_p99, long rss_idle,
                          long cpu_ms, double tool_cpu_ms)
{
    printf("play: %d moves in %" PRId64 " ms, %.0f moves a second; %d of %d games over\n", r->moves, r->play_ms,
           r->play_ms > 0 ? 1000.0 * r->moves / (double)r->play_ms : 0.0, r->games_over, o->games);
    if (r->ndelays > 0 && o->kills == 0) {
        int64_t *d = r->delays_us;
        qsort(d, (size_t)r->ndelays, sizeof *d, cmp64);
        int64_t med = d[r->ndelays / 2], p99 = d[(r->ndelays * 99) / 100], worst = d[r->ndelays - 1];
        printf("a move to the opponent: median %.2f ms, 99%% %.2f ms, worst %.2f ms (%d moves)\n", ms(med), ms(p99),
               ms(worst), r->ndelays);
        printf("a bare loopback round trip (no server): median %.3f ms, 99%% %.3f ms\n", ms(echo_med), ms(echo_p99));
        printf("the server's added latency (a move's delay less the bare round trip's median): median %.2f ms, "
               "99%% %.2f ms\n",
               ms(med - echo_med), ms(p99 - echo_med));
    }
    int conns = 2 * o->games;
    printf("server memory: %ld KiB before the players, %ld KiB at most with %d connections: %.1f KiB a connection\n",
           rss_idle, r->rss_peak_kib, conns, (double)(r->rss_peak_kib - rss_idle) / conns);
    if (o->kills == 0 && cpu_ms >= 0 && r->play_ms > 0) {
        printf("server processor time: %ld ms in %" PRId64 " ms of play, %.1f%% of one core, %.0f us a move; "
               "the players' process: %.0f ms, %.1f%%\n",
               cpu_ms, r->play_ms, 100.0 * (double)cpu_ms / (double)r->play_ms,
               r->moves ? 1000.0 * (double)cpu_ms / r->moves : 0.0, tool_cpu_ms,
               100.0 * tool_cpu_ms / (double)r->play_ms);
    }
    if (o->kills > 0) {
        printf("faults: %d kills with SIGKILL and restarts, %d connections lost, %d reconnections\n", r->kills,
               r->drops, r->reconnects);
    } else if (r->drops > 0) {
        printf("connections lost: %d\n", r->drops);
    }
}

static double self_cpu_ms(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000.0 +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1000.0;
}

int main(int argc, char **argv)
{
    load_opts o = {.games = 100, .plies = 40, .kill_min_ms = 300, .kill_max_ms = 1500, .seed = 1, .limit_s = 600};
    if (parse(argc, argv, &o) != 0) {
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    if (o.port == 0) {
        o.port = free_port();
    }
    char err[400], la[64];
    load_server sv = {.port = o.port, .max_conns = 4 * o.games + 10, .nice = o.server_nice};
    snprintf(sv.dir, sizeof sv.dir, "/tmp/rb-server-load.XXXXXX");
    if (raise_fd_limit(4 * o.games + 200, err, sizeof err) != 0 || mkdtemp(sv.dir) == NULL ||
        rb_server_init_dir(sv.dir, err, sizeof err) != 0) {
        fprintf(stderr, "rollerball-server-load: %s\n", err);
        return 1;
    }
    int64_t echo_med, echo_p99;
    load_echo_baseline(&echo_med, &echo_p99);
    loadavg(la, sizeof la);
    printf("games %d, players %d, plies a game %d, think %d-%d ms, kills %d; load average %s\n", o.games, 2 * o.games,
           o.plies, o.think_min_ms, o.think_max_ms, o.kills, la);
    load_game *games = calloc((size_t)o.games, sizeof *games);
    for (int g = 0; games != NULL && g < o.games; g++) {
        games[g].side[0].fd = games[g].side[1].fd = -1;
    }
    if (games == NULL || load_server_start(&sv) != 0 || !wait_listening(o.port)) {
        fprintf(stderr, "rollerball-server-load: the server did not start (%s/server.log)\n", sv.dir);
        load_server_kill(&sv, SIGKILL);
        free(games);
        return 1;
    }
    long rss_idle = load_server_rss_kib(&sv);
    int64_t t0 = rb_util_now_ms();
    if (load_lobby(&o, games, err, sizeof err) != 0) {
        fprintf(stderr, "rollerball-server-load: %s\n", err);
        load_server_kill(&sv, SIGKILL);
        load_games_free(games, o.games);
        return 1;
    }
    printf("lobby: %d games made in %" PRId64 " ms\n", o.games, rb_util_now_ms() - t0);
    load_result r = {0};
    long cpu0 = load_server_cpu_ms(&sv);
    double tool0 = self_cpu_ms();
    int played = load_play(&o, &sv, games, &r, err, sizeof err);
    long cpu = load_server_cpu_ms(&sv) - cpu0;
    double tool = self_cpu_ms() - tool0;
    load_server_kill(&sv, SIGTERM);
    print_figures(&o, &r, echo_med, echo_p99, rss_idle, cpu, tool);
    free(r.delays_us);
    load_check_result c;
    int checked = played == 0 ? load_check(&o, sv.dir, games, &c, err, sizeof err) : -1;
    load_games_free(games, o.games);
    if (played != 0) {
        fprintf(stderr, "rollerball-server-load: %s (the server's log: %s/server.log)\n", err, sv.dir);
        return 1;
    }
    if (checked != 0) {
        fprintf(stderr, "rollerball-server-load: the check: %s (%s)\n", err, sv.dir);
        return 1;
    }
    loadavg(la, sizeof la);
    printf("check: %d games and %d moves in the database; %d disagreements with the players' records; %d of %d "
           "acknowledged moves lost; load average %s\n",
           c.games, c.moves, c.disagreements, c.lost, c.acknowledged, la);
    if (c.disagreements != 0 || c.lost != 0 || c.games != o.games) {
        fprintf(stderr, "rollerball-server-load: the database and the players disagree (%s)\n", sv.dir);
        return 1;
    }
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", sv.dir);
    if (system(cmd) != 0) {
        fprintf(stderr, "rollerball-server-load: %s was not removed\n", sv.dir);
    }
    return 0;
}
