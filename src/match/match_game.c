/*
 * match_game.c - refereeing one game between two engines (see
 * match_game.h).
 */
#define _POSIX_C_SOURCE 200809L

#include "match_game.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_notation.h"
#include "rb_util_clock.h"
#include "rb_util_random.h"

/* Waiting for the handshake answers: generous, engines may load tables. */
#define HANDSHAKE_MS 10000
#define SEND_MS 2000

static const char *first_word(const char *line, size_t *len)
{
    while (*line == ' ' || *line == '\t') {
        line++;
    }
    *len = strcspn(line, " \t");
    return line;
}

static bool word_is(const char *w, size_t n, const char *text)
{
    return strlen(text) == n && memcmp(w, text, n) == 0;
}

/* Reads lines until one whose first word is want; false on anything that
 * ends the wait (timeout, exit, an error the engine reports). */
static bool await_word(rb_player *p, const char *want, int64_t deadline, char *err, size_t errlen)
{
    for (;;) {
        const char *line;
        rb_proc_status st = rb_proc_read_line(&p->proc, deadline, &line);
        if (st == RB_PROC_TIMEOUT) {
            snprintf(err, errlen, "no '%s' in time", want);
            return false;
        }
        if (st == RB_PROC_CLOSED) {
            snprintf(err, errlen, "the engine exited before '%s'", want);
            return false;
        }
        if (st == RB_PROC_OVERLONG) {
            continue;
        }
        size_t n;
        const char *w = first_word(line, &n);
        if (word_is(w, n, want)) {
            return true;
        }
        if (strncmp(w, "info string error", 17) == 0) {
            snprintf(err, errlen, "the engine said: %.200s", w);
            return false;
        }
    }
}

bool rb_player_ensure(rb_player *p, char *err, size_t errlen)
{
    if (p->ready && rb_proc_running(&p->proc)) {
        return true;
    }
    rb_player_stop(p);
    if (rb_proc_start(&p->proc, p->spec->command, err, errlen) != 0) {
        return false;
    }
    int64_t deadline = rb_util_now_ms() + HANDSHAKE_MS;
    bool ok = rb_proc_send(&p->proc, "uci", deadline) && await_word(p, "uciok", deadline, err, errlen);
    for (int i = 0; ok && i < p->spec->noptions; i++) {
        char line[512];
        snprintf(line, sizeof line, "setoption name %s value %s", p->spec->option_name[i], p->spec->option_value[i]);
        ok = rb_proc_send(&p->proc, line, deadline);
    }
    ok = ok && rb_proc_send(&p->proc, "isready", deadline) && await_word(p, "readyok", deadline, err, errlen);
    if (!ok) {
        rb_proc_stop(&p->proc, 0);
        return false;
    }
    p->ready = true;
    return true;
}

void rb_player_stop(rb_player *p)
{
    rb_proc_stop(&p->proc, p->ready ? 500 : 0);
    p->ready = false;
}

/* ---- refereeing ------------------------------------------------------------ */

static void forfeit(rb_player *p, rb_game *game, int color, const char *termination, rb_outcome *out, const char *why)
{
    rb_proc_stop(&p->proc, 0); /* whatever state it is in, it is not trusted again */
    p->ready = false;
    rb_game_resign(game, color);
    out->result = color == RB_WHITE ? RB_RESULT_BLACK : RB_RESULT_WHITE;
    out->forfeit_color = color;
    snprintf(out->termination, sizeof out->termination, "%s", termination);
    snprintf(out->reason, sizeof out->reason, "%s %s: %s", color == RB_WHITE ? "White" : "Black", p->spec->name, why);
}

/* "position startpos moves ..." for the game so far ("position fen ..."
 * for a game from another start). */
