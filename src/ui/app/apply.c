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
 *   the clocks run or pause as the game now stands,
 *   the autosave is written (a window's real game only),
 *   the computer is cancelled, and started if it is now to move; a move
 *   it found and a premove are dropped (browsing changes none of these:
 *   the game itself is as it was);
 *   the time of the change is noted, from which the computer's next move
 *   is shown (pace.c);
 *   the change's sound plays (a move's own, or the end of the game).
 * The computer's move arrives as RB_UI_CMD_REPLY and waits in
 * state.pacing; the app plays it when pace.c says its time has come.
 * The screens over the game (app/screens.h) get their own commands and
 * those they keep off the game; whatever puts another game on the board
 * closes them first, and a screen that opens closes the others.
 * Any command marks one redraw at the end, and one that sets the game
 * aside (opens the position editor, the puzzles, the mistakes' exercises,
 * the lessons) or brings it back stops or restarts the game's clocks. A
 * move presses the clock before its follow-ups, so the autosave holds the
 * mover's time; a flag that falls (RB_UI_CMD_CLOCK, or found when a move
 * comes too late) ends the game like a resignation.
 */
#include "app/apply.h"
#include "app/net_join.h"
#include "app/net_host.h"
#include "app/net_play.h"
#include "app/online.h"
#include "app/speak.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "app/screens.h"
#include "board/anim.h"
#include "board/explain.h"
#include "board/input.h"
#include "computer/coach.h"
#include "computer/review.h"
#include "computer/worker.h"
#include "dialogs/dialog.h"
#include "files/games.h"
#include "files/prefs.h"
#include "files/settings.h"
#include "kit/layout.h"
#include "kit/text.h"
#include "kit/theme.h"
#include "media/assets.h"
#include "media/sound.h"
#include "panel/panel.h"
#include "rb_engine.h"
#include "rb_util_assert.h"
#include "state/game_clock.h"
#include "state/pace.h"
#include "state/session.h"
#include "words/i18n.h"
#include "words/lang.h"

/* The game in progress is saved after every change, so a crash or a closed
 * laptop never costs a move. Only a real window plays a real game:
 * screenshots and tests keep their hands off the player's files. */
static void apply_autosave(rb_app *app)
{
    char err[RB_UI_PATH_MAX + 200];
    if (!app->player_files) {
        return;
    }
    /* A network game waiting for its other side shows a placeholder: the
     * autosave keeps the game before it, which comes back if the waiting
     * stops (app/net_host.c). */
    if (app->state.net.active && !app->state.net.started) {
        return;
    }
    /* With the time of the move in progress, so a resumed game goes on
     * from it (game_clock.h). */
    rb_ui_game_clock_mark(&app->state, rb_ui_window_now_ms(app));
    if (rb_ui_prefs_autosave(app, err, sizeof err) != 0) {
        rb_ui_state_say(&app->state, true, "%s", err);
    }
    rb_ui_game_clock_unmark(&app->state);
}

static void apply_save_settings(rb_app *app)
{
    char err[RB_UI_PATH_MAX + 200];
    if (app->player_files && rb_ui_prefs_save(app, err, sizeof err) != 0) {
        rb_ui_state_say(&app->state, true, "%s", err);
    }
}

#define NO_SOUND (-1)

/* The settings' sound and volume into the sound module (also at start). */
static void apply_sound_settings(rb_app *app)
{
    rb_ui_sound_set_enabled(app->sound, app->state.settings.sound);
    rb_ui_sound_set_volume(app->sound, app->state.settings.volume);
}

/* Everything that follows a change of the game, whoever made it; sound is
 * an rb_ui_sound_id or NO_SOUND.
 * Browsing leaves the game itself as it was: the computer goes on thinking
 * about its end, and a move it found waits for the person's return. Any
 * other change makes the computer's thinking, a found move and a premove
 * out of date (a computer's move that brings the person's turn keeps the
 * premove: the caller puts it back). */
static void game_changed(rb_app *app, bool browsing, bool browse_only, int sound)
{
    rb_ui_state *st = &app->state;
    st->browsing = browsing;
    rb_ui_input_cancel(&st->input);
    rb_ui_explain_clear(st); /* it was about the position before */
    rb_ui_state_status_forget(st, RB_UI_STATUS_REFUSED);
    rb_ui_coach_clear(app); /* so were a hint and a threat */
    if (!browse_only) {
        st->coach.hint_used = false; /* noted on the move, or taken back */
    }
    st->changes++;
    if (st->panel.follow) { /* start from what the last frame showed */
        st->panel.scroll = rb_ui_panel_drawn_scroll(app);
    }
    st->panel.follow = true;
    rb_ui_game_clock_update(st, rb_ui_window_now_ms(app));
    apply_autosave(app);
    if (!browse_only) {
        st->pacing.moved_ms = rb_ui_window_now(app);
        st->pacing.reply_ready = false;
        st->pacing.step = false;
        st->premove = RB_MOVE_NONE;
        rb_ui_worker_cancel(app);
        rb_ui_review_cancel(app); /* it was reviewing another game */
    }
    rb_ui_worker_maybe_start(app);
    if (sound != NO_SOUND) {
        rb_ui_sound_play(app->sound, (rb_ui_sound_id)sound);
    }
}

/* Puts the clocks in step with the game now on the board (its tags and
 * clock readings); a bad tag is said and the game goes on untimed. */
