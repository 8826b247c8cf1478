/*
 * apply.c - the one place that changes the game, and everything a change
 * brings with it.
 *
 * Views and the computer ask with a command; here it is carried out. Every
 * change of the game (a move, undo, redo, browsing, a new or loaded game,
 * a resignation, a draw) ends in game_changed(), which does the follow-ups
 * once, in one order, whoever asked:
 *   the selection is dropped and browsing ends (or starts, for browsing),
 *   the move list is told to follow (state.changes),
 *   the autosave is written (a window's real game only),
 *   the computer is cancelled, and started if it is now to move.
 * Any command marks one redraw at the end. Sounds, when they come, belong
 * in game_changed() too.
 */
#include "apply.h"

#include <stdio.h>
#include <string.h>

#include "anim.h"
#include "dialog.h"
#include "explain.h"
#include "games.h"
#include "input.h"
#include "learn.h"
#include "panel.h"
#include "prefs.h"
#include "rb_engine.h"
#include "session.h"
#include "settings.h"
#include "text.h"
#include "theme.h"
#include "worker.h"

static const char *const apply_colour[2] = { "White", "Black" };

/* The game in progress is saved after every change, so a crash or a closed
 * laptop never costs a move. Only a real window plays a real game:
 * screenshots and tests keep their hands off the player's files. */
static void apply_autosave(rb_app *app)
{
    char err[RB_UI_PATH_MAX + 200];
    if (app->player_files && rb_ui_prefs_autosave(app, err, sizeof err) != 0)
        rb_ui_state_say(&app->state, true, "%s", err);
}

static void apply_save_settings(rb_app *app)
{
    char err[RB_UI_PATH_MAX + 200];
    if (app->player_files && rb_ui_prefs_save(app, err, sizeof err) != 0)
        rb_ui_state_say(&app->state, true, "%s", err);
}

/* Everything that follows a change of the game, whoever made it. */
static void game_changed(rb_app *app, bool browsing)
{
    rb_ui_state *st = &app->state;
    st->browsing = browsing;
    rb_ui_input_cancel(&st->input);
    rb_ui_explain_clear(st); /* it was about the position before */
    st->changes++;
    if (st->panel.follow) /* start from what the last frame showed */
        st->panel.scroll = rb_ui_panel_drawn_scroll(app);
    st->panel.follow = true;
    apply_autosave(app);
    rb_ui_worker_cancel(app);
    rb_ui_worker_maybe_start(app);
}

/* Puts *g (taken over) on the board in place of the game. */
static void replace_game(rb_app *app, rb_game *g, bool clear_status)
{
    rb_ui_state *st = &app->state;
    rb_ui_anim_stop(&st->anim);
    rb_game_free(&st->game);
    st->game = *g;
    memset(g, 0, sizeof *g);
    st->learn.mode = RB_UI_LEARN_OFF; /* a game to play: the board, not the lessons */
    if (clear_status)
        st->status[0] = 0;
    game_changed(app, false);
}

static int apply_play(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    rb_pos before = *rb_ui_state_pos(st);
    rb_ui_anim_stop(&st->anim);
    if (rb_game_play(&st->game, cmd->move) != 0) {
        if (cmd->by_computer)
            rb_ui_state_say(st, true, "The computer chose a move the rules do not allow.");
        else
            rb_ui_state_say(st, false, "That move is not legal here.");
        return -1;
    }
    st->status[0] = 0;
    rb_ui_anim_start(&st->anim, &st->settings, &before, cmd->move);
    game_changed(app, false);
    return 0;
}

/* Undo or redo one move; against the computer, on to the person's turn. */
static int apply_step(rb_app *app, bool back)
{
    rb_ui_state *st = &app->state;
    rb_game *g = &st->game;
    if (back ? !rb_game_undo(g) : !rb_game_redo(g))
        return 0;
    rb_ui_anim_stop(&st->anim);
    while (rb_ui_state_vs_computer(st) && rb_ui_state_computer_to_move(st) &&
           (back ? rb_game_undo(g) : g->ply < g->length && rb_game_redo(g)))
        ;
    game_changed(app, false);
    return 0;
}

static int apply_browse(rb_app *app, int ply)
{
    rb_ui_state *st = &app->state;
    if (ply < 0 || (size_t)ply == st->game.ply || !rb_game_goto(&st->game, (size_t)ply))
        return 0;
    rb_ui_anim_stop(&st->anim);
    /* Looking back is read-only: a stray click on the board must not drop
     * the moves after the position shown. */
    game_changed(app, (size_t)ply < st->game.length);
    return 0;
}

