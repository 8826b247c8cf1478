/*
 * match_openings.c - random openings and opening books (see
 * match_openings.h).
 */
#include "match_openings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_game.h"
#include "rb_notation.h"
#include "rb_util_random.h"

bool rb_opening_random(uint64_t *state, int plies, rb_opening *o)
{
    rb_game g;
    rb_pos start;
    rb_pos_start(&start);
    if (rb_game_init(&g, &start) != 0) {
        return false;
    }
    bool ok = true;
    o->plies = 0;
    if (plies > RB_OPENING_PLIES_MAX) {
        plies = RB_OPENING_PLIES_MAX;
    }
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

bool rb_opening_equal(const rb_opening *a, const rb_opening *b)
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
    size_t made = 0;
    /* Enough tries for any sensible request; short openings run out of
     * distinct move sequences, and then the openings repeat. */
    size_t tries = count * 50 + 100;
    while (made < count && tries-- > 0) {
        if (!rb_opening_random(&state, plies, &out[made])) {
            continue;
        }
        bool repeated = false;
        for (size_t i = 0; i < made && !repeated && tries > count; i++) {
            repeated = rb_opening_equal(&out[i], &out[made]);
        }
        if (!repeated) {
            made++;
        }
    }
    return made;
}

void rb_opening_position(const rb_opening *o, rb_pos *pos, uint64_t *history, size_t *nhistory)
{
    rb_pos_start(pos);
    *nhistory = 0;
    for (int i = 0; i < o->plies; i++) {
        history[(*nhistory)++] = pos->key;
        rb_pos next;
        rb_pos_make(pos, o->moves[i], &next);
        *pos = next;
    }
}

size_t rb_opening_format(const rb_opening *o, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < o->plies; i++) {
        char move[RB_MOVE_TEXT_MAX];
        size_t len = rb_move_to_coord(o->moves[i], move);
        if (n + len + 2 > size) {
            break;
        }
        if (i > 0) {
            buf[n++] = ' ';
        }
        memcpy(buf + n, move, len);
        n += len;
        buf[n] = '\0';
    }
    return n;
}

int rb_opening_parse(const char *line, rb_opening *o, char *err, size_t errlen)
{
    rb_game g;
    rb_pos pos;
    rb_pos_start(&pos);
    if (rb_game_init(&g, &pos) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    o->plies = 0;
    int status = 0;
    const char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') {
            p++;
        }
        if (*p == '\0' || *p == '#') {
            break;
        }
        size_t len = strcspn(p, " \t\r\n#");
        char word[16];
        if (o->plies == RB_OPENING_PLIES_MAX) {
            snprintf(err, errlen, "more than %d moves", RB_OPENING_PLIES_MAX);
            status = -1;
            break;
        }
        if (len >= sizeof word) {
            snprintf(err, errlen, "'%.20s...' is not a move", p);
            status = -1;
            break;
        }
        memcpy(word, p, len);
        word[len] = '\0';
        rb_move m;
        char why[160];
        if (rb_move_parse_coord(rb_game_pos(&g), word, &m, why, sizeof why) != 0) {
            snprintf(err, errlen, "move %d '%s': %s", o->plies + 1, word, why);
            status = -1;
            break;
        }
        if (rb_game_play(&g, m) != 0) {
            snprintf(err, errlen, "out of memory");
            status = -1;
            break;
        }
        o->moves[o->plies++] = m;
        status = 1;
        if (rb_game_ending(&g) != RB_END_NONE) {
            snprintf(err, errlen, "the game is over after move %d '%s' (%s)", o->plies, word,
                     rb_ending_name(rb_game_ending(&g)));
            status = -1;
            break;
        }
        p += len;
    }
    rb_game_free(&g);
    return status;
}

int rb_openings_read(const char *path, rb_opening **out, size_t *count, char *err, size_t errlen)
{
    *out = NULL;
    *count = 0;
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 0;
    char line[4096];
    int lineno = 0;
    int status = 0;
    while (status == 0 && fgets(line, sizeof line, f) != NULL) {
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(f)) {
            snprintf(err, errlen, "%s:%d: line longer than %zu characters", path, lineno, sizeof line - 2);
            status = -1;
            break;
        }
        rb_opening o;
        char why[200];
        int got = rb_opening_parse(line, &o, why, sizeof why);
        if (got < 0) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
            status = -1;
        } else if (got > 0) {
            if (*count == cap) {
                size_t ncap = cap == 0 ? 64 : cap * 2;
                rb_opening *grown = realloc(*out, ncap * sizeof *grown);
                if (grown == NULL) {
                    snprintf(err, errlen, "%s: out of memory", path);
                    status = -1;
                    break;
                }
                *out = grown;
                cap = ncap;
            }
            (*out)[(*count)++] = o;
        }
    }
    if (status == 0 && ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
        status = -1;
    }
    fclose(f);
    if (status == 0 && *count == 0) {
        snprintf(err, errlen, "%s: no opening in the file", path);
        status = -1;
    }
    if (status != 0) {
        free(*out);
        *out = NULL;
        *count = 0;
    }
    return status;
}