static void clocks_from_game(rb_app *app)
{
    char why[600];
    if (rb_ui_game_clock_from_game(&app->state, rb_ui_window_now_ms(app), why, sizeof why) != 0) {
        rb_ui_state_say(&app->state, true, /* TRANSLATORS: %s says what is wrong with the clock tags of a game file */
                        _("The game's clock: %s. It is played untimed."), why);
    }
}

/* ---- the screens over the game (app/screens.h) ----------------------- */

/* Whether a screen that sets the game aside is open, kept in the state
 * for the clocks and the computer's pace (rb_ui_state_game_set_aside):
 * when that changes, the clocks stop or go on with the time they had. */
static void screens_changed(rb_app *app)
{
    rb_ui_state *st = &app->state;
    bool aside = false;
    for (size_t i = 0; i < rb_ui_screens_count; i++) {
        if (rb_ui_screens[i]->sets_game_aside && rb_ui_screens[i]->is_open(st)) {
            aside = true;
        }
    }
    if (aside != st->game_set_aside) {
        st->game_set_aside = aside;
        rb_ui_game_clock_update(st, rb_ui_window_now_ms(app));
    }
}

/* Closes every open screen but keep (NULL: none) and, with keep_top, the
 * one on top, from the top down: each puts back the game's view as it
 * found it, which is what the one under it found. */
static void close_screens(rb_app *app, const rb_ui_screen *keep, bool keep_top)
{
    const rb_ui_screen *top = rb_ui_screens_top(&app->state);
    for (size_t i = 0; i < rb_ui_screens_count; i++) {
        const rb_ui_screen *s = rb_ui_screens[i];
        if (s != keep && !(keep_top && s == top) && s->is_open(&app->state)) {
            s->leave(app);
        }
    }
    screens_changed(app);
}

/* The closer a screen is handed (screen.h): a screen opens over the
 * window, so what covered it goes, a dialog and the other screens. */
static void close_others(rb_app *app, rb_ui_cmd_kind opening, bool keep_top)
{
    rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
    close_screens(app, rb_ui_screens_owner(opening), keep_top);
}

/* A command for screen s, its own or one it keeps. A screen that closes
 * takes the screens opened over it with it (the analysis board opened
 * from the position editor goes with the editor). */
static int apply_screen(rb_app *app, const rb_ui_screen *s, const rb_ui_cmd *cmd)
{
    RB_ASSERT_MSG(s->is_open && s->apply && s->leave, "a screen's entry fills in what every screen has");
    bool was_open = s->is_open(&app->state);
    int rc = s->apply(app, cmd, close_others);
    if (was_open && !s->is_open(&app->state)) {
        for (size_t i = 0; i < rb_ui_screens_count && rb_ui_screens[i] != s; i++) {
            if (rb_ui_screens[i]->is_open(&app->state)) {
                rb_ui_screens[i]->leave(app);
            }
        }
    }
    return rc;
}

/* ---- the game ------------------------------------------------------- */

/* Puts *g (taken over) on the board in place of the game, with who plays
 * it. Every screen open over the old game closes first: the game's view
 * comes back as they found it, and the new game starts from there. */
static void replace_game(rb_app *app, rb_game *g, const rb_ui_player players[2], bool clear_status)
{
    rb_ui_state *st = &app->state;
    RB_ASSERT_MSG(g != NULL && g->positions != NULL, "a game to take over, made by rb_game_init");
    close_screens(app, NULL, false);
    st->players[0] = players[0];
    st->players[1] = players[1];
    rb_ui_anim_stop(&st->anim);
    rb_game_free(&st->game);
    st->game = *g;
    memset(g, 0, sizeof *g);
    if (clear_status) {
        st->status[0] = 0;
    }
    st->browsing = false;
    st->pacing.paused = false; /* a new game between computers starts running */
    clocks_from_game(app);
    game_changed(app, false, false, NO_SOUND);
}

/* color's flag has fallen: the game ends there, lost on time. */
static void flag_fell(rb_app *app, int color)
{
    rb_ui_state *st = &app->state;
    rb_game *g = &st->game;
    rb_ui_anim_stop(&st->anim);
    /* The game is the record's end, whatever the player is looking at
     * (after an undo, the cursor is the game's end). */
    if (st->browsing) {
        rb_game_goto(g, g->length);
    }
    if (rb_game_ending(g) != RB_END_NONE) {
        return;
    }
    rb_game_lose_on_time(g, color);
    st->clock.running = -1;
    st->clock.flagged = color;
    st->status[0] = '\0'; /* the panel says it: "Black ran out of time. White wins." */
    game_changed(app, false, false, RB_UI_SOUND_GAME_END);
}

static int apply_play(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    rb_pos before = *rb_game_pos(&st->game); /* the game's, whatever screen is over it */
    size_t ply_before = st->game.ply;
    int64_t now = rb_ui_window_now_ms(app);
    rb_ui_anim_stop(&st->anim);
    /* A move made after the flag fell comes too late (in a network game,
     * the host's clock says when a flag falls). */
    int fell = st->net.active ? -1 : rb_ui_clock_flag(&st->clock, now);
    if (fell >= 0 && rb_game_ending(&st->game) == RB_END_NONE) {
        flag_fell(app, fell);
        return -1;
    }
    if (rb_game_play(&st->game, cmd->play.move) != 0) {
        if (cmd->play.by_computer) {
            rb_ui_state_say(st, true, _("The computer chose a move the rules do not allow."));
        } else {
            rb_ui_state_say(st, false, _("That move is not legal here."));
            rb_ui_sound_play(app->sound, RB_UI_SOUND_ILLEGAL);
        }
        return -1;
    }
    st->status[0] = 0;
    if (!cmd->play.by_computer) {
        rb_ui_coach_note_move(st, ply_before, before.key);
    }
    /* The flag was looked at just now, so the press finds it standing. */
    (void)rb_ui_game_clock_moved(st, now);
    rb_ui_anim_start(&st->anim, &st->settings, &before, cmd->play.move, rb_ui_window_now(app));
    rb_move premove = st->premove;
    game_changed(app, false, false, (int)rb_ui_sound_for_ply(&st->game, st->game.ply));
    if (cmd->play.by_computer) {
        st->premove = premove;
    }
    return 0;
}

