/*
 * match_game.h - one game between two engine processes, refereed by the
 * rules library.
 *
 * The referee asks each engine for a move with "position startpos moves
 * ..." and "go ...", checks the answer against the legal moves, and ends
 * the game by the rules alone (mate, throne, stalemate, repetition), or by
 * the match's explicit length limit. An engine that answers an illegal
 * move or garbage, runs out of time or dies loses the game, and is stopped;
 * it is started afresh for its next game.
 */
#ifndef RB_MATCH_GAME_H
#define RB_MATCH_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "match_openings.h"
#include "match_proc.h"
#include "rb_game.h"

#define RB_MATCH_OPTIONS_MAX 16

/* An engine as the user described it. */
typedef struct rb_engine_spec {
    const char *name;
    const char *command;
    int noptions;
    const char *option_name[RB_MATCH_OPTIONS_MAX];
    const char *option_value[RB_MATCH_OPTIONS_MAX];
} rb_engine_spec;

/* A running instance of an engine. */
typedef struct rb_player {
    const rb_engine_spec *spec;
    rb_proc proc;
    bool ready;            /* started and through the handshake */
    int64_t move_deadline; /* when the move asked for is due ... */
    int64_t move_allowed;  /* ... and how long it was given */
} rb_player;

typedef struct rb_match_limits {
    int64_t movetime_ms;     /* go movetime */
    uint64_t nodes;          /* go nodes */
    int depth;               /* go depth */
    int64_t margin_ms;       /* grace beyond movetime before a timeout */
    int64_t move_timeout_ms; /* longest wait for a node- or depth-limited move */
    int adjudicate_after;    /* plies after which the game is drawn; 0: never */
    /* With a node limit: each move's limit is drawn from nodes +/- this
     * percentage, from spread_seed, so games between deterministic engines
     * differ and stay reproducible. 0: every move gets exactly nodes. */
    int nodes_spread_pct;
    uint64_t spread_seed;
} rb_match_limits;

typedef struct rb_outcome {
    rb_result result;
    char termination[32]; /* the PGN Termination tag */
    char reason[256];     /* for people: what ended the game */
    bool adjudicated;
    int forfeit_color; /* colour that forfeited, or -1 */
} rb_outcome;

/* Starts the engine and runs the uci/setoption/isready handshake if it is
 * not running; true when it is ready. On failure, err says why. */
bool rb_player_ensure(rb_player *p, char *err, size_t errlen);
void rb_player_stop(rb_player *p);

/* Starts a new game for the engine (started if need be): ucinewgame and
 * isready. On failure, why says what went wrong. */
bool rb_player_new_game(rb_player *p, char *why, size_t whylen);

typedef enum { RB_ASK_MOVE = 0, RB_ASK_TIMEOUT, RB_ASK_CRASH, RB_ASK_GARBAGE, RB_ASK_WAITING } rb_ask_status;

/* Asks the engine for a move in the game's current position, sending the
 * game from its start ("position fen" for another start than the
 * standard one) and "go" with lim's limits (nodes for a node limit); on
 * RB_ASK_MOVE the move text is in move, else why says what went wrong. The
 * move is not checked: that is the caller's part. */
rb_ask_status rb_player_ask_move(rb_player *p, const rb_game *game, const rb_match_limits *lim, uint64_t nodes,
                                 char *move, size_t size, char *why, size_t whylen);
/* The same in two halves, for a caller with other work while the engine
 * thinks (a network game keeps its connection served): start sends the
 * position and "go" (RB_ASK_WAITING, or RB_ASK_CRASH), poll reads the
 * answer, waiting at most until wait_until (on rb_util_now_ms()'s clock),
 * and returns RB_ASK_WAITING while it is not there and not yet late. */
rb_ask_status rb_player_start_move(rb_player *p, const rb_game *game, const rb_match_limits *lim, uint64_t nodes,
                                   char *why, size_t whylen);
rb_ask_status rb_player_poll_move(rb_player *p, int64_t wait_until, char *move, size_t size, char *why, size_t whylen);

/* Plays a game from the opening; game must be initialised at the start
 * position and receives every move. */
void rb_match_play(rb_player *white, rb_player *black, const rb_opening *opening, const rb_match_limits *lim,
                   rb_game *game, rb_outcome *out);

#endif
