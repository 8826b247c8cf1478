/*
 * test_cached_board_matches_direct_drawing.c - the board drawn from its
 * cached layer is, pixel for pixel, the board drawn direct: at rest, with a
 * piece selected and a rebound path pointed at, flipped, in high contrast,
 * while a piece is dragged or slides, with the promotion chooser open, with
 * a king in check on the edge, after a move and after the window's layout
 * changed. And the layer is painted again exactly when what it shows
 * changes (a move, a setting, the orientation, a lost render target), so a
 * stale layer can never stay on the screen.
 *
 * Each scene is drawn twice in a row, from the cache and with the cache
 * switched off, and the two frames compared whole. The cache is kept across
 * scenes, as it is across a player's frames.
 */
#include "support.h"

#include "media/assets.h"
#include "board/board_cache.h"
#include "kit/layout.h"
#include "board/render.h"
#include "kit/text.h"
#include "kit/theme.h"
#include "ui_fixture.h"

/* A full board; the bishop on d1 reaches c6 (a rook) by a rebound at a4. */
#define BUSY_POS "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/1P1KR2/2PBR2 w - 0 1"
/* Black's king on the top edge, in check from the rook on a7. */
#define CHECK_POS "R2k3/7/2xxx2/2xxx2/2xxx2/3K3/7 b - 0 1"
/* A pawn on d6 promotes on e6 (test_promotion_chooser.c). */
#define PROMO_POS "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1"

static SDL_Surface *copy_of(rb_app *app)
{
    SDL_Surface *s = SDL_DuplicateSurface(app->target);
    assert_non_null(s);
    return s;
}

/* The whole frame as rb_ui_app_draw makes it, with or without the cache. */
static SDL_Surface *frame(rb_app *app, bool cached)
{
    rb_ui_board_cache_set_enabled(rb_ui_render_board_cache(app), cached);
    rb_ui_app_draw(app);
    rb_ui_board_cache_set_enabled(rb_ui_render_board_cache(app), true);
    return copy_of(app);
}

/* The board alone at time now (a sliding piece is drawn where it is then). */
static SDL_Surface *board_at(rb_app *app, Uint32 now, bool cached)
{
    rb_ui_board_cache_set_enabled(rb_ui_render_board_cache(app), cached);
    SDL_Color bg = app->theme->background;
    SDL_SetRenderDrawColor(app->renderer, bg.r, bg.g, bg.b, 255);
    SDL_RenderClear(app->renderer);
    rb_ui_render_board(app, &app->state, now);
    rb_ui_board_cache_set_enabled(rb_ui_render_board_cache(app), true);
    return copy_of(app);
}

/* Fails naming the scene, how many pixels differ and the first of them. */
static void assert_same_pixels(SDL_Surface *a, SDL_Surface *b, const char *scene)
{
    assert_int_equal(a->w, b->w);
    assert_int_equal(a->h, b->h);
    long differ = 0;
    int fx = -1, fy = -1;
    for (int y = 0; y < a->h; y++) {
        const Uint32 *ra = (const Uint32 *)((const Uint8 *)a->pixels + y * a->pitch);
        const Uint32 *rb = (const Uint32 *)((const Uint8 *)b->pixels + y * b->pitch);
        for (int x = 0; x < a->w; x++) {
            if (ra[x] != rb[x] && differ++ == 0) {
                fx = x;
                fy = y;
            }
        }
    }
    if (differ) {
        fail_msg("%s: %ld pixels differ from direct drawing, the first at (%d, %d)", scene, differ, fx, fy);
    }
}

static bool same_pixels(SDL_Surface *a, SDL_Surface *b)
{
    for (int y = 0; y < a->h; y++) {
        if (memcmp((const Uint8 *)a->pixels + y * a->pitch, (const Uint8 *)b->pixels + y * b->pitch,
                   (size_t)a->w * 4) != 0) {
            return false;
        }
    }
    return true;
}

/* Draws the scene from the cache and direct, and compares. */
static void check_scene(rb_app *app, const char *scene)
{
    SDL_Surface *cached = frame(app, true);
    SDL_Surface *direct = frame(app, false);
    assert_same_pixels(cached, direct, scene);
    SDL_FreeSurface(cached);
    SDL_FreeSurface(direct);
}

static SDL_Point between(rb_app *app, const char *from, const char *to, int percent)
{
    SDL_Point a = fixture_center(app, from), b = fixture_center(app, to);
    return (SDL_Point){a.x + (b.x - a.x) * percent / 100, a.y + (b.y - a.y) * percent / 100};
}

/* The layout a window of w x h gets, inside the same surface: what a
 * resize does to the board (its place and square size). */