/* Undo or redo one move; against the computer, on to the person's turn. */
static int apply_step(rb_app *app, bool back)
{
    rb_ui_state *st = &app->state;
    rb_game *g = &st->game;
    if (back ? !rb_game_undo(g) : !rb_game_redo(g)) {
        return 0;
    }
    rb_ui_anim_stop(&st->anim);
    st->browsing = false; /* the cursor is the game's end from here */
    while (rb_ui_state_vs_computer(st) && rb_ui_state_computer_to_move(st) &&
           (back ? rb_game_undo(g) : g->ply < g->length && rb_game_redo(g)))
        ;
    st->browsing = false;
    clocks_from_game(app); /* each side's time as it was at that move */
    game_changed(app, false, false, NO_SOUND);
    return 0;
}

static int apply_browse(rb_app *app, int ply)
{
    rb_ui_state *st = &app->state;
    if (ply < 0 || (size_t)ply == st->game.ply || !rb_game_goto(&st->game, (size_t)ply)) {
        return 0;
    }
    rb_ui_anim_stop(&st->anim);
    /* Looking back is read-only: a stray click on the board must not drop
     * the moves after the position shown. */
    bool browsing = (size_t)ply < st->game.length;
    game_changed(app, browsing, true, NO_SOUND);
    if (browsing && rb_ui_state_computer_to_move(st) && rb_game_ending_at(&st->game, st->game.length) == RB_END_NONE) {
        rb_ui_state_say(st, false,
                        _("The computer goes on thinking; its move shows when you return to the game (End)."));
    }
    return 0;
}

static int apply_new_game(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    if (rb_ui_state_unfinished(st) && !cmd->new_game.replace) {
        /* As a game opened or pasted over it: asked first, the new game's
         * form kept for the answer. */
        st->dialog.pending_new.players[0] = cmd->new_game.players[0];
        st->dialog.pending_new.players[1] = cmd->new_game.players[1];
        st->dialog.pending_new.tc[0] = cmd->new_game.tc[0];
        st->dialog.pending_new.tc[1] = cmd->new_game.tc[1];
        st->dialog.pending_new.person = cmd->new_game.person;
        st->dialog.pending_new.from_editor = cmd->new_game.from_editor;
        rb_ui_dialog_ask(app, RB_UI_ASK_NEW_GAME);
        return 0;
    }
    rb_pos start;
    rb_pos_start(&start);
    if (cmd->new_game.from_editor) { /* from the position editor's position */
        if (!rb_ui_state_editor_playable(st)) {
            rb_ui_state_say(st, false, "%s", _("The position set up cannot be played: the editor says why."));
            return -1;
        }
        start = st->editor.pos;
    }
    rb_game g;
    if (rb_game_init(&g, &start) != 0) {
        rb_ui_state_say(st, true, _("Out of memory starting a new game."));
        return -1;
    }
    if ((rb_ui_tc_timed(cmd->new_game.tc[0]) || rb_ui_tc_timed(cmd->new_game.tc[1])) &&
        rb_ui_tc_write_tags(&g, cmd->new_game.tc) != 0) {
        rb_game_free(&g);
        rb_ui_state_say(st, true, _("Out of memory starting a new game."));
        return -1;
    }
    rb_ui_prefs_tag_date(&g, time(NULL));
    rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
    /* The screens close (the editor too, its position taken), then the
     * board turns to the person's side. */
    replace_game(app, &g, cmd->new_game.players, true);
    int human_side = cmd->new_game.person;
    if (human_side >= 0 && st->settings.auto_flip) {
        st->flipped = human_side == RB_BLACK;
    } else if (human_side < 0) {
        st->flipped = false;
    }
    if (cmd->new_game.from_editor) {
        rb_ui_state_say(st, false, "%s",
                        start.side == RB_WHITE ? _("A new game from the position set up: White to move.")
                                               : _("A new game from the position set up: Black to move."));
    } else if (human_side >= 0) {
        /* TRANSLATORS: %d is the computer's level (1 to 10), %s its name ("casual") */
        rb_ui_state_say(st, false,
                        human_side == RB_WHITE ? _("New game: you play White against the computer (level %d, %s).")
                                               : _("New game: you play Black against the computer (level %d, %s)."),
                        st->players[human_side ^ 1].level, _(rb_level_name(st->players[human_side ^ 1].level)));
    } else {
        rb_ui_state_say(st, false, "%s", _("New game."));
    }
    apply_save_settings(app);
    return 0;
}

/* A failure of a dialog's command shows in the dialog, which stays open;
 * any other in the status line. */
