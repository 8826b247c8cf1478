/*
 * puzzle_file.c - reading and writing the puzzle file (format in rb_puzzle.h).
 *
 * The file ships with the game but is text a person may edit, so every
 * field is checked and every move is resolved against the position it is
 * played in: a line that loads is a line a session can play through. Errors
 * name the field and, for a whole file, the line number.
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
#include "rb_util_error.h"
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

const char *rb_puzzle_theme_name(unsigned theme)
{
    for (size_t i = 0; i < NTHEMES; i++) {
        if (theme_names[i].bit == theme) {
            return theme_names[i].name;
        }
    }
    return NULL;
}

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

static int parse_themes(char *text, unsigned *themes, char *err, size_t errlen)
{
    *themes = 0;
    char *save = NULL;
    int count = 0;
    for (char *t = strtok_r(text, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        unsigned bit = rb_puzzle_theme_parse(t);
        if (!bit) {
            return rb_util_fail(err, errlen, "unknown theme '%.20s' (mate, throne, material, rebound)", t);
        }
        if (count == 0 && !(bit & KIND_THEMES)) {
            return rb_util_fail(err, errlen, "the first theme must be mate, throne or material, not '%s'", t);
        }
        if (count > 0 && (bit & KIND_THEMES)) {
            return rb_util_fail(err, errlen, "more than one kind of win ('%s')", t);
        }
        if (*themes & bit) {
            return rb_util_fail(err, errlen, "theme '%s' given twice", t);
        }
        *themes |= bit;
        count++;
    }
    if (!count) {
        return rb_util_fail(err, errlen, "no theme");
    }
    return 0;
}

static int parse_solution(char *text, rb_puzzle *p, char *err, size_t errlen)
{
    rb_pos pos = p->start;
    char *save = NULL;
    p->nline = 0;
    for (char *t = strtok_r(text, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (p->nline == RB_PUZZLE_LINE_MAX) {
            return rb_util_fail(err, errlen, "solution longer than %d moves", RB_PUZZLE_LINE_MAX);
        }
        char why[128];
        rb_move m;
        if (rb_move_parse_coord(&pos, t, &m, why, sizeof why) != 0) {
            return rb_util_fail(err, errlen, "solution move %d '%.16s': %s", p->nline + 1, t, why);
        }
        p->line[p->nline++] = m;
        rb_pos_make(&pos, m, &pos);
    }
    if (p->nline % 2 == 0) {
        return rb_util_fail(err, errlen, "the solution must have an odd number of moves, the solver's first and last");
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

static int parse_accept(char *text, rb_puzzle *p, char *err, size_t errlen)
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
            return rb_util_fail(err, errlen, "accepted replies '%.20s': expected PLY:MOVE,...", g);
        }
        *colon = '\0';
        if (!rb_util_parse_int(g, 1, RB_PUZZLE_LINE_MAX, &ply) || ply > p->nline || ply % 2 != 0) {
            return rb_util_fail(err, errlen, "accepted replies: '%.8s' is not the number of a defender move in the solution", g);
        }
        int i = ply - 1;
        if (p->nalt[i]) {
            return rb_util_fail(err, errlen, "accepted replies for move %d given twice", ply);
        }
        rb_pos pos = pos_before(p, i);
        char *save2 = NULL;
        for (char *t = strtok_r(colon + 1, ",", &save2); t; t = strtok_r(NULL, ",", &save2)) {
            char why[128];
            rb_move m;
            if (rb_move_parse_coord(&pos, t, &m, why, sizeof why) != 0) {
                return rb_util_fail(err, errlen, "accepted reply '%.16s' for move %d: %s", t, ply, why);
            }
            if (m == p->line[i]) {
                return rb_util_fail(err, errlen, "accepted reply '%s' for move %d is the solution's own", t, ply);
            }
            if (p->nalt[i] == RB_PUZZLE_ALT_MAX) {
                return rb_util_fail(err, errlen, "more than %d accepted replies for move %d", RB_PUZZLE_ALT_MAX, ply);
            }
            p->alt[i][p->nalt[i]++] = m;
        }
        if (!p->nalt[i]) {
            return rb_util_fail(err, errlen, "no accepted replies after '%d:'", ply);
        }
    }
    return 0;
}

int rb_puzzle_parse_line(const char *line, rb_puzzle *p, char *err, size_t errlen)
{
    static const char *const field_names[6] = {"ID", "rating", "themes", "position", "solution", "accepted replies"};
    char copy[RB_PUZZLE_TEXT_MAX];
    size_t len = strlen(line);
    if (len >= sizeof copy) {
        return rb_util_fail(err, errlen, "line longer than %d characters", RB_PUZZLE_TEXT_MAX - 1);
    }
    memcpy(copy, line, len + 1);
    char *field[6];
    int nfields = 0;
    char *s = copy;
    for (;;) {
        if (nfields == 6) {
            return rb_util_fail(err, errlen, "more than 6 tab-separated fields");
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
        return rb_util_fail(err, errlen, "%d tab-separated fields, expected 6 (ID, rating, themes, position, solution, accepted replies)",
                    nfields);
    }
    for (int i = 0; i < 6; i++) {
        if (!*field[i]) {
            return rb_util_fail(err, errlen, "the %s field is empty", field_names[i]);
        }
    }
    rb_puzzle q;
    memset(&q, 0, sizeof q);
    if (!rb_util_parse_int(field[0], 1, INT_MAX, &q.id)) {
        return rb_util_fail(err, errlen, "ID '%.20s' is not a positive whole number", field[0]);
    }
    if (!rb_util_parse_int(field[1], RB_PUZZLE_RATING_MIN, RB_PUZZLE_RATING_MAX, &q.rating)) {
        return rb_util_fail(err, errlen, "rating '%.20s' is not a whole number from %d to %d", field[1], RB_PUZZLE_RATING_MIN,
                    RB_PUZZLE_RATING_MAX);
    }
    if (parse_themes(field[2], &q.themes, err, errlen) != 0) {
        return -1;
    }
    char why[160];
    if (rb_pos_parse(&q.start, field[3], why, sizeof why) != 0) {
        return rb_util_fail(err, errlen, "position: %s", why);
    }
    if (rb_pos_status(&q.start) != RB_ONGOING) {
        return rb_util_fail(err, errlen, "position: the game is already over there");
    }
    if (parse_solution(field[4], &q, err, errlen) != 0 || parse_accept(field[5], &q, err, errlen) != 0) {
        return -1;
    }
    *p = q;
    return 0;
}

int rb_puzzle_set_parse(rb_puzzle_set *set, const char *text, size_t len, char *err, size_t errlen)
{
    set->items = NULL;
    set->count = 0;
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
            return rb_util_fail(err, errlen, "line %d: longer than %d characters", lineno, RB_PUZZLE_TEXT_MAX - 1);
        }
        if (memchr(start, '\0', n)) {
            rb_puzzle_set_free(set);
            return rb_util_fail(err, errlen, "line %d: a NUL byte in the text", lineno);
        }
        memcpy(line, start, n);
        line[n] = '\0';
        if (set->count == cap) {
            size_t ncap = cap ? cap * 2 : 256;
            rb_puzzle *items = realloc(set->items, ncap * sizeof *items);
            if (!items) {
                rb_puzzle_set_free(set);
                return rb_util_fail(err, errlen, "line %d: out of memory", lineno);
            }
            set->items = items;
            cap = ncap;
        }
        char why[256];
        if (rb_puzzle_parse_line(line, &set->items[set->count], why, sizeof why) != 0) {
            rb_puzzle_set_free(set);
            return rb_util_fail(err, errlen, "line %d: %s", lineno, why);
        }
        if (rb_puzzle_set_find(set, set->items[set->count].id)) {
            int id = set->items[set->count].id;
            rb_puzzle_set_free(set);
            return rb_util_fail(err, errlen, "line %d: ID %d is used twice", lineno, id);
        }
        set->count++;
    }
    if (set->count == 0) {
        rb_puzzle_set_free(set);
        return rb_util_fail(err, errlen, "no puzzles in the file");
    }
    return 0;
}

int rb_puzzle_set_load(rb_puzzle_set *set, const char *path, char *err, size_t errlen)
{
    set->items = NULL;
    set->count = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        return rb_util_fail(err, errlen, "%s: %s", path, strerror(errno));
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 1 << 16;
            if (cap > (64u << 20)) {
                free(text);
                fclose(f);
                return rb_util_fail(err, errlen, "%s: larger than 64 MiB, not a puzzle file", path);
            }
            char *grown = realloc(text, cap);
            if (!grown) {
                free(text);
                fclose(f);
                return rb_util_fail(err, errlen, "%s: out of memory", path);
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
        return rb_util_fail(err, errlen, "%s: read error", path);
    }
    char why[300];
    int rc = rb_puzzle_set_parse(set, text, len, why, sizeof why);
    free(text);
    if (rc != 0) {
        return rb_util_fail(err, errlen, "%s: %s", path, why);
    }
    return 0;
}

void rb_puzzle_set_free(rb_puzzle_set *set)
{
    free(set->items);
    set->items = NULL;
    set->count = 0;
}

const rb_puzzle *rb_puzzle_set_find(const rb_puzzle_set *set, int id)
{
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
