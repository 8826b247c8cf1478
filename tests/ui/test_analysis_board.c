/*
 * test_analysis_board.c - the analysis board as a player meets it: it
 * opens from the panel or F5 in a game between people, and against the
 * computer only once the game is over; its own engine finds three lines
 * without blocking the window; a mate in one reads "win in 1" (or, Black
 * mating, "loss in 1": scores are White's); moves on the board make a
 * variation that leaves the game untouched and goes with "Back to game
 * position"; the arrows walk the game's positions; at a finished position
 * the evaluation bar shows the result (empty for the side mated or beaten
 * to its throne, half for a stalemate); leaving stops the engine, and
 * closing the window during analysis is prompt.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "screens/analysis/analysis.h"
#include "screens/analysis/analysis_view.h"
#include "dialogs/dialog.h"
#include "panel/panel.h"
#include "files/prefs.h"
#include "rb_notation.h"
#include "rb_review.h"
#include "kit/text.h"
#include "board/view.h"
#include "ui_fixture.h"

#include <math.h>

#define WHITE_MATES "4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1"
#define BLACK_MATES "2r1kp1/7/1Pxxx2/2xxx2/2xxx2/1Kbp2r/1P5 b Kk 0 12"

static double ms_now(void)
{
    return (double)SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

/* Hands the app its events for up to ms milliseconds, until done() holds;
 * returns whether it held. */
static bool pump_until(rb_app *app, double ms, bool (*done)(const rb_app *))
{
    double end = ms_now() + ms;
    while (ms_now() < end) {
        if (done && done(app)) {
            return true;
        }
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 10)) {
            rb_ui_app_event(app, &ev);
        }
    }
    return done && done(app);
}

static bool three_lines(const rb_app *app)
{
    return app->state.analysis.nlines == RB_UI_ANALYSIS_LINES;
}

static bool a_line(const rb_app *app)
{
    return app->state.analysis.nlines > 0;
}

static bool engine_idle(const rb_app *app)
{
    return !rb_ui_analysis_searching(app);
}

/* The colour a fresh frame has at x, y. */
static Uint32 pixel_drawn(rb_app *app, int x, int y)
{
    rb_ui_app_draw(app);
    SDL_Surface *s = SDL_ConvertSurfaceFormat(app->target, SDL_PIXELFORMAT_ARGB8888, 0);
    assert_non_null(s);
    assert_true(x >= 0 && y >= 0 && x < s->w && y < s->h);
    Uint32 p = ((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch))[x] & 0xFFFFFFu;
    SDL_FreeSurface(s);
    return p;
}

static void click_rect(rb_app *app, SDL_Rect r)
{
    fixture_click_at(app, (SDL_Point){r.x + r.w / 2, r.y + r.h / 2});
}

static void click_analysis_button(rb_app *app, const char *label)
{
    rb_ui_app_draw(app);
    SDL_Rect r;
    assert_true(rb_ui_analysis_view_button_rect(app, label, &r));
    click_rect(app, r);
}

static void score_text_is(rb_score_kind kind, int score, const char *want)
{
    char buf[32];
    rb_ui_analysis_score_text(kind, score, buf, sizeof buf);
    assert_string_equal(buf, want);
}

/* The engine's centipawns whose winning chance is that of `shown`
 * centipawns on the shown scale (rb_review.h). */
static int engine_cp(double shown)
{
    return (int)lround(shown * RB_SHOWN_K / RB_REVIEW_K);
}

static void scores_read_as_pawns_or_a_win_or_loss_in_moves(void **state)
{
    (void)state;
    /* Shown, +1.0 is the winning chance of a pawn up in chess, whatever
     * the engine counts it in. */
    score_text_is(RB_SCORE_CP, engine_cp(100), "+1.0");
    score_text_is(RB_SCORE_CP, engine_cp(130), "+1.3");
    score_text_is(RB_SCORE_CP, engine_cp(-40), "-0.4");
    score_text_is(RB_SCORE_CP, engine_cp(252), "+2.5");
    score_text_is(RB_SCORE_CP, -4, "0.0");
    score_text_is(RB_SCORE_CP, 0, "0.0");
    score_text_is(RB_SCORE_CP, engine_cp(-1260), "-12.6");
    score_text_is(RB_SCORE_WIN, 3, "win in 3");
    score_text_is(RB_SCORE_LOSS, 1, "loss in 1");
    /* the bar: even at 0, full for a forced win, empty for a loss, and
     * more for White the better White stands */
    assert_true(fabs(rb_ui_analysis_white_share(RB_SCORE_CP, 0) - 0.5) < 1e-9);
    assert_true(rb_ui_analysis_white_share(RB_SCORE_WIN, 9) > 0.999);
    assert_true(rb_ui_analysis_white_share(RB_SCORE_LOSS, 9) < 0.001);
    assert_true(rb_ui_analysis_white_share(RB_SCORE_CP, 100) > rb_ui_analysis_white_share(RB_SCORE_CP, 30));
    assert_true(rb_ui_analysis_white_share(RB_SCORE_CP, -100) < 0.5);
}

