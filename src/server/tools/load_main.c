/*
 * load_main.c - rollerball-server-load: many simulated players on the
 * loopback, to measure what one server process carries.
 *
 *   rollerball-server-load [--games N] [--plies P] [--port P]
 *
 * It starts a server of its own (a child process, development mode, a
 * temporary folder), lets 2N guests meet in the lobby in pairs, then plays
 * the N games at once, each side moving as soon as it is its turn (a
 * legal move picked by the ply number), P plies a game, through one poll
 * loop. It prints the time the lobby took, the moves a second the server
 * refereed, and the delay from a move played to the opponent's side
 * receiving it (median, 99th percentile, worst): every move crosses the
 * server, which checks it, stores it and commits before passing it on.
 */
#define _GNU_SOURCE

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rb_board.h"
#include "rb_net_invite.h"
#include "rb_net_peer.h"
#include "rb_net_text.h"
#include "rb_server.h"
#include "rb_util_clock.h"
#include "rb_util_number.h"

typedef struct side {
    int fd;
    rb_net_peer *peer;
    int64_t sent_at; /* when this side's last move left, 0 when none waits */
} side;

static int dial(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    for (int i = 0; i < 50; i++) {
        if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0) {
            struct timeval tv = {.tv_sec = 5};
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv); /* a lobby that does not answer fails */
            return fd;
        }
        rb_util_sleep_ms(100);
    }
    close(fd);
    return -1;
}

static bool say(int fd, const char *line)
{
    char b[1100];
    int n = snprintf(b, sizeof b, "%s\n", line);
    return send(fd, b, (size_t)n, MSG_NOSIGNAL) == n;
}

/* The next line starting with prefix, blocking. */
static bool wait_line(int fd, char *buf, size_t *len, const char *prefix, char *out, size_t size)
{
    for (;;) {
        char *nl;
        while ((nl = memchr(buf, '\n', *len)) != NULL) {
            size_t n = (size_t)(nl - buf);
            bool hit = strncmp(buf, prefix, strlen(prefix)) == 0;
            if (hit) {
                snprintf(out, size, "%.*s", (int)n, buf);
            }
            memmove(buf, nl + 1, *len - n - 1);
            *len -= n + 1;
            if (hit) {
                return true;
            }
        }
        ssize_t r = recv(fd, buf + *len, 8192 - *len, 0);
        if (r <= 0) {
            return false;
        }
        *len += (size_t)r;
    }
}