static void apply_failed(rb_app *app, bool in_dialog, rb_ui_dialog_kind dialog, const char *why)
{
    rb_ui_state *st = &app->state;
    if (in_dialog && st->dialog.kind == dialog) {
        SDL_strlcpy(st->dialog.error, why, sizeof st->dialog.error);
    } else {
        rb_ui_state_say(st, true, "%s", why);
    }
}

/* Puts a game read from a file or pasted on the board, with who plays it;
 * note (may be empty) says what could not be read and shows in a dialog. */
static void take_game(rb_app *app, rb_game *g, const rb_ui_player players[2], const char *name, const char *note)
{
    rb_ui_state *st = &app->state;
    /* An open dialog was about the game just replaced. */
    rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
    replace_game(app, g, players, true);
    if (name[0]) {
        /* TRANSLATORS: %s is the name of a game file */
        rb_ui_state_say(st, false, _("Opened \"%s\"."), name);
    } else {
        rb_ui_state_say(st, false, "%s", _("Opened the pasted game."));
    }
    if (note && note[0]) {
        rb_ui_dialog_message(app, _("Part of the game could not be read"), note);
    }
}

/* A game from elsewhere: on the board at once, or, when it would replace
 * an unfinished game, kept in the dialog state behind a question. */
static int offer_game(rb_app *app, rb_game *g, const rb_ui_player players[2], const char *name, const char *note)
{
    rb_ui_state *st = &app->state;
    if (!rb_ui_state_unfinished(st)) {
        take_game(app, g, players, name, note);
        return 0;
    }
    rb_ui_dialog_state *d = &st->dialog;
    if (d->pending.positions) {
        rb_game_free(&d->pending);
    }
    d->pending = *g;
    memset(g, 0, sizeof *g);
    d->pending_players[0] = players[0];
    d->pending_players[1] = players[1];
    SDL_strlcpy(d->pending_name, name, sizeof d->pending_name);
    SDL_strlcpy(d->pending_note, note ? note : "", sizeof d->pending_note);
    rb_ui_dialog_ask(app, RB_UI_ASK_REPLACE);
    return 0;
}

static int apply_take_pending(rb_app *app)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    if (!d->pending.positions) {
        return -1;
    }
    rb_game g = d->pending;
    memset(&d->pending, 0, sizeof d->pending);
    rb_ui_player players[2] = {d->pending_players[0], d->pending_players[1]};
    char name[sizeof d->pending_name], note[sizeof d->pending_note];
    SDL_strlcpy(name, d->pending_name, sizeof name);
    SDL_strlcpy(note, d->pending_note, sizeof note);
    take_game(app, &g, players, name, note);
    return 0;
}

static int apply_load(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    char why[RB_UI_PATH_MAX + 300], path[RB_UI_PATH_MAX + 256];
    const char *file = cmd->load.path;
    if (cmd->load.in_dialog) {
        /* The load dialog names a game of the games folder. */
        char dir[RB_UI_PATH_MAX];
        if (rb_ui_games_dir(app, dir, sizeof dir, why, sizeof why) != 0) {
            apply_failed(app, cmd->load.in_dialog, RB_UI_DIALOG_LOAD, why);
            return -1;
        }
        snprintf(path, sizeof path, "%s%s", dir, cmd->load.path);
        file = path;
    }
    rb_game g;
    rb_ui_player players[2] = {st->players[0], st->players[1]};
    int rc = rb_ui_games_read(file, &g, players, why, sizeof why);
    if (rc < 0) {
        apply_failed(app, cmd->load.in_dialog, RB_UI_DIALOG_LOAD, why);
        return -1; /* the game on the board is unchanged */
    }
    char name[300];
    SDL_strlcpy(name, strrchr(file, '/') ? strrchr(file, '/') + 1 : file, sizeof name);
    return offer_game(app, &g, players, name, rc > 0 ? why : "");
}

static int apply_paste(rb_app *app)
{
    rb_ui_state *st = &app->state;
    char why[1200];
    char *text = app->clip_get ? app->clip_get() : NULL;
    if (!text) {
        rb_ui_state_say(st, true, _("Could not paste: %s"),
                        SDL_GetError()[0] ? SDL_GetError() : _("there is no clipboard here."));
        return -1;
    }
    rb_game g;
    rb_ui_player players[2] = {st->players[0], st->players[1]};
    int rc = rb_ui_games_from_text(text, &g, players, why, sizeof why);
    SDL_free(text);
    if (rc < 0) {
        rb_ui_state_say(st, true, "%s", why);
        return -1;
    }
    return offer_game(app, &g, players, "", rc > 0 ? why : ""); /* "": pasted */
}

static int apply_copy(rb_app *app, bool whole_game)
{
    rb_ui_state *st = &app->state;
    char fen[256];
    char *text = NULL;
    if (whole_game) {
        rb_ui_games_tag(app);
        text = rb_pgn_write(&st->game);
        if (!text) {
            rb_ui_state_say(st, true, _("Out of memory copying the game."));
            return -1;
        }
    } else {
        rb_pos_format(rb_ui_state_pos(st), fen, sizeof fen);
    }
    int rc = app->clip_set ? app->clip_set(text ? text : fen) : -1;
    free(text);
    if (rc < 0) {
        /* TRANSLATORS: %s is the reason (from the system, often in English) */
        rb_ui_state_say(st, true, _("Could not copy to the clipboard: %s"),
                        SDL_GetError()[0] ? SDL_GetError() : _("there is no clipboard here."));
        return -1;
    }
    rb_ui_state_say(st, false, "%s", whole_game ? _("Copied the game (PGN).") : _("Copied the position string."));
    return 0;
}

