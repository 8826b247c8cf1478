/*
 * puzzle_file.c - reading and writing the puzzle file (format in rb_puzzle.h).
 *
 * The file ships with the game but is text a person may edit, so every
 * field is checked and every move is resolved against the position it is
 * played in: a line that loads is a line a session can play through. Errors
 * name the field and, for a whole file, the line number. They are messages
 * (rb_message.h), so that the game can say them in the player's language;
 * the char *err forms write their English.
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_notation.h"
#include "rb_puzzle.h"
#include "rb_util_assert.h"
#include "rb_util_number.h"

/* Marks a theme name for the game's translation catalogue; the names are
 * also the puzzle file's words, so only the window translates them. */
#define N_(text) (text)

static const struct {
    unsigned bit;
    const char *name;
} theme_names[] = {
    /* TRANSLATORS: puzzle themes, shown as "Theme: mate, rebound" */
    {RB_THEME_MATE, N_("mate")},
    {RB_THEME_THRONE, N_("throne")},
    {RB_THEME_MATERIAL, N_("material")},
    {RB_THEME_REBOUND, N_("rebound")},
};
#define NTHEMES (sizeof theme_names / sizeof theme_names[0])
#define KIND_THEMES (RB_THEME_MATE | RB_THEME_THRONE | RB_THEME_MATERIAL)

unsigned rb_puzzle_theme_parse(const char *name)
{
    for (size_t i = 0; i < NTHEMES; i++) {
        if (strcmp(theme_names[i].name, name) == 0) {
            return theme_names[i].bit;
        }
    }
    return 0;
}

/* snprintf that keeps a running length and never writes past len. */
static void append(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(*n < len ? buf + *n : NULL, *n < len ? len - *n : 0, fmt, ap);
    va_end(ap);
    if (k > 0) {
        *n += (size_t)k;
    }
}

size_t rb_puzzle_themes_format(unsigned themes, char *buf, size_t len)
{
    size_t n = 0;
    if (len > 0) {
        buf[0] = '\0';
    }
    for (size_t i = 0; i < NTHEMES; i++) {
        if (themes & theme_names[i].bit) {
            append(buf, len, &n, "%s%s", n ? "," : "", theme_names[i].name);
        }
    }
    return n;
}

/* Starts *why over as tmpl and returns -1, for `return fail(...)` after
 * its arguments are added. */
static int fail(rb_message *why, const char *tmpl)
{
    rb_message_set(why, tmpl);
    return -1;
}

