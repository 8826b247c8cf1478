/*
 * test_learn_from_mistakes.c - a reviewed game's mistakes come back as
 * exercises: the position before the blunder is shown with the person's
 * side at the bottom; the stored better move is well found; the move
 * played in the game is refused as not better, an illegal one explained;
 * Show plays the missed line out with its paths; the game record and the
 * autosave are left as they were; and there is nothing to open for a game
 * without a review or without mistakes.
 *
 * The review is written into the record by hand (evaluations, a blunder's
 * NAG, its better line), so no engine is needed to make it.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>

#include "screens/mistakes/mistakes.h"
#include "screens/mistakes/mistakes_view.h"
#include "files/prefs.h"
#include "panel/panel.h"
#include "rb_review.h"
#include "computer/review.h"
#include "app/shot.h"
#include "ui_home.h"

/* The game: 1. c2-b1 e6-f6 2. Bd1-b5 Kd6-e6, White's second move the blunder. */
static const char *const game_moves[] = {"c2b1", "e6f6", "d1b5", "d6e6"};
#define BLUNDER_PLY 2

/* A legal move at pos other than not. */
static rb_move other_move(const rb_pos *pos, rb_move not )
{
    rb_movelist list;
    rb_gen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        if (list.moves[i] != not ) {
            return list.moves[i];
        }
    }
    fail_msg("no other move");
    return RB_MOVE_NONE;
}

/* Builds the game with every move evaluated; when blunder, White's second
 * move is marked ?? with a better line of two moves (*better its first). */
static rb_game *reviewed_game(bool blunder, rb_move *better)
{
    rb_game *g = calloc(1, sizeof *g);
    assert_non_null(g);
    rb_pos start;
    rb_pos_start(&start);
    assert_int_equal(rb_game_init(g, &start), 0);
    for (size_t i = 0; i < sizeof game_moves / sizeof game_moves[0]; i++) {
        assert_int_equal(rb_game_play(g, rb_test_move(rb_game_pos(g), game_moves[i])), 0);
        assert_int_equal(rb_game_set_eval(g, i, (rb_eval_mark){RB_EVAL_CP, i == BLUNDER_PLY && blunder ? -300 : 20}),
                         0);
    }
    if (blunder) {
        const rb_pos *before = &g->positions[BLUNDER_PLY];
        rb_move line[2];
        line[0] = other_move(before, g->moves[BLUNDER_PLY]);
        rb_pos after;
        rb_pos_make(before, line[0], &after);
        line[1] = other_move(&after, RB_MOVE_NONE);
        assert_int_equal(rb_game_add_nag(g, BLUNDER_PLY, rb_review_class_nag(RB_CLASS_BLUNDER)), 0);
        assert_int_equal(rb_game_set_line(g, BLUNDER_PLY, line, 2), 0);
        if (better) {
            *better = line[0];
        }
    }
    return g;
}

static void put_game(rb_app *app, rb_game *g)
{
    fixture_set_game(app, g);
    free(g);
}

static void click_button(rb_app *app, const char *label, bool mode)
{
    rb_ui_app_draw(app);
    SDL_Rect r;
    bool found = mode ? rb_ui_mistakes_view_button_rect(app, label, &r) : rb_ui_panel_button_rect(app, label, &r);
    if (!found) {
        fail_msg("no button \"%s\" on the panel", label);
    }
    fixture_click_at(app, (SDL_Point){r.x + r.w / 2, r.y + r.h / 2});
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        return NULL;
    }
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    char *copy = malloc(n + 1);
    memcpy(copy, buf, n + 1);
    return copy;
}

