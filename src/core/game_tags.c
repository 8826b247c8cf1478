/*
 * game_tags.c - the game record's tags: PGN's name and value pairs other
 * than those derived from the game, and the TimeControl tag read and
 * written as times.
 *
 * The tags sit in a file of their own, below the record (game.c) and its
 * annotations (annotation.c), because both lean on them and neither should
 * call the other back: the record frees the tags it owns with the rest of
 * its memory, and the annotations' clocks go with the TimeControl tag.
 */
#include "rb_game.h"
#include "rb_util_assert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *copy_text(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c != NULL) {
        memcpy(c, s, n);
    }
    return c;
}

static rb_tag *find_tag(const rb_game *g, const char *name)
{
    for (size_t i = 0; i < g->ntags; i++) {
        if (strcmp(g->tags[i].name, name) == 0) {
            return &g->tags[i];
        }
    }
    return NULL;
}

int rb_game_set_tag(rb_game *g, const char *name, const char *value)
{
    RB_ASSERT(g != NULL && name != NULL);
    rb_tag *t = find_tag(g, name);
    if (value == NULL) {
        if (t != NULL) {
            free(t->name);
            free(t->value);
            size_t i = (size_t)(t - g->tags);
            memmove(t, t + 1, (g->ntags - i - 1) * sizeof *t);
            g->ntags--;
        }
        return 0;
    }
    char *v = copy_text(value);
    if (v == NULL) {
        return -1;
    }
    if (t != NULL) {
        free(t->value);
        t->value = v;
        return 0;
    }
    char *n = copy_text(name);
    rb_tag *tags = n != NULL ? realloc(g->tags, (g->ntags + 1) * sizeof *tags) : NULL;
    if (tags == NULL) {
        free(n);
        free(v);
        return -1;
    }
    g->tags = tags;
    g->tags[g->ntags].name = n;
    g->tags[g->ntags].value = v;
    g->ntags++;
    return 0;
}

const char *rb_game_tag(const rb_game *g, const char *name)
{
    RB_ASSERT(g != NULL && name != NULL);
    const rb_tag *t = find_tag(g, name);
    return t != NULL ? t->value : NULL;
}

/* ---- TimeControl -------------------------------------------------------- */

int rb_game_set_time_control(rb_game *g, int64_t base_ms, int64_t increment_ms)
{
    if (base_ms < 0 || increment_ms < 0) {
        return -1;
    }
    char text[64];
    /* Seconds, as PGN has it; a fraction only when there is one. */
    int n = base_ms % 1000 == 0 ? snprintf(text, sizeof text, "%lld", (long long)(base_ms / 1000))
                                : snprintf(text, sizeof text, "%.3f", (double)base_ms / 1000.0);
    if (increment_ms > 0) {
        if (increment_ms % 1000 == 0) {
            snprintf(text + n, sizeof text - (size_t)n, "+%lld", (long long)(increment_ms / 1000));
        } else {
            snprintf(text + n, sizeof text - (size_t)n, "+%.3f", (double)increment_ms / 1000.0);
        }
    }
    return rb_game_set_tag(g, "TimeControl", text);
}

/* Seconds with an optional fraction of up to three digits, to ms. */
static const char *parse_seconds(const char *s, int64_t *ms)
{
    int64_t whole = 0;
    const char *start = s;
    while (*s >= '0' && *s <= '9') {
        if (whole > RB_NOTE_CLOCK_MAX / 1000) {
            return NULL;
        }
        whole = whole * 10 + (*s++ - '0');
    }
    if (s == start) {
        return NULL;
    }
    int64_t frac = 0;
    if (*s == '.') {
        s++;
        int digits = 0;
        while (*s >= '0' && *s <= '9' && digits < 3) {
            frac = frac * 10 + (*s++ - '0');
            digits++;
        }
        if (digits == 0) {
            return NULL;
        }
        for (; digits < 3; digits++) {
            frac *= 10;
        }
    }
    *ms = whole * 1000 + frac;
    return s;
}

bool rb_game_time_control(const rb_game *g, int64_t *base_ms, int64_t *increment_ms)
{
    const char *tc = rb_game_tag(g, "TimeControl");
    int64_t base = 0, inc = 0;
    const char *s = tc != NULL ? parse_seconds(tc, &base) : NULL;
    if (s != NULL && *s == '+') {
        s = parse_seconds(s + 1, &inc);
    }
    if (s == NULL || *s != '\0') {
        return false;
    }
    *base_ms = base;
    *increment_ms = inc;
    return true;
}
