/*
 * protocol.h - the engine's text protocol, one line at a time.
 *
 * The protocol follows UCI's conventions (uci, isready, position, go, stop,
 * quit, setoption) with a few additions for testing the rules (go perft, d,
 * bench). It lives in a library apart from the program's main() so that
 * tests can drive it in-process: feed it lines, collect what it answers.
 *
 * Answers go through the output callback, one call per line, without the
 * newline. Searches run on a thread of their own, so the callback is also
 * called from that thread; calls never overlap (the protocol serialises
 * them).
 */
#ifndef RB_PROTOCOL_H
#define RB_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>

/* Lines longer than this are refused with an error (a game of several
 * thousand moves still fits). */
#define RB_PROTO_LINE_MAX (256u * 1024u)

#define RB_PROTO_HASH_DEFAULT 16
#define RB_PROTO_HASH_MIN 1
#define RB_PROTO_HASH_MAX 1024

typedef struct rb_proto rb_proto;
typedef void (*rb_proto_out_fn)(const char *line, void *user);

typedef enum { RB_PROTO_CONTINUE = 0, RB_PROTO_QUIT = 1 } rb_proto_status;

/* NULL when memory runs out. */
rb_proto *rb_proto_new(rb_proto_out_fn out, void *user);
/* Stops any search, waits for it and frees everything. */
void rb_proto_free(rb_proto *p);

/* Handles one line (without its newline; it may hold any bytes). Returns
 * RB_PROTO_QUIT after "quit", once any search has ended. */
rb_proto_status rb_proto_handle_line(rb_proto *p, const char *line, size_t len);
/* Reports a line the reader had to cut because it was longer than
 * RB_PROTO_LINE_MAX. */
void rb_proto_line_too_long(rb_proto *p);

/* Tells the protocol how to find out that the client has gone (its end of
 * the output is closed), so that a long perft or bench started before it
 * left does not run on for nobody. */
void rb_proto_set_client_gone(rb_proto *p, bool (*gone)(void *user));

/* Uses the endgame tables in dir (setoption name TablebasePath does the
 * same); a new protocol has none. 0, or -1 when memory runs out. */
int rb_proto_use_tables(rb_proto *p, const char *dir);

/* True while a search started by "go" has not yet printed its bestmove. */
bool rb_proto_searching(rb_proto *p);
/* Blocks until a running search, perft or bench has ended by itself
 * (tests, scripts). */
void rb_proto_wait(rb_proto *p);

#endif