static void lay_out_as(rb_app *app, int w, int h)
{
    rb_ui_layout_compute(&app->layout, w, h, w, h);
    char err[1400];
    if (rb_ui_assets_size_pieces(app, app->layout.sq, err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
    rb_ui_text_flush(app);
}

static void selection_paths_flip_contrast_drag_move_and_resize(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1920, 1080);
    check_scene(app, "the start position");

    fixture_close(app);
    app = fixture_open(BUSY_POS, 1920, 1080);
    fixture_click(app, "d1");
    fixture_motion(app, fixture_center(app, "c6"), false);
    rb_move m = rb_ui_input_move_to(&app->state.input, rb_sq_parse("c6"));
    rb_path path;
    rb_move_path(m, &path);
    assert_true(path.rebound > 0);
    check_scene(app, "d1 selected, the rebound path to c6 pointed at");

    fixture_motion(app, fixture_center(app, "b3"), false);
    check_scene(app, "d1 selected, b3 pointed at");

    fixture_motion(app, (SDL_Point){1, 1}, false);
    check_scene(app, "d1 selected, the pointer off the board");

    fixture_key(app, SDLK_f, KMOD_LCTRL);
    assert_true(app->state.flipped);
    fixture_motion(app, fixture_center(app, "c6"), false);
    assert_int_equal(app->state.input.sel, rb_sq_parse("d1"));
    check_scene(app, "flipped, the rebound path pointed at");

    app->state.settings.theme = RB_UI_THEME_HIGH_CONTRAST;
    app->theme = rb_ui_theme_get(app->state.settings.theme);
    fixture_click(app, "d1");
    fixture_motion(app, fixture_center(app, "a4"), false);
    check_scene(app, "high contrast, the path to a4 pointed at");

    SDL_Point at = between(app, "d1", "b3", 60);
    fixture_motion(app, fixture_center(app, "d1"), false);
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, fixture_center(app, "d1"));
    fixture_motion(app, between(app, "d1", "b3", 30), true);
    fixture_motion(app, at, true);
    assert_int_equal(app->state.input.state, RB_UI_DRAGGING);
    check_scene(app, "the bishop dragged between squares");

    fixture_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, fixture_center(app, "c6"));
    assert_int_equal(app->state.game.ply, 1);
    check_scene(app, "after Bxc6, its last move shown");

    fixture_click(app, "d6");
    fixture_motion(app, fixture_center(app, "c6"), false);
    assert_int_equal(app->state.input.sel, rb_sq_parse("d6"));
    check_scene(app, "Black's king selected, pointing at the bishop");

    lay_out_as(app, 1100, 700);
    check_scene(app, "the window made smaller");
    lay_out_as(app, 700, 1000);
    check_scene(app, "the window made tall, the panel below");
    lay_out_as(app, 1920, 1080);
    check_scene(app, "the window back to its size");
    fixture_close(app);
}

static void check_on_the_edge_chooser_and_small_window(void **state)
{
    (void)state;
    rb_app *app = fixture_open(CHECK_POS, 800, 600);
    assert_true(rb_pos_in_check(rb_ui_state_pos(&app->state)));
    check_scene(app, "a king in check on the top edge");
    fixture_click(app, "d7");
    fixture_motion(app, fixture_center(app, "e6"), false);
    assert_int_equal(app->state.input.sel, rb_sq_parse("d7"));
    check_scene(app, "the king in check selected, e6 pointed at");
    fixture_close(app);

    app = fixture_open(PROMO_POS, 800, 600);
    fixture_drag(app, "d6", "e6");
    assert_int_equal(app->state.input.state, RB_UI_PROMOTING);
    SDL_Rect cells[2];
    rb_ui_view v = rb_ui_view_of(app);
    rb_ui_view_chooser(&v, app->state.input.promo_to, cells);
    fixture_motion(app, (SDL_Point){cells[1].x + cells[1].w / 2, cells[1].y + cells[1].h / 2}, false);
    assert_int_equal(app->state.input.promo_hover, RB_BISHOP);
    check_scene(app, "the promotion chooser open, the bishop pointed at");
    fixture_close(app);
}

/* A capture sliding along its rebound path: the piece taken stays on its
 * square until the mover arrives. */
static void a_sliding_capture(void **state)
{
    (void)state;
    rb_app *app = fixture_open(BUSY_POS, 1000, 700);
    app->state.settings.animation = true;
    fixture_click(app, "d1");
    fixture_click(app, "c6");
    assert_int_equal(app->state.game.ply, 1);
    assert_true(app->state.anim.active);
    Uint32 start = app->state.anim.start_ms;
    for (Uint32 t = 0; t < RB_UI_ANIM_MS; t += RB_UI_ANIM_MS / 4) {
        SDL_Surface *cached = board_at(app, start + t, true);
        SDL_Surface *direct = board_at(app, start + t, false);
        assert_true(app->state.anim.active);
        char scene[80];
        snprintf(scene, sizeof scene, "the bishop sliding, %u ms in", (unsigned)t);
        assert_same_pixels(cached, direct, scene);
        SDL_FreeSurface(cached);
        SDL_FreeSurface(direct);
    }
    fixture_close(app);
}

/* What makes the layer be painted again, and what does not. Each change is
 * one a stale layer would hide: the frame after it differs from the frame
 * before, and equals direct drawing. */
