/*
 * datagen.c - self-play games and their quiet positions (see datagen.h).
 *
 * Games are played in batches. Within a batch the threads take game
 * numbers from a shared counter, each game writing into its own record;
 * after the batch the records are merged in game order, so the output
 * does not depend on which thread played what.
 */
#include "datagen.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "rb_engine.h"
#include "rb_util_clock.h"
#include "rb_util_random.h"
#include "sparring.h"

/* Games per thread in a batch: large enough that the threads seldom wait
 * for one long game at the end of a batch. */
#define GAMES_PER_THREAD_IN_BATCH 24
/* Each engine's table: games at a few thousand nodes a move need little. */
#define ENGINE_HASH_MIB 4

typedef struct game_record {
    int result; /* for White: 1 win, 0 draw, -1 loss */
    bool cut;   /* drawn by the ply cut-off */
    int count;  /* quiet positions kept */
    uint64_t keys[RB_DATAGEN_MAX_PLIES];
    char text[RB_DATAGEN_MAX_PLIES][RB_POS_TEXT_MAX];
} game_record;

typedef struct batch {
    const rb_datagen_opts *o;
    uint64_t first_game;
    int ngames;
    atomic_int next;
    game_record *records;
} batch;

typedef struct worker {
    batch *b;
    rb_engine *engine;
} worker;

/* The search's best move changes nothing the evaluation cannot see: no
 * capture, no promotion. */
static bool quiet_move(const rb_pos *pos, rb_move m)
{
    return RB_MOVE_PROMO(m) == 0 && pos->board[RB_MOVE_TO(m)] == RB_EMPTY;
}

static void play_game(const rb_datagen_opts *o, rb_engine *e, uint64_t game, game_record *rec)
{
    /* The game's own generator, from the seed and its number only. */
    uint64_t mix = o->seed ^ (game * 0xD1B54A32D192ED03ull);
    uint64_t rng = rb_util_splitmix64(&mix);
    int span = o->opening_max - o->opening_min + 1;
    int opening = o->opening_min + (int)(rb_util_splitmix64(&rng) % (uint64_t)span);
    rb_pos pos;
    rb_spar_opening(&pos, &rng, opening);
    rb_engine_new_game(e);

    uint64_t history[RB_DATAGEN_MAX_PLIES];
    size_t nhistory = 0;
    rec->count = 0;
    rec->result = 0;
    rec->cut = true;
    for (int ply = opening; ply < o->max_plies; ply++) {
        rb_status st = rb_pos_status(&pos);
        if (st == RB_CHECKMATE || st == RB_THRONE) {
            rec->result = pos.side == RB_WHITE ? -1 : 1;
            rec->cut = false;
            break;
        }
        int seen = 0;
        for (size_t i = 0; i < nhistory; i++) {
            seen += history[i] == pos.key;
        }
        if (st == RB_STALEMATE || seen >= 2) {
            rec->cut = false;
            break;
        }
        rb_limits lim = {0};
        uint64_t spread = o->nodes * (uint64_t)o->spread_pct / 100;
        lim.nodes = o->nodes - spread + (spread > 0 ? rb_util_splitmix64(&rng) % (2 * spread + 1) : 0);
        rb_search_info info;
        rb_move m = rb_engine_search(e, &pos, history, nhistory, &lim, NULL, NULL, &info);
        if (m == RB_MOVE_NONE) { /* cannot happen in an ongoing position; ends the game as a draw */
            rec->cut = false;
            break;
        }
        if (ply >= o->skip_plies && info.kind == RB_SCORE_CP && !rb_pos_in_check(&pos) && quiet_move(&pos, m)) {
            rec->keys[rec->count] = pos.key;
            rb_pos_format(&pos, rec->text[rec->count], RB_POS_TEXT_MAX);
            rec->count++;
        }
        history[nhistory++] = pos.key;
        rb_pos_make(&pos, m, &pos);
    }
}

static void *work(void *arg)
{
    worker *w = arg;
    batch *b = w->b;
    for (;;) {
        int i = atomic_fetch_add(&b->next, 1);
        if (i >= b->ngames) {
            return NULL;
        }
        play_game(b->o, w->engine, b->first_game + (uint64_t)i, &b->records[i]);
    }
}

/* The keys written so far: open addressing, grown at half full. Key 0 is
 * the empty slot (a real key of 0 is stored beside the table). */
typedef struct keyset {
    uint64_t *slots;
    size_t cap;
    size_t count;
    bool has_zero;
} keyset;

