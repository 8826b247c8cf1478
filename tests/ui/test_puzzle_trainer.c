/*
 * test_puzzle_trainer.c - the puzzle trainer as a player meets it: it opens
 * from the panel or Ctrl+P on a puzzle chosen by ID, with the solver at the
 * bottom; a right move is played and the reply follows after a pause; a
 * wrong one is refused with a sentence, costs rating once, and may be
 * retried at once; hints show the piece, then its path; the solution plays
 * out with its paths; leaving finds the game exactly as it was; a missing
 * or broken puzzle file is said in words and the game plays on.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <unistd.h>

#include "panel/panel.h"
#include "screens/puzzles/puzzle_view.h"
#include "rb_explain.h"
#include "rb_notation.h"
#include "screens/puzzles/trainer.h"
#include "ui_fixture.h"

/* Puzzle 2: White mates in four, the line of seven moves
 * d1e1 g2g1 f6f3 g1g2 e1e2 g2g1 f3g3, the first a king step. */
#define MATE_IN_FOUR 2
/* Puzzle 5: Black to move. */
#define BLACK_SOLVES 5

static rb_app *open_trainer_app(void)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    rb_ui_trainer_use_files(app, NULL, NULL); /* the shipped puzzles, no player files */
    return app;
}

static int open_puzzle(rb_app *app, int id)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PUZZLE_OPEN);
    cmd.puzzle_open.id = id;
    return rb_ui_apply(app, &cmd);
}

/* The trainer on MATE_IN_FOUR, the puzzle most tests play. */
static rb_app *open_mate_in_four(void)
{
    rb_app *app = open_trainer_app();
    assert_int_equal(open_puzzle(app, MATE_IN_FOUR), 0);
    return app;
}

/* Plays the solver's moves of p's line from ply `from` on, each reply
 * shown as soon as it is due, to the end of the puzzle. */
static void play_line_from(rb_app *app, const rb_puzzle *p, int from)
{
    for (int i = from; i < p->nline; i += 2) {
        while (rb_ui_trainer_waiting(&app->state)) {
            fixture_do(app, RB_UI_CMD_PUZZLE_STEP);
        }
        assert_int_equal(fixture_play(app, p->line[i]), 0);
    }
    while (rb_ui_trainer_waiting(&app->state)) {
        fixture_do(app, RB_UI_CMD_PUZZLE_STEP);
    }
}

static void fen_of(const rb_pos *pos, char *buf, size_t len)
{
    rb_pos_format(pos, buf, len);
}

static void assert_board_is(rb_app *app, const rb_pos *want)
{
    char a[128], b[128];
    fen_of(rb_ui_state_pos(&app->state), a, sizeof a);
    fen_of(want, b, sizeof b);
    assert_string_equal(a, b);
}

static int rating(rb_app *app)
{
    const rb_puzzle_player *pl = rb_ui_trainer_player(app);
    assert_non_null(pl);
    return pl->rating;
}

/* A legal move of the solver's that is not the solution's. */
static rb_move some_wrong_move(const rb_ui_state *st)
{
    rb_movelist list;
    rb_gen_legal(&st->trainer.board, &list);
    rb_move right = rb_puzzle_session_expected(&st->trainer.session);
    for (int i = 0; i < list.count; i++) {
        if (list.moves[i] != right) {
            return list.moves[i];
        }
    }
    fail_msg("the puzzle has only one legal move");
    return RB_MOVE_NONE;
}

static void click_panel_button(rb_app *app, const char *label, bool trainer)
{
    rb_ui_app_draw(app);
    SDL_Rect r;
    bool found = trainer ? rb_ui_puzzle_view_button_rect(app, label, &r) : rb_ui_panel_button_rect(app, label, &r);
    if (!found) {
        fail_msg("no button \"%s\" on the panel", label);
    }
    fixture_click_at(app, (SDL_Point){r.x + r.w / 2, r.y + r.h / 2});
}

