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
 * crash mid-write cannot leave a half file behind. What is wrong is a
 * message (rb_message.h), for the game to say in the player's language.
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_puzzle.h"
#include "rb_util_assert.h"
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
    RB_ASSERT(pl != NULL);
    RB_ASSERT_MSG(pl->nrecent >= 0 && pl->nrecent <= RB_PUZZLE_RECENT_MAX, "a player from init or load");
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

/* Starts *why over as tmpl with the line's number as its first argument;
 * returns -1. */
static int fail_at(rb_message *why, const char *tmpl, int lineno)
{
    rb_message_set(why, tmpl);
    rb_message_add(why, "%d", lineno);
    return -1;
}

static int parse_player(rb_puzzle_player *pl, char *text, rb_message *why)
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
                return fail_at(why, RB_MSG_("line %1$s: not a puzzle player file"), 1);
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
            if (!rb_util_parse_int(value, RB_PUZZLE_RATING_MIN, RB_PUZZLE_RATING_MAX, &pl->rating) ||
                strtok_r(NULL, " ", &save2)) {
                fail_at(why, RB_MSG_("line %1$s: the rating is not a number from %2$s to %3$s"), lineno);
                rb_message_add(why, "%d", RB_PUZZLE_RATING_MIN);
                rb_message_add(why, "%d", RB_PUZZLE_RATING_MAX);
                return -1;
            }
            have_rating = true;
        } else if (strcmp(key, "attempts") == 0 || strcmp(key, "solved") == 0) {
            int *field = key[0] == 'a' ? &pl->attempts : &pl->solved;
            if (!rb_util_parse_int(value, 0, 1000000000, field) || strtok_r(NULL, " ", &save2)) {
                /* TRANSLATORS: %2$s is the file's own word, attempts or solved */
                fail_at(why, RB_MSG_("line %1$s: %2$s is not a count"), lineno);
                rb_message_add(why, "%s", key);
                return -1;
            }
        } else if (strcmp(key, "recent") == 0) {
            pl->nrecent = 0;
            for (; value; value = strtok_r(NULL, " ", &save2)) {
                int id;
                if (!rb_util_parse_int(value, 1, 2147483647L, &id) || pl->nrecent == RB_PUZZLE_RECENT_MAX) {
                    return fail_at(why, RB_MSG_("line %1$s: bad recent puzzle list"), lineno);
                }
                pl->recent[pl->nrecent++] = id;
            }
        } else {
            fail_at(why, RB_MSG_("line %1$s: unknown key '%2$s'"), lineno);
            rb_message_add(why, "%.20s", key);
            return -1;
        }
    }
    const char *tmpl = lineno == 0                 ? RB_MSG_("empty file")
                       : !have_rating              ? RB_MSG_("no rating in the file")
                       : pl->solved > pl->attempts ? RB_MSG_("more puzzles solved than tried")
                                                   : NULL;
    if (tmpl) {
        rb_message_set(why, tmpl);
        return -1;
    }
    return 0;
}

int rb_puzzle_player_load_why(rb_puzzle_player *pl, const char *path, rb_message *why)
{
    rb_puzzle_player_init(pl);
    rb_message_clear(why);
    FILE *f = fopen(path, "rb");
    if (!f) {
        /* TRANSLATORS: %1$s is the system's reason, in the system's words */
        rb_message_set(why, RB_MSG_("cannot be opened (%1$s)"));
        rb_message_add(why, "%s", strerror(errno));
        return -1;
    }
    char text[4096];
    size_t len = fread(text, 1, sizeof text - 1, f);
    bool too_long = len == sizeof text - 1 && fgetc(f) != EOF;
    fclose(f);
    if (too_long) {
        rb_message_set(why, RB_MSG_("too long for a puzzle player file"));
        return -1;
    }
    text[len] = '\0';
    if (strlen(text) != len) {
        rb_message_set(why, RB_MSG_("a NUL byte in the text"));
        return -1;
    }
    rb_puzzle_player loaded;
    rb_puzzle_player_init(&loaded);
    if (parse_player(&loaded, text, why) != 0) {
        return -1;
    }
    *pl = loaded;
    return 0;
}

int rb_puzzle_player_save_why(const rb_puzzle_player *pl, const char *path, rb_message *why)
{
    rb_message_clear(why);
    char tmp[4096];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp) {
        rb_message_set(why, RB_MSG_("path too long"));
        return -1;
    }
    /* Where the copy beside it cannot be made, the file cannot be written:
     * the message names the file, the person's concern, not the copy. */
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        /* TRANSLATORS: %1$s is the system's reason, in the system's words */
        rb_message_set(why, RB_MSG_("cannot be written (%1$s)"));
        rb_message_add(why, "%s", strerror(errno));
        return -1;
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
        if (bad) {
            rb_message_set(why, RB_MSG_("write error"));
        } else {
            rb_message_set(why, RB_MSG_("cannot be written (%1$s)"));
            rb_message_add(why, "%s", strerror(saved));
        }
        return -1;
    }
    return 0;
}

/* The English of a message about the file at path into err (when given). */
static int english(const char *path, const rb_message *why, char *err, size_t errlen)
{
    if (err && errlen) {
        rb_message_file_text(path, 0, why, NULL, NULL, err, errlen);
    }
    return -1;
}

int rb_puzzle_player_load(rb_puzzle_player *pl, const char *path, char *err, size_t errlen)
{
    rb_message why;
    return rb_puzzle_player_load_why(pl, path, &why) == 0 ? 0 : english(path, &why, err, errlen);
}

int rb_puzzle_player_save(const rb_puzzle_player *pl, const char *path, char *err, size_t errlen)
{
    rb_message why;
    return rb_puzzle_player_save_why(pl, path, &why) == 0 ? 0 : english(path, &why, err, errlen);
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

const rb_puzzle *rb_puzzle_choose(const rb_puzzle_set *set, const rb_puzzle_player *pl, unsigned themes, uint64_t *rng)
{
    RB_ASSERT(set != NULL && pl != NULL && rng != NULL);
    RB_ASSERT(set->items != NULL || set->count == 0);
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
