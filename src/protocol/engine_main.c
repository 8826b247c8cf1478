/*
 * engine_main.c - the rollerball-engine program: the protocol on stdin and
 * stdout.
 *
 * Input is read in chunks with read(2), not line by line with stdio, so
 * that a line of any length costs bounded memory (the line reader caps it)
 * and the program notices end of input at once. End of input means the
 * client has gone: the engine stops any search and exits.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "linereader.h"
#include "protocol.h"
#include "rb_tb.h"

typedef struct session {
    rb_proto *proto;
    bool quit;
} session;

static void write_line(const char *line, void *user)
{
    (void)user;
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

static void on_line(const char *text, size_t len, bool overlong, void *user)
{
    session *s = user;
    if (s->quit) {
        return;
    }
    if (overlong) {
        rb_proto_line_too_long(s->proto);
    } else if (rb_proto_handle_line(s->proto, text, len) == RB_PROTO_QUIT) {
        s->quit = true;
    }
}

/* The client has gone when the reading end of our output is closed: poll
 * reports an error on a pipe whose reader has exited. */
static bool client_gone(void *user)
{
    (void)user;
    struct pollfd fd = {.fd = STDOUT_FILENO, .events = 0};
    return poll(&fd, 1, 0) == 1 && (fd.revents & (POLLERR | POLLHUP | POLLNVAL)) != 0;
}

int main(void)
{
    /* A client that closes its end while we answer must not kill us
     * mid-write; the next read sees end of input instead. */
    signal(SIGPIPE, SIG_IGN);

    session s = {rb_proto_new(write_line, NULL), false};
    rb_linereader reader;
    if (s.proto == NULL || rb_linereader_init(&reader, RB_PROTO_LINE_MAX) != 0) {
        fprintf(stderr, "rollerball-engine: out of memory\n");
        rb_proto_free(s.proto);
        return 1;
    }
    rb_proto_set_client_gone(s.proto, client_gone);
    /* The installed endgame tables, found relative to this program;
     * setoption name TablebasePath chooses others. */
    char tables[4096];
    if (rb_tb_default_dir(tables, sizeof tables) > 0 && rb_proto_use_tables(s.proto, tables) != 0) {
        fprintf(stderr, "rollerball-engine: out of memory\n");
        rb_proto_free(s.proto);
        return 1;
    }
    char chunk[4096];
    while (!s.quit) {
        ssize_t n = read(STDIN_FILENO, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            rb_linereader_finish(&reader, on_line, &s);
            break;
        }
        rb_linereader_feed(&reader, chunk, (size_t)n, on_line, &s);
    }
    rb_linereader_free(&reader);
    rb_proto_free(s.proto);
    return 0;
}
