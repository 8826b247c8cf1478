/*
 * test_look_is_chosen_and_kept.c - the board's colours and the piece set
 * are chosen in the settings dialog, whose small board follows each choice
 * at once; the choice is written to the settings file and is there again
 * after a restart; a name the game does not know, on the command line or
 * in the settings file, is answered by a message naming the choices, and
 * the settings file's falls back to the default.
 *
 * RB_SETTINGS_SHOT=FILE.png writes the dialog, Wood and the geometric
 * pieces chosen, to FILE.png (the README's picture).
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/args.h"
#include "media/assets.h"
#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "files/prefs.h"
#include "files/settings.h"
#include "app/shot.h"
#include "kit/theme.h"
#include "ui_home.h"
#include "kit/widget.h"

static int setup(void **state)
{
    (void)state;
    return fixture_private_home("look-test");
}

/* A click on the settings dialog's control id, and the frame after it. */
static void click(rb_app *app, int id)
{
    fixture_click_control(app, id);
    rb_ui_app_draw(app);
}

/* The preview: beside the column of choices (the Look page, where the
 * dialog opens), out to the dialog's right edge (Done's), from the first
 * colour down to the piece sets, clear of the controls' focus rings. */
static SDL_Rect preview_area(rb_app *app)
{
    SDL_Rect theme = fixture_control(app, DLG_THEME), pieces = fixture_control(app, DLG_PIECES),
             done = fixture_control(app, DLG_OK);
    int px = rb_ui_widget_font_px(app);
    int left = theme.x + theme.w + px / 2;
    return (SDL_Rect){left, theme.y, done.x + done.w - left, pieces.y + pieces.h - theme.y};
}

/* How many pixels of area are exactly colour c. */
static int count_colour(rb_app *app, SDL_Rect area, SDL_Color c)
{
    SDL_Surface *s = app->target;
    Uint32 want = SDL_MapRGB(s->format, c.r, c.g, c.b);
    int n = 0;
    for (int y = area.y; y < area.y + area.h; y++) {
        for (int x = area.x; x < area.x + area.w; x++) {
            n += ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x] == want;
        }
    }
    return n;
}

static Uint32 *copy_area(rb_app *app, SDL_Rect area)
{
    SDL_Surface *s = app->target;
    Uint32 *out = malloc(sizeof *out * (size_t)(area.w * area.h));
    assert_non_null(out);
    for (int y = 0; y < area.h; y++) {
        memcpy(out + y * area.w, (Uint8 *)s->pixels + (area.y + y) * s->pitch + area.x * 4,
               sizeof *out * (size_t)area.w);
    }
    return out;
}

static void the_preview_follows_the_choice(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    rb_ui_cmd open = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
    open.open_dialog.dialog = RB_UI_DIALOG_SETTINGS;
    rb_ui_apply(app, &open);
    rb_ui_app_draw(app);
    SDL_Rect area = preview_area(app);
    assert_true(area.w > area.h / 2); /* room for a board */
    Uint32 *before = copy_area(app, area);
    for (int i = 0; i < rb_ui_theme_count; i++) {
        click(app, DLG_THEME + i);
        assert_int_equal(app->state.settings.theme, i);
        assert_true(rb_ui_dialog_active(&app->state)); /* chosen, not yet confirmed */
        /* The preview's squares are the theme's (a board is at least a
         * few hundred pixels of light squares). */
        int light = count_colour(app, area, rb_ui_theme_get(i)->light);
        if (light < area.h * area.h / 20) {
            fail_msg("the preview shows %d pixels of the %s light squares", light, rb_ui_themes[i].key);
        }
    }
    click(app, DLG_THEME + RB_UI_THEME_CLASSIC);
    Uint32 *again = copy_area(app, area);
    assert_memory_equal(before, again, sizeof *before * (size_t)(area.w * area.h));
    /* Another piece set: the same squares, other pictures. */
    click(app, DLG_PIECES + 1);
    assert_int_equal(app->state.settings.pieces, 1);
    Uint32 *other = copy_area(app, area);
    if (memcmp(before, other, sizeof *before * (size_t)(area.w * area.h)) == 0) {
        fail_msg("the preview did not change with the piece set");
    }
    const char *shot = getenv("RB_SETTINGS_SHOT");
    if (shot) {
        char err[RB_UI_PATH_MAX + 200];
        click(app, DLG_THEME + rb_ui_theme_find("wood"));
        assert_int_equal(rb_ui_shot_write(app, shot, err, sizeof err), 0);
    }
    /* Done keeps it. */
    click(app, DLG_OK);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.settings.pieces, 1);
    free(before);
    free(again);
    free(other);
    fixture_close(app);
}

