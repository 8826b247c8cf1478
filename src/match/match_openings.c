/*
 * match_openings.c - random openings (see match_openings.h).
 */
#include "match_openings.h"

#include <stdbool.h>

#include "rb_game.h"
#include "rb_util_random.h"

/* Plays one random opening; false when the game ended on the way. */
static bool play_random(uint64_t *state, int plies, rb_opening *o)
{
    rb_game g;
    rb_pos start;
    rb_pos_start(&start);
    if (rb_game_init(&g, &start) != 0) {
        return false;
    }
    bool ok = true;
    o->plies = 0;
    for (int i = 0; i < plies && ok; i++) {
        rb_movelist list;
        rb_gen_legal(rb_game_pos(&g), &list);
        if (list.count == 0) {
            ok = false;
            break;
        }
        rb_move m = list.moves[rb_util_splitmix64(state) % (uint64_t)list.count];
        ok = rb_game_play(&g, m) == 0 && rb_game_ending(&g) == RB_END_NONE;
        o->moves[o->plies++] = m;
    }
    /* Decided also means: the side to move has no move left. */
    ok = ok && rb_gen_count(rb_game_pos(&g)) > 0;
    rb_game_free(&g);
    return ok;
}

static bool same_opening(const rb_opening *a, const rb_opening *b)
{
    if (a->plies != b->plies) {
        return false;
    }
    for (int i = 0; i < a->plies; i++) {
        if (a->moves[i] != b->moves[i]) {
            return false;
        }
    }
    return true;
}

size_t rb_openings_make(uint64_t seed, int plies, rb_opening *out, size_t count)
{
    uint64_t state = seed;
    if (plies > RB_OPENING_PLIES_MAX) {
        plies = RB_OPENING_PLIES_MAX;
    }
    size_t made = 0;
    /* Enough tries for any sensible request; short openings run out of
     * distinct move sequences, and then the openings repeat. */
    size_t tries = count * 50 + 100;
    while (made < count && tries-- > 0) {
        if (!play_random(&state, plies, &out[made])) {
            continue;
        }
        bool repeated = false;
        for (size_t i = 0; i < made && !repeated && tries > count; i++) {
            repeated = same_opening(&out[i], &out[made]);
        }
        if (!repeated) {
            made++;
        }
    }
    return made;
}