static int apply_new_game(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    rb_pos start;
    rb_pos_start(&start);
    rb_game g;
    if (rb_game_init(&g, &start) != 0) {
        rb_ui_state_say(st, true, "Out of memory starting a new game.");
        return -1;
    }
    rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
    st->players[0] = cmd->players[0];
    st->players[1] = cmd->players[1];
    int human_side = cmd->n;
    if (human_side >= 0 && st->settings.auto_flip)
        st->flipped = human_side == RB_BLACK;
    else if (human_side < 0)
        st->flipped = false;
    replace_game(app, &g, true);
    if (human_side >= 0)
        rb_ui_state_say(st, false, "New game: you play %s against the computer (level %d, %s).",
                        apply_colour[human_side], st->players[human_side ^ 1].level,
                        rb_level_name(st->players[human_side ^ 1].level));
    else
        rb_ui_state_say(st, false, "New game.");
    apply_save_settings(app);
    return 0;
}

/* A failure of a dialog's command shows in the dialog, which stays open;
 * any other in the status line. */
static void apply_failed(rb_app *app, const rb_ui_cmd *cmd, rb_ui_dialog_kind dialog, const char *why)
{
    rb_ui_state *st = &app->state;
    if (cmd->in_dialog && st->dialog.kind == dialog)
        SDL_strlcpy(st->dialog.error, why, sizeof st->dialog.error);
    else
        rb_ui_state_say(st, true, "%s", why);
}

static int apply_load(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    char why[RB_UI_PATH_MAX + 300], path[RB_UI_PATH_MAX + 256];
    const char *file = cmd->text;
    if (cmd->in_dialog) {
        /* The load dialog names a game of the games folder. */
        char dir[RB_UI_PATH_MAX];
        if (rb_ui_games_dir(app, dir, sizeof dir, why, sizeof why) != 0) {
            apply_failed(app, cmd, RB_UI_DIALOG_LOAD, why);
            return -1;
        }
        snprintf(path, sizeof path, "%s%s", dir, cmd->text);
        file = path;
    }
    rb_game g;
    rb_ui_player players[2] = { st->players[0], st->players[1] };
    if (rb_ui_games_read(file, &g, players, why, sizeof why) != 0) {
        apply_failed(app, cmd, RB_UI_DIALOG_LOAD, why);
        return -1; /* the game on the board is unchanged */
    }
    char name[256];
    SDL_strlcpy(name, strrchr(file, '/') ? strrchr(file, '/') + 1 : file, sizeof name);
    /* An open dialog was about the game just replaced. */
    rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
    st->players[0] = players[0];
    st->players[1] = players[1];
    replace_game(app, &g, true);
    if (cmd->in_dialog)
        rb_ui_state_say(st, false, "Opened \"%s\".", name);
    return 0;
}

static int apply_save(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    char why[RB_UI_PATH_MAX + 300], name[sizeof st->dialog.name];
    SDL_strlcpy(name, cmd->text, sizeof name);
    if (rb_ui_games_save(app, name, why, sizeof why) != 0) {
        apply_failed(app, cmd, RB_UI_DIALOG_SAVE, why);
        return -1;
    }
    if (st->dialog.kind == RB_UI_DIALOG_SAVE)
        rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
    rb_ui_state_say(st, false, "Saved \"%s\".", name);
    return 0;
}

/* The game ends by resignation or agreement. */
static void end_game(rb_app *app, bool resign, int color)
{
    rb_ui_state *st = &app->state;
    rb_ui_anim_stop(&st->anim);
    if (resign)
        rb_game_resign(&st->game, color);
    else
        rb_game_agree_draw(&st->game);
    game_changed(app, false);
}

static int apply_offer_draw(rb_app *app)
{
    rb_ui_state *st = &app->state;
    if (!rb_ui_session_can_offer_draw(st))
        return -1;
    if (st->players[0].kind == RB_UI_HUMAN && st->players[1].kind == RB_UI_HUMAN) {
        rb_ui_dialog_ask(app, RB_UI_ASK_DRAW);
        return 0;
    }
    rb_search_info last;
    uint64_t key = 0;
    bool have = rb_ui_worker_last_score(app, &last, &key);
    if (rb_ui_session_computer_takes_draw(st, have ? &last : NULL, key)) {
        end_game(app, false, 0);
        rb_ui_state_say(st, false, "The computer accepts the draw.");
        return 0;
    }
    rb_ui_state_say(st, false, "The computer declines the draw: it sees the game as not level.");
    return -1;
}