static int apply_save(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    char why[RB_UI_PATH_MAX + 300], name[sizeof st->dialog.name];
    SDL_strlcpy(name, cmd->save.name, sizeof name);
    rb_ui_game_clock_mark(st, rb_ui_window_now_ms(app));
    int rc = rb_ui_games_save(app, name, why, sizeof why);
    rb_ui_game_clock_unmark(st);
    if (rc != 0) {
        apply_failed(app, cmd->save.in_dialog, RB_UI_DIALOG_SAVE, why);
        return -1;
    }
    if (st->dialog.kind == RB_UI_DIALOG_SAVE) {
        rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
    }
    /* TRANSLATORS: %s is the name the game was saved under */
    rb_ui_state_say(st, false, _("Saved \"%s\"."), name);
    return 0;
}

/* The game ends by resignation or agreement. */
static void end_game(rb_app *app, bool resign, int color)
{
    rb_ui_state *st = &app->state;
    rb_ui_anim_stop(&st->anim);
    if (resign) {
        rb_game_resign(&st->game, color);
    } else {
        rb_game_agree_draw(&st->game);
    }
    game_changed(app, false, false, RB_UI_SOUND_GAME_END);
}

static int apply_offer_draw(rb_app *app)
{
    rb_ui_state *st = &app->state;
    if (!rb_ui_session_can_offer_draw(st)) {
        return -1;
    }
    if (st->players[0].kind == RB_UI_HUMAN && st->players[1].kind == RB_UI_HUMAN) {
        rb_ui_dialog_ask(app, RB_UI_ASK_DRAW);
        return 0;
    }
    char why[512];
    bool taken = rb_ui_session_computer_takes_draw(&st->game, why, sizeof why);
    if (taken) {
        end_game(app, false, 0);
    }
    rb_ui_state_say(st, false, "%s", why);
    return taken ? 0 : -1;
}

/* The premove, now the person's turn has come: played if still legal
 * (a promotion opens the chooser), otherwise dropped with a word. */
static int apply_premove(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_move pre = st->premove;
    st->premove = RB_MOVE_NONE;
    if (pre == RB_MOVE_NONE || !rb_ui_state_can_move(st)) {
        return -1;
    }
    int from = RB_MOVE_FROM(pre), to = RB_MOVE_TO(pre);
    rb_ui_input_cancel(&st->input);
    if (rb_ui_input_select(st, from)) {
        rb_move m = rb_ui_input_move_to(&st->input, to);
        if (m != RB_MOVE_NONE && RB_MOVE_PROMO(m)) {
            rb_ui_input_promote_to(st, to);
            return 0;
        }
        rb_ui_input_cancel(&st->input);
        if (m != RB_MOVE_NONE) {
            rb_ui_cmd play = rb_ui_cmd_of(RB_UI_CMD_PLAY);
            play.play.move = m;
            return apply_play(app, &play);
        }
    }
    char text[RB_MOVE_TEXT_MAX];
    rb_move_to_coord(pre, text);
    /* TRANSLATORS: %s is a move in coordinate form, like c2b3 */
    rb_ui_state_say(st, false, _("The premove %s is not legal now; it was dropped."), text);
    return -1;
}

/* A new interface size: the next frame is laid out again, and with it the
 * least window (app.c), which the window grows to when it is smaller. */
static int apply_interface_size(rb_app *app, int pct)
{
    rb_ui_settings *s = &app->state.settings;
    s->ui_scale_pct = pct < RB_UI_SCALE_MIN ? RB_UI_SCALE_MIN : pct > RB_UI_SCALE_MAX ? RB_UI_SCALE_MAX : pct;
    app->relayout_due = true;
    return 0;
}

/* The threads of the computer's next searches (a search under way keeps
 * its own): 0, all cores but one, or a count. */
static int apply_threads(rb_app *app, int threads)
{
    app->state.settings.threads = threads < 0 ? 0 : threads > RB_THREADS_MAX ? RB_THREADS_MAX : threads;
    return 0;
}

static int apply_setting(rb_app *app, int index, bool on)
{
    rb_ui_state *st = &app->state;
    if (index < 0 || index >= rb_ui_setting_count) {
        return -1;
    }
    *rb_ui_settings_ref(&st->settings, index) = on;
    apply_sound_settings(app);
    rb_ui_game_clock_update(st, rb_ui_window_now_ms(app));
    rb_ui_anim_stop(&st->anim);
    rb_ui_input_cancel(&st->input);
    rb_ui_text_flush(app); /* the text was drawn in the old colours */
    return 0;
}

/* The board's colours or its pieces, shown at once (behind the settings
 * dialog and in its preview). A piece set whose files are missing or
 * damaged is not taken: a message names the file. */
static int apply_look(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    if (cmd->kind == RB_UI_CMD_SET_THEME) {
        int theme = cmd->set_theme.theme;
        if (theme < 0 || theme >= rb_ui_theme_count) {
            return -1;
        }
        st->settings.theme = theme;
        app->theme = rb_ui_theme_get(theme);
        rb_ui_text_flush(app); /* the text was drawn in the old colours */
        return 0;
    }
    int set = cmd->set_pieces.set;
    if (set < 0 || set >= rb_ui_piece_set_count) {
        return -1;
    }
    if (set == app->pieces.set && app->pieces.svg[RB_WHITE][RB_KING]) {
        return 0;
    }
    char err[RB_UI_PATH_MAX + 200];
    if (rb_ui_assets_load_pieces(app, set, err, sizeof err) != 0) {
        rb_ui_dialog_message(app, _("The pieces cannot be changed"), err);
        return -1;
    }
    st->settings.pieces = set;
    if (rb_ui_assets_size_pieces(app, app->layout.sq, err, sizeof err) != 0) {
        rb_ui_state_say(st, true, "%s", err);
    }
    return 0;
}

