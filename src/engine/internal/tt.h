/*
 * tt.h - the transposition table: what earlier searches learnt about a
 * position, found again by its Zobrist key (which covers placement, side to
 * move and both out flags).
 *
 * Entries are 16 bytes in buckets of four that share a cache line. Win and
 * loss scores are stored relative to the node, not the root, so they stay
 * true wherever the position turns up again.
 *
 * Several search threads share one table without locks (lazy SMP), so an
 * entry is two 64-bit atomic words: the data (move, clearing count, score,
 * depth, bound and age packed together) and the key XOR the data, as Hyatt
 * and Stockfish keep theirs. Two threads writing the same entry at once can
 * leave one's check word beside the other's data; such a torn entry no
 * longer gives back its key, so it reads as another position's and is never
 * taken for a hit. The accesses are relaxed: plain loads and stores on
 * x86-64 and arm64, and the table needs no order between entries.
 *
 * Clearing the table (a new game, and before every bench position) only
 * counts up: an entry written before the last clearing reads as empty, so
 * a clear costs nothing instead of writing the whole table.
 */
#ifndef RB_TT_H
#define RB_TT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "rb_board.h"

enum { RB_BOUND_NONE = 0, RB_BOUND_UPPER = 1, RB_BOUND_LOWER = 2, RB_BOUND_EXACT = 3 };

/* How many times the table can be cleared by counting before it must be
 * cleared by writing zeros (see rb_tt_clear). */
#define RB_TT_CLEARINGS 4096

/* An entry's data word, from the low bits up: the move (an rb_move takes 20
 * bits), the table's clearing count when written (an older one is empty,
 * 12 bits), the score (16 bits, two's complement), the depth (8 bits), and
 * the bound in 2 bits with the search generation in the 6 above it. */
#define RB_TT_MOVE_BITS 20
#define RB_TT_CLEARING_SHIFT 20
#define RB_TT_SCORE_SHIFT 32
#define RB_TT_DEPTH_SHIFT 48
#define RB_TT_BOUND_AGE_SHIFT 56

typedef struct rb_tt_entry {
    _Atomic uint64_t check; /* the key XOR data */
    _Atomic uint64_t data;
} rb_tt_entry;

#define RB_TT_BUCKET 4

typedef struct rb_tt_bucket {
    rb_tt_entry e[RB_TT_BUCKET];
} rb_tt_bucket;

_Static_assert(sizeof(rb_tt_entry) == 16, "a table entry is 16 bytes");
_Static_assert(sizeof(rb_tt_bucket) == 64, "a bucket is one 64-byte cache line");
_Static_assert(RB_BOUND_EXACT <= 3, "a bound fits the low 2 bits of bound_age");
_Static_assert(RB_TT_CLEARINGS == 1 << 12, "the clearing count fills an entry's 12-bit field");
_Static_assert(RB_TT_CLEARING_SHIFT + 12 == RB_TT_SCORE_SHIFT, "the data word's fields do not overlap");

typedef struct rb_tt {
    rb_tt_bucket *buckets;
    size_t nbuckets; /* a power of two */
    uint8_t age;
    uint16_t clearing; /* entries written under another count are empty */
} rb_tt;

typedef struct rb_tt_hit {
    rb_move move;
    int score;
    int depth;
    int bound;
} rb_tt_hit;

int rb_tt_resize(rb_tt *tt, size_t mib); /* 0, or -1 leaving tt unchanged */
void rb_tt_free(rb_tt *tt);
void rb_tt_clear(rb_tt *tt);
void rb_tt_new_search(rb_tt *tt);
bool rb_tt_probe(const rb_tt *tt, uint64_t key, int ply, rb_tt_hit *hit);
/* Starts loading key's bucket into the cache: called right after a move is
 * made, the bucket is there by the time the child node probes it. */
static inline void rb_tt_prefetch(const rb_tt *tt, uint64_t key)
{
    __builtin_prefetch(&tt->buckets[key & (tt->nbuckets - 1)]);
}
void rb_tt_store(rb_tt *tt, uint64_t key, int ply, rb_move move, int score, int depth, int bound);

#endif
