/*
 * fuzz_server.c - fuzzes the server's reader (a connection's first line,
 * which makes it a lobby or a seat connection; the lobby's line reader and
 * its limits), the lobby's requests in every state they can meet (before
 * the greeting, while a password is with the hasher, after a login, with
 * seeks, challenges and invites standing) and the referee's seats, over
 * the loopback with the server in the fuzzer's own process.
 *
 * Each input runs on a new server in a new folder (under /dev/shm when it
 * is there, so the database's syncs cost nothing), without TLS and with
 * argon2id at its least, so an input runs the same way again. The input is
 * a script of lines, so that the seeds read as what the clients say:
 *
 *   '0'..'3' TEXT   client k sends TEXT and the newline
 *   'a'..'d' TEXT   client k sends TEXT without the newline (half a line)
 *   'A'..'D'        client k's connection is closed and a new one opened
 *   'w'             the server runs until the hasher's answers are in
 *   anything else   client (byte % 4) sends the whole line as it is
 *
 * With RB_FUZZ_SHOW set, the server's lines and log go to standard error.
 *
 * In what is sent, "$R" stands for the rules' fingerprint and "$W" and
 * "$B" for the seat tokens of the last game the server announced, so a
 * script can greet the lobby, start a game and open its seats.
 *
 * Whatever comes in, the server must not crash or leak (the sanitizers),
 * and every line it sends must end with a newline within the protocol's
 * bound: on a lobby connection, starting with one of the lobby's words; on
 * a seat connection, a message the protocol's parser reads (or a "bye").
 */
#define _GNU_SOURCE

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "check.h"
#include "rb_net_invite.h"
#include "rb_net_text.h"
#include "rb_net_wire.h"
#include "rb_server.h"
#include "server_log.h"

#define CLIENTS 4
#define SEND_MAX 4096

typedef struct fclient {
    int fd;
    bool seat;     /* its first line was a hello */
    bool said;     /* it sent a first byte since it was opened */
    char in[8192]; /* what came from the server, not yet a whole line */
    size_t in_len;
} fclient;

static fclient clients[CLIENTS];
static char rules_hex[17];
static char tokens[2][64];
static bool got_bytes;
static bool show; /* RB_FUZZ_SHOW=1: the server's lines on standard error, for writing seeds */

static const char *const LOBBY_WORDS[] = {"ok",     "no",        "error", "bye",     "lobby", "pong",  "seek",
                                          "unseek", "challenge", "game",  "playing", "moved", "ended", "rated"};

static void check_lobby_line(const char *line)
{
    for (size_t i = 0; i < sizeof LOBBY_WORDS / sizeof LOBBY_WORDS[0]; i++) {
        size_t n = strlen(LOBBY_WORDS[i]);
        if (strncmp(line, LOBBY_WORDS[i], n) == 0 && (line[n] == ' ' || line[n] == '\0')) {
            for (const char *s = line; *s != '\0'; s++) {
                if ((unsigned char)*s < 0x20 || *s == 0x7f) {
                    rb_fuzz_fail("a control character in the lobby's line '%s'", line);
                }
            }
            if (strncmp(line, "game ", 5) == 0) {
                char token[64], color[16];
                if (sscanf(line, "game %*s %63s %15s", token, color) == 2) {
                    snprintf(tokens[strcmp(color, "white") == 0 ? 0 : 1], sizeof tokens[0], "%s", token);
                }
            }
            return;
        }
    }
    rb_fuzz_fail("the lobby sent '%s', which starts with none of its words", line);
}

static void check_seat_line(const char *line)
{
    rb_net_msg m;
    char err[200];
    if (strncmp(line, "bye ", 4) != 0 && rb_net_msg_parse(line, &m, err, sizeof err) != 0) {
        rb_fuzz_fail("a seat was sent '%s', which does not read: %s", line, err);
    }
}

static void take_output(fclient *c)
{
    if (c->fd < 0) {
        return;
    }
    ssize_t r;
    while ((r = recv(c->fd, c->in + c->in_len, sizeof c->in - c->in_len, 0)) > 0) {
        c->in_len += (size_t)r;
        got_bytes = true;
        char *nl;
        while ((nl = memchr(c->in, '\n', c->in_len)) != NULL) {
            size_t len = (size_t)(nl - c->in);
            if (len > RB_NET_LINE_MAX) {
                rb_fuzz_fail("a line of %zu bytes", len);
            }
            char line[RB_NET_LINE_MAX + 1];
            memcpy(line, c->in, len);
            line[len] = '\0';
            if (memchr(line, '\0', len) != NULL) {
                rb_fuzz_fail("a NUL byte in a line");
            }
            if (show) {
                fprintf(stderr, "%d< %s\n", (int)(c - clients), line);
            }
            if (c->seat) {
                check_seat_line(line);
            } else {
                check_lobby_line(line);
            }
            memmove(c->in, nl + 1, c->in_len - len - 1);
            c->in_len -= len + 1;
        }
        if (c->in_len >= sizeof c->in) {
            rb_fuzz_fail("%zu bytes without a newline", c->in_len);
        }
    }
    if (r == 0) {
        close(c->fd);
        c->fd = -1;
    }
}

