/*
 * tt.c - the transposition table (see tt.h).
 *
 * Replacement keeps, within a bucket, the entry of the same position, else
 * replaces the one that is shallowest once entries from older searches are
 * counted as shallower still: deep results of the current search survive,
 * stale ones make way.
 *
 * Every probe lands on a random bucket, so with ordinary 4 KiB pages most
 * probes also miss the address translation cache. On Linux the table is
 * therefore aligned to 2 MiB and offered to the kernel for huge pages; the
 * contents and the results are the same either way.
 *
 * Entries are read and written whole through their two atomic words (see
 * tt.h), so threads sharing the table never take a torn entry for a hit; a
 * store chooses its victim from words that may change under it, which at
 * worst replaces a less useful entry.
 *
 * Probing and storing index the table by masking the key, so they assert
 * a table that was sized (rb_tt_resize) to a power of two; storing asserts
 * what the entry's narrow fields can hold.
 */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* madvise, posix_memalign */
#include <sys/mman.h>
#endif

#include "tt.h"

#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "rb_util_assert.h"

#define RB_TT_HUGE_PAGE ((size_t)2 << 20)

/* What an entry's narrow fields must hold. */
_Static_assert(RB_INF <= INT16_MAX, "every score fits an entry's 16-bit score");
_Static_assert(RB_MAX_PLY <= UINT8_MAX, "every depth fits an entry's 8-bit depth");

/* A zeroed table of n buckets, released with free(). */
static rb_tt_bucket *alloc_buckets(size_t n)
{
    size_t bytes = n * sizeof(rb_tt_bucket);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= RB_TT_HUGE_PAGE) {
        void *p = NULL;
        if (posix_memalign(&p, RB_TT_HUGE_PAGE, bytes) != 0) {
            return NULL;
        }
        (void)madvise(p, bytes, MADV_HUGEPAGE); /* only advice: failure is harmless */
        memset(p, 0, bytes);
        return p;
    }
#endif
    return calloc(n, sizeof(rb_tt_bucket));
}

int rb_tt_resize(rb_tt *tt, size_t mib)
{
    if (mib < 1) {
        mib = 1;
    }
    if (mib > 4096) {
        mib = 4096;
    }
    size_t bytes = mib << 20, n = 1;
    while (n * 2 * sizeof(rb_tt_bucket) <= bytes) {
        n *= 2;
    }
    rb_tt_bucket *b = alloc_buckets(n);
    if (b == NULL) {
        return -1;
    }
    free(tt->buckets);
    tt->buckets = b;
    tt->nbuckets = n;
    tt->age = 0;
    tt->clearing = 0;
    return 0;
}

void rb_tt_free(rb_tt *tt)
{
    free(tt->buckets);
    tt->buckets = NULL;
    tt->nbuckets = 0;
}

/* Empties the table by counting: entries of an earlier count read as
 * empty everywhere (probe, and replacement in store), exactly as zeroed
 * ones would. Only when the count would wrap is the table written. */
void rb_tt_clear(rb_tt *tt)
{
    tt->clearing++;
    if (tt->clearing == RB_TT_CLEARINGS) {
        if (tt->buckets != NULL) {
            memset(tt->buckets, 0, tt->nbuckets * sizeof *tt->buckets);
        }
        tt->clearing = 0;
    }
    tt->age = 0;
}

void rb_tt_new_search(rb_tt *tt)
{
    tt->age = (uint8_t)((tt->age + 1) & 63);
}

/* Win scores count plies from the root; in the table they count from the
 * node itself. */
static int score_to_tt(int score, int ply)
{
    return score > RB_WIN_BOUND ? score + ply : score < -RB_WIN_BOUND ? score - ply : score;
}

static int score_from_tt(int score, int ply)
{
    return score > RB_WIN_BOUND ? score - ply : score < -RB_WIN_BOUND ? score + ply : score;
}

/* A table rb_tt_resize made: buckets to index, a power of two of them. */
static RB_FOR_CONTRACTS bool is_sized(const rb_tt *tt)
{
    return tt->buckets != NULL && tt->nbuckets > 0 && (tt->nbuckets & (tt->nbuckets - 1)) == 0;
}

/* An entry as one read of its two words gives it: the key it gives back
 * (another position's when the words were torn apart) and its fields. */
typedef struct entry_view {
    uint64_t key;
    uint64_t data;
} entry_view;

