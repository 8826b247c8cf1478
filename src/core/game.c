/*
 * game.c - the game record: positions reached, a cursor and endings. Its
 * tags are in game_tags.c and the annotations of its moves in annotation.c,
 * both below this file: the record calls down into its annotations, and
 * neither of them calls the record.
 *
 * Every position of the game is kept, not just the moves, because three
 * things want them: undo/redo and browsing become cursor moves, threefold
 * repetition is a scan over earlier positions, and a front end can draw any
 * of them. At about 120 bytes a position this costs little for real games.
 *
 * How a game ends is worked out from the position at a ply (checkmate,
 * stalemate, throne, repetition), so browsing back and forth always agrees
 * with the rules. Resignation and agreement cannot be read off a position:
 * they are kept as a declaration tied to the ply they were made at, which is
 * always the end of the record because declaring one drops the redo tail.
 */
#include "annotation.h"
#include "rb_game.h"
#include "rb_util_assert.h"

#include <stdlib.h>
#include <string.h>

/* The record's own invariants, which only a caller writing its fields by
 * hand can break: an initialised record, its cursor within its moves, its
 * moves within its room. */
static RB_FOR_CONTRACTS bool record_in_step(const rb_game *g)
{
    return g->positions != NULL && g->ply <= g->length && g->length <= g->capacity &&
           (g->declared == RB_END_NONE || g->declared_ply == g->length);
}

int rb_game_init(rb_game *g, const rb_pos *start)
{
    memset(g, 0, sizeof *g);
    /* Start with room for the start position only: a reader may hold many
     * short games at once, and growing is cheap. */
    g->positions = malloc(sizeof *g->positions);
    if (g->positions == NULL) {
        return -1;
    }
    g->positions[0] = *start;
    g->resigned = -1;
    g->ending = rb_game_ending_at(g, 0);
    g->result = rb_game_result_at(g, 0);
    return 0;
}

void rb_game_free(rb_game *g)
{
    for (size_t i = 0; i < g->ntags; i++) {
        free(g->tags[i].name);
        free(g->tags[i].value);
    }
    free(g->tags);
    rb_game_notes_drop_from(g, 0);
    free(g->notes);
    free(g->intro);
    free(g->positions);
    free(g->moves);
    memset(g, 0, sizeof *g);
}

static bool same_position(const rb_pos *a, const rb_pos *b)
{
    return a->key == b->key && a->side == b->side && a->out == b->out &&
           memcmp(a->board, b->board, sizeof a->board) == 0;
}

/* True when positions[ply] is the third occurrence of its position. Only the
 * plies since the last capture or pawn move can repeat it, and only those
 * with the same side to move. */
static bool third_occurrence(const rb_game *g, size_t ply)
{
    const rb_pos *now = &g->positions[ply];
    size_t span = now->quiet < ply ? now->quiet : ply;
    int seen = 1;
    for (size_t back = 2; back <= span; back += 2) {
        if (same_position(&g->positions[ply - back], now) && ++seen == 3) {
            return true;
        }
    }
    return false;
}

rb_ending rb_game_ending_at(const rb_game *g, size_t ply)
{
    RB_ASSERT(g != NULL && g->positions != NULL);
    if (ply > g->length) {
        return RB_END_NONE;
    }
    switch (rb_pos_status(&g->positions[ply])) {
    case RB_CHECKMATE: return RB_END_CHECKMATE;
    case RB_STALEMATE: return RB_END_STALEMATE;
    case RB_THRONE: return RB_END_THRONE;
    case RB_ONGOING: break;
    }
    if (third_occurrence(g, ply)) {
        return RB_END_REPETITION;
    }
    if (g->declared != RB_END_NONE && ply == g->declared_ply) {
        return g->declared;
    }
    return RB_END_NONE;
}

static rb_result win_for(int color)
{
    return color == RB_WHITE ? RB_RESULT_WHITE : RB_RESULT_BLACK;
}

rb_result rb_game_result_at(const rb_game *g, size_t ply)
{
    if (ply > g->length) {
        return RB_RESULT_NONE;
    }
    int side = g->positions[ply].side;
    switch (rb_game_ending_at(g, ply)) {
    case RB_END_CHECKMATE: return win_for(!side);
    case RB_END_THRONE: return win_for(!side); /* the side that just moved */
    case RB_END_RESIGNATION:
    case RB_END_TIME_FORFEIT: return win_for(!g->resigned);
    case RB_END_STALEMATE:
    case RB_END_REPETITION:
    case RB_END_AGREEMENT: return RB_RESULT_DRAW;
    case RB_END_NONE: break;
    }
    return RB_RESULT_NONE;
}