static char *position_command(const rb_game *game)
{
    size_t size = 32 + RB_POS_TEXT_MAX + game->ply * (RB_MOVE_TEXT_MAX + 1);
    char *text = malloc(size);
    if (text == NULL) {
        return NULL;
    }
    rb_pos standard;
    rb_pos_start(&standard);
    char fen[RB_POS_TEXT_MAX] = "";
    if (!rb_pos_equal(&game->positions[0], &standard)) {
        rb_pos_format(&game->positions[0], fen, sizeof fen);
    }
    size_t n = (size_t)snprintf(text, size, "position %s%s%s", fen[0] != '\0' ? "fen " : "startpos", fen,
                                game->ply > 0 ? " moves" : "");
    for (size_t i = 0; i < game->ply; i++) {
        text[n++] = ' ';
        n += rb_move_to_coord(game->moves[i], text + n);
    }
    text[n] = '\0';
    return text;
}

static void go_command(const rb_match_limits *lim, uint64_t nodes, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "go");
    if (lim->movetime_ms > 0) {
        n += (size_t)snprintf(buf + n, size - n, " movetime %" PRId64, lim->movetime_ms);
    }
    if (nodes > 0) {
        n += (size_t)snprintf(buf + n, size - n, " nodes %" PRIu64, nodes);
    }
    if (lim->depth > 0) {
        snprintf(buf + n, size - n, " depth %d", lim->depth);
    }
}

rb_ask_status rb_player_ask_move(rb_player *p, const rb_game *game, const rb_match_limits *lim, uint64_t nodes,
                                 char *move, size_t size, char *why, size_t whylen)
{
    rb_ask_status st = rb_player_start_move(p, game, lim, nodes, why, whylen);
    while (st == RB_ASK_WAITING) {
        st = rb_player_poll_move(p, p->move_deadline, move, size, why, whylen);
    }
    return st;
}

rb_ask_status rb_player_start_move(rb_player *p, const rb_game *game, const rb_match_limits *lim, uint64_t nodes,
                                   char *why, size_t whylen)
{
    char go[128];
    go_command(lim, nodes, go, sizeof go);
    char *position = position_command(game);
    int64_t now = rb_util_now_ms();
    bool sent = position != NULL && rb_proc_send(&p->proc, position, now + SEND_MS) &&
                rb_proc_send(&p->proc, go, now + SEND_MS);
    free(position);
    if (!sent) {
        snprintf(why, whylen, "stopped reading its input");
        return RB_ASK_CRASH;
    }
    p->move_allowed = lim->movetime_ms > 0 ? lim->movetime_ms + lim->margin_ms : lim->move_timeout_ms;
    p->move_deadline = rb_util_now_ms() + p->move_allowed;
    return RB_ASK_WAITING;
}

rb_ask_status rb_player_poll_move(rb_player *p, int64_t wait_until, char *move, size_t size, char *why, size_t whylen)
{
    int64_t until = wait_until < p->move_deadline ? wait_until : p->move_deadline;
    for (;;) {
        const char *line;
        rb_proc_status st = rb_proc_read_line(&p->proc, until, &line);
        if (st == RB_PROC_TIMEOUT && until < p->move_deadline) {
            return RB_ASK_WAITING;
        }
        if (st == RB_PROC_TIMEOUT) {
            snprintf(why, whylen, "no move within %" PRId64 " ms", p->move_allowed);
            return RB_ASK_TIMEOUT;
        }
        if (st == RB_PROC_CLOSED) {
            snprintf(why, whylen, "the engine exited or closed its output");
            return RB_ASK_CRASH;
        }
        if (st == RB_PROC_OVERLONG) {
            snprintf(why, whylen, "an output line longer than %d bytes", RB_PROC_LINE_MAX);
            return RB_ASK_GARBAGE;
        }
        size_t n;
        const char *w = first_word(line, &n);
        if (n == 0 || word_is(w, n, "info")) {
            continue;
        }
        if (!word_is(w, n, "bestmove")) {
            snprintf(why, whylen, "unexpected output '%.80s'", w);
            return RB_ASK_GARBAGE;
        }
        w = first_word(w + n, &n);
        if (n == 0 || n >= size) {
            snprintf(why, whylen, "unreadable bestmove line '%.80s'", line);
            return RB_ASK_GARBAGE;
        }
        memcpy(move, w, n);
        move[n] = '\0';
        return RB_ASK_MOVE;
    }
}

