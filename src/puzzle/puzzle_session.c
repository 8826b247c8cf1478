/*
 * puzzle_session.c - one attempt at one puzzle.
 *
 * The solver plays their side; a right move is played and the defender's
 * stored reply follows at once, so the caller only ever waits on the
 * solver. A wrong move changes nothing: the caller shows why (an illegal
 * move through rb_explain_move, a legal one as "not the winning move") and
 * the solver may try again, which counts as a mistake.
 *
 * A session indexes its puzzle's line with its ply, so the functions below
 * assert a session that was started on a puzzle the file reader made (a
 * line of one move or more, within its bounds) and a ply inside it.
 */
#include <string.h>

#include "rb_puzzle.h"
#include "rb_util_assert.h"

/* A started session whose ply is inside its puzzle's line, or past its
 * end once done. */
static RB_FOR_CONTRACTS bool session_in_step(const rb_puzzle_session *s)
{
    return s->puzzle != NULL && s->ply >= 0 && s->ply <= s->puzzle->nline && (s->done || s->ply < s->puzzle->nline) &&
           s->nplayed >= 0 && s->nplayed <= s->puzzle->nline;
}

void rb_puzzle_session_start(rb_puzzle_session *s, const rb_puzzle *p)
{
    RB_ASSERT(s != NULL && p != NULL);
    RB_ASSERT_MSG(p->nline >= 1 && p->nline <= RB_PUZZLE_LINE_MAX, "a puzzle as the file reader makes it");
    memset(s, 0, sizeof *s);
    s->puzzle = p;
    s->pos = p->start;
}

rb_move rb_puzzle_session_expected(const rb_puzzle_session *s)
{
    RB_ASSERT(session_in_step(s));
    return s->done ? RB_MOVE_NONE : s->puzzle->line[s->ply];
}

/* The last move of a mate or throne line may be any move that ends the
 * game the same way: a second mate is as good as the stored one. */
static bool also_finishes(const rb_puzzle_session *s, rb_move m)
{
    const rb_puzzle *p = s->puzzle;
    if (s->ply != p->nline - 1 || !(p->themes & (RB_THEME_MATE | RB_THEME_THRONE))) {
        return false;
    }
    rb_pos after;
    rb_pos_make(&s->pos, m, &after);
    rb_status st = rb_pos_status(&after);
    return (p->themes & RB_THEME_MATE) ? st == RB_CHECKMATE : st == RB_THRONE;
}

static void play(rb_puzzle_session *s, rb_move m)
{
    RB_ASSERT(s->nplayed < RB_PUZZLE_LINE_MAX);
    rb_pos_make(&s->pos, m, &s->pos);
    s->played[s->nplayed++] = m;
    s->ply++;
}

rb_puzzle_result rb_puzzle_session_try(rb_puzzle_session *s, rb_move m, rb_move *reply)
{
    RB_ASSERT(session_in_step(s));
    if (reply) {
        *reply = RB_MOVE_NONE;
    }
    if (s->done) {
        return RB_PUZZLE_OVER;
    }
    if (m == RB_MOVE_NONE || !rb_move_is_legal(&s->pos, m)) {
        return RB_PUZZLE_ILLEGAL;
    }
    const rb_puzzle *p = s->puzzle;
    if (m != p->line[s->ply] && !also_finishes(s, m)) {
        s->mistakes++;
        return RB_PUZZLE_WRONG;
    }
    play(s, m);
    if (s->ply >= p->nline) {
        s->done = true;
        return RB_PUZZLE_SOLVED;
    }
    rb_move r = p->line[s->ply];
    play(s, r);
    if (reply) {
        *reply = r;
    }
    return RB_PUZZLE_CORRECT;
}

int rb_puzzle_session_hint(rb_puzzle_session *s, int level, rb_path *path)
{
    RB_ASSERT(session_in_step(s));
    if (s->done) {
        return -1;
    }
    rb_move m = s->puzzle->line[s->ply];
    if (level > 2) {
        level = 2;
    }
    if (level > s->hint) {
        s->hint = level;
    }
    if (path) {
        if (level >= 2) {
            rb_move_path(m, path);
        } else {
            memset(path, 0, sizeof *path);
            path->rebound = -1;
        }
    }
    return RB_MOVE_FROM(m);
}

int rb_puzzle_session_show(rb_puzzle_session *s, rb_move *moves, int max)
{
    RB_ASSERT(session_in_step(s));
    RB_ASSERT(max >= 0 && (moves != NULL || max == 0));
    int n = 0;
    if (s->done) {
        return 0;
    }
    s->shown = true;
    while (s->ply < s->puzzle->nline) {
        rb_move m = s->puzzle->line[s->ply];
        if (n < max) {
            moves[n++] = m;
        }
        play(s, m);
    }
    s->done = true;
    return n;
}

bool rb_puzzle_session_success(const rb_puzzle_session *s)
{
    return s->done && !s->shown && s->mistakes == 0 && s->hint < 2;
}