static void puzzle_opens_by_id_with_the_solver_at_the_bottom(void **state)
{
    (void)state;
    rb_app *app = open_mate_in_four();
    const rb_ui_trainer_state *tr = &app->state.trainer;
    assert_true(tr->active);
    assert_int_equal(tr->session.puzzle->id, MATE_IN_FOUR);
    assert_board_is(app, &tr->session.puzzle->start);
    assert_false(app->state.flipped);
    assert_true(rb_ui_state_can_move(&app->state));

    assert_int_equal(open_puzzle(app, BLACK_SOLVES), 0);
    assert_int_equal(tr->session.puzzle->start.side, RB_BLACK);
    assert_true(app->state.flipped);
    assert_board_is(app, &tr->session.puzzle->start);

    /* An ID the file does not hold is named, and the puzzle in hand stays. */
    assert_int_equal(open_puzzle(app, 999999), -1);
    assert_non_null(strstr(app->state.status, "no puzzle 999999"));
    assert_int_equal(tr->session.puzzle->id, BLACK_SOLVES);
    rb_ui_app_draw(app);
    fixture_close(app);
}

static void right_move_plays_the_reply_after_a_pause(void **state)
{
    (void)state;
    rb_app *app = open_mate_in_four();
    rb_ui_trainer_state *tr = &app->state.trainer;
    const rb_puzzle *p = tr->session.puzzle;
    int before = rating(app);

    /* The solver's move by mouse, as on the game's board. */
    fixture_drag(app, "d1", "e1");
    rb_pos after_mine;
    rb_pos_make(&p->start, p->line[0], &after_mine);
    assert_board_is(app, &after_mine);
    assert_int_equal(tr->nqueue, 1);
    assert_false(rb_ui_state_can_move(&app->state)); /* the reply is on its way */

    /* Not yet due; then due, and the reply stands on the board. */
    assert_int_equal(rb_ui_puzzle_view_tick(&app->state, tr->due_ms - 1).kind, RB_UI_CMD_NONE);
    rb_ui_cmd due = rb_ui_puzzle_view_tick(&app->state, tr->due_ms);
    assert_int_equal(due.kind, RB_UI_CMD_PUZZLE_STEP);
    rb_ui_apply(app, &due);
    rb_pos after_reply;
    rb_pos_make(&after_mine, p->line[1], &after_reply);
    assert_board_is(app, &after_reply);
    assert_int_equal(tr->last, p->line[1]);
    assert_true(rb_ui_state_can_move(&app->state));

    /* The rest of the line by the same road ends in the puzzle solved. */
    play_line_from(app, p, 2);
    assert_true(tr->session.done);
    assert_true(rb_puzzle_session_success(&tr->session));
    assert_non_null(strstr(app->state.status, "Solved"));
    assert_true(rating(app) > before);
    assert_int_equal(tr->streak, 1);
    assert_true(rb_ui_trainer_solved_before(app, MATE_IN_FOUR));
    /* solved just now, for the first time: the panel does not say "before" */
    char line[320];
    rb_ui_puzzle_view_theme_line(&app->state, line, sizeof line);
    assert_null(strstr(line, "before"));
    rb_ui_app_draw(app);
    /* opened again, it was solved before */
    rb_ui_cmd again = rb_ui_cmd_of(RB_UI_CMD_PUZZLE_OPEN);
    again.puzzle_open.id = MATE_IN_FOUR;
    assert_int_equal(rb_ui_apply(app, &again), 0);
    rb_ui_puzzle_view_theme_line(&app->state, line, sizeof line);
    assert_non_null(strstr(line, "you have solved it before"));
    fixture_close(app);
}