static void the_choice_survives_a_restart(void **state)
{
    (void)state;
    int blue = rb_ui_theme_find("blue"), geometric = rb_ui_assets_find_set("geometric");
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    rb_app *app = fixture_start(&opt);
    assert_int_equal(app->state.settings.theme, RB_UI_THEME_CLASSIC);
    rb_ui_cmd open = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
    open.open_dialog.dialog = RB_UI_DIALOG_SETTINGS;
    rb_ui_apply(app, &open);
    rb_ui_app_draw(app);
    click(app, DLG_THEME + blue);
    click(app, DLG_PIECES + geometric);
    click(app, DLG_OK);
    fixture_close(app);

    memset(&opt, 0, sizeof opt);
    app = fixture_start(&opt);
    assert_int_equal(app->state.settings.theme, blue);
    assert_ptr_equal(app->theme, rb_ui_theme_get(blue));
    assert_int_equal(app->state.settings.pieces, geometric);
    assert_int_equal(app->pieces.set, geometric);
    fixture_close(app);

    /* The command line chooses for the run (and is kept like a choice). */
    memset(&opt, 0, sizeof opt);
    opt.theme = "green";
    opt.pieces = "classic";
    app = fixture_start(&opt);
    assert_ptr_equal(app->theme, rb_ui_theme_get(rb_ui_theme_find("green")));
    assert_int_equal(app->pieces.set, 0);
    fixture_close(app);
}

static void the_file_form_round_trips(void **state)
{
    (void)state;
    for (int t = 0; t < rb_ui_theme_count; t++) {
        for (int p = 0; p < rb_ui_piece_set_count; p++) {
            rb_ui_settings s, back;
            rb_ui_player players[2], pb[2];
            rb_ui_settings_defaults(&s, players);
            s.theme = t;
            s.pieces = p;
            char *text = rb_ui_settings_format(&s, players);
            assert_non_null(text);
            rb_ui_settings_defaults(&back, pb);
            assert_int_equal(rb_ui_settings_parse(text, &back, pb), 0);
            free(text);
            assert_int_equal(back.theme, t);
            assert_int_equal(back.pieces, p);
        }
    }
}

/* The message names the unknown name and every choice. */
static void names_everything(const char *message, const char *unknown, bool themes)
{
    if (!strstr(message, unknown)) {
        fail_msg("the message does not name '%s': %s", unknown, message);
    }
    int n = themes ? rb_ui_theme_count : rb_ui_piece_set_count;
    for (int i = 0; i < n; i++) {
        const char *key = themes ? rb_ui_themes[i].key : rb_ui_piece_sets[i].key;
        if (!strstr(message, key)) {
            fail_msg("the message does not name the choice '%s': %s", key, message);
        }
    }
}

static void unknown_names_are_answered_with_the_choices(void **state)
{
    (void)state;
    rb_ui_options opt;
    char err[600];
    char *theme_args[] = {"rollerball", "--theme", "purple", NULL};
    assert_int_equal(rb_ui_args_parse(3, theme_args, &opt, err, sizeof err), RB_UI_ARGS_ERROR);
    names_everything(err, "purple", true);
    char *piece_args[] = {"rollerball", "--pieces", "glass", NULL};
    assert_int_equal(rb_ui_args_parse(3, piece_args, &opt, err, sizeof err), RB_UI_ARGS_ERROR);
    names_everything(err, "glass", false);
    char *good[] = {"rollerball", "--theme", "colour-blind", "--pieces", "geometric", NULL};
    assert_int_equal(rb_ui_args_parse(5, good, &opt, err, sizeof err), RB_UI_ARGS_RUN);
    assert_string_equal(opt.theme, "colour-blind");
    assert_string_equal(opt.pieces, "geometric");

    /* In the settings file: skipped, the default stands, and a sentence
     * says so. */
    rb_ui_settings s;
    rb_ui_player players[2];
    char note[400];
    rb_ui_settings_defaults(&s, players);
    assert_int_equal(
        rb_ui_settings_parse_noted("theme = purple\ncoordinates = false\n", &s, players, note, sizeof note), 1);
    assert_int_equal(s.theme, RB_UI_THEME_CLASSIC);
    assert_false(s.coordinates);
    names_everything(note, "purple", true);
    rb_ui_settings_defaults(&s, players);
    assert_int_equal(rb_ui_settings_parse_noted("pieces = glass\n", &s, players, note, sizeof note), 1);
    assert_int_equal(s.pieces, 0);
    names_everything(note, "glass", false);
}

static void a_bad_name_in_the_settings_file_is_reported_at_start(void **state)
{
    (void)state;
    rb_app files;
    memset(&files, 0, sizeof files);
    char path[RB_UI_PATH_MAX], err[RB_UI_PATH_MAX + 600];
    assert_int_equal(rb_ui_prefs_file(&files, "settings.conf", path, sizeof path, err, sizeof err), 0);
    rb_ui_prefs_free(&files);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("theme = purple\npieces = geometric\n", f);
    fclose(f);
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    rb_app *app = fixture_start(&opt);
    assert_int_equal(app->state.settings.theme, RB_UI_THEME_CLASSIC);
    assert_int_equal(app->state.settings.pieces, rb_ui_assets_find_set("geometric")); /* the good line holds */
    names_everything(app->state.status, "purple", true);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_preview_follows_the_choice),
        cmocka_unit_test(the_choice_survives_a_restart),
        cmocka_unit_test(the_file_form_round_trips),
        cmocka_unit_test(unknown_names_are_answered_with_the_choices),
        cmocka_unit_test(a_bad_name_in_the_settings_file_is_reported_at_start),
    };
    return cmocka_run_group_tests(tests, setup, fixture_remove_home_teardown);
}
