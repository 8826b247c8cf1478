/*
 * check.c - the shared position checks of the fuzz targets (see
 * check.h).
 */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plain_gen.h"
#include "rb_notation.h"

void rb_fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz check failed: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

static int compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static void check_text_round_trip(const rb_pos *pos, char *text)
{
    rb_pos_format(pos, text, RB_POS_TEXT_MAX);
    rb_pos again;
    char err[256];
    if (rb_pos_parse(&again, text, err, sizeof err) != 0) {
        rb_fuzz_fail("formatted position '%s' does not parse back: %s", text, err);
    }
    if (!rb_pos_equal(pos, &again) || again.key != pos->key) {
        rb_fuzz_fail("position '%s' changes through its text", text);
    }
    char text2[RB_POS_TEXT_MAX];
    rb_pos_format(&again, text2, sizeof text2);
    if (strcmp(text, text2) != 0) {
        rb_fuzz_fail("formatting is not stable: '%s' then '%s'", text, text2);
    }
}

static void check_move(const rb_pos *pos, const char *text, rb_move m)
{
    int from = RB_MOVE_FROM(m), to = RB_MOVE_TO(m);
    if (from >= RB_NSQ || to >= RB_NSQ || from == to) {
        rb_fuzz_fail("'%s': move %u has squares %d-%d", text, (unsigned)m, from, to);
    }
    if (rb_move_find(pos, from, to, RB_MOVE_PROMO(m)) != m) {
        rb_fuzz_fail("'%s': move %u is not found again by its squares", text, (unsigned)m);
    }
    rb_path path;
    rb_move_path(m, &path);
    if (path.len < 2 || path.len > RB_PATH_MAX || path.sq[0] != from || path.sq[path.len - 1] != to ||
        path.rebound < -1 || path.rebound >= path.len) {
        rb_fuzz_fail("'%s': move %u has a broken path", text, (unsigned)m);
    }
    /* Copy-make from a copy: the original must not change. */
    rb_pos before = *pos, child;
    rb_pos_make(&before, m, &child);
    if (memcmp(&before, pos, sizeof before) != 0) {
        rb_fuzz_fail("'%s': making move %u changed the position it was made from", text, (unsigned)m);
    }
    if (child.key != rb_pos_compute_key(&child)) {
        rb_fuzz_fail("'%s': the key after move %u is wrong", text, (unsigned)m);
    }
    char coord[RB_MOVE_TEXT_MAX], display[RB_MOVE_TEXT_MAX];
    rb_move_to_coord(m, coord);
    rb_move_to_display(pos, m, display);
    rb_move back;
    char err[256];
    if (rb_move_parse_coord(pos, coord, &back, err, sizeof err) != 0 || back != m) {
        rb_fuzz_fail("'%s': coordinate text '%s' does not read back", text, coord);
    }
    if (rb_move_parse_display(pos, display, &back, err, sizeof err) != 0 || back != m) {
        rb_fuzz_fail("'%s': display text '%s' does not read back", text, display);
    }

    /* The plain generator plays the same move to the same position. */
    char plain_after[PLAIN_TEXT_MAX], after[RB_POS_TEXT_MAX];
    if (!plain_make(text, coord, plain_after, sizeof plain_after)) {
        rb_fuzz_fail("'%s': the plain generator refuses %s", text, coord);
    }
    rb_pos_format(&child, after, sizeof after);
    if (strcmp(after, plain_after) != 0) {
        rb_fuzz_fail("'%s' after %s: '%s' but the plain generator has '%s'", text, coord, after, plain_after);
    }
    if (rb_move_wins_throne(pos, m) != plain_wins_throne(text, coord)) {
        rb_fuzz_fail("'%s': generators disagree whether %s wins by throne", text, coord);
    }
}

void rb_fuzz_check_position(const rb_pos *pos)
{
    char text[RB_POS_TEXT_MAX];
    if (pos->key != rb_pos_compute_key(pos)) {
        rb_fuzz_fail("a parsed position has the wrong key");
    }
    check_text_round_trip(pos, text);
    if (!plain_position_ok(text)) {
        rb_fuzz_fail("'%s' was accepted, but the plain generator calls it illegal", text);
    }

    rb_movelist list;
    int n = rb_gen_legal(pos, &list);
    if (n != list.count || n < 0 || n > RB_MAX_MOVES || rb_gen_count(pos) != n) {
        rb_fuzz_fail("'%s': move counts disagree (%d, %d, %d)", text, n, list.count, rb_gen_count(pos));
    }
    int by_piece = 0;
    for (int sq = 0; sq < RB_NSQ; sq++) {
        rb_movelist one;
        by_piece += rb_gen_legal_from(pos, sq, &one);
    }
    if (by_piece != n) {
        rb_fuzz_fail("'%s': %d moves in all but %d piece by piece", text, n, by_piece);
    }

    static char mine[RB_MAX_MOVES][RB_MOVE_TEXT_MAX];
    static char plain[PLAIN_MAX_MOVES][PLAIN_MOVE_LEN];
    for (int i = 0; i < n; i++) {
        rb_move_to_coord(list.moves[i], mine[i]);
        check_move(pos, text, list.moves[i]);
    }
    qsort(mine, (size_t)n, RB_MOVE_TEXT_MAX, compare_text);
    int pn = plain_legal_moves(text, plain, PLAIN_MAX_MOVES);
    if (pn != n) {
        rb_fuzz_fail("'%s': %d legal moves, the plain generator has %d", text, n, pn);
    }
    for (int i = 0; i < n; i++) {
        if (strcmp(mine[i], plain[i]) != 0) {
            rb_fuzz_fail("'%s': move lists differ at %s / %s", text, mine[i], plain[i]);
        }
    }
    if (rb_pos_in_check(pos) != plain_in_check(text)) {
        rb_fuzz_fail("'%s': generators disagree on check", text);
    }
    static const plain_status_t expected[] = {PLAIN_ONGOING, PLAIN_CHECKMATE, PLAIN_STALEMATE, PLAIN_THRONE};
    rb_status st = rb_pos_status(pos);
    if ((int)st < 0 || (int)st > 3 || expected[st] != plain_status(text)) {
        rb_fuzz_fail("'%s': generators disagree on the status", text);
    }
}
