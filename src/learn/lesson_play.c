/*
 * lesson_play.c - one stage being played: moves, answers, goals, hints.
 *
 * The person always plays the side to move of the stage's position. Each
 * attempt is judged in a fixed order, so that every outcome has one reason:
 *
 *   1. not legal                 ILLEGAL, with the rules library's explanation
 *   2. legal, but not asked for  REFUSED: the wrong promotion, a square that is
 *                                not safe, a check the other side could not
 *                                answer, a move the script has no answer to
 *   3. the goal is reached       DONE
 *   4. the game ended, or the    FAILED: the move stays on the board, so the
 *      moves allowed ran out     person sees what happened before retrying
 *   5. the other side answers    PLAYED, or FAILED if the answer wins, draws,
 *                                or takes a piece the goal needs
 *
 * A refused move is never played, so the position never needs taking back.
 * The computer's answers come from a fresh search to a fixed depth at full
 * strength, which makes them the same on every run and every machine.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rb_engine.h"
#include "rb_learn.h"
#include "rb_util_assert.h"
#include "rb_util_error.h"

static const char *const piece_word[] = {"piece", "king", "rook", "bishop", "pawn"};
static const char *const color_word[] = {"White", "Black"};

static const char *piece_name(rb_piece p)
{
    return piece_word[RB_TYPE(p) <= RB_PAWN ? RB_TYPE(p) : 0];
}

/* The English message, and what it says (the values are set by the caller). */
static void say(rb_learn_feedback *fb, rb_learn_say what, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(rb_learn_feedback *fb, rb_learn_say what, const char *fmt, ...)
{
    fb->say = what;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(fb->message, sizeof fb->message, fmt, ap);
    va_end(ap);
}

int rb_learn_session_start(rb_learn_session *s, const rb_learn_stage *stage)
{
    RB_ASSERT(s != NULL && stage != NULL);
    memset(s, 0, sizeof *s);
    s->stage = stage;
    if (stage->replies == RB_REPLY_ENGINE) {
        s->engine = rb_engine_new(1);
        if (s->engine == NULL) {
            return -1;
        }
        rb_engine_set_level(s->engine, RB_LEVEL_MAX);
    }
    rb_learn_session_reset(s);
    return 0;
}

void rb_learn_session_reset(rb_learn_session *s)
{
    RB_ASSERT_MSG(s->stage != NULL, "a session rb_learn_session_start started");
    const rb_learn_stage *st = s->stage;
    s->pos = st->start;
    s->color = st->start.side;
    s->moves = 0;
    s->replies = 0;
    s->stars = st->goal.kind == RB_GOAL_COLLECT ? st->goal.squares : 0;
    s->done = s->failed = false;
    s->on_line = true;
    s->nkeys = 1;
    s->keys[0] = s->pos.key;
    s->nplayed = 0;
}

void rb_learn_session_free(rb_learn_session *s)
{
    rb_engine_free(s->engine);
    s->engine = NULL;
}

const rb_pos *rb_learn_pos(const rb_learn_session *s)
{
    return &s->pos;
}

static int occurrences(const rb_learn_session *s, uint64_t key)
{
    RB_ASSERT(s->nkeys >= 0 && s->nkeys <= (int)(sizeof s->keys / sizeof s->keys[0]));
    int n = 0;
    for (int i = 0; i < s->nkeys; i++) {
        n += s->keys[i] == key;
    }
    return n;
}

static void remember(rb_learn_session *s, uint64_t key)
{
    /* Stages are short; a session longer than the array forgets its oldest
     * positions, which only matters to repetition far back. */
    if (s->nkeys == (int)(sizeof s->keys / sizeof s->keys[0])) {
        memmove(s->keys, s->keys + 1, sizeof s->keys - sizeof s->keys[0]);
        s->nkeys--;
    }
    s->keys[s->nkeys++] = key;
}

/* The pieces of by_color that attack sq in pos. */
static rb_bb attackers_of(const rb_pos *pos, int sq, int by_color)
{
    rb_bb found = 0;
    for (rb_bb b = pos->by_color[by_color]; b; b &= b - 1) {
        int from = rb_lsb(b);
        if (rb_pos_attacks_from(pos, from) & ((rb_bb)1 << sq)) {
            found |= (rb_bb)1 << from;
        }
    }
    return found;
}

static bool goal_met(const rb_learn_session *s, const rb_pos *before, rb_move m, const rb_pos *after)
{
    const rb_learn_goal *g = &s->stage->goal;
    int enemy = !s->color;
    switch (g->kind) {
    case RB_GOAL_COLLECT: return s->stars == 0;
    case RB_GOAL_CAPTURE_ALL: return (after->by_color[enemy] & ~((rb_bb)1 << after->king[enemy])) == 0;
    case RB_GOAL_MATE: return rb_pos_status(after) == RB_CHECKMATE;
    case RB_GOAL_THRONE: return rb_move_wins_throne(before, m);
    case RB_GOAL_ESCAPE_CHECK: return rb_pos_in_check(before);
    case RB_GOAL_PROMOTE: return RB_MOVE_PROMO(m) != 0;
    case RB_GOAL_SAFE_SQUARE: return (g->squares >> RB_MOVE_TO(m)) & 1;
    case RB_GOAL_STALEMATE: return rb_pos_status(after) == RB_STALEMATE;
    case RB_GOAL_REPETITION: return occurrences(s, after->key) >= 2; /* after is not remembered yet */
    default: return false;
    }
}

/* Whether the side not taught sits out the person's next move in an
 * exercise (collecting, capturing, promoting, finding a square): it is not
 * playing then, so its having no move, or a position coming back, ends
 * nothing. Where the goal is a result of the game (mate, throne, a draw),
 * the game's rules apply in full, so that a stalemate instead of a mate is
 * shown as the draw it would be. */
static bool sits_out(const rb_learn_session *s)
{
    const rb_learn_stage *st = s->stage;
    rb_learn_goal_kind k = st->goal.kind;
    if (k == RB_GOAL_MATE || k == RB_GOAL_THRONE || k == RB_GOAL_STALEMATE || k == RB_GOAL_REPETITION) {
        return false;
    }
    if (st->replies == RB_REPLY_PASS) {
        return true;
    }
    if (st->replies == RB_REPLY_SCRIPT) {
        return s->replies >= st->nscript || st->script[s->replies].from < 0;
    }
    return false;
}

/* Why a game that has just ended ends the stage; false when it goes on.
 * mover is the side that has just moved. */
static bool ended(const rb_learn_session *s, const rb_pos *after, int mover, rb_learn_feedback *fb)
{
    if (rb_pos_throne_won(after)) {
        fb->say_color = mover;
        fb->say_you = mover == s->color;
        fb->say_sq = after->king[mover];
        say(fb, RB_SAY_THRONE_WON, "%s won by throne: the %s king reached %s after going round clockwise.",
            mover == s->color ? "You" : color_word[mover], color_word[mover], rb_sq_name(after->king[mover]));
        fb->squares = (rb_bb)1 << after->king[mover];
        return true;
    }
    rb_status st = rb_pos_status(after);
    bool passing = mover == s->color && sits_out(s);
    if (st == RB_CHECKMATE) {
        fb->squares = rb_pos_checkers(after);
        if (mover == s->color) {
            say(fb, RB_SAY_MATE_NOT_ASKED, "Checkmate, which ends the game, but it is not what this stage asks for.");
        } else {
            fb->say_color = mover;
            say(fb, RB_SAY_MATED, "Checkmate: %s mated your king.", color_word[mover]);
        }
        return true;
    }
    if (st == RB_STALEMATE && !passing) {
        if (mover == s->color) {
            fb->say_color = !mover;
            say(fb, RB_SAY_STALEMATE_THEM, "Stalemate: %s has no legal move and is not in check, so the game is drawn.",
                color_word[!mover]);
        } else {
            say(fb, RB_SAY_STALEMATE_YOU,
                "Stalemate: you have no legal move and are not in check, so the game is drawn.");
        }
        fb->squares = (rb_bb)1 << after->king[!mover];
        return true;
    }
    if (!passing && occurrences(s, after->key) >= 2) {
        say(fb, RB_SAY_REPETITION, "The same position for the third time: the game is drawn by repetition.");
        return true;
    }
    return false;
}

static void describe_unsafe(const rb_pos *after, int to, int enemy, rb_learn_feedback *fb)
{
    rb_bb att = attackers_of(after, to, enemy);
    fb->squares = att | ((rb_bb)1 << to);
    if (att) {
        int a = rb_lsb(att);
        fb->say_sq = to;
        fb->say_piece = RB_TYPE(after->board[to]);
        fb->say_color = enemy;
        fb->say_piece2 = RB_TYPE(after->board[a]);
        fb->say_sq2 = a;
        say(fb, RB_SAY_UNSAFE, "On %s your %s could be taken by the %s %s on %s.", rb_sq_name(to),
            piece_name(after->board[to]), enemy == RB_WHITE ? "white" : "black", piece_name(after->board[a]),
            rb_sq_name(a));
    } else {
        say(fb, RB_SAY_NOT_THE_SQUARE,
            "That square is not the one: look for the only square where nothing can take your piece.");
    }
}

/* The answer of the side not taught, into *reply (RB_MOVE_NONE for a
 * pass); false when the script has no answer to this move. */
static bool choose_reply(rb_learn_session *s, const rb_pos *after, rb_move *reply)
{
    const rb_learn_stage *st = s->stage;
    *reply = RB_MOVE_NONE;
    switch (st->replies) {
    case RB_REPLY_PASS: return true;
    case RB_REPLY_SCRIPT: {
        if (s->replies >= st->nscript) {
            return true; /* the script is over: passes */
        }
        const rb_learn_move *r = &st->script[s->replies];
        if (r->from < 0) {
            return true;
        }
        *reply = rb_move_find(after, r->from, r->to, r->promo);
        return *reply != RB_MOVE_NONE;
    }
    case RB_REPLY_ENGINE: {
        rb_limits lim;
        memset(&lim, 0, sizeof lim);
        lim.depth = st->depth;
        rb_engine_new_game(s->engine);
        /* keys[] holds every position before the root, the person's move */
        *reply = rb_engine_search(s->engine, after, s->keys, (size_t)s->nkeys, &lim, NULL, NULL, NULL);
        return true;
    }
    }
    return true;
}

rb_learn_result rb_learn_try(rb_learn_session *s, int from, int to, int promo, rb_learn_feedback *fb)
{
    RB_ASSERT(fb != NULL);
    RB_ASSERT_MSG(s->stage != NULL, "a session rb_learn_session_start started");
    const rb_learn_stage *st = s->stage;
    memset(fb, 0, sizeof *fb);
    fb->reply = RB_MOVE_NONE;
    fb->reply_path.rebound = -1;
    if (s->done || s->failed) {
        say(fb, RB_SAY_OVER, "This stage is over: start it again to play on.");
        return fb->result = RB_LEARN_OVER;
    }
    RB_ASSERT_MSG(s->pos.side == s->color, "while a stage goes on, the person's side is to move");
    rb_move m = RB_MOVE_NONE;
    if (from >= 0 && from < RB_NSQ && to >= 0 && to < RB_NSQ) {
        m = rb_move_find(&s->pos, from, to, promo);
    }
    if (m == RB_MOVE_NONE) {
        if (rb_explain_move(&s->pos, from, to, promo, &fb->explain) == 0) {
            rb_explain_text(&fb->explain, fb->message, sizeof fb->message);
            fb->say = RB_SAY_ILLEGAL;
            fb->squares = fb->explain.squares;
        } else {
            say(fb, RB_SAY_NOT_A_MOVE, "That is not a move on this board.");
        }
        return fb->result = RB_LEARN_ILLEGAL;
    }

    const rb_pos before = s->pos;
    rb_pos after;
    rb_pos_make(&before, m, &after);
    int enemy = !s->color;

    /* 2. legal, but not what the stage asks */
    if (st->goal.kind == RB_GOAL_PROMOTE && st->goal.promo && RB_MOVE_PROMO(m) && RB_MOVE_PROMO(m) != st->goal.promo) {
        fb->say_piece = st->goal.promo;
        say(fb, RB_SAY_PROMOTE_TO, "Promote to a %s this time.", piece_word[st->goal.promo]);
        fb->squares = (rb_bb)1 << to;
        return fb->result = RB_LEARN_REFUSED;
    }
    if (st->goal.kind == RB_GOAL_SAFE_SQUARE && !((st->goal.squares >> to) & 1)) {
        describe_unsafe(&after, to, enemy, fb);
        return fb->result = RB_LEARN_REFUSED;
    }

    /* Collecting happens on the way, so it counts before the goal check. */
    rb_bb stars_before = s->stars;
    s->stars &= ~((rb_bb)1 << to);
    int taken = rb_popcount(stars_before & ~s->stars);
    bool on_line = s->on_line && s->moves < st->nsolution && st->solution[s->moves].from == from &&
                   st->solution[s->moves].to == to && st->solution[s->moves].promo == RB_MOVE_PROMO(m);

    /* 3. the goal */
    if (goal_met(s, &before, m, &after)) {
        s->pos = after;
        s->moves++;
        s->on_line = on_line;
        remember(s, after.key);
        s->done = true;
        fb->move = m;
        fb->stars_taken = taken;
        return fb->result = RB_LEARN_DONE;
    }

    /* 4. the game or the allowed moves are over */
    bool over = ended(s, &after, s->color, fb);
    if (!over && st->goal.kind == RB_GOAL_THRONE && RB_TYPE(before.board[from]) == RB_KING &&
        to == rb_throne(s->color)) {
        fb->say_sq = to;
        say(fb, RB_SAY_FLAG_CLEAR,
            "Your king stands on %s, but its out flag is clear: it did not come round clockwise, "
            "so this is an ordinary move and wins nothing.",
            rb_sq_name(to));
        fb->squares = (rb_bb)1 << to;
        over = true;
    }
    if (!over && st->goal.limit && s->moves + 1 >= st->goal.limit) {
        fb->say_number = st->goal.limit;
        say(fb, RB_SAY_LAST_MOVE, "That was your last move: the goal was %s in %d.",
            st->goal.kind == RB_GOAL_MATE ? "mate" : "the throne", st->goal.limit);
        over = true;
    }
    if (over) {
        s->pos = after;
        s->moves++;
        s->on_line = on_line;
        remember(s, after.key);
        s->failed = true;
        fb->move = m;
        fb->stars_taken = taken;
        return fb->result = RB_LEARN_FAILED;
    }

    /* 5. the answer */
    rb_move reply;
    bool answered = choose_reply(s, &after, &reply);
    if (!answered) {
        s->stars = stars_before;
        say(fb, RB_SAY_NOT_THIS_WAY,
            "That move is legal, but this lesson has another in mind: try again, or ask for a hint.");
        return fb->result = RB_LEARN_REFUSED;
    }
    if (reply == RB_MOVE_NONE && rb_pos_in_check(&after)) {
        s->stars = stars_before;
        fb->squares = (rb_bb)1 << after.king[enemy];
        fb->say_color = enemy;
        say(fb, RB_SAY_CHECK_PASSER,
            "That move attacks the %s king, but %s does not move in this stage: leave its king alone "
            "and go for the goal.",
            enemy == RB_WHITE ? "white" : "black", color_word[enemy]);
        return fb->result = RB_LEARN_REFUSED;
    }

    s->moves++;
    s->on_line = on_line;
    fb->move = m;
    fb->stars_taken = taken;
    remember(s, after.key);
    if (st->replies == RB_REPLY_SCRIPT && s->replies < st->nscript) {
        s->replies++;
    }
    if (reply == RB_MOVE_NONE) {
        rb_pos_set_side(&after, s->color);
        s->pos = after;
        remember(s, after.key);
        return fb->result = RB_LEARN_PLAYED;
    }
    rb_pos next;
    bool took = rb_move_is_capture(&after, reply);
    rb_piece lost = after.board[RB_MOVE_TO(reply)];
    rb_pos_make(&after, reply, &next);
    fb->reply = reply;
    rb_move_path(reply, &fb->reply_path);
    s->pos = next;
    if (st->goal.kind == RB_GOAL_REPETITION && occurrences(s, next.key) >= 2) {
        remember(s, next.key);
        s->done = true;
        return fb->result = RB_LEARN_DONE;
    }
    if (st->goal.kind == RB_GOAL_STALEMATE && rb_pos_status(&next) == RB_STALEMATE) {
        remember(s, next.key);
        s->done = true;
        return fb->result = RB_LEARN_DONE;
    }
    bool lost_needed = took && RB_TYPE(lost) != RB_KING &&
                       (st->goal.kind == RB_GOAL_CAPTURE_ALL || st->goal.kind == RB_GOAL_COLLECT ||
                        st->goal.kind == RB_GOAL_PROMOTE || st->goal.kind == RB_GOAL_SAFE_SQUARE);
    if (ended(s, &next, enemy, fb)) {
        s->failed = true;
    } else if (lost_needed) {
        fb->say_color = enemy;
        fb->say_piece2 = RB_TYPE(next.board[RB_MOVE_TO(reply)]);
        fb->say_piece = RB_TYPE(lost);
        fb->say_sq = RB_MOVE_TO(reply);
        say(fb, RB_SAY_PIECE_LOST, "The %s %s took your %s on %s: keep your pieces where they cannot be taken.",
            enemy == RB_WHITE ? "white" : "black", piece_name(next.board[RB_MOVE_TO(reply)]), piece_name(lost),
            rb_sq_name(RB_MOVE_TO(reply)));
        fb->squares = (rb_bb)1 << RB_MOVE_TO(reply);
        s->failed = true;
    }
    remember(s, next.key);
    return fb->result = s->failed ? RB_LEARN_FAILED : RB_LEARN_PLAYED;
}

/* Off the solution's way, a short search finds one: every legal move is
 * tried on a copy of the session, exactly as the person would play it, to
 * a few moves deep. Only where the answers are known in advance (passes
 * and scripts): a search through the engine's answers would cost a search
 * per node. The node budget keeps a hint instant. */
#define HINT_DEPTH 6
#define HINT_NODES 40000

static bool reaches_goal(const rb_learn_session *s, int depth, int *budget)
{
    rb_movelist list;
    rb_gen_legal(&s->pos, &list);
    for (int i = 0; i<list.count && * budget> 0; i++) {
        rb_move m = list.moves[i];
        rb_learn_session copy = *s;
        rb_learn_feedback fb;
        (*budget)--;
        rb_learn_result r = rb_learn_try(&copy, RB_MOVE_FROM(m), RB_MOVE_TO(m), RB_MOVE_PROMO(m), &fb);
        if (r == RB_LEARN_DONE) {
            return true;
        }
        if (r == RB_LEARN_PLAYED && depth > 1 && reaches_goal(&copy, depth - 1, budget)) {
            return true;
        }
    }
    return false;
}

static rb_move search_hint(const rb_learn_session *s)
{
    if (s->stage->replies == RB_REPLY_ENGINE) {
        return RB_MOVE_NONE;
    }
    rb_movelist list;
    rb_gen_legal(&s->pos, &list);
    /* Shallowest first, so the hint is the start of a shortest way. */
    for (int depth = 1; depth <= HINT_DEPTH; depth++) {
        int budget = HINT_NODES;
        for (int i = 0; i < list.count && budget > 0; i++) {
            rb_move m = list.moves[i];
            rb_learn_session copy = *s;
            rb_learn_feedback fb;
            budget--;
            rb_learn_result r = rb_learn_try(&copy, RB_MOVE_FROM(m), RB_MOVE_TO(m), RB_MOVE_PROMO(m), &fb);
            if (r == RB_LEARN_DONE) {
                return m;
            }
            if (r == RB_LEARN_PLAYED && depth > 1 && reaches_goal(&copy, depth - 1, &budget)) {
                return m;
            }
        }
        if (budget <= 0) {
            break;
        }
    }
    return RB_MOVE_NONE;
}

bool rb_learn_hint(const rb_learn_session *s, rb_move *move, rb_path *path)
{
    RB_ASSERT(move != NULL);
    RB_ASSERT_MSG(s->stage != NULL, "a session rb_learn_session_start started");
    RB_ASSERT(s->moves >= 0);
    const rb_learn_stage *st = s->stage;
    if (s->done || s->failed) {
        return false;
    }
    rb_move m = RB_MOVE_NONE;
    if (rb_learn_hint_is_the_stages(s)) {
        const rb_learn_move *h = &st->solution[s->moves];
        m = rb_move_find(&s->pos, h->from, h->to, h->promo);
    }
    if (m == RB_MOVE_NONE) {
        m = search_hint(s);
    }
    if (m == RB_MOVE_NONE) {
        return false;
    }
    *move = m;
    if (path) {
        rb_move_path(m, path);
    }
    return true;
}

bool rb_learn_hint_is_the_stages(const rb_learn_session *s)
{
    RB_ASSERT_MSG(s->stage != NULL, "a session rb_learn_session_start started");
    return !s->done && !s->failed && s->on_line && s->moves < s->stage->nsolution;
}

int rb_learn_stars_hinted(const rb_learn_stage *stage, int moves, bool hinted)
{
    int stars = rb_learn_stars(stage, moves);
    return hinted && stars > 2 ? 2 : stars;
}

int rb_learn_stars(const rb_learn_stage *stage, int moves)
{
    RB_ASSERT(stage != NULL);
    RB_ASSERT_MSG(moves >= 0, "the person's moves, counted");
    int slack = (stage->par + 1) / 2;
    if (slack < 1) {
        slack = 1;
    }
    if (moves <= stage->par) {
        return 3;
    }
    if (moves <= stage->par + slack) {
        return 2;
    }
    return 1;
}

/* ---- checking a stage ------------------------------------------------------- */

/* The goal must not be met, or impossible, before the first move. */
static int check_start(const rb_learn_stage *st, char *err, size_t errlen)
{
    const rb_pos *pos = &st->start;
    int me = pos->side, enemy = !me;
    if (rb_pos_status(pos) != RB_ONGOING || rb_pos_throne_won(pos)) {
        return rb_util_fail(err, errlen, "the game is already over in the position");
    }
    switch (st->goal.kind) {
    case RB_GOAL_COLLECT:
        if (st->goal.squares & (pos->by_color[0] | pos->by_color[1])) {
            return rb_util_fail(err, errlen, "a star stands on an occupied square");
        }
        break;
    case RB_GOAL_CAPTURE_ALL:
        if ((pos->by_color[enemy] & ~((rb_bb)1 << pos->king[enemy])) == 0) {
            return rb_util_fail(err, errlen, "there is no enemy piece to capture");
        }
        break;
    case RB_GOAL_ESCAPE_CHECK:
        if (!rb_pos_in_check(pos)) {
            return rb_util_fail(err, errlen, "the side to move is not in check");
        }
        break;
    case RB_GOAL_PROMOTE:
        if ((pos->by_color[me] & pos->by_type[RB_PAWN]) == 0) {
            return rb_util_fail(err, errlen, "there is no pawn to promote");
        }
        break;
    case RB_GOAL_SAFE_SQUARE: {
        /* Every safe square must be reachable, or the stage is a trick. */
        rb_movelist list;
        rb_gen_legal(pos, &list);
        rb_bb reach = 0;
        for (int i = 0; i < list.count; i++) {
            reach |= (rb_bb)1 << RB_MOVE_TO(list.moves[i]);
        }
        if ((st->goal.squares & ~reach) != 0) {
            return rb_util_fail(err, errlen, "a safe square cannot be reached in one move");
        }
        break;
    }
    default: break;
    }
    return 0;
}

int rb_learn_verify_stage(const rb_learn_stage *st, char *err, size_t errlen)
{
    if (check_start(st, err, errlen) != 0) {
        return -1;
    }
    if (st->nsolution > st->par) {
        return rb_util_fail(err, errlen, "the solution has %d moves, more than par (%d)", st->nsolution, st->par);
    }
    rb_learn_session s;
    if (rb_learn_session_start(&s, st) != 0) {
        return rb_util_fail(err, errlen, "out of memory");
    }
    int rc = 0;
    for (int i = 0; i < st->nsolution && rc == 0; i++) {
        const rb_learn_move *mv = &st->solution[i];
        char text[8];
        snprintf(text, sizeof text, "%s%s%s", rb_sq_name(mv->from), rb_sq_name(mv->to),
                 mv->promo == RB_ROOK     ? "r"
                 : mv->promo == RB_BISHOP ? "b"
                                          : "");
        rb_learn_feedback fb;
        rb_learn_result r = rb_learn_try(&s, mv->from, mv->to, mv->promo, &fb);
        bool last = i + 1 == st->nsolution;
        if (r == RB_LEARN_DONE && last) {
            break;
        }
        if (r == RB_LEARN_PLAYED && !last) {
            continue;
        }
        if (r == RB_LEARN_PLAYED) {
            rc = rb_util_fail(err, errlen, "the solution ends before the goal is reached");
        } else if (r == RB_LEARN_DONE) {
            rc =
                rb_util_fail(err, errlen, "the goal is reached at move %d (%s), before the solution ends", i + 1, text);
        } else {
            rc = rb_util_fail(err, errlen, "solution move %d (%s) is %s: %s", i + 1, text,
                              r == RB_LEARN_ILLEGAL   ? "illegal"
                              : r == RB_LEARN_REFUSED ? "refused"
                                                      : "a failure",
                              fb.message);
        }
    }
    if (rc == 0 && st->replies == RB_REPLY_SCRIPT && s.replies != st->nscript) {
        rc = rb_util_fail(err, errlen, "the script has %d replies but the solution uses %d", st->nscript, s.replies);
    }
    rb_learn_session_free(&s);
    return rc;
}
