/*
 * support.c - small helpers shared by the test programs.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rb_notation.h"

void rb_test_parse(rb_pos *pos, const char *text)
{
    char err[256];
    if (rb_pos_parse(pos, text, err, sizeof err) != 0) {
        fail_msg("position '%s' rejected: %s", text, err);
    }
}

void rb_test_new_game(rb_game *g, const char *fen)
{
    rb_pos start;
    rb_test_parse(&start, fen);
    assert_int_equal(rb_game_init(g, &start), 0);
}

void rb_test_play(rb_game *g, const char *moves)
{
    char buf[512];
    strncpy(buf, moves, sizeof buf - 1);
    buf[sizeof buf - 1] = '\0';
    for (char *tok = strtok(buf, " "); tok != NULL; tok = strtok(NULL, " ")) {
        rb_move m;
        char err[200];
        if (rb_move_parse(rb_game_pos(g), tok, &m, err, sizeof err) != 0) {
            fail_msg("%s: %s", tok, err);
        }
        assert_int_equal(rb_game_play(g, m), 0);
    }
}

rb_move rb_test_move(const rb_pos *pos, const char *text)
{
    rb_move m;
    char err[200];
    if (rb_move_parse_coord(pos, text, &m, err, sizeof err) != 0) {
        fail_msg("'%s': %s", text, err);
    }
    return m;
}

bool rb_test_sanitized(void)
{
    const char *v = getenv("RB_SANITIZED");
    return v != NULL && strcmp(v, "1") == 0;
}