static int apply_setting(rb_app *app, int index, bool on)
{
    rb_ui_state *st = &app->state;
    if (index < 0 || index >= rb_ui_setting_count)
        return -1;
    *rb_ui_setting_ref(&st->settings, index) = on;
    app->theme = rb_ui_theme_get(st->settings.high_contrast);
    rb_ui_anim_stop(&st->anim);
    rb_ui_input_cancel(&st->input);
    rb_ui_text_flush(app); /* the text was drawn in the old colours */
    return 0;
}

static int apply_command(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    switch (cmd->kind) {
    case RB_UI_CMD_NONE:
        return 0;
    case RB_UI_CMD_PLAY:
        return apply_play(app, cmd);
    case RB_UI_CMD_UNDO:
        return apply_step(app, true);
    case RB_UI_CMD_REDO:
        return apply_step(app, false);
    case RB_UI_CMD_BROWSE:
        return apply_browse(app, cmd->n);
    case RB_UI_CMD_NEW_GAME:
        return apply_new_game(app, cmd);
    case RB_UI_CMD_SET_GAME:
        st->players[0] = cmd->players[0];
        st->players[1] = cmd->players[1];
        replace_game(app, cmd->game, false);
        return 0;
    case RB_UI_CMD_LOAD:
        return apply_load(app, cmd);
    case RB_UI_CMD_SAVE:
        return apply_save(app, cmd);
    case RB_UI_CMD_RESIGN:
        if (rb_game_ending(&st->game) != RB_END_NONE || (cmd->n != RB_WHITE && cmd->n != RB_BLACK))
            return -1;
        rb_ui_state_say(st, false, "%s resigned.", apply_colour[cmd->n]);
        end_game(app, true, cmd->n);
        return 0;
    case RB_UI_CMD_OFFER_DRAW:
        return apply_offer_draw(app);
    case RB_UI_CMD_ANSWER_DRAW:
        if (!cmd->on) {
            rb_ui_state_say(st, false, "The draw offer was declined.");
            return 0;
        }
        if (rb_game_ending(&st->game) != RB_END_NONE)
            return -1;
        end_game(app, false, 0);
        rb_ui_state_say(st, false, "Draw agreed.");
        return 0;
    case RB_UI_CMD_MOVE_NOW:
        rb_ui_worker_move_now(app);
        return 0;
    case RB_UI_CMD_LEARN:
        rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
        return rb_ui_learn_open(app, cmd->n < 0 ? -1 : cmd->n / 100, cmd->n < 0 ? 0 : cmd->n % 100);
    case RB_UI_CMD_LEARN_TRY:
        return rb_ui_learn_try(app, RB_MOVE_FROM(cmd->move), RB_MOVE_TO(cmd->move), RB_MOVE_PROMO(cmd->move));
    case RB_UI_CMD_LEARN_RETRY:
        rb_ui_learn_retry(app);
        return 0;
    case RB_UI_CMD_LEARN_HINT:
        rb_ui_learn_hint(app);
        return 0;
    case RB_UI_CMD_LEARN_CLOSE:
        rb_ui_learn_close(app);
        return 0;
    case RB_UI_CMD_EXPLAIN:
        rb_ui_explain_attempt(st, RB_MOVE_FROM(cmd->move), RB_MOVE_TO(cmd->move), RB_MOVE_PROMO(cmd->move),
                              SDL_GetTicks());
        return 0;
    case RB_UI_CMD_FLIP:
        st->flipped = !st->flipped;
        rb_ui_anim_stop(&st->anim);
        return 0;
    case RB_UI_CMD_SET_SETTING:
        return apply_setting(app, cmd->n, cmd->on);
    case RB_UI_CMD_SAVE_SETTINGS:
        rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
        apply_save_settings(app);
        return 0;
    case RB_UI_CMD_OPEN_DIALOG:
        rb_ui_dialog_open(app, (rb_ui_dialog_kind)cmd->n);
        return 0;
    case RB_UI_CMD_ASK:
        rb_ui_dialog_ask(app, (rb_ui_ask)cmd->n);
        return 0;
    case RB_UI_CMD_QUIT:
        app->quit = true;
        return 0;
    }
    return 0;
}

int rb_ui_apply(rb_app *app, const rb_ui_cmd *cmd)
{
    int rc = apply_command(app, cmd);
    if (cmd->kind != RB_UI_CMD_NONE)
        app->dirty = true;
    return rc;
}
