/*
 * puzzle_player.c - the player's puzzle rating, kept between runs, and the
 * choice of the next puzzle.
 *
 * The rating moves like Elo against the puzzle's rating: a solved hard
 * puzzle gains much, a failed easy one loses much. The step is larger for
 * the first attempts so a new player finds their level quickly.
 *
 * The file is a few "key value" lines. Anything wrong in it (missing,
 * truncated, edited by hand) gives a fresh player and a message, never a
 * refusal to play; saving goes through a temporary file and a rename so a
 * crash mid-write cannot leave a half file behind.
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_puzzle.h"
#include "rb_util_error.h"
#include "rb_util_number.h"

#define PLAYER_MAGIC "rollerball-puzzle-player 1"

void rb_puzzle_player_init(rb_puzzle_player *pl)
{
    memset(pl, 0, sizeof *pl);
    pl->rating = RB_PUZZLE_PLAYER_START;
}

static int clamp_rating(int r)
{
    return r < RB_PUZZLE_RATING_MIN ? RB_PUZZLE_RATING_MIN : r > RB_PUZZLE_RATING_MAX ? RB_PUZZLE_RATING_MAX : r;
}

int rb_puzzle_player_update(rb_puzzle_player *pl, int puzzle_id, int puzzle_rating, bool success)
{
    double expected = 1.0 / (1.0 + pow(10.0, (double)(puzzle_rating - pl->rating) / 400.0));
    double k = pl->attempts < 10 ? 64.0 : 32.0;
    int delta = (int)lround(k * ((success ? 1.0 : 0.0) - expected));
    int before = pl->rating;
    pl->rating = clamp_rating(pl->rating + delta);
    pl->attempts++;
    pl->solved += success;
    if (pl->nrecent == RB_PUZZLE_RECENT_MAX) {
        memmove(pl->recent, pl->recent + 1, sizeof pl->recent[0] * (RB_PUZZLE_RECENT_MAX - 1));
        pl->nrecent--;
    }
    pl->recent[pl->nrecent++] = puzzle_id;
    return pl->rating - before;
}

static int parse_player(rb_puzzle_player *pl, char *text, char *err, size_t errlen)
{
    char *save = NULL;
    int lineno = 0;
    bool have_rating = false;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        lineno++;
        size_t n = strlen(line);
        if (n && line[n - 1] == '\r') {
            line[n - 1] = '\0';
        }
        if (lineno == 1) {
            if (strcmp(line, PLAYER_MAGIC) != 0) {
                return rb_util_fail(err, errlen, "line 1: not a puzzle player file");
            }
            continue;
        }
        char *save2 = NULL;
        char *key = strtok_r(line, " ", &save2);
        if (!key) {
            continue;
        }
        char *value = strtok_r(NULL, " ", &save2);
        if (strcmp(key, "rating") == 0) {
            if (!rb_util_parse_int(value, RB_PUZZLE_RATING_MIN, RB_PUZZLE_RATING_MAX, &pl->rating) || strtok_r(NULL, " ", &save2)) {
                return rb_util_fail(err, errlen, "line %d: the rating is not a number from %d to %d", lineno,
                            RB_PUZZLE_RATING_MIN, RB_PUZZLE_RATING_MAX);
            }
            have_rating = true;
        } else if (strcmp(key, "attempts") == 0 || strcmp(key, "solved") == 0) {
            int *field = key[0] == 'a' ? &pl->attempts : &pl->solved;
            if (!rb_util_parse_int(value, 0, 1000000000, field) || strtok_r(NULL, " ", &save2)) {
                return rb_util_fail(err, errlen, "line %d: %s is not a count", lineno, key);
            }
        } else if (strcmp(key, "recent") == 0) {
            pl->nrecent = 0;
            for (; value; value = strtok_r(NULL, " ", &save2)) {
                int id;
                if (!rb_util_parse_int(value, 1, 2147483647L, &id) || pl->nrecent == RB_PUZZLE_RECENT_MAX) {
                    return rb_util_fail(err, errlen, "line %d: bad recent puzzle list", lineno);
                }
                pl->recent[pl->nrecent++] = id;
            }
        } else {
            return rb_util_fail(err, errlen, "line %d: unknown key '%.20s'", lineno, key);
        }
    }
    if (lineno == 0) {
        return rb_util_fail(err, errlen, "empty file");
    }
    if (!have_rating) {
        return rb_util_fail(err, errlen, "no rating in the file");
    }
    if (pl->solved > pl->attempts) {
        return rb_util_fail(err, errlen, "more puzzles solved than tried");
    }
    return 0;
}

int rb_puzzle_player_load(rb_puzzle_player *pl, const char *path, char *err, size_t errlen)
{
    rb_puzzle_player_init(pl);
    FILE *f = fopen(path, "rb");
    if (!f) {
        return rb_util_fail(err, errlen, "%s: %s", path, strerror(errno));
    }
    char text[4096];
    size_t len = fread(text, 1, sizeof text - 1, f);
    bool too_long = len == sizeof text - 1 && fgetc(f) != EOF;
    fclose(f);
    if (too_long) {
        return rb_util_fail(err, errlen, "%s: too long for a puzzle player file", path);
    }
    text[len] = '\0';
    if (strlen(text) != len) {
        return rb_util_fail(err, errlen, "%s: a NUL byte in the text", path);
    }
    rb_puzzle_player loaded;
    rb_puzzle_player_init(&loaded);
    char why[200];
    if (parse_player(&loaded, text, why, sizeof why) != 0) {
        return rb_util_fail(err, errlen, "%s: %s", path, why);
    }
    *pl = loaded;
    return 0;
}

int rb_puzzle_player_save(const rb_puzzle_player *pl, const char *path, char *err, size_t errlen)
{
    char tmp[4096];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp) {
        return rb_util_fail(err, errlen, "%s: path too long", path);
    }
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        return rb_util_fail(err, errlen, "%s: %s", tmp, strerror(errno));
    }
    fprintf(f, "%s\nrating %d\nattempts %d\nsolved %d\nrecent", PLAYER_MAGIC, pl->rating, pl->attempts, pl->solved);
    for (int i = 0; i < pl->nrecent; i++) {
        fprintf(f, " %d", pl->recent[i]);
    }
    fputc('\n', f);
    bool bad = ferror(f) != 0;
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, path) != 0) {
        int saved = errno;
        remove(tmp);
        return rb_util_fail(err, errlen, "%s: %s", path, bad ? "write error" : strerror(saved));
    }
    return 0;
}

static bool recent(const rb_puzzle_player *pl, int id)
{
    for (int i = 0; i < pl->nrecent; i++) {
        if (pl->recent[i] == id) {
            return true;
        }
    }
    return false;
}

const rb_puzzle *rb_puzzle_choose(const rb_puzzle_set *set, const rb_puzzle_player *pl, unsigned themes,
                                  uint64_t *rng)
{
    /* The few closest puzzles by rating among those not seen lately (all
     * of them when every fitting one was), one of them at random so the
     * same rating does not always give the same puzzle. */
    enum { POOL = 8 };
    for (int pass = 0; pass < 2; pass++) {
        const rb_puzzle *pool[POOL];
        int dist[POOL];
        int n = 0;
        for (size_t i = 0; i < set->count; i++) {
            const rb_puzzle *p = &set->items[i];
            if (!(p->themes & themes) || (pass == 0 && recent(pl, p->id))) {
                continue;
            }
            int d = abs(p->rating - pl->rating);
            int at = n < POOL ? n++ : POOL;
            if (at == POOL) {
                if (d >= dist[POOL - 1]) {
                    continue;
                }
                at = POOL - 1;
            }
            while (at > 0 && dist[at - 1] > d) {
                pool[at] = pool[at - 1];
                dist[at] = dist[at - 1];
                at--;
            }
            pool[at] = p;
            dist[at] = d;
        }
        if (n > 0) {
            uint64_t z = (*rng += 0x9E3779B97F4A7C15ull);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            z ^= z >> 31;
            return pool[z % (uint64_t)n];
        }
    }
    return NULL;
}