static void it_opens_in_a_game_between_people_from_the_panel_and_f5(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    rb_ui_panel_draw(app, &app->state, app->layout.panel);
    SDL_Rect r;
    assert_true(rb_ui_panel_button_rect(app, "Analyse", &r));
    click_rect(app, r);
    assert_true(app->state.analysis.active);
    fixture_key(app, SDLK_ESCAPE, 0);
    assert_false(app->state.analysis.active);
    fixture_key(app, SDLK_F5, 0);
    assert_true(app->state.analysis.active);
    fixture_key(app, SDLK_F5, 0);
    assert_false(app->state.analysis.active);
    fixture_close(app);
}

static void against_the_computer_it_waits_for_the_game_to_end(void **state)
{
    (void)state;
    rb_app *app = fixture_open(WHITE_MATES, 1024, 720);
    app->state.players[1] = (rb_ui_player){RB_UI_COMPUTER, 3};
    fixture_key(app, SDLK_F5, 0);
    assert_false(app->state.analysis.active);
    assert_non_null(strstr(app->state.status, "over"));
    assert_int_equal(fixture_do(app, RB_UI_CMD_ANALYSIS_OPEN), -1);
    assert_false(app->state.analysis.active);

    /* White mates: the game is over, and the board opens */
    rb_move mate = RB_MOVE_NONE;
    char err[128];
    assert_int_equal(rb_move_parse_coord(rb_ui_state_pos(&app->state), "e7g6", &mate, err, sizeof err), 0);
    if (fixture_play(app, mate) != 0 || rb_game_ending(&app->state.game) == RB_END_NONE) {
        assert_int_equal(rb_move_parse_coord(rb_ui_state_pos(&app->state), "e7g1", &mate, err, sizeof err), 0);
        assert_int_equal(fixture_play(app, mate), 0);
    }
    assert_int_not_equal(rb_game_ending(&app->state.game), RB_END_NONE);
    rb_ui_panel_draw(app, &app->state, app->layout.panel);
    SDL_Rect r;
    assert_true(rb_ui_panel_button_rect(app, "Analyse", &r));
    click_rect(app, r);
    assert_true(app->state.analysis.active);
    fixture_close(app);
}

static void the_engine_finds_three_different_lines_for_the_start(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    assert_int_equal(fixture_do(app, RB_UI_CMD_ANALYSIS_OPEN), 0);
    double t0 = ms_now();
    assert_int_equal(fixture_do(app, RB_UI_CMD_NONE), 0); /* the window is not held up meanwhile */
    assert_true(ms_now() - t0 < 50);
    assert_true(pump_until(app, 10000, three_lines));
    const rb_ui_analysis_state *an = &app->state.analysis;
    for (int i = 0; i < 3; i++) {
        assert_true(an->lines[i].pvlen > 0);
        assert_true(an->lines[i].depth > 0);
        assert_int_equal(rb_move_find(&an->board, RB_MOVE_FROM(an->lines[i].pv[0]), RB_MOVE_TO(an->lines[i].pv[0]),
                                      RB_MOVE_PROMO(an->lines[i].pv[0])),
                         an->lines[i].pv[0]);
        for (int j = 0; j < i; j++) {
            assert_int_not_equal(an->lines[i].pv[0], an->lines[j].pv[0]);
        }
    }
    /* each line's moves are shown in the panel, in coordinate form */
    rb_ui_app_draw(app);
    char first[16], found[64];
    rb_move_to_coord(an->lines[0].pv[0], first);
    assert_true(rb_ui_text_drawn(app, first, found, sizeof found));
    /* pointing at a line marks it for its path to be drawn; away, none */
    SDL_Rect r;
    assert_true(rb_ui_analysis_view_line_rect(app, 1, &r));
    fixture_motion(app, (SDL_Point){r.x + 5, r.y + 5}, false);
    assert_int_equal(app->state.analysis.hover_line, 1);
    /* ... the path runs between its first two squares' centres */
    rb_path path;
    rb_move_path(an->lines[1].pv[0], &path);
    assert_true(path.len >= 2);
    rb_ui_view view = rb_ui_view_of(app);
    SDL_FPoint a = rb_ui_view_center(&view, path.sq[0]), b = rb_ui_view_center(&view, path.sq[1]);
    int mx = (int)((a.x + b.x) / 2), my = (int)((a.y + b.y) / 2);
    Uint32 with = pixel_drawn(app, mx, my);
    fixture_motion(app, fixture_center(app, "a4"), false);
    assert_int_equal(app->state.analysis.hover_line, -1);
    Uint32 without = pixel_drawn(app, mx, my);
    assert_int_not_equal(with, without);
    fixture_close(app);
}

