/*
 * selfplay.c - checked self-play (see selfplay.h).
 *
 * The checks compare the rules library with itself (keys from scratch,
 * undo/redo against copies) and with the plain generator, which shares no
 * code with it, so a bug has to be made twice, independently, to slip by.
 * A failed check ends that game and is recorded with its seed and position,
 * so the long run reports every failing game and the first one can be
 * replayed alone.
 */
#include "selfplay.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plain_gen.h"
#include "rb_engine.h"
#include "rb_notation.h"

typedef struct game_run {
    rb_selfplay_stats *st;
    uint64_t seed;
    uint64_t rng;
    bool failed;
} game_run;

static uint64_t next_random(game_run *r)
{
    /* xorshift64*: plenty for picking moves, and reproducible by seed. */
    r->rng ^= r->rng >> 12;
    r->rng ^= r->rng << 25;
    r->rng ^= r->rng >> 27;
    return r->rng * 2685821657736338717ull;
}

static void fail(game_run *r, const rb_game *g, const char *fmt, ...)
{
    if (r->failed) {
        return;
    }
    r->failed = true;
    r->st->failures++;
    if (r->st->first_failure[0] != '\0') {
        return;
    }
    char text[RB_POS_TEXT_MAX], what[300];
    rb_pos_format(rb_game_pos(g), text, sizeof text);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(r->st->first_failure, sizeof r->st->first_failure, "seed %llu, ply %zu, position '%s': %s",
             (unsigned long long)r->seed, g->ply, text, what);
}

static int compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Every field equal, derived ones (bitboards, king squares, key) included.
 * Field by field rather than memcmp, which would also compare padding. */
static bool identical(const rb_pos *a, const rb_pos *b)
{
    return memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 &&
           memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 && memcmp(a->board, b->board, sizeof a->board) == 0 &&
           memcmp(a->king, b->king, sizeof a->king) == 0 && a->side == b->side && a->out == b->out &&
           a->quiet == b->quiet && a->moveno == b->moveno && a->key == b->key;
}

/* Same placement, side to move and out flags: what repetition compares. */
static bool same_for_repetition(const rb_pos *a, const rb_pos *b)
{
    return memcmp(a->board, b->board, sizeof a->board) == 0 && a->side == b->side && a->out == b->out;
}

static int occurrences(const rb_game *g)
{
    const rb_pos *now = rb_game_pos(g);
    int n = 0;
    for (size_t i = 0; i <= g->ply; i++) {
        n += same_for_repetition(&g->positions[i], now);
    }
    return n;
}

/* The position at the cursor against the plain generator; returns the
 * legal moves in *list. */
static void check_position(game_run *r, const rb_game *g, rb_movelist *list)
{
    const rb_pos *pos = rb_game_pos(g);
    if (pos->key != rb_pos_compute_key(pos)) {
        fail(r, g, "the key differs from one computed from scratch");
        return;
    }
    char text[RB_POS_TEXT_MAX];
    rb_pos_format(pos, text, sizeof text);
    int n = rb_gen_legal(pos, list);

    static char mine[RB_MAX_MOVES][RB_MOVE_TEXT_MAX];
    static char plain[PLAIN_MAX_MOVES][PLAIN_MOVE_LEN];
    for (int i = 0; i < n; i++) {
        rb_move_to_coord(list->moves[i], mine[i]);
    }
    qsort(mine, (size_t)n, RB_MOVE_TEXT_MAX, compare_text);
    int pn = plain_legal_moves(text, plain, PLAIN_MAX_MOVES);
    if (pn != n) {
        fail(r, g, "%d legal moves, the plain generator has %d", n, pn);
        return;
    }
    for (int i = 0; i < n; i++) {
        if (strcmp(mine[i], plain[i]) != 0) {
            fail(r, g, "move lists differ at %s / %s", mine[i], plain[i]);
            return;
        }
    }
    if (rb_pos_in_check(pos) != plain_in_check(text)) {
        fail(r, g, "the generators disagree on check");
        return;
    }
    static const plain_status_t expected[] = {PLAIN_ONGOING, PLAIN_CHECKMATE, PLAIN_STALEMATE, PLAIN_THRONE};
    rb_status status = rb_pos_status(pos);
    if (expected[status] != plain_status(text)) {
        fail(r, g, "the generators disagree on the status");
    }
}

/* The game says it is over (or not): is it, by the rules? */
static void check_ending(game_run *r, const rb_game *g, const rb_movelist *list)
{
    const rb_pos *pos = rb_game_pos(g);
    rb_status status = rb_pos_status(pos);
    int seen = occurrences(g);
    switch (rb_game_ending(g)) {
    case RB_END_NONE:
        if (list->count == 0 || status != RB_ONGOING) {
            fail(r, g, "the game goes on in a finished position");
        } else if (seen >= 3) {
            fail(r, g, "the position occurred %d times but the game goes on", seen);
        }
        break;
    case RB_END_CHECKMATE:
        if (status != RB_CHECKMATE ||
            rb_game_result(g) != (pos->side == RB_WHITE ? RB_RESULT_BLACK : RB_RESULT_WHITE)) {
            fail(r, g, "checkmate declared wrongly");
        }
        break;
    case RB_END_THRONE:
        if (status != RB_THRONE || !rb_pos_throne_won(pos) ||
            rb_game_result(g) != (pos->side == RB_WHITE ? RB_RESULT_BLACK : RB_RESULT_WHITE)) {
            fail(r, g, "throne win declared wrongly");
        }
        break;
    case RB_END_STALEMATE:
        if (status != RB_STALEMATE || rb_game_result(g) != RB_RESULT_DRAW) {
            fail(r, g, "stalemate declared wrongly");
        }
        break;
    case RB_END_REPETITION:
        /* Exactly the third occurrence: the game would have ended earlier
         * had an earlier position been seen three times. */
        if (seen != 3 || rb_game_result(g) != RB_RESULT_DRAW) {
            fail(r, g, "repetition declared after %d occurrences", seen);
        }
        break;
    default: fail(r, g, "the game ended by '%s', which self-play never does", rb_ending_name(rb_game_ending(g))); break;
    }
}