bool rb_player_new_game(rb_player *p, char *why, size_t whylen)
{
    int64_t deadline = rb_util_now_ms() + HANDSHAKE_MS;
    if (!rb_player_ensure(p, why, whylen)) {
        return false;
    }
    return rb_proc_send(&p->proc, "ucinewgame", deadline) && rb_proc_send(&p->proc, "isready", deadline) &&
           await_word(p, "readyok", deadline, why, whylen);
}

void rb_match_play(rb_player *white, rb_player *black, const rb_opening *opening, const rb_match_limits *lim,
                   rb_game *game, rb_outcome *out)
{
    rb_player *players[2] = {white, black};
    uint64_t spread_state = lim->spread_seed;
    memset(out, 0, sizeof *out);
    out->forfeit_color = -1;
    for (int i = 0; i < opening->plies; i++) {
        rb_game_play(game, opening->moves[i]);
    }
    char why[200];
    for (int color = RB_WHITE; color <= RB_BLACK; color++) {
        if (!rb_player_new_game(players[color], why, sizeof why)) {
            forfeit(players[color], game, color, "abandoned", out, why);
            return;
        }
    }
    for (;;) {
        rb_ending ending = rb_game_ending(game);
        if (ending != RB_END_NONE) {
            out->result = rb_game_result(game);
            snprintf(out->termination, sizeof out->termination, "%s", rb_ending_name(ending));
            snprintf(out->reason, sizeof out->reason, "%s", rb_ending_name(ending));
            return;
        }
        if (lim->adjudicate_after > 0 && game->ply >= (size_t)lim->adjudicate_after) {
            rb_game_agree_draw(game);
            out->result = RB_RESULT_DRAW;
            out->adjudicated = true;
            snprintf(out->termination, sizeof out->termination, "adjudication");
            snprintf(out->reason, sizeof out->reason, "adjudicated a draw after %d plies", lim->adjudicate_after);
            return;
        }
        int side = rb_game_pos(game)->side;
        rb_player *p = players[side];
        char text[64], err[200];
        uint64_t nodes = lim->nodes;
        if (nodes > 0 && lim->nodes_spread_pct > 0) {
            uint64_t spread = nodes * (uint64_t)lim->nodes_spread_pct / 100;
            nodes = nodes - spread + rb_util_splitmix64(&spread_state) % (2 * spread + 1);
            nodes = nodes > 0 ? nodes : 1;
        }
        rb_ask_status st = rb_player_ask_move(p, game, lim, nodes, text, sizeof text, why, sizeof why);
        if (st == RB_ASK_TIMEOUT) {
            forfeit(p, game, side, "time forfeit", out, why);
            return;
        }
        if (st == RB_ASK_CRASH) {
            forfeit(p, game, side, "abandoned", out, why);
            return;
        }
        if (st == RB_ASK_GARBAGE) {
            forfeit(p, game, side, "rules infraction", out, why);
            return;
        }
        rb_move m;
        if (rb_move_parse_coord(rb_game_pos(game), text, &m, err, sizeof err) != 0) {
            snprintf(why, sizeof why, "illegal move '%.20s' (%.150s)", text, err);
            forfeit(p, game, side, "rules infraction", out, why);
            return;
        }
        if (rb_game_play(game, m) != 0) {
            /* The move was legal: the referee, not the engine, ran out of
             * memory, so the game ends without a winner. */
            rb_game_agree_draw(game);
            out->result = RB_RESULT_DRAW;
            out->adjudicated = true;
            snprintf(out->termination, sizeof out->termination, "adjudication");
            snprintf(out->reason, sizeof out->reason, "out of memory recording move %zu", game->ply + 1);
            return;
        }
    }
}
