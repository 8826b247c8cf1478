/*
 * fuzz_protocol.c - fuzzes the engine's text protocol in-process.
 *
 * The input is a byte stream as a client would send it. It goes through the
 * engine's own line reader (fed in small chunks, with a small cap so that
 * overlong lines happen) and each line goes to rb_proto_handle_line. Lines
 * are passed on as they are, except that searches are kept tiny so the
 * fuzzer spends its time on the protocol and not in the engine: every "go"
 * and "threat" gets "depth 3 nodes 300" appended (later limits win), "go
 * perft" is held to depth 3, "bench" runs at depth 1 and hash sizes are
 * capped at 8 MiB.
 *
 * Searches run on their own thread as in the real program, so commands
 * arriving during a search are part of what is fuzzed. Every answer line
 * must be one line of text, and every "isready" must be answered with
 * "readyok" before the next line is read.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "check.h"
#include "linereader.h"
#include "protocol.h"

#define READER_CAP 300
#define CHUNK 7
#define REWRITE_MAX (READER_CAP + 64)

typedef struct session {
    rb_proto *proto;
    int readyok; /* written only by the reading thread's isready */
    bool quit;   /* after "quit" the program reads no more lines */
} session;

static void on_answer(const char *line, void *user)
{
    session *s = user;
    size_t n = strlen(line);
    if (memchr(line, '\n', n) != NULL || memchr(line, '\r', n) != NULL) {
        rb_fuzz_fail("an answer spans several lines: '%s'", line);
    }
    if (strcmp(line, "readyok") == 0) {
        s->readyok++;
    }
}

/* The protocol's own word separators: the taming below must see the same
 * words the protocol will, or "bench\v" would slip past as a full bench. */
static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The first word of text[0..len) and where the rest starts. */
static size_t first_word(const char *text, size_t len, const char **word)
{
    size_t i = 0;
    while (i < len && is_space(text[i])) {
        i++;
    }
    *word = text + i;
    size_t start = i;
    while (i < len && !is_space(text[i])) {
        i++;
    }
    return i - start;
}

static bool word_is(const char *w, size_t n, const char *text)
{
    return n == strlen(text) && memcmp(w, text, n) == 0;
}

/* Writes the line to hand to the protocol into out; returns its length. */
static size_t tame(const char *text, size_t len, char *out)
{
    const char *w;
    size_t n = first_word(text, len, &w);
    const char *rest = w + n;
    size_t restlen = len - (size_t)(rest - text);
    if (word_is(w, n, "go")) {
        const char *w2;
        size_t n2 = first_word(rest, restlen, &w2);
        if (word_is(w2, n2, "perft")) {
            const char *w3;
            size_t n3 = first_word(w2 + n2, restlen - (size_t)(w2 + n2 - rest), &w3);
            if (n3 == 1 && w3[0] >= '0' && w3[0] <= '3') {
                memcpy(out, text, len);
                return len;
            }
            return (size_t)sprintf(out, "go perft 3");
        }
        memcpy(out, text, len);
        return len + (size_t)sprintf(out + len, " depth 3 nodes 300");
    }
    if (word_is(w, n, "threat")) {
        memcpy(out, text, len);
        return len + (size_t)sprintf(out + len, " depth 3 nodes 300");
    }
    if (word_is(w, n, "bench")) {
        return (size_t)sprintf(out, "bench 1");
    }
    if (word_is(w, n, "setoption")) {
        /* Cap any number after "value" at one digit, i.e. 9 MiB of hash. */
        memcpy(out, text, len);
        const char *v = NULL;
        for (size_t i = 0; i + 5 <= len; i++) {
            if (strncasecmp(text + i, "value", 5) == 0) {
                v = text + i + 5;
            }
        }
        if (v != NULL) {
            size_t at = (size_t)(v - text);
            while (at < len && (out[at] == ' ' || out[at] == '\t')) {
                at++;
            }
            size_t digits = 0;
            while (at + digits < len && out[at + digits] >= '0' && out[at + digits] <= '9') {
                digits++;
            }
            if (digits > 1) {
                memset(out + at, '0', digits - 1);
            }
        }
        return len;
    }
    memcpy(out, text, len);
    return len;
}

static void on_line(const char *text, size_t len, bool overlong, void *user)
{
    session *s = user;
    if (s->quit) {
        return;
    }
    if (overlong) {
        rb_proto_line_too_long(s->proto);
        return;
    }
    char out[REWRITE_MAX + 32];
    size_t n = tame(text, len, out);
    const char *w;
    size_t wn = first_word(out, n, &w);
    int before = s->readyok;
    s->quit = rb_proto_handle_line(s->proto, out, n) == RB_PROTO_QUIT;
    if (word_is(w, wn, "isready") && s->readyok != before + 1) {
        rb_fuzz_fail("isready was not answered with exactly one readyok");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    session s = {NULL, 0, false};
    s.proto = rb_proto_new(on_answer, &s);
    if (s.proto == NULL) {
        rb_fuzz_fail("rb_proto_new failed");
    }
    rb_linereader reader;
    if (rb_linereader_init(&reader, READER_CAP) != 0) {
        rb_fuzz_fail("rb_linereader_init failed");
    }
    for (size_t at = 0; at < size; at += CHUNK) {
        size_t n = size - at < CHUNK ? size - at : CHUNK;
        rb_linereader_feed(&reader, (const char *)data + at, n, on_line, &s);
    }
    rb_linereader_finish(&reader, on_line, &s);
    rb_linereader_free(&reader);
    rb_proto_free(s.proto);
    return 0;
}