static void wrong_move_is_refused_and_costs_rating_once(void **state)
{
    (void)state;
    rb_app *app = open_mate_in_four();
    rb_ui_trainer_state *tr = &app->state.trainer;
    const rb_puzzle *p = tr->session.puzzle;
    int before = rating(app);

    rb_move wrong = some_wrong_move(&app->state);
    char text[RB_MOVE_TEXT_MAX];
    rb_move_to_display(&p->start, wrong, text);
    assert_int_equal(fixture_play(app, wrong), -1);
    assert_board_is(app, &p->start); /* the piece went back */
    assert_int_equal(app->state.input.state, RB_UI_IDLE);
    assert_non_null(strstr(app->state.status, "not the solution"));
    assert_non_null(strstr(app->state.status, text));
    int after_one = rating(app);
    assert_true(after_one < before);
    assert_true(tr->rated);

    /* A second wrong try costs nothing more; the right one is taken. */
    assert_int_equal(fixture_play(app, wrong), -1);
    assert_int_equal(rating(app), after_one);
    assert_true(rb_ui_state_can_move(&app->state));
    assert_int_equal(fixture_play(app, p->line[0]), 0);
    assert_int_equal(tr->streak, 0);
    fixture_close(app);
}

static void piece_dropped_where_it_cannot_go_is_explained(void **state)
{
    (void)state;
    rb_app *app = open_mate_in_four();
    const rb_puzzle *p = app->state.trainer.session.puzzle;
    int before = rating(app);

    /* The king on d1 dragged to a1: no king goes that far. */
    rb_explanation e;
    char why[RB_EXPLAIN_TEXT_MAX];
    assert_int_equal(rb_explain_move(&p->start, rb_sq_parse("d1"), rb_sq_parse("a1"), 0, &e), 0);
    assert_int_not_equal(e.reason, RB_EXPLAIN_LEGAL);
    rb_explain_text(&e, why, sizeof why);
    fixture_drag(app, "d1", "a1");
    assert_string_equal(app->state.status, why);
    assert_board_is(app, &p->start);
    assert_int_equal(rating(app), before); /* not a move: not a try */
    assert_false(app->state.trainer.rated);
    fixture_close(app);
}

static void hints_show_the_piece_then_its_path(void **state)
{
    (void)state;
    rb_app *app = open_mate_in_four();
    rb_ui_trainer_state *tr = &app->state.trainer;
    const rb_puzzle *p = tr->session.puzzle;
    int before = rating(app);

    fixture_key(app, SDLK_h, KMOD_NONE);
    assert_int_equal(tr->hint_sq, RB_MOVE_FROM(p->line[0]));
    assert_int_equal(tr->hint_path.len, 0);
    assert_non_null(strstr(app->state.status, "d1"));
    rb_ui_app_draw(app);

    click_panel_button(app, "Hint", true);
    assert_int_equal(tr->session.hint, 2);
    assert_true(tr->hint_path.len >= 2);
    assert_int_equal(tr->hint_path.sq[0], RB_MOVE_FROM(p->line[0]));
    assert_int_equal(tr->hint_path.sq[tr->hint_path.len - 1], RB_MOVE_TO(p->line[0]));

    /* The hint goes once the move is made; the path's help means the
     * puzzle does not count as solved clean. */
    assert_int_equal(fixture_play(app, p->line[0]), 0);
    assert_int_equal(tr->hint_sq, -1);
    play_line_from(app, p, 2);
    assert_true(tr->session.done);
    assert_true(rating(app) < before);
    assert_false(rb_ui_trainer_solved_before(app, MATE_IN_FOUR));
    fixture_close(app);
}

