/*
 * test_engine_abuse.c - the rollerball-engine program under a hostile
 * client: thousands of random and half-valid lines, lines of a megabyte,
 * commands out of order, and a client that dies in the middle of a search.
 *
 * The real program runs as a child on two pipes, exactly as a GUI or the
 * match tool runs it. A thread reads everything it says while the test
 * writes, so neither side can block the other. What must hold: every
 * "isready" is answered with "readyok", no answer is ever long (a megabyte
 * line is not echoed back), the engine exits cleanly after "quit" or at the
 * end of its input, and a client that dies takes the engine with it.
 */
#define _GNU_SOURCE

#include "support.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef RB_ENGINE_BIN
#error "RB_ENGINE_BIN must name the engine program"
#endif

#define LONGEST_ANSWER 4096

typedef struct engine {
    pid_t pid;
    int to;   /* the engine's stdin */
    int from; /* the engine's stdout */
    pthread_t reader;
    /* Filled by the reader thread; read after it is joined. */
    char *out;
    size_t outlen, outcap;
    int readyok, bestmove, longest;
} engine;

static void *read_answers(void *arg)
{
    engine *e = arg;
    char chunk[8192];
    size_t line = 0;
    for (;;) {
        ssize_t n = read(e->from, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            break;
        }
        for (ssize_t i = 0; i < n; i++) {
            if (e->outlen + 1 >= e->outcap) {
                e->outcap = e->outcap ? e->outcap * 2 : 1 << 16;
                e->out = realloc(e->out, e->outcap);
                if (e->out == NULL) {
                    abort();
                }
            }
            e->out[e->outlen++] = chunk[i];
            if (chunk[i] == '\n') {
                const char *start = e->out + e->outlen - 1 - line;
                e->readyok += line == 7 && memcmp(start, "readyok", 7) == 0;
                e->bestmove += line >= 9 && memcmp(start, "bestmove ", 9) == 0;
                e->longest = (int)line > e->longest ? (int)line : e->longest;
                line = 0;
            } else {
                line++;
            }
        }
    }
    if (e->out != NULL) {
        e->out[e->outlen] = '\0';
    }
    return NULL;
}

static void start_engine(engine *e)
{
    memset(e, 0, sizeof *e);
    int in[2], out[2];
    assert_int_equal(pipe2(in, O_CLOEXEC), 0);
    assert_int_equal(pipe2(out, O_CLOEXEC), 0);
    fflush(NULL);
    e->pid = fork();
    assert_true(e->pid >= 0);
    if (e->pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        execl(RB_ENGINE_BIN, RB_ENGINE_BIN, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    e->to = in[1];
    e->from = out[0];
    assert_int_equal(pthread_create(&e->reader, NULL, read_answers, e), 0);
}

static void send_bytes(engine *e, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(e->to, data, len);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            fail_msg("the engine stopped reading its input (%s)", strerror(errno));
        }
        data += n;
        len -= (size_t)n;
    }
}

static void send_line(engine *e, const char *line)
{
    send_bytes(e, line, strlen(line));
    send_bytes(e, "\n", 1);
}

/* Closes the engine's input and waits for it; returns its exit status. */
static int finish_engine(engine *e)
{
    close(e->to);
    int status;
    assert_int_equal(waitpid(e->pid, &status, 0), e->pid);
    pthread_join(e->reader, NULL);
    close(e->from);
    if (!WIFEXITED(status)) {
        fail_msg("the engine died of signal %d; it said:\n%.2000s", WIFSIGNALED(status) ? WTERMSIG(status) : 0,
                 e->out ? e->out : "");
    }
    return WEXITSTATUS(status);
}

/* ---- random clients ---------------------------------------------------- */

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static const char *const words[] = {
    "go",
    "go",
    "position",
    "startpos",
    "fen",
    "moves",
    "stop",
    "stop",
    "d",
    "uci",
    "ucinewgame",
    "setoption",
    "name",
    "Hash",
    "Level",
    "value",
    "perft",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "infinite",
    "bench",
    "c2b3",
    "e6f5",
    "c1b1",
    "d7d1",
    "e7f7",
    "b3b4",
    "x",
    "-1",
    "0",
    "1",
    "2",
    "3",
    "99999999999999999999999",
    "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2",
    "w",
    "b",
    "K",
    "-",
    "\t",
    "",
    "\r",
};

/* Some lines that mean something, the rest word salad or bytes; searches
 * are kept small so the test spends its time on the protocol. */