/* ---- the game's commands, one small function each ---------------------- */

static int apply_set_game(rb_app *app, const rb_ui_cmd *cmd)
{
    replace_game(app, cmd->set_game.game, cmd->set_game.players, false);
    return 0;
}

static int apply_message(rb_app *app, const rb_ui_cmd *cmd)
{
    const char *title = cmd->message.title, *text = cmd->message.text;
    rb_ui_dialog_message(app, title ? title : "Rollerball", text ? text : "");
    return 0;
}

static int apply_resign(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    int color = cmd->resign.color;
    if (rb_game_ending(&st->game) != RB_END_NONE || (color != RB_WHITE && color != RB_BLACK)) {
        return -1;
    }
    /* The panel says who resigned and who won; the status line stays
     * quiet rather than say it twice. */
    st->status[0] = '\0';
    end_game(app, true, color);
    return 0;
}

static int apply_answer_draw(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    if (!cmd->answer_draw.accept) {
        rb_ui_state_say(st, false, "%s", _("The draw offer was declined."));
        return 0;
    }
    if (rb_game_ending(&st->game) != RB_END_NONE) {
        return -1;
    }
    st->status[0] = '\0';
    end_game(app, false, 0); /* the panel says "Draw by agreement." */
    return 0;
}

static int apply_move_now(rb_app *app)
{
    rb_ui_worker_move_now(app);
    return 0;
}

/* Time passed: a flag may have fallen, or a side be low on time. */
static int apply_clock(rb_app *app)
{
    rb_ui_state *st = &app->state;
    int64_t now = rb_ui_window_now_ms(app);
    int fell = st->net.active ? -1 : rb_ui_clock_flag(&st->clock, now);
    if (fell >= 0 && rb_game_ending_at(&st->game, st->game.length) == RB_END_NONE) {
        flag_fell(app, fell);
        return 0;
    }
    if (rb_ui_game_clock_warn(st, now) >= 0) {
        rb_ui_sound_play(app->sound, RB_UI_SOUND_LOW_TIME);
    }
    return 0;
}

static int apply_illegal(rb_app *app)
{
    rb_ui_sound_play(app->sound, RB_UI_SOUND_ILLEGAL);
    return 0;
}

static int apply_threat(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    if (cmd->threat.show) {
        return rb_ui_coach_ask(app, RB_UI_COACH_THREAT);
    }
    if (st->coach.asked == RB_UI_COACH_THREAT || st->coach.shown == RB_UI_COACH_THREAT) {
        rb_ui_coach_clear(app);
        st->status[0] = 0;
    }
    return 0;
}

static int apply_coach_found(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_coach_found(&app->state, cmd);
    return 0;
}

/* A refused attempt: heard, and said why. */
static int apply_explain(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_sound_play(app->sound, RB_UI_SOUND_ILLEGAL);
    rb_ui_explain_attempt(&app->state, cmd->explain.from, cmd->explain.to, cmd->explain.promo, rb_ui_window_now(app));
    return 0;
}

/* The computer's move waits to be shown (pace.c). */
static int apply_reply(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    if (cmd->reply.ply < 0 || (size_t)cmd->reply.ply != rb_ui_state_live_ply(st)) {
        return -1; /* the game has moved on */
    }
    st->pacing.reply_ready = true;
    st->pacing.reply = cmd->reply.move;
    st->pacing.reply_ply = (size_t)cmd->reply.ply;
    return 0;
}

static int apply_pause(rb_app *app, const rb_ui_cmd *cmd)
{
    app->state.pacing.paused = cmd->pause.on;
    app->state.pacing.step = false;
    return 0;
}

static int apply_pace_step(rb_app *app)
{
    app->state.pacing.step = app->state.pacing.paused;
    return 0;
}

static int apply_forget_typed(rb_app *app)
{
    rb_ui_input_forget_typed(&app->state.input);
    return 0;
}

/* Annotations only: the game and its computer go on as they were. */
static int apply_review_done(rb_app *app)
{
    rb_ui_review_take(app);
    apply_autosave(app);
    return 0;
}

/* ---- the window's commands ------------------------------------------- */

static int apply_flip(rb_app *app)
{
    app->state.flipped = !app->state.flipped;
    rb_ui_anim_stop(&app->state.anim);
    return 0;
}

static int apply_volume(rb_app *app, const rb_ui_cmd *cmd)
{
    int volume = cmd->set_volume.volume;
    app->state.settings.volume = volume < 0 ? 0 : volume > 100 ? 100 : volume;
    apply_sound_settings(app);
    rb_ui_sound_play(app->sound, RB_UI_SOUND_MOVE); /* hear the new level */
    return 0;
}

static int apply_speech_rate(rb_app *app, const rb_ui_cmd *cmd)
{
    int rate = cmd->set_speech_rate.rate;
    app->state.settings.speech_rate = rate < -100 ? -100 : rate > 100 ? 100 : rate;
    rb_ui_speak_rate(app); /* the next words at the new pace */
    return 0;
}