static void show_solution_plays_it_out_with_paths(void **state)
{
    (void)state;
    rb_app *app = open_mate_in_four();
    rb_ui_trainer_state *tr = &app->state.trainer;
    const rb_puzzle *p = tr->session.puzzle;
    int before = rating(app);

    click_panel_button(app, "Show solution", true);
    assert_true(tr->session.done);
    assert_board_is(app, &p->start); /* played one move at a time */
    int shown = 0;
    while (rb_ui_trainer_waiting(&app->state)) {
        fixture_do(app, RB_UI_CMD_PUZZLE_STEP);
        shown++;
        assert_int_equal(tr->ndrawn, shown);
        assert_int_equal(tr->last, p->line[shown - 1]);
        rb_ui_app_draw(app);
    }
    assert_int_equal(shown, p->nline);
    rb_pos end = p->start;
    for (int i = 0; i < p->nline; i++) {
        rb_pos_make(&end, p->line[i], &end);
    }
    assert_board_is(app, &end);
    assert_int_equal(rb_pos_status(&end), RB_CHECKMATE);
    assert_true(tr->drawn_solver[0]);
    assert_false(tr->drawn_solver[1]);
    int after = rating(app);
    assert_true(after < before);

    /* Over: no more hints, no more moves, no second charge. */
    assert_int_equal(fixture_do(app, RB_UI_CMD_PUZZLE_HINT), -1);
    assert_false(rb_ui_state_can_move(&app->state));
    assert_int_equal(fixture_do(app, RB_UI_CMD_PUZZLE_SOLUTION), -1);
    assert_int_equal(rating(app), after);

    /* Next brings a fresh puzzle of the filter's themes. */
    rb_ui_cmd only = rb_ui_cmd_of(RB_UI_CMD_PUZZLE_THEMES);
    only.puzzle_themes.themes = RB_THEME_THRONE;
    rb_ui_apply(app, &only);
    assert_true(tr->session.puzzle->themes & RB_THEME_THRONE);
    assert_false(tr->session.done);
    click_panel_button(app, "Next", true);
    assert_true(tr->session.puzzle->themes & RB_THEME_THRONE);
    assert_board_is(app, &tr->session.puzzle->start);
    fixture_close(app);
}

static void leaving_returns_to_the_unchanged_game(void **state)
{
    (void)state;
    rb_app *app = open_trainer_app();
    rb_ui_state *st = &app->state;
    /* A game with two moves, looked at from Black's side, one move back. */
    for (int i = 0; i < 2; i++) {
        rb_movelist list;
        rb_gen_legal(rb_ui_state_pos(st), &list);
        assert_int_equal(fixture_play(app, list.moves[list.count - 1]), 0);
    }
    fixture_do(app, RB_UI_CMD_FLIP);
    rb_ui_cmd back = rb_ui_cmd_of(RB_UI_CMD_BROWSE);
    back.browse.ply = 1;
    rb_ui_apply(app, &back);
    char fen[128];
    fixture_fen(app, fen, sizeof fen);
    size_t ply = st->game.ply, length = st->game.length;
    unsigned changes = st->changes;

    click_panel_button(app, "Puzzles", false);
    assert_true(st->trainer.active);
    assert_true(st->trainer.have_session);
    /* A puzzle of several moves, so that one is still in hand after one. */
    assert_int_equal(open_puzzle(app, MATE_IN_FOUR), 0);
    int id = st->trainer.session.puzzle->id;
    assert_int_equal(fixture_play(app, rb_puzzle_session_expected(&st->trainer.session)), 0);
    /* The game's own commands do not reach the game meanwhile. */
    fixture_key(app, SDLK_z, KMOD_CTRL);
    fixture_do(app, RB_UI_CMD_BROWSE);

    click_panel_button(app, "Back to game", true);
    assert_false(st->trainer.active);
    char now[128];
    fixture_fen(app, now, sizeof now);
    assert_string_equal(now, fen);
    assert_int_equal(st->game.ply, ply);
    assert_int_equal(st->game.length, length);
    assert_int_equal(st->changes, changes); /* no follow-up ran: no autosave */
    assert_true(st->flipped);
    assert_true(rb_ui_state_browsing(st));

    /* Ctrl+P comes back to the puzzle in hand, and leaves again. */
    fixture_key(app, SDLK_p, KMOD_CTRL);
    assert_true(st->trainer.active);
    assert_int_equal(st->trainer.session.puzzle->id, id);
    fixture_key(app, SDLK_p, KMOD_CTRL);
    assert_false(st->trainer.active);
    fixture_fen(app, now, sizeof now);
    assert_string_equal(now, fen);
    fixture_close(app);
}