static void random_line(char *buf, size_t cap)
{
    static const char *const sensible[] = {
        "position startpos",
        "position startpos moves c2b3 e6f5",
        "position fen 7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1 moves",
        "position fen 7/3K3/2xxx2/2xxx2/2xxxk1/7/7 b K 0 1",
        "go depth 3",
        "go nodes 2000",
        "go movetime 5",
        "go perft 2",
        "go infinite",
        "go wtime 50 btime 50 winc 0 binc 0",
        "stop",
        "ucinewgame",
        "d",
        "setoption name Hash value 2",
        "setoption name Level value 3",
    };
    uint64_t kind = next_random() % 10;
    size_t n = 0;
    if (kind < 4) {
        n = (size_t)snprintf(buf, cap, "%s", sensible[next_random() % (sizeof sensible / sizeof *sensible)]);
    } else if (kind < 8) {
        int count = 1 + (int)(next_random() % 12);
        for (int i = 0; i < count && n + 64 < cap; i++) {
            const char *w = words[next_random() % (sizeof words / sizeof *words)];
            n += (size_t)snprintf(buf + n, cap - n, "%s%s", i ? " " : "", w);
        }
    } else {
        size_t len = next_random() % 200;
        for (size_t i = 0; i < len && n + 1 < cap; i++) {
            char c = (char)(next_random() & 0xff);
            buf[n++] = c == '\n' ? ' ' : c;
        }
        buf[n] = '\0';
        /* Raw bytes must not quit the engine by chance. */
        if (strncmp(buf, "quit", 4) == 0) {
            buf[0] = 'Q';
        }
    }
}

static void thousands_of_random_lines_never_go_unanswered(void **state)
{
    (void)state;
    engine e;
    start_engine(&e);
    int lines = rb_test_sanitized() ? 3000 : 4000, asked = 0;
    char *huge = malloc((1 << 20) + 1);
    assert_non_null(huge);
    char line[1024];
    for (int i = 0; i < lines; i++) {
        if (i % 500 == 250) {
            /* A megabyte without a newline, of text or of a repeated word. */
            memset(huge, i % 1000 == 250 ? 'a' : ' ', 1 << 20);
            memcpy(huge, "position startpos moves", 23);
            send_bytes(&e, huge, 1 << 20);
            send_bytes(&e, "\n", 1);
        } else if (next_random() % 8 == 0) {
            send_line(&e, "isready");
            asked++;
        } else {
            random_line(line, sizeof line);
            send_line(&e, line);
        }
    }
    free(huge);
    send_line(&e, "stop");
    send_line(&e, "isready");
    asked++;
    send_line(&e, "quit");
    int rc = finish_engine(&e);
    assert_int_equal(rc, 0);
    if (e.readyok != asked) {
        fail_msg("%d isready, %d readyok", asked, e.readyok);
    }
    assert_true(e.longest < LONGEST_ANSWER);
    assert_non_null(strstr(e.out, "line longer than"));
    print_message("%d lines: %d readyok, %d searches, %zu bytes of answers\n", lines, e.readyok, e.bestmove, e.outlen);
    assert_true(e.bestmove > lines / 100); /* searches really ran in between */
    free(e.out);
}

static void commands_out_of_order_are_answered_sensibly(void **state)
{
    (void)state;
    engine e;
    start_engine(&e);
    send_line(&e, "stop");       /* nothing running */
    send_line(&e, "go depth 2"); /* before any position */
    send_line(&e, "isready");
    send_line(&e, "go infinite");
    send_line(&e, "position startpos moves c1b1"); /* during a search */
    send_line(&e, "go infinite");
    send_line(&e, "go depth 1"); /* a search on top of a search */
    send_line(&e, "isready");
    send_line(&e, "stop");
    send_line(&e, "stop");
    send_line(&e, "moves c2b3");
    send_line(&e, "position");
    send_line(&e, "go perft");
    send_line(&e, "isready");
    send_line(&e, "quit");
    send_line(&e, "isready"); /* after quit: not read */
    assert_int_equal(finish_engine(&e), 0);
    assert_int_equal(e.readyok, 3);
    assert_non_null(strstr(e.out, "no position given"));
    assert_non_null(strstr(e.out, "no search is running"));
    /* Every search that started ended with exactly one bestmove, and each
     * named a move. */
    const char *at = e.out;
    int searches = 0;
    while ((at = strstr(at, "\nbestmove ")) != NULL) {
        at += 10;
        assert_true(at[0] >= 'a' && at[0] <= 'g');
        searches++;
    }
    assert_int_equal(searches, e.bestmove);
    assert_true(searches >= 2);
    free(e.out);
}