static int apply_language(rb_app *app, const rb_ui_cmd *cmd)
{
    int lang = cmd->set_language.lang;
    if (lang < 0 || lang >= rb_ui_lang_count) {
        return -1;
    }
    /* At once: gettext answers in the new language from the next call,
     * and the text already drawn is forgotten. */
    app->state.settings.language = lang;
    rb_ui_lang_use(lang);
    rb_ui_text_flush(app);
    /* The lines that still hold, in the new language. */
    rb_ui_explain_say_refused_again(&app->state);
    if (app->state.status_about == RB_UI_STATUS_COACH && app->state.status[0]) {
        rb_ui_coach_say(&app->state);
    }
    return 0;
}

static int apply_minimised(rb_app *app, const rb_ui_cmd *cmd)
{
    app->state.minimised = cmd->minimised.away;
    rb_ui_game_clock_update(&app->state, rb_ui_window_now_ms(app));
    return 0;
}

/* The settings dialog is done: it closes and the settings are kept. */
static int apply_settings_done(rb_app *app)
{
    rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
    apply_save_settings(app);
    return 0;
}

static int apply_open_dialog(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_dialog_open(app, cmd->open_dialog.dialog);
    if (cmd->open_dialog.dialog == RB_UI_DIALOG_NEW_GAME) {
        app->state.dialog.replace_agreed = cmd->open_dialog.replace;
    }
    if (cmd->open_dialog.dialog == RB_UI_DIALOG_ONLINE) {
        rb_ui_online_opened(app);
    }
    return 0;
}

static int apply_ask(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_dialog_ask(app, cmd->ask.question);
    return 0;
}

static int apply_quit(rb_app *app)
{
    app->quit = true;
    return 0;
}

/* ---- dispatching -------------------------------------------------------- */