static void wait_for_mate_score(rb_app *app, const char *want)
{
    assert_int_equal(fixture_do(app, RB_UI_CMD_ANALYSIS_OPEN), 0);
    assert_true(pump_until(app, 10000, a_line));
    double end = ms_now() + 10000;
    char text[32] = "";
    while (ms_now() < end) {
        const rb_ui_analysis_line *l = &app->state.analysis.lines[0];
        rb_ui_analysis_score_text(l->kind, l->score, text, sizeof text);
        if (strcmp(text, want) == 0) {
            break;
        }
        pump_until(app, 20, NULL);
    }
    assert_string_equal(text, want);
    rb_ui_app_draw(app);
    char found[64];
    assert_true(rb_ui_text_drawn(app, want, found, sizeof found));
}

static void a_mate_in_one_reads_as_a_win_or_loss_for_white(void **state)
{
    (void)state;
    rb_app *app = fixture_open(WHITE_MATES, 1024, 720);
    wait_for_mate_score(app, "win in 1");
    fixture_close(app);
    app = fixture_open(BLACK_MATES, 1024, 720);
    wait_for_mate_score(app, "loss in 1");
    fixture_close(app);
}

/* The share of the bar drawn at its middle, read back from the pixels:
 * 1 all White's, 0 all Black's; the bar's middle line left out. */
static double bar_share_drawn(rb_app *app)
{
    rb_ui_app_draw(app);
    SDL_Rect bar;
    assert_true(rb_ui_analysis_view_bar_rect(app, &bar));
    SDL_Surface *s = SDL_ConvertSurfaceFormat(app->target, SDL_PIXELFORMAT_ARGB8888, 0);
    assert_non_null(s);
    bool across = bar.w > bar.h;
    int white = 0, n = 0;
    int len = across ? bar.w : bar.h;
    for (int i = 2; i < len - 2; i++) {
        if (abs(i - len / 2) <= 1) {
            continue;
        }
        int x = across ? bar.x + i : bar.x + bar.w / 2, y = across ? bar.y + bar.h / 2 : bar.y + i;
        Uint32 p = ((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch))[x];
        white += (p & 0xFF) > 128;
        n++;
    }
    SDL_FreeSurface(s);
    return (double)white / n;
}

