/*
 * test_board_pixels.c - what the player sees, read back from the software
 * renderer's pixels: selecting a piece puts a marker at the centre of each
 * legal destination and nowhere else; the path to a destination reached by
 * a rebound runs through the rebound square and marks it; a help diagram
 * marks the same destinations the board does.
 *
 * Each check compares two frames that differ only in what is tested (with
 * and without the selection, with and without the pointer on a square), so
 * the geometry aids and pieces under the markers do not matter.
 */
#include "support.h"

#include <stdlib.h>

#include "board/render.h"
#include "ui_fixture.h"

#define ROOK_POS "7/3k3/2xxx2/2xxx2/2xxx2/3K3/6R w - 0 1"
#define BISHOP_POS "2k4/7/1pxxx2/2xxxK1/2xxx2/7/3B3 w - 0 1"

/* The frame the player would see now, as a copy. */
static SDL_Surface *frame(rb_app *app)
{
    rb_ui_app_draw(app);
    SDL_Surface *s = SDL_ConvertSurfaceFormat(app->target, SDL_PIXELFORMAT_ARGB8888, 0);
    assert_non_null(s);
    return s;
}

static Uint32 pixel_at(SDL_Surface *s, int x, int y)
{
    assert_true(x >= 0 && y >= 0 && x < s->w && y < s->h);
    const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch);
    return row[x] & 0xFFFFFFu;
}

/* How far apart two pixels are, summed over the channels. */
static int distance(Uint32 a, Uint32 b)
{
    int d = 0;
    for (int shift = 0; shift < 24; shift += 8) {
        d += abs((int)(a >> shift & 255) - (int)(b >> shift & 255));
    }
    return d;
}

static int centre_change(rb_app *app, SDL_Surface *a, SDL_Surface *b, int sq)
{
    SDL_FPoint c = rb_ui_view_board_center(app, sq);
    return distance(pixel_at(a, (int)c.x, (int)c.y), pixel_at(b, (int)c.x, (int)c.y));
}

static rb_bb destinations(const rb_app *app)
{
    rb_bb b = 0;
    for (int i = 0; i < app->state.input.moves.count; i++) {
        b |= (rb_bb)1 << RB_MOVE_TO(app->state.input.moves.moves[i]);
    }
    return b;
}

static void check_markers_on_exactly_the_destinations(const char *fen, const char *square, int size_w, int size_h)
{
    rb_app *app = fixture_open(fen, size_w, size_h);
    SDL_Surface *idle = frame(app);
    /* select with the pointer resting off the board, so no path is drawn */
    fixture_click(app, square);
    fixture_motion(app, (SDL_Point){1, 1}, false);
    assert_int_equal(app->state.input.state, RB_UI_SELECTED);
    SDL_Surface *selected = frame(app);
    rb_bb dest = destinations(app);
    assert_true(dest != 0);
    int sel = rb_sq_parse(square);
    for (int sq = 0; sq < RB_NSQ; sq++) {
        if (sq == sel) {
            continue;
        }
        int d = centre_change(app, idle, selected, sq);
        if (dest >> sq & 1) {
            if (d < 40) {
                fail_msg("no marker at the centre of %s (change %d)", rb_sq_name(sq), d);
            }
        } else if (d != 0) {
            fail_msg("something drawn at the centre of %s, not a destination (change %d)", rb_sq_name(sq), d);
        }
    }
    SDL_FreeSurface(idle);
    SDL_FreeSurface(selected);
    fixture_close(app);
}

static void a_selected_rook_marks_its_destinations_and_nothing_else(void **state)
{
    (void)state;
    check_markers_on_exactly_the_destinations(ROOK_POS, "g1", 800, 600);
}

static void the_same_holds_on_a_large_flipped_board(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1920, 1080);
    fixture_key(app, SDLK_f, KMOD_LCTRL);
    SDL_Surface *idle = frame(app);
    fixture_click(app, "c2");
    fixture_motion(app, (SDL_Point){1, 1}, false);
    SDL_Surface *selected = frame(app);
    rb_bb dest = destinations(app);
    assert_true(rb_popcount(dest) >= 2);
    for (int sq = 0; sq < RB_NSQ; sq++) {
        if (sq != rb_sq_parse("c2")) {
            int d = centre_change(app, idle, selected, sq);
            assert_true((dest >> sq & 1) ? d >= 40 : d == 0);
        }
    }
    SDL_FreeSurface(idle);
    SDL_FreeSurface(selected);
    fixture_close(app);
}

/* Hovering over a destination reached by a rebound draws the path through
 * every square of the route, with the rebound marker on the rebound square,
 * and nothing on squares off the route. */
static void check_rebound_path(const char *fen, const char *from, const char *to, const char *rebound)
{
    rb_app *app = fixture_open(fen, 800, 600);
    fixture_click(app, from);
    fixture_motion(app, (SDL_Point){1, 1}, false);
    SDL_Surface *before = frame(app);
    fixture_motion(app, fixture_center(app, to), false);
    SDL_Surface *hovering = frame(app);

    rb_move m = rb_ui_input_move_to(&app->state.input, rb_sq_parse(to));
    assert_int_not_equal(m, RB_MOVE_NONE);
    rb_path path;
    rb_move_path(m, &path);
    assert_true(path.rebound > 0);
    assert_string_equal(rb_sq_name(path.sq[path.rebound]), rebound);
    rb_bb on_path = 0;
    for (int i = 0; i < path.len; i++) {
        on_path |= (rb_bb)1 << path.sq[i];
    }
    for (int sq = 0; sq < RB_NSQ; sq++) {
        int d = centre_change(app, before, hovering, sq);
        if (sq == path.sq[0]) {
            continue; /* the piece covers its own square's centre */
        }
        if (on_path >> sq & 1) {
            if (d < 40) {
                fail_msg("the path to %s does not cross %s (change %d)", to, rb_sq_name(sq), d);
            }
        } else if (d != 0) {
            fail_msg("the path to %s draws on %s, off its route (change %d)", to, rb_sq_name(sq), d);
        }
    }
    /* the rebound square carries the rebound colour at its centre */
    SDL_FPoint c = rb_ui_view_board_center(app, path.sq[path.rebound]);
    SDL_Color mark = app->theme->rebound_mark;
    Uint32 want = (Uint32)mark.r << 16 | (Uint32)mark.g << 8 | mark.b;
    int d = distance(pixel_at(hovering, (int)c.x, (int)c.y), want);
    if (d > 30) {
        fail_msg("no rebound marker at the centre of %s (off by %d)", rebound, d);
    }
    SDL_FreeSurface(before);
    SDL_FreeSurface(hovering);
    fixture_close(app);
}