static int parse_themes(char *text, unsigned *themes, rb_message *why)
{
    *themes = 0;
    char *save = NULL;
    int count = 0;
    for (char *t = strtok_r(text, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        unsigned bit = rb_puzzle_theme_parse(t);
        const char *tmpl = NULL;
        if (!bit) {
            tmpl = RB_MSG_("unknown theme '%1$s' (mate, throne, material, rebound)");
        } else if (count == 0 && !(bit & KIND_THEMES)) {
            tmpl = RB_MSG_("the first theme must be mate, throne or material, not '%1$s'");
        } else if (count > 0 && (bit & KIND_THEMES)) {
            tmpl = RB_MSG_("more than one kind of win ('%1$s')");
        } else if (*themes & bit) {
            tmpl = RB_MSG_("theme '%1$s' given twice");
        }
        if (tmpl) {
            fail(why, tmpl);
            rb_message_add(why, "%.20s", t);
            return -1;
        }
        *themes |= bit;
        count++;
    }
    if (!count) {
        return fail(why, RB_MSG_("no theme"));
    }
    return 0;
}

static int parse_solution(char *text, rb_puzzle *p, rb_message *why)
{
    rb_pos pos = p->start;
    char *save = NULL;
    p->nline = 0;
    for (char *t = strtok_r(text, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (p->nline == RB_PUZZLE_LINE_MAX) {
            fail(why, RB_MSG_("solution longer than %1$s moves"));
            rb_message_add(why, "%d", RB_PUZZLE_LINE_MAX);
            return -1;
        }
        rb_move m;
        if (rb_move_parse_coord_why(&pos, t, &m, why) != 0) {
            rb_message_wrap(why, RB_MSG_("solution move %1$s '%2$s': %3$s"));
            rb_message_add(why, "%d", p->nline + 1);
            rb_message_add(why, "%.16s", t);
            return -1;
        }
        p->line[p->nline++] = m;
        rb_pos_make(&pos, m, &pos);
    }
    if (p->nline % 2 == 0) {
        return fail(why, RB_MSG_("the solution must have an odd number of moves, the solver's first and last"));
    }
    return 0;
}

/* The position before line move ply. */
static rb_pos pos_before(const rb_puzzle *p, int ply)
{
    rb_pos pos = p->start;
    for (int i = 0; i < ply; i++) {
        rb_pos_make(&pos, p->line[i], &pos);
    }
    return pos;
}

static int parse_accept(char *text, rb_puzzle *p, rb_message *why)
{
    memset(p->nalt, 0, sizeof p->nalt);
    if (strcmp(text, "-") == 0) {
        return 0;
    }
    char *save = NULL;
    for (char *g = strtok_r(text, " ", &save); g; g = strtok_r(NULL, " ", &save)) {
        char *colon = strchr(g, ':');
        int ply;
        if (!colon) {
            fail(why, RB_MSG_("accepted replies '%1$s': expected PLY:MOVE,..."));
            rb_message_add(why, "%.20s", g);
            return -1;
        }
        *colon = '\0';
        if (!rb_util_parse_int(g, 1, RB_PUZZLE_LINE_MAX, &ply) || ply > p->nline || ply % 2 != 0) {
            fail(why, RB_MSG_("accepted replies: '%1$s' is not the number of a defender move in the solution"));
            rb_message_add(why, "%.8s", g);
            return -1;
        }
        int i = ply - 1;
        if (p->nalt[i]) {
            fail(why, RB_MSG_("accepted replies for move %1$s given twice"));
            rb_message_add(why, "%d", ply);
            return -1;
        }
        rb_pos pos = pos_before(p, i);
        char *save2 = NULL;
        for (char *t = strtok_r(colon + 1, ",", &save2); t; t = strtok_r(NULL, ",", &save2)) {
            rb_move m;
            if (rb_move_parse_coord_why(&pos, t, &m, why) != 0) {
                rb_message_wrap(why, RB_MSG_("accepted reply '%1$s' for move %2$s: %3$s"));
                rb_message_add(why, "%.16s", t);
                rb_message_add(why, "%d", ply);
                return -1;
            }
            if (m == p->line[i]) {
                fail(why, RB_MSG_("accepted reply '%1$s' for move %2$s is the solution's own"));
                rb_message_add(why, "%s", t);
                rb_message_add(why, "%d", ply);
                return -1;
            }
            if (p->nalt[i] == RB_PUZZLE_ALT_MAX) {
                fail(why, RB_MSG_("more than %1$s accepted replies for move %2$s"));
                rb_message_add(why, "%d", RB_PUZZLE_ALT_MAX);
                rb_message_add(why, "%d", ply);
                return -1;
            }
            p->alt[i][p->nalt[i]++] = m;
        }
        if (!p->nalt[i]) {
            fail(why, RB_MSG_("no accepted replies after '%1$s:'"));
            rb_message_add(why, "%d", ply);
            return -1;
        }
    }
    return 0;
}

/* The English of a message into err (when given). */
static int english(const rb_message *why, char *err, size_t errlen)
{
    if (err && errlen) {
        rb_message_text(why, NULL, NULL, err, errlen);
    }
    return -1;
}

int rb_puzzle_parse_line_why(const char *line, rb_puzzle *p, rb_message *why)
{
    /* TRANSLATORS: the names of the six fields of a puzzle line, in "the %s field is empty" */
    static const rb_msg_word field_names[6] = {
        RB_MSGW_("puzzle field", "ID"),       RB_MSGW_("puzzle field", "rating"),
        RB_MSGW_("puzzle field", "themes"),   RB_MSGW_("puzzle field", "position"),
        RB_MSGW_("puzzle field", "solution"), RB_MSGW_("puzzle field", "accepted replies"),
    };
    rb_message_clear(why);
    char copy[RB_PUZZLE_TEXT_MAX];
    size_t len = strlen(line);
    if (len >= sizeof copy) {
        fail(why, RB_MSG_("line longer than %1$s characters"));
        rb_message_add(why, "%d", RB_PUZZLE_TEXT_MAX - 1);
        return -1;
    }
    memcpy(copy, line, len + 1);
    char *field[6];
    int nfields = 0;
    char *s = copy;
    for (;;) {
        if (nfields == 6) {
            return fail(why, RB_MSG_("more than 6 tab-separated fields"));
        }
        field[nfields++] = s;
        char *tab = strchr(s, '\t');
        if (!tab) {
            break;
        }
        *tab = '\0';
        s = tab + 1;
    }
    if (nfields < 6) {
        fail(why, RB_MSG_("%1$s tab-separated fields, expected 6 (ID, rating, themes, position, solution, accepted "
                          "replies)"));
        rb_message_add(why, "%d", nfields);
        return -1;
    }
    for (int i = 0; i < 6; i++) {
        if (!*field[i]) {
            fail(why, RB_MSG_("the %1$s field is empty"));
            rb_message_add_word(why, field_names[i]);
            return -1;
        }
    }
    rb_puzzle q;
    memset(&q, 0, sizeof q);
    if (!rb_util_parse_int(field[0], 1, INT_MAX, &q.id)) {
        fail(why, RB_MSG_("ID '%1$s' is not a positive whole number"));
        rb_message_add(why, "%.20s", field[0]);
        return -1;
    }
    if (!rb_util_parse_int(field[1], RB_PUZZLE_RATING_MIN, RB_PUZZLE_RATING_MAX, &q.rating)) {
        fail(why, RB_MSG_("rating '%1$s' is not a whole number from %2$s to %3$s"));
        rb_message_add(why, "%.20s", field[1]);
        rb_message_add(why, "%d", RB_PUZZLE_RATING_MIN);
        rb_message_add(why, "%d", RB_PUZZLE_RATING_MAX);
        return -1;
    }
    if (parse_themes(field[2], &q.themes, why) != 0) {
        return -1;
    }
    if (rb_pos_parse_why(&q.start, field[3], why) != 0) {
        rb_message_wrap(why, RB_MSG_("position: %1$s"));
        return -1;
    }
    if (rb_pos_status(&q.start) != RB_ONGOING) {
        return fail(why, RB_MSG_("position: the game is already over there"));
    }
    if (parse_solution(field[4], &q, why) != 0 || parse_accept(field[5], &q, why) != 0) {
        return -1;
    }
    *p = q;
    return 0;
}

int rb_puzzle_parse_line(const char *line, rb_puzzle *p, char *err, size_t errlen)
{
    rb_message why;
    return rb_puzzle_parse_line_why(line, p, &why) == 0 ? 0 : english(&why, err, errlen);
}

/* Says what is wrong at line lineno of the file: the line's number goes
 * around the message. Returns -1. */
static int at_line(rb_message *why, int lineno)
{
    rb_message_wrap(why, RB_MSG_("line %1$s: %2$s"));
    rb_message_add(why, "%d", lineno);
    return -1;
}

int rb_puzzle_set_parse_why(rb_puzzle_set *set, const char *text, size_t len, rb_message *why)
{
    set->items = NULL;
    set->count = 0;
    rb_message_clear(why);
    size_t cap = 0;
    int lineno = 0;
    size_t at = 0;
    while (at < len) {
        lineno++;
        const char *start = text + at;
        const char *nl = memchr(start, '\n', len - at);
        size_t n = nl ? (size_t)(nl - start) : len - at;
        at += n + (nl ? 1 : 0);
        if (n > 0 && start[n - 1] == '\r') {
            n--;
        }
        if (n == 0 || start[0] == '#') {
            continue;
        }
        char line[RB_PUZZLE_TEXT_MAX];
        if (n >= sizeof line) {
            rb_puzzle_set_free(set);
            fail(why, RB_MSG_("longer than %1$s characters"));
            rb_message_add(why, "%d", RB_PUZZLE_TEXT_MAX - 1);
            return at_line(why, lineno);
        }
        if (memchr(start, '\0', n)) {
            rb_puzzle_set_free(set);
            fail(why, RB_MSG_("a NUL byte in the text"));
            return at_line(why, lineno);
        }
        memcpy(line, start, n);
        line[n] = '\0';
        if (set->count == cap) {
            size_t ncap = cap ? cap * 2 : 256;
            rb_puzzle *items = realloc(set->items, ncap * sizeof *items);
            if (!items) {
                rb_puzzle_set_free(set);
                fail(why, RB_MSG_("out of memory"));
                return at_line(why, lineno);
            }
            set->items = items;
            cap = ncap;
        }
        if (rb_puzzle_parse_line_why(line, &set->items[set->count], why) != 0) {
            rb_puzzle_set_free(set);
            return at_line(why, lineno);
        }
        if (rb_puzzle_set_find(set, set->items[set->count].id)) {
            int id = set->items[set->count].id;
            rb_puzzle_set_free(set);
            fail(why, RB_MSG_("ID %1$s is used twice"));
            rb_message_add(why, "%d", id);
            return at_line(why, lineno);
        }
        set->count++;
    }
    if (set->count == 0) {
        rb_puzzle_set_free(set);
        return fail(why, RB_MSG_("no puzzles in the file"));
    }
    return 0;
}

int rb_puzzle_set_parse(rb_puzzle_set *set, const char *text, size_t len, char *err, size_t errlen)
{
    rb_message why;
    return rb_puzzle_set_parse_why(set, text, len, &why) == 0 ? 0 : english(&why, err, errlen);
}

int rb_puzzle_set_load_why(rb_puzzle_set *set, const char *path, rb_message *why)
{
    set->items = NULL;
    set->count = 0;
    rb_message_clear(why);
    FILE *f = fopen(path, "rb");
    if (!f) {
        /* TRANSLATORS: %1$s is the system's reason, in the system's words */
        fail(why, RB_MSG_("cannot be opened (%1$s)"));
        rb_message_add(why, "%s", strerror(errno));
        return -1;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 1 << 16;
            if (cap > (64u << 20)) {
                free(text);
                fclose(f);
                return fail(why, RB_MSG_("larger than 64 MiB, not a puzzle file"));
            }
            char *grown = realloc(text, cap);
            if (!grown) {
                free(text);
                fclose(f);
                return fail(why, RB_MSG_("out of memory"));
            }
            text = grown;
        }
        size_t got = fread(text + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            break;
        }
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        free(text);
        return fail(why, RB_MSG_("read error"));
    }
    int rc = rb_puzzle_set_parse_why(set, text, len, why);
    free(text);
    return rc;
}

int rb_puzzle_set_load(rb_puzzle_set *set, const char *path, char *err, size_t errlen)
{
    rb_message why;
    if (rb_puzzle_set_load_why(set, path, &why) == 0) {
        return 0;
    }
    if (err && errlen) {
        rb_message_file_text(path, 0, &why, NULL, NULL, err, errlen);
    }
    return -1;
}

void rb_puzzle_set_free(rb_puzzle_set *set)
{
    free(set->items);
    set->items = NULL;
    set->count = 0;
}

const rb_puzzle *rb_puzzle_set_find(const rb_puzzle_set *set, int id)
{
    RB_ASSERT(set != NULL && (set->items != NULL || set->count == 0));
    for (size_t i = 0; i < set->count; i++) {
        if (set->items[i].id == id) {
            return &set->items[i];
        }
    }
    return NULL;
}

static void append_moves(const rb_move *moves, int n, const char *sep, char *buf, size_t len, size_t *at)
{
    for (int i = 0; i < n; i++) {
        char mv[RB_MOVE_TEXT_MAX];
        rb_move_to_coord(moves[i], mv);
        append(buf, len, at, "%s%s", i ? sep : "", mv);
    }
}

/* ID, rating, themes, position and solution: the part both forms share. */
static size_t format_common(const rb_puzzle *p, char *buf, size_t len)
{
    size_t n = 0;
    char themes[64], fen[RB_POS_TEXT_MAX];
    rb_puzzle_themes_format(p->themes, themes, sizeof themes);
    rb_pos_format(&p->start, fen, sizeof fen);
    if (len > 0) {
        buf[0] = '\0';
    }
    append(buf, len, &n, "%d\t%d\t%s\t%s\t", p->id, p->rating, themes, fen);
    append_moves(p->line, p->nline, " ", buf, len, &n);
    return n;
}

size_t rb_puzzle_format_list(const rb_puzzle *p, char *buf, size_t len)
{
    return format_common(p, buf, len);
}

size_t rb_puzzle_format_line(const rb_puzzle *p, char *buf, size_t len)
{
    size_t n = format_common(p, buf, len);
    bool any = false;
    for (int i = 0; i < p->nline; i++) {
        if (p->nalt[i]) {
            append(buf, len, &n, "%s%d:", any ? " " : "\t", i + 1);
            append_moves(p->alt[i], p->nalt[i], ",", buf, len, &n);
            any = true;
        }
    }
    if (!any) {
        append(buf, len, &n, "\t-");
    }
    return n;
}
