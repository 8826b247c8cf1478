/*
 * rb_net_wire.h - the lines of the network protocol as values.
 *
 * One line is one message; parsing is strict (every field checked, its
 * range too) and a failure says what was wrong, so the state machine can
 * answer "error <what>" and carry on; formatting writes exactly what the
 * parser reads. docs/network.md is the reference for every message.
 * Pure: no I/O, no globals.
 */
#ifndef RB_NET_WIRE_H
#define RB_NET_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rb_board.h"

#define RB_NET_PROTO 1        /* the protocol version this build speaks */
#define RB_NET_PROTO_MIN 1    /* the oldest it accepts */
#define RB_NET_LINE_MAX 1024  /* bytes in a line, the newline left out */
#define RB_NET_NAME_MAX 40    /* bytes of a player's name */
#define RB_NET_PROGRAM_MAX 40 /* bytes of a program's name and version */
#define RB_NET_TEXT_MAX 200   /* bytes of chat text or a reason */
#define RB_NET_TOKEN_LEN 32   /* hex digits of an invite token */
#define RB_NET_NO_TOKEN "-"   /* hello's token when knocking */
#define RB_NET_CHUNK_MAX 600  /* bytes of PGN in one pgn message, before encoding */
#define RB_NET_CHUNKS_MAX 400 /* pgn messages in one game */
#define RB_NET_SEQ_MAX 1000000000
#define RB_NET_PLY_MAX 100000
#define RB_NET_CLOCK_MAX ((int64_t)1000 * 3600 * 1000) /* a clock below 1000 hours */

typedef enum {
    RB_MSG_HELLO = 0,
    RB_MSG_WELCOME,
    RB_MSG_BYE,
    RB_MSG_ERROR,
    RB_MSG_PING,
    RB_MSG_PONG,
    RB_MSG_ACK,
    RB_MSG_WAIT, /* host to a joiner who knocked: the host's person is asked */
    /* numbered messages: each carries a sequence number, is acknowledged and
     * resent until it is */
    RB_MSG_MOVE,
    RB_MSG_CLOCK,
    RB_MSG_OFFER,
    RB_MSG_ANSWER,
    RB_MSG_DONE,
    RB_MSG_RESIGN,
    RB_MSG_ABORT,
    RB_MSG_FLAG,
    RB_MSG_CLAIM,
    RB_MSG_CHAT,
    RB_MSG_REFUSE,
    RB_MSG_PGN,
    RB_MSG_COUNT
} rb_net_msg_type;

static inline bool rb_net_msg_numbered(rb_net_msg_type t)
{
    return t >= RB_MSG_MOVE;
}

/* What an offer, an answer or a done is about. */
typedef enum {
    RB_OFFER_DRAW = 0,
    RB_OFFER_TAKEBACK1, /* take back the last ply */
    RB_OFFER_TAKEBACK2, /* take back the last two plies (the move pair) */
    RB_OFFER_REMATCH,   /* a new game, colours swapped */
    RB_OFFER_COUNT
} rb_net_offer;

typedef enum { RB_CLAIM_WIN = 0, RB_CLAIM_DRAW } rb_net_claim;

typedef struct rb_net_msg {
    rb_net_msg_type type;
    int64_t seq; /* numbered messages; ping/pong id; ack's sequence number */
    /* hello and welcome */
    int proto;
    char program[RB_NET_PROGRAM_MAX + 1];
    uint64_t rules;
    char name[RB_NET_NAME_MAX + 1];
    char token[RB_NET_TOKEN_LEN + 1]; /* hello: the invite's token ("-" when knocking); welcome: the
                                         token given to a joiner let in by knocking, for a reconnect */
    bool knock;                       /* hello: no token, the joiner asks the host's person */
    bool has_game;                    /* hello: resuming; welcome: always */
    uint64_t game;                    /* the game's token */
    int64_t seen;                     /* the last numbered message received */
    int you;                          /* welcome: the joiner's colour */
    char start[RB_POS_TEXT_MAX];      /* welcome: the start position */
    int64_t base_ms, inc_ms;          /* welcome: the time control; base 0: untimed */
    bool resume;                      /* welcome: the game goes on */
    /* the game's messages */
    int64_t ply;
    char move[16];
    uint64_t fp;       /* move: the position's key after it */
    int64_t clock_ms;  /* move: the mover's clock after it */
    int64_t clocks[2]; /* clock: White's and Black's */
    int kind;          /* offer/answer/done: rb_net_offer; claim: rb_net_claim */
    bool yes;          /* answer */
    int color;         /* flag: who ran out of time */
    int64_t of_seq;    /* refuse: the message refused */
    int index, count;  /* pgn: this chunk, of count */
    /* bye's reason code; bye, error, chat, refuse, pgn text (decoded) */
    char code[16];
    char text[RB_NET_LINE_MAX + 1];
} rb_net_msg;

/* Parses one line (no newline, at most RB_NET_LINE_MAX bytes). Returns 0,
 * or -1 with err saying what is wrong ("move: the ply 'x' is not a
 * number"). */
int rb_net_msg_parse(const char *line, rb_net_msg *m, char *err, size_t errlen);
/* Writes m as a line with its newline; returns the length, or 0 when it
 * does not fit in size (at least RB_NET_LINE_MAX + 2). */
size_t rb_net_msg_format(const rb_net_msg *m, char *buf, size_t size);

const char *rb_net_msg_name(rb_net_msg_type t);
const char *rb_net_offer_name(int kind);
const char *rb_net_claim_name(int kind);

#endif
