/*
 * test_game_sounds.c - the game is heard: every move, the person's or the
 * computer's, makes its sound through the one follow-up of a change (a
 * capture, check, a rebound, the end of the game), a resignation or an
 * agreed draw sounds the end, a move the board refuses sounds the warning,
 * and nothing else (undo, browsing) makes a sound. The switch and the
 * volume act at once and are kept in the settings file.
 *
 * Off screen with SDL's dummy audio driver; what the game asked to be heard
 * is read from the sound module's count of requests.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>

#include "files/settings.h"
#include "media/sound.h"
#include "ui_fixture.h"

static const char *const fen = "7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1";

static rb_app *open_with_sound(const char *position)
{
    rb_app *app = fixture_open(position, 800, 600);
    app->sound = rb_ui_sound_open(app->data_dir);
    assert_non_null(app->sound);
    rb_ui_apply_sound_settings(app);
    return app;
}

static unsigned asked(const rb_app *app, rb_ui_sound_id id)
{
    return rb_ui_sound_asked(app->sound, id);
}

static unsigned asked_total(const rb_app *app)
{
    unsigned n = 0;
    for (int id = 0; id < RB_UI_SOUND_COUNT; id++) {
        n += asked(app, (rb_ui_sound_id)id);
    }
    return n;
}

static rb_move find_move(rb_app *app, const char *text)
{
    char from[3] = {text[0], text[1], 0}, to[3] = {text[2], text[3], 0};
    rb_move m = rb_move_find(rb_ui_state_pos(&app->state), rb_sq_parse(from), rb_sq_parse(to), 0);
    assert_true(m != RB_MOVE_NONE);
    return m;
}

static int setting_index(const char *key)
{
    for (int i = 0; i < rb_ui_setting_count; i++) {
        if (strcmp(rb_ui_setting_infos[i].key, key) == 0) {
            return i;
        }
    }
    fail_msg("no setting %s", key);
    return -1;
}

typedef struct sound_case {
    const char *fen;
    const char *move;
    bool by_computer;
    rb_ui_sound_id want;
} sound_case;

static void each_move_makes_its_sound_once(void **state)
{
    (void)state;
    static const sound_case cases[] = {
        {"7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1", "d2c2", false, RB_UI_SOUND_MOVE},
        {"7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1", "b1a5", true, RB_UI_SOUND_CAPTURE},
        {"7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1", "b1b6", false, RB_UI_SOUND_CHECK},
        {"7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1", "b1a3", true, RB_UI_SOUND_REBOUND},
        {"4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1", "e7g6", false, RB_UI_SOUND_GAME_END},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const sound_case *c = &cases[i];
        rb_app *app = open_with_sound(c->fen);
        assert_int_equal(asked_total(app), 0);
        if (c->by_computer) { /* the computer's answer, as the worker hands it over */
            rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PLAY);
            cmd.play.move = find_move(app, c->move);
            cmd.play.by_computer = true;
            assert_int_equal(rb_ui_apply(app, &cmd), 0);
        } else { /* the person's, dragged on the board */
            char from[3] = {c->move[0], c->move[1], 0}, to[3] = {c->move[2], c->move[3], 0};
            fixture_drag(app, from, to);
        }
        assert_int_equal(app->state.game.ply, 1);
        if (asked(app, c->want) != 1 || asked_total(app) != 1) {
            fail_msg("%s: sound %d asked %u times, %u sounds in all", c->move, (int)c->want, asked(app, c->want),
                     asked_total(app));
        }
        /* Taking it back and browsing are silent. */
        assert_int_equal(fixture_do(app, RB_UI_CMD_UNDO), 0);
        rb_ui_cmd browse = rb_ui_cmd_of(RB_UI_CMD_BROWSE);
        browse.browse.ply = 1;
        fixture_do(app, RB_UI_CMD_REDO);
        rb_ui_apply(app, &browse);
        assert_int_equal(asked_total(app), 1);
        fixture_close(app);
    }
}

static void a_refused_move_sounds_the_warning(void **state)
{
    (void)state;
    rb_app *app = open_with_sound(fen);
    /* A click on an empty square with nothing selected is no attempt. */
    fixture_click(app, "a7");
    assert_int_equal(asked_total(app), 0);
    /* The king clicked, then a square it cannot reach. */
    fixture_click(app, "d2");
    fixture_click(app, "a7");
    assert_int_equal(asked(app, RB_UI_SOUND_ILLEGAL), 1);
    /* Dropped where it cannot go: it snaps back, and the warning sounds. */
    fixture_drag(app, "d2", "g7");
    assert_int_equal(asked(app, RB_UI_SOUND_ILLEGAL), 2);
    assert_int_equal(app->state.game.ply, 0);
    /* A typed move the rules refuse. */
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    fixture_type(app, "d2g7");
    assert_int_equal(asked(app, RB_UI_SOUND_ILLEGAL), 3);
    assert_int_equal(app->state.game.ply, 0);
    assert_int_equal(asked_total(app), 3);
    fixture_close(app);
}