static void step(rb_server *sv, int timeout_ms)
{
    rb_server_step(sv, timeout_ms);
    for (int k = 0; k < CLIENTS; k++) {
        take_output(&clients[k]);
    }
}

static void client_open(rb_server *sv, fclient *c)
{
    memset(c, 0, sizeof *c);
    c->fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)rb_server_port(sv))};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    if (c->fd < 0 || connect(c->fd, (struct sockaddr *)&a, sizeof a) != 0) {
        rb_fuzz_fail("cannot reach the server");
    }
    fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
}

static void client_close(fclient *c)
{
    if (c->fd >= 0) {
        close(c->fd);
    }
    c->fd = -1;
}

/* text with $R, $W and $B replaced, into out */
static size_t expand(const uint8_t *text, size_t n, char *out, size_t size)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o < size; i++) {
        const char *sub = NULL;
        if (text[i] == '$' && i + 1 < n) {
            sub = text[i + 1] == 'R'   ? rules_hex
                  : text[i + 1] == 'W' ? tokens[0]
                  : text[i + 1] == 'B' ? tokens[1]
                                       : NULL;
        }
        if (sub != NULL) {
            size_t k = strlen(sub);
            k = k < size - o ? k : size - o;
            memcpy(out + o, sub, k);
            o += k;
            i++;
        } else {
            out[o++] = (char)text[i];
        }
    }
    return o;
}

static void client_send(fclient *c, const char *data, size_t n)
{
    if (c->fd < 0 || n == 0) {
        return;
    }
    if (!c->said) {
        c->said = true;
        c->seat = n >= 6 && memcmp(data, "hello ", 6) == 0;
    }
    ssize_t w = send(c->fd, data, n, MSG_NOSIGNAL);
    (void)w; /* a client the server closed sends nowhere */
}

/* Until the hasher's answers are in: a few rounds after the last bytes. */
static void settle(rb_server *sv)
{
    int quiet = 0;
    for (int i = 0; i < 40 && quiet < 3; i++) {
        got_bytes = false;
        step(sv, 2);
        quiet = got_bytes ? 0 : quiet + 1;
    }
}

static char folder[256];

static rb_server *server_new(void)
{
    const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(folder, sizeof folder, "%s/rb-fuzz-server.XXXXXX", base);
    if (mkdtemp(folder) == NULL) {
        rb_fuzz_fail("no folder for the server");
    }
    rb_server_settings s;
    rb_server_settings_defaults(&s);
    s.port = 0;
    s.pwhash_ops = 1;
    s.pwhash_mem_kib = 8;
    s.lines_per_second = 1000; /* the flood limit is met, but not by every script */
    char err[400];
    rb_server *sv = rb_server_open(folder, &s, err, sizeof err);
    if (sv == NULL) {
        rb_fuzz_fail("the server does not open: %s", err);
    }
    return sv;
}

static void folder_remove(void)
{
    static const char *const files[] = {"server.db", "server.db-wal", "server.db-shm", "server.db-journal"};
    char path[320];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", folder, files[i]);
        unlink(path);
    }
    rmdir(folder);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    show = getenv("RB_FUZZ_SHOW") != NULL;
    rb_server_log_limit(show ? RB_LOG_DEBUG : 0);
    rb_net_hex64(rb_net_rules_fingerprint(), rules_hex);
    memset(tokens, 0, sizeof tokens);
    rb_server *sv = server_new();
    for (int k = 0; k < CLIENTS; k++) {
        client_open(sv, &clients[k]);
    }
    step(sv, 0);
    size_t i = 0;
    while (i < size) {
        const uint8_t *line = data + i;
        const uint8_t *nl = memchr(line, '\n', size - i);
        size_t len = nl != NULL ? (size_t)(nl - line) : size - i;
        i += len + (nl != NULL);
        if (len == 0) {
            continue;
        }
        char out[SEND_MAX + 1];
        uint8_t op = line[0];
        if (op >= '0' && op <= '3') {
            size_t n = expand(line + 1, len - 1, out, SEND_MAX);
            out[n++] = '\n';
            client_send(&clients[op - '0'], out, n);
        } else if (op >= 'a' && op <= 'd') {
            client_send(&clients[op - 'a'], out, expand(line + 1, len - 1, out, SEND_MAX));
        } else if (op >= 'A' && op <= 'D') {
            client_close(&clients[op - 'A']);
            step(sv, 0);
            client_open(sv, &clients[op - 'A']);
        } else if (op == 'w') {
            settle(sv);
        } else {
            size_t n = expand(line, len, out, SEND_MAX);
            out[n++] = '\n';
            client_send(&clients[op % CLIENTS], out, n);
        }
        step(sv, 0);
    }
    settle(sv);
    for (int k = 0; k < CLIENTS; k++) {
        client_close(&clients[k]);
    }
    step(sv, 0);
    rb_server_close(sv);
    folder_remove();
    return 0;
}