static void check_unreadable_puzzles(const char *file, const char *named)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    rb_ui_trainer_use_files(app, file, NULL);
    char game[128], shown[128];
    fixture_fen(app, game, sizeof game);
    fixture_key(app, SDLK_p, KMOD_CTRL);
    rb_ui_state *st = &app->state;
    assert_true(st->trainer.active);
    assert_true(st->trainer.unavailable);
    /* The board keeps showing the game, and takes no moves. */
    fixture_fen(app, shown, sizeof shown);
    assert_string_equal(shown, game);
    assert_false(rb_ui_state_can_move(st));
    const char *named_file, *why;
    rb_ui_trainer_problem_parts(app, &named_file, &why);
    assert_string_equal(named_file, file);
    assert_true(why[0] != 0);
    const char *problem = rb_ui_trainer_problem(app);
    assert_non_null(strstr(problem, "The puzzles cannot be read"));
    assert_non_null(strstr(problem, named));
    assert_int_equal(fixture_do(app, RB_UI_CMD_PUZZLE_NEXT), -1);
    assert_int_equal(fixture_do(app, RB_UI_CMD_PUZZLE_HINT), -1);
    rb_ui_app_draw(app);
    SDL_Rect r;
    assert_false(rb_ui_puzzle_view_button_rect(app, "Hint", &r));
    click_panel_button(app, "Back to game", true);
    assert_false(st->trainer.active);
    /* The game plays on, by mouse. */
    rb_movelist list;
    rb_gen_legal(rb_ui_state_pos(st), &list);
    char from[4], to[4];
    SDL_strlcpy(from, rb_sq_name(RB_MOVE_FROM(list.moves[0])), sizeof from);
    SDL_strlcpy(to, rb_sq_name(RB_MOVE_TO(list.moves[0])), sizeof to);
    fixture_drag(app, from, to);
    assert_int_equal(st->game.length, 1);
    fixture_close(app);
}

static void missing_or_broken_puzzle_file_is_said(void **state)
{
    (void)state;
    check_unreadable_puzzles("/nonexistent/puzzles.txt", "/nonexistent/puzzles.txt");
    char path[] = "/tmp/rb-puzzles-broken-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    const char broken[] = "1\t1200\tmate\tnot a position\tc2c3\t-\n";
    fixture_write_file(path, broken, sizeof broken - 1);
    check_unreadable_puzzles(path, "line 1");
    unlink(path);
}

/* --puzzle ID --puzzle-show solution, as a screenshot is made. */
static void command_line_opens_a_puzzle_with_its_solution(void **state)
{
    (void)state;
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.width = 800;
    opt.height = 600;
    opt.puzzle_id = BLACK_SOLVES;
    opt.puzzle_show = "solution";
    char err[1400];
    rb_ui_app_defaults(&fixture_app);
    assert_int_equal(rb_ui_app_open(&fixture_app, &opt, true, err, sizeof err), 0);
    const rb_ui_trainer_state *tr = &fixture_app.state.trainer;
    assert_true(tr->active);
    assert_int_equal(tr->session.puzzle->id, BLACK_SOLVES);
    assert_true(tr->session.done && tr->session.shown);
    assert_int_equal(tr->ndrawn, tr->session.puzzle->nline);
    assert_true(fixture_app.state.flipped);
    fixture_close(&fixture_app);

    opt.puzzle_id = 999999;
    opt.puzzle_show = NULL;
    rb_ui_app_defaults(&fixture_app);
    assert_int_equal(rb_ui_app_open(&fixture_app, &opt, true, err, sizeof err), -2);
    assert_non_null(strstr(err, "--puzzle 999999"));
    fixture_close(&fixture_app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(puzzle_opens_by_id_with_the_solver_at_the_bottom),
        cmocka_unit_test(right_move_plays_the_reply_after_a_pause),
        cmocka_unit_test(wrong_move_is_refused_and_costs_rating_once),
        cmocka_unit_test(piece_dropped_where_it_cannot_go_is_explained),
        cmocka_unit_test(hints_show_the_piece_then_its_path),
        cmocka_unit_test(show_solution_plays_it_out_with_paths),
        cmocka_unit_test(leaving_returns_to_the_unchanged_game),
        cmocka_unit_test(missing_or_broken_puzzle_file_is_said),
        cmocka_unit_test(command_line_opens_a_puzzle_with_its_solution),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