/* ---- the client goes away ---------------------------------------------- */

static bool wait_exit(pid_t pid, int seconds, int *status)
{
    struct timespec pause = {0, 10 * 1000 * 1000};
    for (int i = 0; i < seconds * 100; i++) {
        pid_t got = waitpid(pid, status, WNOHANG);
        if (got == pid) {
            return true;
        }
        nanosleep(&pause, NULL);
    }
    return false;
}

/* A client sends commands (work that would go on for ever), then dies:
 * the engine must notice and end. */
static void client_dies_during(const char *go)
{
    /* Orphans come to this process rather than init, so it can wait for
     * the engine after its client is gone. */
    assert_int_equal(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
    int report[2];
    assert_int_equal(pipe(report), 0);
    fflush(NULL);
    pid_t client = fork();
    assert_true(client >= 0);
    if (client == 0) {
        /* The client starts an endless search, tells the test its
         * engine's pid, and waits to be killed. */
        close(report[0]);
        engine e;
        int in[2], out[2];
        if (pipe(in) != 0 || pipe(out) != 0) {
            _exit(1);
        }
        e.pid = fork();
        if (e.pid == 0) {
            dup2(in[0], STDIN_FILENO);
            dup2(out[1], STDOUT_FILENO);
            close(in[0]);
            close(in[1]);
            close(out[0]);
            close(out[1]);
            close(report[1]);
            execl(RB_ENGINE_BIN, RB_ENGINE_BIN, (char *)NULL);
            _exit(127);
        }
        close(in[0]);
        close(out[1]);
        if (write(in[1], go, strlen(go)) != (ssize_t)strlen(go)) {
            _exit(1);
        }
        /* Wait until the search is under way. */
        char buf[256];
        if (read(out[0], buf, sizeof buf) <= 0) {
            _exit(1);
        }
        if (write(report[1], &e.pid, sizeof e.pid) != (ssize_t)sizeof e.pid) {
            _exit(1);
        }
        for (;;) {
            pause();
        }
    }
    close(report[1]);
    pid_t engine_pid = 0;
    assert_int_equal(read(report[0], &engine_pid, sizeof engine_pid), (ssize_t)sizeof engine_pid);
    close(report[0]);
    assert_int_equal(kill(client, SIGKILL), 0);
    int status;
    assert_int_equal(waitpid(client, &status, 0), client);

    /* The engine sees its input end and goes, searching or not. */
    bool gone = wait_exit(engine_pid, 10, &status);
    if (!gone) {
        kill(engine_pid, SIGKILL);
        waitpid(engine_pid, &status, 0);
        fail_msg("the engine kept running after its client died");
    }
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    prctl(PR_SET_CHILD_SUBREAPER, 0);
}

static void a_client_that_dies_mid_search_ends_the_engine(void **state)
{
    (void)state;
    client_dies_during("position startpos\ngo infinite\n");
}

static void a_client_that_dies_mid_perft_ends_the_engine(void **state)
{
    (void)state;
    client_dies_during("position startpos\ngo perft 20\nisready\n");
}

static void closing_the_input_mid_search_ends_the_engine(void **state)
{
    (void)state;
    engine e;
    start_engine(&e);
    send_line(&e, "go infinite");
    send_line(&e, "isready");
    struct timespec pause = {0, 100 * 1000 * 1000};
    nanosleep(&pause, NULL);
    close(e.to);
    int status;
    bool gone = wait_exit(e.pid, 10, &status);
    if (!gone) {
        kill(e.pid, SIGKILL);
        waitpid(e.pid, &status, 0);
    }
    pthread_join(e.reader, NULL);
    close(e.from);
    assert_true(gone);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_int_equal(e.readyok, 1);
    assert_int_equal(e.bestmove, 1); /* the search it had was ended properly */
    free(e.out);
}

int main(void)
{
    /* A dead engine must fail a test, not kill the test program. */
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(thousands_of_random_lines_never_go_unanswered),
        cmocka_unit_test(commands_out_of_order_are_answered_sensibly),
        cmocka_unit_test(a_client_that_dies_mid_search_ends_the_engine),
        cmocka_unit_test(a_client_that_dies_mid_perft_ends_the_engine),
        cmocka_unit_test(closing_the_input_mid_search_ends_the_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