/* Two guests meet: the seats' tokens, White's first. */
static bool meet(int port, char tokens[2][64])
{
    int fd[2] = {dial(port), dial(port)};
    char buf[2][8192], line[1100], hello[100], hex[17];
    size_t len[2] = {0, 0};
    rb_net_hex64(rb_net_rules_fingerprint(), hex);
    snprintf(hello, sizeof hello, "lobby proto=1 program=load rules=%s", hex);
    for (int k = 0; k < 2; k++) {
        if (fd[k] < 0 || !say(fd[k], hello) || !say(fd[k], "guest") ||
            !wait_line(fd[k], buf[k], &len[k], "ok guest", line, sizeof line)) {
            return false;
        }
    }
    say(fd[0], "seek 60+0 casual");
    if (!wait_line(fd[0], buf[0], &len[0], "ok seek ", line, sizeof line)) {
        return false;
    }
    char accept[64];
    snprintf(accept, sizeof accept, "accept %.40s", line + 8);
    say(fd[1], accept);
    for (int k = 0; k < 2; k++) {
        char id[32], token[64], color[16];
        if (!wait_line(fd[k], buf[k], &len[k], "game ", line, sizeof line) ||
            sscanf(line, "game %31s %63s %15s", id, token, color) != 3) {
            return false;
        }
        snprintf(tokens[strcmp(color, "white") == 0 ? 0 : 1], 64, "%s", token);
    }
    close(fd[0]);
    close(fd[1]);
    return true;
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int games = 100, plies = 40, port = 47600 + (int)(getpid() % 300);
    for (int i = 1; i + 1 < argc; i += 2) {
        int *v = strcmp(argv[i], "--games") == 0   ? &games
                 : strcmp(argv[i], "--plies") == 0 ? &plies
                 : strcmp(argv[i], "--port") == 0  ? &port
                                                   : NULL;
        if (v == NULL || !rb_util_parse_int(argv[i + 1], 1, 100000, v)) {
            fprintf(stderr, "usage: rollerball-server-load [--games N] [--plies P] [--port P]\n");
            return 2;
        }
    }
    signal(SIGPIPE, SIG_IGN);
    char dir[] = "/tmp/rb-server-load.XXXXXX";
    char err[400];
    if (mkdtemp(dir) == NULL || rb_server_init_dir(dir, err, sizeof err) != 0) {
        fprintf(stderr, "rollerball-server-load: %s\n", err);
        return 1;
    }
    pid_t child = fork();
    if (child == 0) {
        rb_server_settings s;
        rb_server_settings_defaults(&s);
        s.port = port;
        s.conn_per_address = 4 * games + 10;
        s.max_connections = 4 * games + 10;
        if (freopen("/dev/null", "w", stderr) == NULL) {
            _exit(1);
        }
        rb_server *sv = rb_server_open(dir, &s, err, sizeof err);
        if (sv == NULL) {
            _exit(1);
        }
        static volatile int stop;
        rb_server_run(sv, &stop);
        _exit(0);
    }
    int64_t t0 = rb_util_now_ms();
    side *sides = calloc((size_t)games * 2, sizeof *sides);
    for (int g = 0; g < games; g++) {
        char tokens[2][64];
        if (!meet(port, tokens)) {
            fprintf(stderr, "rollerball-server-load: game %d could not be made\n", g);
            kill(child, SIGKILL);
            return 1;
        }
        for (int c = 0; c < 2; c++) {
            side *sd = &sides[2 * g + c];
            rb_net_config cfg;
            rb_net_config_defaults(&cfg, false);
            snprintf(cfg.token, sizeof cfg.token, "%.32s", tokens[c]);
            sd->peer = rb_net_peer_new(&cfg, err, sizeof err);
            sd->fd = dial(port);
            fcntl(sd->fd, F_SETFL, fcntl(sd->fd, F_GETFL) | O_NONBLOCK);
            rb_net_peer_connected(sd->peer, rb_util_now_ms());
        }
    }
    int64_t t1 = rb_util_now_ms();
    int n = 2 * games, moves = 0, done = 0;
    int64_t *delays = malloc(sizeof *delays * (size_t)games * (size_t)plies + 16);
    int ndelays = 0;
    struct pollfd *pfd = calloc((size_t)n, sizeof *pfd);
    int64_t deadline = t1 + 120000;
    while (done < games && rb_util_now_ms() < deadline) {
        for (int i = 0; i < n; i++) {
            const char *out;
            size_t len = rb_net_peer_output(sides[i].peer, &out);
            if (len > 0) {
                ssize_t w = send(sides[i].fd, out, len, MSG_NOSIGNAL);
                if (w > 0) {
                    rb_net_peer_sent(sides[i].peer, (size_t)w);
                }
            }
            pfd[i] = (struct pollfd){.fd = sides[i].fd, .events = POLLIN};
        }
        poll(pfd, (nfds_t)n, 5);
        int64_t now = rb_util_now_ms();
        done = 0;
        for (int i = 0; i < n; i++) {
            side *sd = &sides[i];
            if (pfd[i].revents & POLLIN) {
                char b[16384];
                ssize_t r;
                while ((r = recv(sd->fd, b, sizeof b, 0)) > 0) {
                    rb_net_peer_feed(sd->peer, b, (size_t)r, now);
                }
            }
            rb_net_peer_tick(sd->peer, now);
            rb_net_event ev;
            while (rb_net_peer_poll(sd->peer, &ev)) {
                side *other = &sides[i ^ 1];
                if (ev.type == RB_NET_EV_MOVE && other->sent_at != 0) {
                    delays[ndelays++] = now - other->sent_at;
                    other->sent_at = 0;
                }
            }
            const rb_game *g = rb_net_peer_game(sd->peer);
            if (g == NULL) {
                continue;
            }
            if ((i & 1) == 0 && (rb_net_peer_over(sd->peer) || g->length >= (size_t)plies)) {
                done++;
                continue;
            }
            if (!rb_net_peer_over(sd->peer) && rb_game_pos(g)->side == rb_net_peer_color(sd->peer) &&
                sd->sent_at == 0 && g->length < (size_t)plies) {
                rb_movelist list;
                rb_gen_legal(rb_game_pos(g), &list);
                if (list.count > 0 &&
                    rb_net_peer_move(sd->peer, list.moves[(g->length * 7 + (size_t)i) % (size_t)list.count], now, err,
                                     sizeof err) == 0) {
                    sd->sent_at = now;
                    moves++;
                }
            }
        }
    }
    int64_t t2 = rb_util_now_ms();
    kill(child, SIGTERM);
    waitpid(child, NULL, 0);
    qsort(delays, (size_t)ndelays, sizeof *delays, cmp64);
    printf("games %d, players %d, plies a game %d\n", games, 2 * games, plies);
    printf("lobby: %d games made in %" PRId64 " ms\n", games, t1 - t0);
    printf("play: %d moves in %" PRId64 " ms, %.0f moves a second; %d of %d games reached the plies\n", moves, t2 - t1,
           t2 > t1 ? 1000.0 * moves / (double)(t2 - t1) : 0.0, done, games);
    if (ndelays > 0) {
        printf("a move to the opponent: median %" PRId64 " ms, 99%% %" PRId64 " ms, worst %" PRId64 " ms (%d moves)\n",
               delays[ndelays / 2], delays[(ndelays * 99) / 100], delays[ndelays - 1], ndelays);
    }
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) {
        fprintf(stderr, "rollerball-server-load: %s was not removed\n", dir);
    }
    return done == games ? 0 : 1;
}