/* Plays m and checks copy-make, the new key, and undo/redo. */
static void play_checked(game_run *r, rb_game *g, rb_move m)
{
    const rb_pos parent = *rb_game_pos(g);
    rb_pos child;
    rb_pos_make(rb_game_pos(g), m, &child);
    if (!identical(&parent, rb_game_pos(g))) {
        fail(r, g, "making a move changed the position it was made from");
        return;
    }
    if (child.key != rb_pos_compute_key(&child)) {
        fail(r, g, "the key after the move differs from one computed from scratch");
        return;
    }
    if (rb_game_play(g, m) != 0) {
        fail(r, g, "the game record refused a legal move");
        return;
    }
    if (!identical(rb_game_pos(g), &child)) {
        fail(r, g, "the record's position differs from copy-make's");
        return;
    }
    if (!rb_game_undo(g) || !identical(rb_game_pos(g), &parent)) {
        fail(r, g, "undo did not give back the position before the move");
        return;
    }
    if (!rb_game_redo(g) || !identical(rb_game_pos(g), &child)) {
        fail(r, g, "redo did not give back the position after the move");
    }
}

static void play_one(rb_engine *e, uint64_t seed, uint64_t nodes, rb_selfplay_stats *st)
{
    game_run r = {st, seed, seed * 0x9e3779b97f4a7c15ull + 1, false};
    rb_pos start;
    rb_pos_start(&start);
    rb_game g;
    if (rb_game_init(&g, &start) != 0) {
        st->failures++;
        snprintf(st->first_failure, sizeof st->first_failure, "seed %llu: out of memory", (unsigned long long)seed);
        return;
    }
    rb_engine_new_game(e);
    rb_engine_set_seed(e, seed);
    rb_engine_set_level(e, RB_LEVEL_MIN + (int)(seed % RB_LEVEL_MAX));
    unsigned opening = 2 + (unsigned)(next_random(&r) % 7);
    uint64_t *keys = NULL;
    size_t nkeys = 0, capacity = 0;

    for (;;) {
        rb_movelist list;
        check_position(&r, &g, &list);
        if (!r.failed) {
            check_ending(&r, &g, &list);
        }
        if (r.failed || rb_game_ending(&g) != RB_END_NONE) {
            break;
        }
        if (g.ply >= RB_SELFPLAY_CAP) {
            st->capped++;
            break;
        }
        rb_move m;
        if (g.ply < opening || next_random(&r) % 32 == 0) {
            m = list.moves[next_random(&r) % (uint64_t)list.count];
        } else {
            /* The engine sees the positions played so far (oldest first). */
            if (capacity < g.ply) {
                capacity = g.ply + 256;
                uint64_t *more = realloc(keys, capacity * sizeof *keys);
                if (more == NULL) {
                    fail(&r, &g, "out of memory");
                    break;
                }
                keys = more;
            }
            for (nkeys = 0; nkeys < g.ply; nkeys++) {
                keys[nkeys] = g.positions[nkeys].key;
            }
            rb_limits limits = {0};
            limits.nodes = nodes;
            m = rb_engine_search(e, rb_game_pos(&g), keys, nkeys, &limits, NULL, NULL, NULL);
            bool legal = false;
            for (int i = 0; i < list.count; i++) {
                legal = legal || list.moves[i] == m;
            }
            if (!legal) {
                fail(&r, &g, "the engine chose move %u, which is not legal", (unsigned)m);
                break;
            }
        }
        play_checked(&r, &g, m);
        if (r.failed) {
            break;
        }
    }
    st->games++;
    st->plies += g.ply;
    if (g.ply > st->longest) {
        st->longest = (unsigned)g.ply;
    }
    if (!r.failed) {
        st->ends[rb_game_ending(&g)]++;
    }
    free(keys);
    rb_game_free(&g);
}

int rb_selfplay_run(uint64_t first_seed, unsigned games, uint64_t nodes, rb_selfplay_stats *st)
{
    rb_engine *e = rb_engine_new(1);
    if (e == NULL) {
        snprintf(st->first_failure, sizeof st->first_failure, "out of memory for the engine");
        st->failures++;
        return -1;
    }
    unsigned failures = st->failures, capped = st->capped;
    for (unsigned i = 0; i < games; i++) {
        play_one(e, first_seed + i, nodes, st);
    }
    rb_engine_free(e);
    return st->failures == failures && st->capped == capped ? 0 : -1;
}
