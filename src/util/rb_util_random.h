/*
 * rb_util_random.h - splitmix64, the one pseudo-random generator of the
 * project.
 *
 * Small, fast and the same on every platform, so a seed gives the same
 * numbers everywhere: the board's Zobrist keys, the weaker levels' choices,
 * the match tool's openings and the tests' random games all come from it.
 * Pure (no globals): the caller keeps the state.
 */
#ifndef RB_UTIL_RANDOM_H
#define RB_UTIL_RANDOM_H

#include <stdint.h>

/* Advances *state and returns the next number. */
static inline uint64_t rb_util_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#endif