static void the_rook_path_to_a4_turns_at_a1(void **state)
{
    (void)state;
    check_rebound_path(ROOK_POS, "g1", "a4", "a1");
}

static void the_bishop_path_to_b5_bounces_off_the_edge_at_a4(void **state)
{
    (void)state;
    check_rebound_path(BISHOP_POS, "d1", "b5", "a4");
}

/* A help diagram is the board drawn into another rectangle: the same
 * marker test holds for it. */
static void a_diagram_marks_exactly_the_moves_it_is_given(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    rb_pos pos;
    char err[200];
    assert_int_equal(rb_pos_parse(&pos, ROOK_POS, err, sizeof err), 0);
    int g1 = rb_sq_parse("g1");
    rb_movelist list;
    rb_gen_legal_from(&pos, g1, &list);
    assert_int_equal(list.count, 13);
    SDL_Rect area = {37, 41, 300, 300};

    SDL_SetRenderDrawColor(app->renderer, 0, 0, 0, 255);
    SDL_RenderClear(app->renderer);
    rb_ui_render_diagram(app, &app->state.settings, &pos, area, list.moves, 0, false, -1);
    SDL_Surface *plain = SDL_DuplicateSurface(app->target);
    SDL_SetRenderDrawColor(app->renderer, 0, 0, 0, 255);
    SDL_RenderClear(app->renderer);
    rb_ui_render_diagram(app, &app->state.settings, &pos, area, list.moves, list.count, false, g1);
    SDL_Surface *marked = SDL_DuplicateSurface(app->target);
    assert_non_null(plain);
    assert_non_null(marked);

    rb_ui_view v = rb_ui_view_fit(area, true, false);
    assert_true(v.board.x >= area.x && v.board.x + v.board.w <= area.x + area.w);
    rb_bb dest = 0;
    for (int i = 0; i < list.count; i++) {
        dest |= (rb_bb)1 << RB_MOVE_TO(list.moves[i]);
    }
    for (int sq = 0; sq < RB_NSQ; sq++) {
        if (sq == g1) {
            continue;
        }
        SDL_FPoint c = rb_ui_view_center(&v, sq);
        int d = distance(pixel_at(plain, (int)c.x, (int)c.y), pixel_at(marked, (int)c.x, (int)c.y));
        assert_true((dest >> sq & 1) ? d >= 40 : d == 0);
    }
    /* nothing spills outside the area */
    assert_int_equal(pixel_at(marked, area.x - 1, area.y + 5), 0);
    assert_int_equal(pixel_at(marked, area.x + area.w + 1, area.y + area.h + 1), 0);
    SDL_FreeSurface(plain);
    SDL_FreeSurface(marked);
    fixture_close(app);
}

/* The side to move in check: the checking rook's line to the king is
 * drawn in red over the squares between them; out of check, nothing. */
static bool reddish(Uint32 px)
{
    int r = (int)(px >> 16 & 255), g = (int)(px >> 8 & 255), b = (int)(px & 255);
    return r > 150 && g < 110 && b < 110;
}

static void a_check_draws_the_checkers_line_to_the_king(void **state)
{
    (void)state;
    rb_app *app = fixture_open("7/1k5/2xxx2/p1xxx2/1Pxxx1p/1P5/3K2r w - 0 1", 800, 600);
    assert_true(rb_pos_in_check(rb_ui_state_pos(&app->state)));
    SDL_Surface *s = frame(app);
    static const char *const between[] = {"e1", "f1"};
    for (int i = 0; i < 2; i++) {
        SDL_FPoint c = rb_ui_view_board_center(app, rb_sq_parse(between[i]));
        assert_true(reddish(pixel_at(s, (int)c.x, (int)c.y)));
    }
    SDL_FreeSurface(s);
    fixture_close(app);

    app = fixture_open("r6/1k5/2xxx2/p1xxx2/1Pxxx1p/1P5/3K3 w - 0 1", 800, 600);
    assert_false(rb_pos_in_check(rb_ui_state_pos(&app->state)));
    s = frame(app);
    SDL_FPoint c = rb_ui_view_board_center(app, rb_sq_parse("f1"));
    assert_false(reddish(pixel_at(s, (int)c.x, (int)c.y)));
    SDL_FreeSurface(s);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_selected_rook_marks_its_destinations_and_nothing_else),
        cmocka_unit_test(the_same_holds_on_a_large_flipped_board),
        cmocka_unit_test(the_rook_path_to_a4_turns_at_a1),
        cmocka_unit_test(the_bishop_path_to_b5_bounces_off_the_edge_at_a4),
        cmocka_unit_test(a_diagram_marks_exactly_the_moves_it_is_given),
        cmocka_unit_test(a_check_draws_the_checkers_line_to_the_king),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