static void the_blunder_comes_back_as_an_exercise(void **state)
{
    (void)state;
    assert_int_equal(fixture_private_home("mistakes"), 0);
    rb_app *app = fixture_open_with_player_files();
    rb_ui_state *st = &app->state;
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE); /* the first start's welcome */
    rb_move better = RB_MOVE_NONE;
    put_game(app, reviewed_game(true, &better));
    char autosave[RB_UI_PATH_MAX + 64], err[400];
    assert_int_equal(rb_ui_prefs_file(app, "autosave.pgn", autosave, sizeof autosave, err, sizeof err), 0);
    char *saved_before = read_all(autosave);
    assert_non_null(saved_before);
    size_t length = st->game.length, ply = st->game.ply;
    unsigned changes = st->changes;
    rb_move played = st->game.moves[BLUNDER_PLY];
    rb_pos before = st->game.positions[BLUNDER_PLY];

    assert_true(rb_ui_review_mistakes_open_now(st));
    click_button(app, "Mistakes", false);
    assert_true(st->mistakes.active);
    assert_int_equal(st->mistakes.count, 1); /* White's one blunder */
    assert_int_equal(rb_ui_state_pos(st)->key, before.key);
    assert_false(st->flipped); /* White at the bottom */
    assert_non_null(strstr(st->status, "Move 2: you played"));
    assert_non_null(strstr(st->status, "Find a better move"));
    assert_null(strstr(st->status, "1 of 1")); /* the panel's heading counts, once */

    /* The move played in the game is no better, and the answer says why:
     * the question stays, the engine's reply line refutes the move, and
     * the move with its refutation is drawn on the board. */
    assert_int_equal(fixture_play(app, played), -1);
    assert_non_null(strstr(st->status, "not better"));
    assert_non_null(strstr(st->status, "Find a better move"));
    assert_non_null(strstr(st->status, "refutes it"));
    assert_true(st->mistakes.ndrawn >= 2);
    assert_true(st->mistakes.drawn[0] == played);
    char reply[RB_MOVE_TEXT_MAX];
    rb_pos after_played;
    rb_pos_make(&before, played, &after_played);
    rb_move_to_display(&after_played, st->mistakes.drawn[1], reply);
    assert_non_null(strstr(st->status, reply));
    assert_int_equal(rb_ui_state_pos(st)->key, before.key);
    rb_ui_app_draw(app);
    /* An illegal move is explained by the rules library: the blundering
     * piece onto its own king. */
    char explained[sizeof st->status];
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PLAY);
    cmd.play.move = (rb_move)((unsigned)RB_MOVE_FROM(played) | (unsigned)before.king[before.side] << 6);
    assert_false(rb_move_is_legal(&before, cmd.play.move));
    st->status[0] = 0;
    assert_int_equal(rb_ui_apply(app, &cmd), -1);
    assert_true(st->status[0] != 0);
    snprintf(explained, sizeof explained, "%s", st->status);
    assert_null(strstr(explained, "Well found"));
    assert_null(strstr(explained, "not better"));

    /* Any other legal move is judged by a short search: found or not
     * better, never explained as a refusal. */
    rb_movelist list;
    rb_gen_legal(&before, &list);
    rb_move third = RB_MOVE_NONE;
    for (int i = 0; i < list.count && third == RB_MOVE_NONE; i++) {
        if (list.moves[i] != better && list.moves[i] != played) {
            third = list.moves[i];
        }
    }
    assert_true(third != RB_MOVE_NONE);
    Uint64 t0 = SDL_GetPerformanceCounter();
    int judged = fixture_play(app, third);
    double ms = (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency();
    if (getenv("RB_MISTAKES_TIME")) {
        fprintf(stderr, "judging a move took %.1f ms\n", ms);
    }
    assert_true(strstr(st->status, judged == 0 ? "Well found" : "not better") != NULL);
    if (judged == 0) {
        fixture_do(app, RB_UI_CMD_MISTAKES_SHOW); /* (the board is free again below) */
    }

    /* Show plays out the missed line, each move drawn. */
    click_button(app, "Show the line", true);
    assert_true(st->mistakes.shown);
    assert_false(rb_ui_state_can_move(st));
    fixture_use_test_clock(app);
    for (int i = 0; i < 2; i++) {
        fixture_do(app, RB_UI_CMD_MISTAKES_STEP);
    }
    assert_int_equal(st->mistakes.ndrawn, 2);
    assert_true(st->mistakes.drawn[0] == better);
    const char *shot_dir = getenv("RB_MISTAKES_SHOT");
    if (shot_dir) {
        rb_ui_app_draw(app);
        assert_int_equal(rb_ui_shot_write(app, shot_dir, err, sizeof err), 0);
    }

    /* The stored better move is well found (the exercise again: Ctrl+M
     * leaves, the panel button opens it afresh). */
    fixture_key(app, SDLK_m, KMOD_CTRL);
    assert_false(st->mistakes.active);
    fixture_key(app, SDLK_m, KMOD_CTRL);
    assert_true(st->mistakes.active);
    assert_int_equal(fixture_play(app, better), 0);
    assert_true(st->mistakes.found);
    assert_non_null(strstr(st->status, "Well found"));

    /* Back to the game: the record and the autosave as they were. */
    click_button(app, "Back to game", true);
    assert_false(st->mistakes.active);
    assert_int_equal(st->game.length, length);
    assert_int_equal(st->game.ply, ply);
    assert_int_equal(st->changes, changes);
    assert_true(st->game.moves[BLUNDER_PLY] == played);
    const rb_annotation *a = rb_game_annotation(&st->game, BLUNDER_PLY);
    assert_int_equal(a->line_len, 2);
    assert_true(a->line[0] == better);
    assert_true(rb_annotation_has_nag(a, rb_review_class_nag(RB_CLASS_BLUNDER)));
    char *saved_after = read_all(autosave);
    assert_non_null(saved_after);
    assert_string_equal(saved_after, saved_before);
    free(saved_before);
    free(saved_after);
    fixture_close(app);
    assert_int_equal(fixture_remove_home(), 0);
}

static void nothing_to_learn_without_a_review_or_mistakes(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    rb_ui_state *st = &app->state;
    /* No review. */
    rb_game *g = reviewed_game(false, NULL);
    for (size_t i = 0; i < g->length; i++) {
        rb_game_set_eval(g, i, (rb_eval_mark){RB_EVAL_NONE, 0});
    }
    put_game(app, g);
    assert_false(rb_ui_review_mistakes_open_now(st));
    assert_int_equal(fixture_do(app, RB_UI_CMD_MISTAKES_OPEN), -1);
    assert_false(st->mistakes.active);
    assert_non_null(strstr(st->status, "Review the game first"));
    /* Reviewed, but no mistakes: the button is there and does nothing. */
    put_game(app, reviewed_game(false, NULL));
    assert_true(rb_ui_review_complete(&st->game));
    assert_false(rb_ui_review_mistakes_open_now(st));
    click_button(app, "Mistakes", false);
    assert_false(st->mistakes.active);
    fixture_key(app, SDLK_m, KMOD_CTRL);
    assert_false(st->mistakes.active);
    assert_non_null(strstr(st->status, "no mistakes"));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_blunder_comes_back_as_an_exercise),
        cmocka_unit_test(nothing_to_learn_without_a_review_or_mistakes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