static void resigning_and_agreeing_sound_the_end(void **state)
{
    (void)state;
    rb_app *app = open_with_sound(NULL);
    rb_ui_cmd resign = rb_ui_cmd_of(RB_UI_CMD_RESIGN);
    resign.resign.color = RB_WHITE;
    assert_int_equal(rb_ui_apply(app, &resign), 0);
    assert_int_equal(asked(app, RB_UI_SOUND_GAME_END), 1);
    assert_int_equal(fixture_do(app, RB_UI_CMD_UNDO), 0); /* the resignation taken back */
    rb_ui_cmd agree = rb_ui_cmd_of(RB_UI_CMD_ANSWER_DRAW);
    agree.answer_draw.accept = true;
    assert_int_equal(rb_ui_apply(app, &agree), 0);
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_AGREEMENT);
    assert_int_equal(asked(app, RB_UI_SOUND_GAME_END), 2);
    assert_int_equal(asked_total(app), 2);
    fixture_close(app);
}

static void switch_and_volume_act_at_once_and_are_kept(void **state)
{
    (void)state;
    rb_app *app = open_with_sound(fen);
    assert_true(app->state.settings.sound);
    assert_int_equal(rb_ui_sound_volume(app->sound), RB_UI_SOUND_DEFAULT_VOLUME);

    rb_ui_cmd vol = rb_ui_cmd_of(RB_UI_CMD_SET_VOLUME);
    vol.set_volume.volume = 30;
    assert_int_equal(rb_ui_apply(app, &vol), 0);
    assert_int_equal(app->state.settings.volume, 30);
    assert_int_equal(rb_ui_sound_volume(app->sound), 30);
    unsigned before = asked_total(app); /* the new level is heard once */
    assert_int_equal(before, 1);

    rb_ui_cmd off = rb_ui_cmd_of(RB_UI_CMD_SET_SETTING);
    off.set_setting.index = setting_index("sound");
    off.set_setting.on = false;
    assert_int_equal(rb_ui_apply(app, &off), 0);
    assert_false(rb_ui_sound_enabled(app->sound));
    fixture_drag(app, "d2", "c2");
    assert_int_equal(app->state.game.ply, 1);
    assert_int_equal(asked_total(app), before); /* off is silent */

    /* Kept between runs: the settings file holds them and gives them back. */
    app->state.settings.pause_minimised = false;
    char *text = rb_ui_settings_format(&app->state.settings, app->state.players);
    assert_non_null(text);
    assert_non_null(strstr(text, "sound = false"));
    assert_non_null(strstr(text, "volume = 30"));
    rb_ui_settings back;
    rb_ui_player players[2];
    rb_ui_settings_defaults(&back, players);
    assert_true(back.sound);
    assert_true(back.pause_minimised);
    assert_int_equal(back.volume, RB_UI_SOUND_DEFAULT_VOLUME);
    assert_int_equal(rb_ui_settings_parse(text, &back, players), 0);
    assert_false(back.sound);
    assert_false(back.pause_minimised);
    assert_int_equal(back.volume, 30);
    free(text);
    /* A volume out of range is skipped, the rest applies. */
    assert_int_equal(rb_ui_settings_parse("volume = 130\nsound = true\n", &back, players), 1);
    assert_int_equal(back.volume, 30);
    assert_true(back.sound);
    fixture_close(app);
}

static void no_sound_device_is_silence_without_a_word(void **state)
{
    (void)state;
    rb_app *app = fixture_open(fen, 800, 600); /* off screen opens no sound */
    assert_null(app->sound);
    fixture_drag(app, "d2", "c2");
    assert_int_equal(app->state.game.ply, 1);
    assert_string_equal(app->state.status, "");
    fixture_close(app);
}

int main(void)
{
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_move_makes_its_sound_once),
        cmocka_unit_test(a_refused_move_sounds_the_warning),
        cmocka_unit_test(resigning_and_agreeing_sound_the_end),
        cmocka_unit_test(switch_and_volume_act_at_once_and_are_kept),
        cmocka_unit_test(no_sound_device_is_silence_without_a_word),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