static void a_finished_position_shows_its_result_on_the_bar(void **state)
{
    (void)state;
    static const struct {
        const char *what, *fen, *move;
        double white; /* White's share of the bar after the move */
    } cases[] = {
        {"White mates", WHITE_MATES, NULL, 1.0},
        {"Black mates", BLACK_MATES, NULL, 0.0},
        {"White takes the throne", "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1", "c6d6", 1.0},
        {"stalemate", "7/7/2xxx2/2xxx2/K1xxx2/7/k2B3 w - 0 1", "d1c2", 0.5},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        rb_app *app = fixture_open(cases[c].fen, 1024, 720);
        rb_move m = RB_MOVE_NONE;
        if (cases[c].move != NULL) {
            m = rb_test_move(rb_game_pos(&app->state.game), cases[c].move);
        } else {
            /* The mate in one: the move after which the other side is mated. */
            rb_movelist list;
            rb_gen_legal(rb_game_pos(&app->state.game), &list);
            for (int i = 0; i < list.count && m == RB_MOVE_NONE; i++) {
                rb_pos next;
                rb_pos_make(rb_game_pos(&app->state.game), list.moves[i], &next);
                m = rb_pos_status(&next) == RB_CHECKMATE ? list.moves[i] : RB_MOVE_NONE;
            }
        }
        assert_int_not_equal(m, RB_MOVE_NONE);
        assert_int_equal(fixture_play(app, m), 0);
        assert_int_not_equal(rb_pos_status(rb_game_pos(&app->state.game)), RB_ONGOING);
        assert_int_equal(fixture_do(app, RB_UI_CMD_ANALYSIS_OPEN), 0);
        assert_true(app->state.analysis.active);
        double share = rb_ui_analysis_bar_share(&app->state.analysis);
        double drawn = bar_share_drawn(app);
        if (fabs(share - cases[c].white) > 1e-9 || fabs(drawn - cases[c].white) > 0.05) {
            fail_msg("%s: the bar gives White %.2f (drawn %.2f), not %.2f", cases[c].what, share, drawn,
                     cases[c].white);
        }
        /* Flipped, the picture turns round and the share stays. */
        app->state.flipped = true;
        assert_true(fabs(bar_share_drawn(app) - cases[c].white) <= 0.05);
        fixture_close(app);
    }
}

static void a_variation_leaves_the_game_alone_and_goes_back(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    fixture_drag(app, "c2", "b3"); /* one move in the game */
    assert_int_equal(app->state.game.length, 1);
    fixture_key(app, SDLK_F5, 0);
    assert_true(app->state.analysis.active);
    unsigned changes = app->state.changes;
    rb_pos game_pos = app->state.game.positions[1];

    fixture_drag(app, "e6", "f6"); /* Black's move, on the board */
    fixture_drag(app, "b3", "b4");
    const rb_ui_analysis_state *an = &app->state.analysis;
    assert_int_equal(an->nvar, 2);
    assert_false(rb_pos_equal(&an->board, &game_pos));
    assert_int_equal(app->state.game.length, 1);
    assert_int_equal(app->state.game.ply, 1);
    assert_int_equal(app->state.changes, changes); /* no autosave, no follow-up */
    assert_true(rb_pos_equal(&app->state.game.positions[1], &game_pos));
    /* Ctrl+Z takes a variation move back, not the game's */
    fixture_key(app, SDLK_z, KMOD_CTRL);
    assert_int_equal(an->nvar, 1);
    assert_int_equal(app->state.game.length, 1);

    click_analysis_button(app, "Back to game position");
    assert_int_equal(an->nvar, 0);
    assert_true(rb_pos_equal(&an->board, &game_pos));

    /* the arrows walk the game's positions; the game stays where it is */
    fixture_key(app, SDLK_LEFT, 0);
    assert_int_equal(an->ply, 0);
    assert_true(rb_pos_equal(rb_ui_state_pos(&app->state), &app->state.game.positions[0]));
    fixture_key(app, SDLK_RIGHT, 0);
    assert_int_equal(an->ply, 1);
    assert_int_equal(app->state.game.ply, 1);

    fixture_key(app, SDLK_ESCAPE, 0);
    assert_false(an->active);
    assert_true(rb_pos_equal(rb_ui_state_pos(&app->state), &game_pos));
    assert_int_equal(app->state.changes, changes);
    fixture_close(app);
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[2][65536];
    static int which;
    char *b = buf[which++ % 2];
    size_t n = fread(b, 1, sizeof buf[0] - 1, f);
    b[n] = 0;
    fclose(f);
    return b;
}

