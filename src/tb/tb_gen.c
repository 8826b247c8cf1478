/*
 * tb_gen.c - computing a table by retrograde analysis.
 *
 * First every index is read forward once (in parallel): illegal indexes
 * get 0, ended games their value, and every other position counts its
 * moves that stay in the set; moves that capture or promote look into the
 * smaller (or pawn-poorer) tables, computed before, and give the position
 * a provisional win or, if all its moves leave the set and lose, its loss.
 * Then layer by layer, d = 0, 1, 2 ...: each position lost in d makes its
 * predecessors won in d + 1, and each position won in d takes one move off
 * its predecessors' count; a predecessor whose count reaches zero is lost,
 * in one more ply than its longest reply (looked up forward, since replies
 * that leave the set may be longer). What is never reached is a draw: with
 * no move limit in the rules, a side that cannot force the end can repeat.
 *
 * Un-moves come from the rules library's own tables: the squares whose
 * rays pass a square (rebounds included) are the candidates, and each is
 * kept only if the piece's real reach from there, with the board as it was,
 * lands on the square. A king's move may have set or cleared its out flag,
 * so both flags before it are tried and kept when the move gives the flag
 * the position has. Predecessors are looked up by index, so one that no
 * game allows (the side not to move in check) is just an illegal index.
 *
 * Threads share the value and count arrays through atomic byte operations.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_fast.h"
#include "rb_tb.h"
#include "rb_util_clock.h"

#define CHUNK 4096
#define MAX_THREADS 64

typedef struct gen {
    const rb_tb_set *set;
    rb_tb *tb;
    uint8_t *values;
    uint8_t *count; /* in-set moves not yet known to lose */
    int layer;
    int phase;
    uint64_t next; /* next chunk to take */
    uint64_t done;
    int maxcode;
    int failed;
    char err[512];
    pthread_mutex_t lock;
} gen;

static int load8(const uint8_t *p)
{
    return __atomic_load_n(p, __ATOMIC_RELAXED);
}

