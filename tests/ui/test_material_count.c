/*
 * test_material_count.c - the material count beside each player's name:
 * the pieces a side is up by and its lead in points (rook 5, bishop 3,
 * pawn 1), read from the position shown, so it follows moves played,
 * undone and browsed in the move list.
 */
#include "support.h"

#include <string.h>

#include "panel/material.h"
#include "panel/panel.h"
#include "kit/text.h"
#include "ui_fixture.h"

static rb_ui_material count_of(const char *fen)
{
    rb_pos pos;
    char why[200];
    if (rb_pos_parse(&pos, fen, why, sizeof why) != 0) {
        fail_msg("%s: %s", fen, why);
    }
    rb_ui_material m;
    memset(&m, 0x55, sizeof m); /* every field must be written */
    rb_ui_material_count(&pos, &m);
    return m;
}

static void the_start_is_level(void **state)
{
    (void)state;
    rb_pos pos;
    rb_pos_start(&pos);
    rb_ui_material m;
    rb_ui_material_count(&pos, &m);
    for (int c = 0; c < 2; c++) {
        assert_int_equal(m.ahead[c], 0);
        for (int t = 0; t < 5; t++) {
            assert_int_equal(m.up[c][t], 0);
        }
    }
}

static void missing_pieces_count_for_the_other_side(void **state)
{
    (void)state;
    /* White lacks its bishop, Black a rook and a pawn: White is up a rook
     * and Black a bishop; 12 points against 9. */
    rb_ui_material m = count_of("2rb3/3kp2/2xxx2/2xxx2/2xxx2/2PKR2/2P1R2 w - 0 1");
    assert_int_equal(m.up[RB_WHITE][RB_ROOK], 1);
    assert_int_equal(m.up[RB_WHITE][RB_BISHOP], 0);
    assert_int_equal(m.up[RB_WHITE][RB_PAWN], 1);
    assert_int_equal(m.up[RB_BLACK][RB_BISHOP], 1);
    assert_int_equal(m.up[RB_BLACK][RB_ROOK], 0);
    assert_int_equal(m.ahead[RB_WHITE], 3);
    assert_int_equal(m.ahead[RB_BLACK], 0);
    /* Kings are never counted. */
    assert_int_equal(m.up[RB_WHITE][RB_KING], 0);
    assert_int_equal(m.up[RB_BLACK][RB_KING], 0);
}

static void a_promoted_pawn_counts_as_its_piece(void **state)
{
    (void)state;
    /* Black has promoted a pawn to a rook and lost its bishop: three rooks
     * and a pawn (16) against two rooks, a bishop and two pawns (15). */
    rb_ui_material m = count_of("2r1p2/2rk3/2xxx2/2xxx2/2xxx2/2PKRr1/2PBR2 w - 0 1");
    assert_int_equal(m.up[RB_BLACK][RB_ROOK], 1);
    assert_int_equal(m.up[RB_WHITE][RB_PAWN], 1);
    assert_int_equal(m.up[RB_WHITE][RB_BISHOP], 1);
    assert_int_equal(m.ahead[RB_BLACK], 1);
    assert_int_equal(m.ahead[RB_WHITE], 0);
    assert_int_equal(rb_ui_material_value(RB_ROOK), 5);
    assert_int_equal(rb_ui_material_value(RB_BISHOP), 3);
    assert_int_equal(rb_ui_material_value(RB_PAWN), 1);
    assert_int_equal(rb_ui_material_value(RB_KING), 0);
}

/* How many texts the panel drew, in a fresh frame, that contain needle. */
static int drawn(rb_app *app, const char *needle)
{
    rb_ui_text_flush(app);
    rb_ui_app_draw(app);
    return rb_ui_text_drawn(app, needle, NULL, 0);
}

static void browse(rb_app *app, int ply)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_BROWSE);
    cmd.browse.ply = ply;
    rb_ui_apply(app, &cmd);
    assert_int_equal(app->state.game.ply, ply);
}

static void the_panel_follows_moves_undo_and_browsing(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    static const char *const moves[] = {"c2b1", "e6f6", "d1b5", "d6e6", "b5c6", "c7c6"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        assert_int_equal(fixture_play(app, rb_test_move(rb_game_pos(&app->state.game), moves[i])), 0);
    }
    /* The bishop took a rook and was taken back: White +2. */
    assert_int_equal(drawn(app, "+2"), 1);
    assert_int_equal(drawn(app, "+5"), 0);
    /* Undone: the bishop's capture alone, +5. */
    assert_int_equal(fixture_do(app, RB_UI_CMD_UNDO), 0);
    assert_int_equal(drawn(app, "+5"), 1);
    assert_int_equal(drawn(app, "+2"), 0);
    /* Redone, then browsed back before any capture: level. */
    assert_int_equal(fixture_do(app, RB_UI_CMD_REDO), 0);
    assert_int_equal(drawn(app, "+2"), 1);
    browse(app, 2);
    assert_int_equal(drawn(app, "+2"), 0);
    assert_int_equal(drawn(app, "+5"), 0);
    browse(app, 5);
    assert_int_equal(drawn(app, "+5"), 1);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_start_is_level),
        cmocka_unit_test(missing_pieces_count_for_the_other_side),
        cmocka_unit_test(a_promoted_pawn_counts_as_its_piece),
        cmocka_unit_test(the_panel_follows_moves_undo_and_browsing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