static entry_view read_entry(const rb_tt_entry *e)
{
    /* the atomics are only read here; the cast drops const for compilers
     * whose atomic_load_explicit does not take a const object */
    rb_tt_entry *w = (rb_tt_entry *)e;
    uint64_t data = atomic_load_explicit(&w->data, memory_order_relaxed);
    uint64_t check = atomic_load_explicit(&w->check, memory_order_relaxed);
    return (entry_view){check ^ data, data};
}

static rb_move view_move(entry_view v)
{
    return (rb_move)(v.data & (((uint64_t)1 << RB_TT_MOVE_BITS) - 1));
}

static unsigned view_clearing(entry_view v)
{
    return (unsigned)(v.data >> RB_TT_CLEARING_SHIFT) & (RB_TT_CLEARINGS - 1);
}

static int view_score(entry_view v)
{
    return (int16_t)(uint16_t)(v.data >> RB_TT_SCORE_SHIFT);
}

static int view_depth(entry_view v)
{
    return (int)(uint8_t)(v.data >> RB_TT_DEPTH_SHIFT);
}

static unsigned view_bound_age(entry_view v)
{
    return (unsigned)(uint8_t)(v.data >> RB_TT_BOUND_AGE_SHIFT);
}

/* An entry holds something when it was written since the last clearing
 * with a bound. */
static bool is_filled(const rb_tt *tt, entry_view v)
{
    return view_clearing(v) == tt->clearing && (view_bound_age(v) & 3) != RB_BOUND_NONE;
}

bool rb_tt_probe(const rb_tt *tt, uint64_t key, int ply, rb_tt_hit *hit)
{
    RB_ASSERT(is_sized(tt));
    RB_ASSERT(ply >= 0 && ply <= RB_MAX_PLY);
    const rb_tt_bucket *b = &tt->buckets[key & (tt->nbuckets - 1)];
    for (int i = 0; i < RB_TT_BUCKET; i++) {
        entry_view v = read_entry(&b->e[i]);
        if (v.key == key && is_filled(tt, v)) {
            hit->move = view_move(v);
            hit->score = score_from_tt(view_score(v), ply);
            hit->depth = view_depth(v);
            hit->bound = view_bound_age(v) & 3;
            return true;
        }
    }
    return false;
}

void rb_tt_store(rb_tt *tt, uint64_t key, int ply, rb_move move, int score, int depth, int bound)
{
    RB_ASSERT(is_sized(tt));
    RB_ASSERT(ply >= 0 && ply <= RB_MAX_PLY);
    RB_ASSERT_MSG(bound >= RB_BOUND_UPPER && bound <= RB_BOUND_EXACT, "an upper, lower or exact bound");
    RB_ASSERT_MSG(score > -RB_INF && score < RB_INF, "a score the search can return");
    RB_ASSERT_MSG(move < ((rb_move)1 << RB_TT_MOVE_BITS), "a move fits the entry's 20 bits");
    rb_tt_bucket *b = &tt->buckets[key & (tt->nbuckets - 1)];
    rb_tt_entry *victim = &b->e[0];
    entry_view old = read_entry(victim);
    int worst = 1 << 30;
    for (int i = 0; i < RB_TT_BUCKET; i++) {
        entry_view v = read_entry(&b->e[i]);
        if (!is_filled(tt, v) || v.key == key) {
            victim = &b->e[i];
            old = v;
            break;
        }
        int stale = ((tt->age - (int)(view_bound_age(v) >> 2)) & 63) * 8;
        if (view_depth(v) - stale < worst) {
            worst = view_depth(v) - stale;
            victim = &b->e[i];
            old = v;
        }
    }
    bool same = is_filled(tt, old) && old.key == key;
    /* Keep a deeper exact result of this same position over a shallow bound. */
    if (same && bound != RB_BOUND_EXACT && depth + 2 < view_depth(old) && (view_bound_age(old) >> 2) == tt->age) {
        return;
    }
    if (move == RB_MOVE_NONE && same) {
        move = view_move(old);
    }
    uint64_t stored_depth = (uint64_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    uint64_t data = (uint64_t)move | (uint64_t)tt->clearing << RB_TT_CLEARING_SHIFT |
                    (uint64_t)(uint16_t)(int16_t)score_to_tt(score, ply) << RB_TT_SCORE_SHIFT |
                    stored_depth << RB_TT_DEPTH_SHIFT |
                    (uint64_t)(uint8_t)(bound | (tt->age << 2)) << RB_TT_BOUND_AGE_SHIFT;
    atomic_store_explicit(&victim->check, key ^ data, memory_order_relaxed);
    atomic_store_explicit(&victim->data, data, memory_order_relaxed);
}