static void a_variation_does_not_touch_the_autosave(void **state)
{
    (void)state;
    char home[] = "/tmp/rb-analysis-test-XXXXXX";
    assert_non_null(mkdtemp(home));
    setenv("XDG_DATA_HOME", home, 1);
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.width = 1024;
    opt.height = 720;
    opt.player_files = true;
    rb_ui_app_defaults(&fixture_app);
    char err[1400];
    if (rb_ui_app_open(&fixture_app, &opt, true, err, sizeof err) != 0) {
        fail_msg("cannot open the game: %s", err);
    }
    rb_app *app = &fixture_app;
    app->state.settings.animation = false;
    while (rb_ui_dialog_active(&app->state)) { /* the first start's welcome */
        fixture_key(app, SDLK_ESCAPE, 0);
    }
    fixture_drag(app, "c2", "b3");
    assert_int_equal(app->state.game.length, 1);
    char path[RB_UI_PATH_MAX];
    assert_int_equal(rb_ui_prefs_file(app, "autosave.pgn", path, sizeof path, err, sizeof err), 0);
    const char *before = read_all(path);
    fixture_key(app, SDLK_F5, 0);
    assert_true(app->state.analysis.active);
    fixture_drag(app, "e6", "f6");
    assert_int_equal(app->state.analysis.nvar, 1);
    assert_string_equal(read_all(path), before);
    fixture_key(app, SDLK_ESCAPE, 0);
    assert_string_equal(read_all(path), before);
    fixture_close(app);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
    assert_int_equal(system(cmd), 0);
}

static void leaving_stops_the_engine_and_closing_is_prompt(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    assert_int_equal(fixture_do(app, RB_UI_CMD_ANALYSIS_OPEN), 0);
    assert_true(pump_until(app, 10000, a_line));
    assert_true(rb_ui_analysis_searching(app));
    click_analysis_button(app, "Close analysis");
    assert_false(app->state.analysis.active);
    assert_true(pump_until(app, 2000, engine_idle));

    /* quitting while the engine thinks */
    assert_int_equal(fixture_do(app, RB_UI_CMD_ANALYSIS_OPEN), 0);
    assert_true(pump_until(app, 10000, a_line));
    assert_true(rb_ui_analysis_searching(app));
    double t0 = ms_now();
    fixture_close(app);
    assert_true(ms_now() - t0 < 1000);
}

/* The header counts the game's moves as the move list numbers them (a
 * White and a Black move are one), not plies. */
static void the_header_counts_moves_as_the_move_list_does(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    for (int i = 0; i < 22; i++) {
        rb_movelist list;
        const rb_pos *pos = rb_ui_state_pos(&app->state);
        if (rb_pos_status(pos) != RB_ONGOING || rb_gen_legal(pos, &list) == 0) {
            break;
        }
        if (fixture_play(app, list.moves[list.count / 2]) != 0) {
            break; /* the game is over (a throne, a repetition) */
        }
    }
    size_t n = app->state.game.length;
    assert_true(n >= 8);
    assert_int_equal(fixture_do(app, RB_UI_CMD_ANALYSIS_OPEN), 0);
    for (int i = 0; i < 3; i++) {
        fixture_key(app, SDLK_LEFT, 0);
    }
    size_t ply = app->state.analysis.ply;
    assert_int_equal(ply, n - 3);
    char line[512], want[128];
    rb_ui_analysis_view_header_line(&app->state, line, sizeof line);
    snprintf(want, sizeof want, "after move %zu (%s) of %zu", (ply + 1) / 2, ply % 2 ? "White" : "Black", (n + 1) / 2);
    assert_non_null(strstr(line, want));
    while (app->state.analysis.ply > 0) {
        fixture_key(app, SDLK_LEFT, 0);
    }
    rb_ui_analysis_view_header_line(&app->state, line, sizeof line);
    snprintf(want, sizeof want, "(%zu moves follow)", (n + 1) / 2);
    assert_non_null(strstr(line, want));
    rb_ui_app_draw(app);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_header_counts_moves_as_the_move_list_does),
        cmocka_unit_test(scores_read_as_pawns_or_a_win_or_loss_in_moves),
        cmocka_unit_test(it_opens_in_a_game_between_people_from_the_panel_and_f5),
        cmocka_unit_test(against_the_computer_it_waits_for_the_game_to_end),
        cmocka_unit_test(the_engine_finds_three_different_lines_for_the_start),
        cmocka_unit_test(a_mate_in_one_reads_as_a_win_or_loss_for_white),
        cmocka_unit_test(a_finished_position_shows_its_result_on_the_bar),
        cmocka_unit_test(a_variation_leaves_the_game_alone_and_goes_back),
        cmocka_unit_test(a_variation_does_not_touch_the_autosave),
        cmocka_unit_test(leaving_stops_the_engine_and_closing_is_prompt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