static int apply_command(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    /* A screen's own commands go to it, open or not (closed, only its
     * opening command does anything); the screen on top keeps the game's
     * commands it must keep off the game it has set aside. */
    const rb_ui_screen *screen = rb_ui_screens_owner(cmd->kind);
    const rb_ui_screen *top = rb_ui_screens_top(st);
    if (!screen && top && top->keeps && top->keeps(st, cmd->kind)) {
        screen = top;
    }
    int net_rc;
    if (rb_ui_net_play_filter(app, cmd, &net_rc)) { /* a network game's own rules */
        return net_rc;
    }
    if (screen) {
        return apply_screen(app, screen, cmd);
    }
    switch (cmd->kind) {
    case RB_UI_CMD_NONE: return 0;
    case RB_UI_CMD_PLAY: return apply_play(app, cmd);
    case RB_UI_CMD_UNDO: return apply_step(app, true);
    case RB_UI_CMD_REDO: return apply_step(app, false);
    case RB_UI_CMD_BROWSE: return apply_browse(app, cmd->browse.ply);
    case RB_UI_CMD_NEW_GAME: return apply_new_game(app, cmd);
    case RB_UI_CMD_SET_GAME: return apply_set_game(app, cmd);
    case RB_UI_CMD_LOAD: return apply_load(app, cmd);
    case RB_UI_CMD_TAKE_PENDING: return apply_take_pending(app);
    case RB_UI_CMD_COPY: return apply_copy(app, cmd->copy.whole_game);
    case RB_UI_CMD_PASTE: return apply_paste(app);
    case RB_UI_CMD_MESSAGE: return apply_message(app, cmd);
    case RB_UI_CMD_SAVE: return apply_save(app, cmd);
    case RB_UI_CMD_RESIGN: return apply_resign(app, cmd);
    case RB_UI_CMD_OFFER_DRAW: return apply_offer_draw(app);
    case RB_UI_CMD_ANSWER_DRAW: return apply_answer_draw(app, cmd);
    case RB_UI_CMD_MOVE_NOW: return apply_move_now(app);
    case RB_UI_CMD_CLOCK: return apply_clock(app);
    case RB_UI_CMD_ILLEGAL: return apply_illegal(app);
    case RB_UI_CMD_REPLY: return apply_reply(app, cmd);
    case RB_UI_CMD_PAUSE: return apply_pause(app, cmd);
    case RB_UI_CMD_STEP: return apply_pace_step(app);
    case RB_UI_CMD_PLAY_PREMOVE: return apply_premove(app);
    case RB_UI_CMD_FORGET_TYPED: return apply_forget_typed(app);
    case RB_UI_CMD_HINT: return rb_ui_coach_ask(app, RB_UI_COACH_HINT);
    case RB_UI_CMD_THREAT: return apply_threat(app, cmd);
    case RB_UI_CMD_COACH_FOUND: return apply_coach_found(app, cmd);
    case RB_UI_CMD_REVIEW: return rb_ui_review_start(app);
    case RB_UI_CMD_REVIEW_DONE: return apply_review_done(app);
    case RB_UI_CMD_EXPLAIN: return apply_explain(app, cmd);
    case RB_UI_CMD_FLIP: return apply_flip(app);
    case RB_UI_CMD_SET_SETTING: return apply_setting(app, cmd->set_setting.index, cmd->set_setting.on);
    case RB_UI_CMD_SET_VOLUME: return apply_volume(app, cmd);
    case RB_UI_CMD_SET_SPEECH_RATE: return apply_speech_rate(app, cmd);
    case RB_UI_CMD_SET_SCALE: return apply_interface_size(app, cmd->set_scale.percent);
    case RB_UI_CMD_SET_THREADS: return apply_threads(app, cmd->set_threads.threads);
    case RB_UI_CMD_SET_THEME: return apply_look(app, cmd);
    case RB_UI_CMD_SET_PIECES: return apply_look(app, cmd);
    case RB_UI_CMD_SET_LANGUAGE: return apply_language(app, cmd);
    case RB_UI_CMD_MINIMISED: return apply_minimised(app, cmd);
    case RB_UI_CMD_SAVE_SETTINGS: return apply_settings_done(app);
    case RB_UI_CMD_OPEN_DIALOG: return apply_open_dialog(app, cmd);
    case RB_UI_CMD_ASK: return apply_ask(app, cmd);
    case RB_UI_CMD_NET_EVENT:
    case RB_UI_CMD_NET_OFFER:
    case RB_UI_CMD_NET_ANSWER:
    case RB_UI_CMD_NET_ABORT:
    case RB_UI_CMD_NET_CLAIM:
    case RB_UI_CMD_NET_CHAT:
    case RB_UI_CMD_NET_MUTE:
    case RB_UI_CMD_NET_LEAVE:
    case RB_UI_CMD_NET_OPEN: return rb_ui_net_play_apply(app, cmd);
    case RB_UI_CMD_ONLINE: return rb_ui_online_apply(app, cmd);
    case RB_UI_CMD_NET_JOIN_CANCEL: rb_ui_net_join_cancel(app); return 0;
    case RB_UI_CMD_NET_COPY_CODE:
    case RB_UI_CMD_NET_ADMIT:
    case RB_UI_CMD_NET_HOST_CANCEL: return rb_ui_net_host_apply(app, cmd);
    case RB_UI_CMD_QUIT: return apply_quit(app);
    /* The screens' own commands went to them above, whole ranges at a
     * time (cmd.h); they are named here, with no default, so that the
     * compiler names any command left without a case. */
    case RB_UI_CMD_PUZZLE_OPEN:
    case RB_UI_CMD_PUZZLE_NEXT:
    case RB_UI_CMD_PUZZLE_HINT:
    case RB_UI_CMD_PUZZLE_SOLUTION:
    case RB_UI_CMD_PUZZLE_THEMES:
    case RB_UI_CMD_PUZZLE_STEP:
    case RB_UI_CMD_PUZZLE_LEAVE:
    case RB_UI_CMD_MISTAKES_OPEN:
    case RB_UI_CMD_MISTAKES_NEXT:
    case RB_UI_CMD_MISTAKES_SHOW:
    case RB_UI_CMD_MISTAKES_STEP:
    case RB_UI_CMD_MISTAKES_LEAVE:
    case RB_UI_CMD_ANALYSIS_OPEN:
    case RB_UI_CMD_ANALYSIS_GOTO:
    case RB_UI_CMD_ANALYSIS_LINES:
    case RB_UI_CMD_ANALYSIS_LEAVE:
    case RB_UI_CMD_ANALYSIS_OVER_EDITOR:
    case RB_UI_CMD_EDITOR_OPEN:
    case RB_UI_CMD_EDITOR_PUT:
    case RB_UI_CMD_EDITOR_SIDE:
    case RB_UI_CMD_EDITOR_OUT:
    case RB_UI_CMD_EDITOR_CLEAR:
    case RB_UI_CMD_EDITOR_START:
    case RB_UI_CMD_EDITOR_TEXT:
    case RB_UI_CMD_EDITOR_COPY:
    case RB_UI_CMD_EDITOR_PASTE:
    case RB_UI_CMD_EDITOR_LEAVE:
    case RB_UI_CMD_LEARN:
    case RB_UI_CMD_LEARN_TRY:
    case RB_UI_CMD_LEARN_RETRY:
    case RB_UI_CMD_LEARN_HINT:
    case RB_UI_CMD_LEARN_CLOSE:
    case RB_UI_CMD_COUNT: break;
    }
    return -1;
}

void rb_ui_apply_replace_game(rb_app *app, rb_game *g, const rb_ui_player players[2])
{
    replace_game(app, g, players, false);
}

void rb_ui_apply_game_ended(rb_app *app)
{
    rb_ui_anim_stop(&app->state.anim);
    game_changed(app, false, false, RB_UI_SOUND_GAME_END);
}

void rb_ui_apply_close_screens(rb_app *app)
{
    close_screens(app, NULL, false);
}

void rb_ui_apply_sound_settings(rb_app *app)
{
    apply_sound_settings(app);
}

int rb_ui_apply(rb_app *app, const rb_ui_cmd *cmd)
{
    RB_ASSERT(app != NULL && cmd != NULL);
    RB_ASSERT_MSG(cmd->kind >= RB_UI_CMD_NONE && cmd->kind < RB_UI_CMD_COUNT, "a command of a kind cmd.h names");
    if (cmd->kind < RB_UI_CMD_NONE || cmd->kind >= RB_UI_CMD_COUNT) {
        return -1;
    }
    /* Whichever command opened or closed a screen that sets the game
     * aside, the game's clocks stop when it is set aside and go on when it
     * comes back, with the time they had. */
    rb_ui_speak_mark mark;
    rb_ui_speak_mark_take(app, &mark);
    int rc = apply_command(app, cmd);
    screens_changed(app);
    rb_ui_speak_after(app, cmd, &mark); /* what it changed, said (spoken mode) */
    if (cmd->kind != RB_UI_CMD_NONE) {
        app->dirty = true;
    }
    return rc;
}