static bool keyset_insert(keyset *s, uint64_t key, bool *fresh)
{
    if (key == 0) {
        *fresh = !s->has_zero;
        s->has_zero = true;
        return true;
    }
    if (2 * (s->count + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1 << 16;
        uint64_t *slots = calloc(cap, sizeof *slots);
        if (slots == NULL) {
            return false;
        }
        for (size_t i = 0; i < s->cap; i++) {
            if (s->slots[i] != 0) {
                size_t j = s->slots[i] & (cap - 1);
                while (slots[j] != 0) {
                    j = (j + 1) & (cap - 1);
                }
                slots[j] = s->slots[i];
            }
        }
        free(s->slots);
        s->slots = slots;
        s->cap = cap;
    }
    size_t j = key & (s->cap - 1);
    while (s->slots[j] != 0 && s->slots[j] != key) {
        j = (j + 1) & (s->cap - 1);
    }
    *fresh = s->slots[j] == 0;
    if (*fresh) {
        s->slots[j] = key;
        s->count++;
    }
    return true;
}

void rb_datagen_defaults(rb_datagen_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->positions = 1000000;
    o->nodes = 5000;
    o->spread_pct = 20;
    o->threads = 2;
    o->opening_min = 4;
    o->opening_max = 8;
    o->skip_plies = 10;
    o->max_plies = 400;
}

static const char *check_opts(const rb_datagen_opts *o)
{
    if (o->positions == 0) {
        return "the number of positions must be at least 1";
    }
    if (o->nodes < 1) {
        return "the node budget must be at least 1";
    }
    if (o->spread_pct < 0 || o->spread_pct > 90) {
        return "the node spread must be 0..90 percent";
    }
    if (o->threads < 1 || o->threads > RB_DATAGEN_MAX_THREADS) {
        return "the thread count must be 1..16";
    }
    if (o->opening_min < 0 || o->opening_max < o->opening_min || o->opening_max > 40) {
        return "the opening plies must be 0 <= min <= max <= 40";
    }
    if (o->max_plies < 1 || o->max_plies > RB_DATAGEN_MAX_PLIES) {
        return "the ply cut-off must be 1..1000";
    }
    if (o->skip_plies < 0) {
        return "the plies skipped must not be negative";
    }
    return NULL;
}

int rb_datagen_run(const rb_datagen_opts *o, FILE *out, rb_datagen_summary *summary, char *err, size_t errlen)
{
    rb_datagen_summary sum;
    memset(&sum, 0, sizeof sum);
    const char *bad = check_opts(o);
    if (bad != NULL) {
        snprintf(err, errlen, "%s", bad);
        return -1;
    }
    int nthreads = o->threads;
    int per_batch = nthreads * GAMES_PER_THREAD_IN_BATCH;
    worker workers[RB_DATAGEN_MAX_THREADS];
    game_record *records = malloc((size_t)per_batch * sizeof *records);
    keyset seen = {NULL, 0, 0, false};
    int status = 0;
    int made = 0;
    for (; made < nthreads; made++) {
        workers[made].engine = rb_engine_new(ENGINE_HASH_MIB);
        if (workers[made].engine == NULL) {
            break;
        }
    }
    if (records == NULL || made < nthreads) {
        snprintf(err, errlen, "out of memory");
        status = -1;
    }
    int64_t start_ms = rb_util_now_ms();
    uint64_t game = 0;
    batch b;
    while (status == 0 && sum.positions < o->positions) {
        b.o = o;
        b.first_game = game;
        b.ngames = per_batch;
        atomic_init(&b.next, 0);
        b.records = records;
        pthread_t tids[RB_DATAGEN_MAX_THREADS];
        for (int t = 0; t < nthreads; t++) {
            workers[t].b = &b;
        }
        for (int t = 1; t < nthreads; t++) {
            if (pthread_create(&tids[t], NULL, work, &workers[t]) != 0) {
                snprintf(err, errlen, "cannot start a thread");
                status = -1;
                nthreads = t; /* join only those started */
                break;
            }
        }
        work(&workers[0]);
        for (int t = 1; t < nthreads; t++) {
            pthread_join(tids[t], NULL);
        }
        if (status != 0) {
            break;
        }
        /* Merge in game order; the last game may be cut short by the target. */
        for (int i = 0; i < per_batch && sum.positions < o->positions; i++) {
            const game_record *r = &records[i];
            const char *label = r->result > 0 ? "1" : r->result < 0 ? "0" : "0.5";
            for (int k = 0; k < r->count && sum.positions < o->positions; k++) {
                bool fresh;
                if (!keyset_insert(&seen, r->keys[k], &fresh)) {
                    snprintf(err, errlen, "out of memory");
                    status = -1;
                    break;
                }
                if (!fresh) {
                    sum.duplicates++;
                    continue;
                }
                if (fprintf(out, "%s;%s\n", r->text[k], label) < 0) {
                    snprintf(err, errlen, "cannot write the positions");
                    status = -1;
                    break;
                }
                sum.positions++;
            }
            if (status != 0) {
                break;
            }
            sum.games++;
            sum.white += r->result > 0;
            sum.black += r->result < 0;
            sum.draws += r->result == 0;
            sum.cut += r->cut;
        }
        game += (uint64_t)per_batch;
        sum.seconds = (double)(rb_util_now_ms() - start_ms) / 1000.0;
        if (o->progress != NULL && status == 0) {
            fprintf(
                o->progress,
                "%llu games, %llu positions (%.1f%%), White %llu / draws %llu / Black %llu, %.0f s, %.0f positions/s\n",
                (unsigned long long)sum.games, (unsigned long long)sum.positions,
                100.0 * (double)sum.positions / (double)o->positions, (unsigned long long)sum.white,
                (unsigned long long)sum.draws, (unsigned long long)sum.black, sum.seconds,
                sum.seconds > 0 ? (double)sum.positions / sum.seconds : 0.0);
            fflush(o->progress);
        }
    }
    if (status == 0 && fflush(out) != 0) {
        snprintf(err, errlen, "cannot write the positions");
        status = -1;
    }
    for (int t = 0; t < made; t++) {
        rb_engine_free(workers[t].engine);
    }
    free(records);
    free(seen.slots);
    if (summary != NULL) {
        *summary = sum;
    }
    return status;
}