static void raise_max(gen *g, int code)
{
    int cur = __atomic_load_n(&g->maxcode, __ATOMIC_RELAXED);
    while (code > cur &&
           !__atomic_compare_exchange_n(&g->maxcode, &cur, code, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
}

static void fail(gen *g, const char *msg, const char *detail)
{
    pthread_mutex_lock(&g->lock);
    if (!g->failed) {
        snprintf(g->err, sizeof g->err, "%s: %s%s", g->set->name, msg, detail);
        __atomic_store_n(&g->failed, 1, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&g->lock);
}

static int code_of(gen *g, int d)
{
    if (d > 253) {
        fail(g, "a distance does not fit a byte", "");
        return 255;
    }
    return 2 + d;
}

/* The value of a move's result, for the side that made it. */
static int child_value(gen *g, const rb_pos *child)
{
    rb_tb_place p;
    int v;
    if (rb_tb_place_from_pos(g->set, child, &p)) {
        int64_t ix = rb_tb_encode(g->set, &p);
        v = ix < 0 ? RB_TB_NONE : load8(&g->values[ix]);
    } else {
        v = rb_tb_probe(g->tb, child);
        if (v == RB_TB_NONE) {
            rb_tb_set s;
            bool mirrored;
            rb_tb_set_of(child, &s, &mirrored);
            fail(g, "needs the table ", s.name);
        }
    }
    return rb_tb_parent_of(v);
}

static bool illegal(const rb_pos *pos)
{
    int us = pos->side, them = us ^ 1;
    if (rb_pos_attacked(pos, pos->king[them], us)) {
        return true; /* the side not to move in check */
    }
    return (pos->out & rb_out_flag(us)) && pos->king[us] == rb_throne_sq(us);
}

static void init_one(gen *g, uint64_t ix)
{
    rb_tb_place p;
    g->count[ix] = 0;
    if (!rb_tb_decode(g->set, ix, &p)) {
        g->values[ix] = RB_TB_NONE;
        return;
    }
    rb_pos pos;
    rb_tb_place_to_pos(g->set, &p, &pos);
    if (illegal(&pos)) {
        g->values[ix] = RB_TB_NONE;
        return;
    }
    if (rb_throne_taken(&pos)) {
        g->values[ix] = 2; /* lost in 0 */
        raise_max(g, 2);
        return;
    }
    rb_movelist list;
    rb_gen_legal(&pos, &list);
    if (list.count == 0) {
        g->values[ix] = rb_pos_in_check(&pos) ? 2 : RB_TB_DRAW;
        raise_max(g, g->values[ix]);
        return;
    }
    int inset = 0, best_win = 1000, worst_loss = -1;
    bool draw = false;
    int from = -1;
    rb_bb seen = 0;
    for (int i = 0; i < list.count; i++) {
        rb_move m = list.moves[i];
        int to = RB_MOVE_TO(m);
        if (pos.board[to] == RB_EMPTY && RB_MOVE_PROMO(m) == 0) {
            /* A piece may reach a square by two routes: one move. */
            if (RB_MOVE_FROM(m) != from) {
                from = RB_MOVE_FROM(m);
                seen = 0;
            }
            if (!(seen & RB_BIT(to))) {
                seen |= RB_BIT(to);
                inset++;
            }
            continue;
        }
        rb_pos child;
        rb_pos_make(&pos, m, &child);
        int v = child_value(g, &child);
        if (rb_tb_is_win(v)) {
            best_win = rb_tb_distance(v) < best_win ? rb_tb_distance(v) : best_win;
        } else if (rb_tb_is_loss(v)) {
            worst_loss = rb_tb_distance(v) > worst_loss ? rb_tb_distance(v) : worst_loss;
        } else {
            draw = true;
        }
    }
    int v = RB_TB_DRAW;
    if (best_win < 1000) {
        v = code_of(g, best_win); /* provisional: a shorter win may come */
    } else if (inset == 0 && !draw) {
        v = code_of(g, worst_loss);
    } else {
        g->count[ix] = (uint8_t)(inset + (draw ? 1 : 0)); /* a draw never runs out */
    }
    if (inset + 1 > 255) {
        fail(g, "a position has too many moves", "");
    }
    g->values[ix] = (uint8_t)v;
    raise_max(g, v);
}

/* The loss of a position whose every move loses: one more than the
 * longest reply, found forward. */
static int loss_of(gen *g, uint64_t ix)
{
    rb_tb_place p;
    rb_tb_decode(g->set, ix, &p);
    rb_pos pos;
    rb_tb_place_to_pos(g->set, &p, &pos);
    rb_movelist list;
    rb_gen_legal(&pos, &list);
    int worst = 0;
    for (int i = 0; i < list.count; i++) {
        rb_pos child;
        rb_pos_make(&pos, list.moves[i], &child);
        int v = child_value(g, &child);
        if (!rb_tb_is_loss(v)) {
            fail(g, "a position ran out of moves but one does not lose", "");
            return RB_TB_DRAW;
        }
        worst = rb_tb_distance(v) > worst ? rb_tb_distance(v) : worst;
    }
    return code_of(g, worst);
}

static void predecessor(gen *g, const rb_tb_place *p, int d)
{
    int64_t ix = rb_tb_encode(g->set, p);
    if (ix < 0) {
        return;
    }
    uint8_t *slot = &g->values[ix];
    uint8_t v = (uint8_t)load8(slot);
    if (v == RB_TB_NONE) {
        return;
    }
    if ((d & 1) == 0) {
        uint8_t want = (uint8_t)code_of(g, d + 1);
        while (v == RB_TB_DRAW || (rb_tb_is_win(v) && v > want)) {
            if (__atomic_compare_exchange_n(slot, &v, want, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
                raise_max(g, want);
                break;
            }
        }
        return;
    }
    if (v != RB_TB_DRAW) {
        return;
    }
    if (__atomic_sub_fetch(&g->count[ix], 1, __ATOMIC_RELAXED) == 0) {
        int loss = loss_of(g, (uint64_t)ix);
        __atomic_store_n(slot, (uint8_t)loss, __ATOMIC_RELAXED);
        raise_max(g, loss);
    }
}

static int core_type(int kind)
{
    return kind == RB_TB_ROOK ? RB_ROOK : kind == RB_TB_PAWN ? RB_PAWN : RB_BISHOP;
}

/* Squares from which a piece of this type could reach sq on an empty
 * board: the candidates, kept only when the real reach confirms them. */
static rb_bb sources(int type, int sq)
{
    switch (type) {
    case RB_KING: return rb_king_steps(sq);
    case RB_ROOK: return rb_fast.orthogonal[sq] | rb_fast.rook_ray_sources[sq];
    case RB_BISHOP: return rb_fast.bishop_step_sources[sq] | rb_fast.bishop_ray_sources[sq];
    default: return rb_fast.pawn_sources[sq];
    }
}

static void unmove(gen *g, uint64_t ix, int d)
{
    rb_tb_place q;
    if (!rb_tb_decode(g->set, ix, &q)) {
        return;
    }
    int mover = q.side ^ 1;
    rb_bb occ = 0;
    for (int i = 0; i < g->set->npieces + 2; i++) {
        occ |= RB_BIT(q.sq[i]);
    }
    for (int i = 0; i < g->set->npieces + 2; i++) {
        int color = i < 2 ? i : g->set->piece_color[i - 2];
        if (color != mover) {
            continue;
        }
        int type = i < 2 ? RB_KING : core_type(g->set->piece_kind[i - 2]);
        int t = q.sq[i];
        for (rb_bb b = sources(type, t) & ~occ; b; b &= b - 1) {
            int s = rb_lsb(b);
            rb_bb before = (occ & ~RB_BIT(t)) | RB_BIT(s);
            if (!(rb_piece_reach(type, s, before) & RB_BIT(t))) {
                continue;
            }
            rb_tb_place p = q;
            p.sq[i] = (uint8_t)s;
            p.side = (uint8_t)mover;
            if (type != RB_KING) {
                predecessor(g, &p, d);
                continue;
            }
            int flag = rb_out_flag(mover);
            for (int set = 0; set < 2; set++) {
                int out = (q.out & ~flag) | (set ? flag : 0);
                if (rb_out_after_king_move(out, mover, s, t) == q.out) {
                    p.out = (uint8_t)out;
                    predecessor(g, &p, d);
                }
            }
        }
    }
}

static void *worker(void *arg)
{
    gen *g = arg;
    uint64_t size = g->set->size;
    for (;;) {
        uint64_t start = __atomic_fetch_add(&g->next, CHUNK, __ATOMIC_RELAXED);
        if (start >= size || __atomic_load_n(&g->failed, __ATOMIC_RELAXED)) {
            break;
        }
        uint64_t end = start + CHUNK < size ? start + CHUNK : size;
        if (g->phase == 0) {
            for (uint64_t ix = start; ix < end; ix++) {
                init_one(g, ix);
            }
        } else {
            int want = 2 + g->layer;
            for (uint64_t ix = start; ix < end; ix++) {
                if (load8(&g->values[ix]) == want) {
                    unmove(g, ix, g->layer);
                }
            }
        }
        __atomic_fetch_add(&g->done, end - start, __ATOMIC_RELAXED);
    }
    return NULL;
}

static void run(gen *g, int threads, rb_tb_progress_fn progress, void *user, int64_t *last)
{
    pthread_t tid[MAX_THREADS];
    int n = 0;
    g->next = 0;
    g->done = 0;
    for (; n < threads; n++) {
        if (pthread_create(&tid[n], NULL, worker, g) != 0) {
            break;
        }
    }
    if (n == 0) {
        worker(g);
    }
    if (g->phase == 0 && progress) {
        while (__atomic_load_n(&g->done, __ATOMIC_RELAXED) < g->set->size &&
               !__atomic_load_n(&g->failed, __ATOMIC_RELAXED)) {
            rb_util_sleep_ms(50);
            int64_t now = rb_util_now_ms();
            if (now - *last >= 200) {
                *last = now;
                rb_tb_progress pr = {0, __atomic_load_n(&g->done, __ATOMIC_RELAXED), g->set->size, 0};
                progress(&pr, user);
            }
        }
    }
    for (int i = 0; i < n; i++) {
        pthread_join(tid[i], NULL);
    }
}

uint8_t *rb_tb_generate(rb_tb *tb, const rb_tb_set *set, int threads, rb_tb_progress_fn progress, void *user,
                        rb_tb_stats *stats, char *err, size_t errlen)
{
    int64_t t0 = rb_util_now_ms(), last = t0;
    gen g;
    memset(&g, 0, sizeof g);
    g.set = set;
    g.tb = tb;
    pthread_mutex_init(&g.lock, NULL);
    g.values = malloc(set->size);
    g.count = malloc(set->size);
    if (g.values == NULL || g.count == NULL) {
        snprintf(err, errlen, "%s: no memory for %llu entries", set->name, (unsigned long long)set->size);
        free(g.values);
        free(g.count);
        pthread_mutex_destroy(&g.lock);
        return NULL;
    }
    threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
    g.phase = 0;
    run(&g, threads, progress, user, &last);
    g.phase = 1;
    for (g.layer = 0; !g.failed && 2 + g.layer <= g.maxcode; g.layer++) {
        run(&g, threads, progress, user, &last);
        int64_t now = rb_util_now_ms();
        if (progress && now - last >= 200) {
            last = now;
            rb_tb_progress pr = {1, (uint64_t)g.layer, (uint64_t)(g.maxcode - 2), 0};
            progress(&pr, user);
        }
    }
    free(g.count);
    pthread_mutex_destroy(&g.lock);
    if (g.failed) {
        snprintf(err, errlen, "%s", g.err);
        free(g.values);
        return NULL;
    }
    if (stats) {
        rb_tb_count(set, g.values, stats);
        stats->seconds = (double)(rb_util_now_ms() - t0) / 1000.0;
    }
    return g.values;
}

void rb_tb_count(const rb_tb_set *set, const uint8_t *values, rb_tb_stats *st)
{
    memset(st, 0, sizeof *st);
    st->size = set->size;
    for (uint64_t i = 0; i < set->size; i++) {
        int v = values[i];
        if (v == RB_TB_NONE) {
            continue;
        }
        st->legal++;
        if (v == RB_TB_DRAW) {
            st->draws++;
        } else if (rb_tb_is_win(v)) {
            st->wins++;
            st->longest = rb_tb_distance(v) > st->longest ? rb_tb_distance(v) : st->longest;
        } else {
            st->losses++;
        }
    }
}