static void check_change(rb_app *app, SDL_Surface **before, unsigned *paints, const char *what)
{
    rb_ui_board_cache *cache = rb_ui_render_board_cache(app);
    SDL_Surface *now = frame(app, true);
    if (rb_ui_board_cache_paints(cache) != *paints + 1) {
        fail_msg("%s: the layer was painted %u times, not once", what, rb_ui_board_cache_paints(cache) - *paints);
    }
    *paints = rb_ui_board_cache_paints(cache);
    if (same_pixels(now, *before)) {
        fail_msg("%s: the picture did not change", what);
    }
    SDL_Surface *direct = frame(app, false);
    assert_same_pixels(now, direct, what);
    SDL_FreeSurface(direct);
    SDL_FreeSurface(*before);
    *before = now;
}

static void the_layer_is_painted_again_exactly_when_it_changes(void **state)
{
    (void)state;
    rb_app *app = fixture_open(BUSY_POS, 800, 600);
    rb_ui_board_cache *cache = rb_ui_render_board_cache(app);
    SDL_Surface *before = frame(app, true);
    unsigned paints = rb_ui_board_cache_paints(cache);
    assert_int_equal(paints, 1);

    /* Selecting, pointing and redrawing leave the layer as it is. */
    fixture_click(app, "d1");
    for (int i = 0; i < 3; i++) {
        fixture_motion(app, fixture_center(app, i == 1 ? "b3" : "c6"), false);
        SDL_FreeSurface(frame(app, true));
    }
    assert_int_equal(rb_ui_board_cache_paints(cache), paints);
    fixture_motion(app, (SDL_Point){1, 1}, false);
    rb_ui_input_cancel(&app->state.input);
    SDL_FreeSurface(frame(app, true));
    assert_int_equal(rb_ui_board_cache_paints(cache), paints);

    fixture_click(app, "e2");
    fixture_click(app, "f2");
    assert_int_equal(app->state.game.ply, 1);
    check_change(app, &before, &paints, "a move played");

    /* Without the last move shown, only the pieces tell one position
     * from the next. */
    app->state.settings.last_move = false;
    check_change(app, &before, &paints, "the last move no longer shown");
    fixture_click(app, "e6");
    fixture_click(app, "f6");
    assert_int_equal(app->state.game.ply, 2);
    check_change(app, &before, &paints, "a move played, the last move not shown");
    fixture_key(app, SDLK_z, KMOD_LCTRL);
    assert_int_equal(app->state.game.ply, 1);
    check_change(app, &before, &paints, "that move taken back");
    app->state.settings.last_move = true;
    check_change(app, &before, &paints, "the last move shown again");

    fixture_key(app, SDLK_z, KMOD_LCTRL);
    assert_int_equal(app->state.game.ply, 0);
    check_change(app, &before, &paints, "the move taken back");

    app->state.settings.coordinates = false;
    check_change(app, &before, &paints, "coordinates switched off");
    app->state.settings.flow_arrows = false;
    check_change(app, &before, &paints, "flow arrows switched off");
    app->state.settings.thrones = false;
    check_change(app, &before, &paints, "thrones switched off");

    fixture_key(app, SDLK_f, KMOD_LCTRL);
    check_change(app, &before, &paints, "the board flipped");

    /* The look as the settings dialog changes it: each theme and each
     * piece set paints the layer again, once. */
    for (int i = 1; i < rb_ui_theme_count; i++) {
        rb_ui_cmd look = rb_ui_cmd_of(RB_UI_CMD_SET_THEME);
        look.set_theme.theme = i;
        assert_int_equal(rb_ui_apply(app, &look), 0);
        check_change(app, &before, &paints, rb_ui_themes[i].key);
    }
    for (int i = 1; i <= rb_ui_piece_set_count; i++) {
        rb_ui_cmd look = rb_ui_cmd_of(RB_UI_CMD_SET_PIECES);
        look.set_pieces.set = i % rb_ui_piece_set_count; /* round to the first again */
        assert_int_equal(rb_ui_apply(app, &look), 0);
        check_change(app, &before, &paints, rb_ui_piece_sets[look.set_pieces.set].key);
    }

    lay_out_as(app, 640, 480);
    check_change(app, &before, &paints, "a smaller layout");

    /* A lost render target is painted again, the same picture. */
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_RENDER_TARGETS_RESET;
    rb_ui_app_event(app, &ev);
    SDL_Surface *after = frame(app, true);
    assert_int_equal(rb_ui_board_cache_paints(cache), paints + 1);
    SDL_Surface *direct = frame(app, false);
    assert_same_pixels(after, direct, "after the render targets were reset");
    SDL_FreeSurface(after);
    SDL_FreeSurface(direct);
    SDL_FreeSurface(before);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(selection_paths_flip_contrast_drag_move_and_resize),
        cmocka_unit_test(check_on_the_edge_chooser_and_small_window),
        cmocka_unit_test(a_sliding_capture),
        cmocka_unit_test(the_layer_is_painted_again_exactly_when_it_changes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