/* Brings the fields describing the cursor up to date. */
static void settle(rb_game *g)
{
    g->ending = rb_game_ending_at(g, g->ply);
    g->result = rb_game_result_at(g, g->ply);
}

/* Forgets everything after the cursor, including a declared end there. */
static void drop_tail(rb_game *g)
{
    rb_game_notes_drop_from(g, g->ply);
    g->length = g->ply;
    if (g->declared != RB_END_NONE && g->declared_ply != g->ply) {
        g->declared = RB_END_NONE;
        g->resigned = -1;
    }
}

static int reserve(rb_game *g, size_t moves)
{
    if (moves <= g->capacity) {
        return 0;
    }
    size_t cap = g->capacity < 8 ? 8 : g->capacity + g->capacity / 2;
    if (cap < moves) {
        cap = moves;
    }
    rb_pos *pos = realloc(g->positions, (cap + 1) * sizeof *pos);
    if (pos == NULL) {
        return -1;
    }
    g->positions = pos;
    rb_move *mv = realloc(g->moves, cap * sizeof *mv);
    if (mv == NULL) {
        return -1;
    }
    g->moves = mv;
    g->capacity = cap;
    return 0;
}

int rb_game_play(rb_game *g, rb_move m)
{
    RB_ASSERT(record_in_step(g));
    if (rb_game_ending_at(g, g->ply) != RB_END_NONE) {
        return -1;
    }
    const rb_pos *here = &g->positions[g->ply];
    if (!rb_move_is_legal(here, m) || reserve(g, g->ply + 1) != 0) {
        return -1;
    }
    drop_tail(g);
    rb_pos_make(&g->positions[g->ply], m, &g->positions[g->ply + 1]);
    g->moves[g->ply] = m;
    g->ply++;
    g->length = g->ply;
    settle(g);
    return 0;
}

bool rb_game_undo(rb_game *g)
{
    RB_ASSERT(record_in_step(g));
    if (g->declared != RB_END_NONE && g->declared_ply == g->ply) {
        g->declared = RB_END_NONE;
        g->resigned = -1;
        settle(g);
        return true;
    }
    if (g->ply == 0) {
        return false;
    }
    g->ply--;
    settle(g);
    return true;
}

bool rb_game_redo(rb_game *g)
{
    RB_ASSERT(record_in_step(g));
    if (g->ply >= g->length) {
        return false;
    }
    g->ply++;
    settle(g);
    return true;
}

bool rb_game_goto(rb_game *g, size_t ply)
{
    RB_ASSERT(record_in_step(g));
    if (ply > g->length) {
        return false;
    }
    g->ply = ply;
    settle(g);
    return true;
}

const rb_pos *rb_game_pos(const rb_game *g)
{
    RB_ASSERT(record_in_step(g));
    return &g->positions[g->ply];
}

rb_ending rb_game_ending(const rb_game *g)
{
    return g->ending;
}

rb_result rb_game_result(const rb_game *g)
{
    return g->result;
}

static void declare(rb_game *g, rb_ending how, int color)
{
    RB_ASSERT(record_in_step(g));
    if (rb_game_ending_at(g, g->ply) != RB_END_NONE) {
        return;
    }
    g->declared = RB_END_NONE;
    drop_tail(g);
    g->declared = how;
    g->declared_ply = g->ply;
    g->resigned = color;
    settle(g);
}

void rb_game_resign(rb_game *g, int color)
{
    declare(g, RB_END_RESIGNATION, color == RB_BLACK ? RB_BLACK : RB_WHITE);
}

void rb_game_agree_draw(rb_game *g)
{
    declare(g, RB_END_AGREEMENT, -1);
}

void rb_game_lose_on_time(rb_game *g, int color)
{
    declare(g, RB_END_TIME_FORFEIT, color == RB_BLACK ? RB_BLACK : RB_WHITE);
}

const char *rb_ending_name(rb_ending e)
{
    static const char *const names[] = {
        [RB_END_NONE] = "none",           [RB_END_CHECKMATE] = "checkmate",       [RB_END_THRONE] = "throne",
        [RB_END_STALEMATE] = "stalemate", [RB_END_REPETITION] = "repetition",     [RB_END_RESIGNATION] = "resignation",
        [RB_END_AGREEMENT] = "agreement", [RB_END_TIME_FORFEIT] = "time forfeit",
    };
    if ((unsigned)e >= sizeof names / sizeof names[0]) {
        return "none";
    }
    return names[e];
}

const char *rb_result_text(rb_result r)
{
    switch (r) {
    case RB_RESULT_WHITE: return "1-0";
    case RB_RESULT_BLACK: return "0-1";
    case RB_RESULT_DRAW: return "1/2-1/2";
    case RB_RESULT_NONE: break;
    }
    return "*";
}
