/*
 * speak.c - the spoken mode's announcements (speak.h): the voice opened
 * and closed with the setting, and what each command changed put in
 * words. Moves interrupt (a new move cuts the old sentence: it is what the
 * listener needs now); what follows from the same command (the check, the
 * result, the status line) is queued after it.
 */
#include "app/speak.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "dialogs/dlg_field.h"
#include "dialogs/dlg_load.h"
#include "dialogs/dlg_help.h"
#include "files/settings.h"
#include "panel/panel.h"
#include "rb_learn.h"
#include "screens/learn/learn.h"
#include "words/i18n.h"
#include "words/lang.h"
#include "words/learn_words.h"
#include "words/speech_words.h"

struct rb_ui_speaker {
    rb_speech *speech;
    bool waiting_for_reader; /* opened for a screen reader that may be there */
    char last[RB_SPEECH_TEXT_MAX];
    char language[16];
    /* the analysis engine's best line as last said, and whether it was
       the last thing said */
    uint64_t engine_key;
    rb_move engine_move;
    int engine_verdict;
    bool engine_last;
};

int rb_ui_speak_start(rb_app *app, const char *log_path, bool only_if_reader, char *why, size_t whylen)
{
    if (app->speaker) {
        return 0;
    }
    struct rb_ui_speaker *sp = calloc(1, sizeof *sp);
    if (!sp) {
        snprintf(why, whylen, "%s", _("out of memory"));
        return -1;
    }
    rb_speech_config cfg = {.log_path = log_path,
                            .only_if_screen_reader = only_if_reader,
                            .language = rb_ui_lang_current(),
                            .rate = app->state.settings.speech_rate};
    sp->speech = rb_speech_open(&cfg, why, whylen);
    if (!sp->speech) {
        free(sp);
        return -1;
    }
    sp->waiting_for_reader = only_if_reader;
    snprintf(sp->language, sizeof sp->language, "%s", rb_ui_lang_current());
    app->speaker = sp;
    return 0;
}

void rb_ui_speak_poll(rb_app *app)
{
    struct rb_ui_speaker *sp = app->speaker;
    if (!sp) {
        return;
    }
    if (strcmp(sp->language, rb_ui_lang_current()) != 0) { /* the game's language changed */
        snprintf(sp->language, sizeof sp->language, "%s", rb_ui_lang_current());
        rb_speech_set_language(sp->speech, sp->language);
    }
    if (!sp->waiting_for_reader) {
        return;
    }
    const char *backend = rb_speech_backend(sp->speech);
    if (strcmp(backend, "starting") == 0) {
        return;
    }
    sp->waiting_for_reader = false;
    if (strcmp(backend, "none") == 0) { /* no screen reader: no spoken mode */
        rb_ui_speak_stop(app);
        return;
    }
    app->state.settings.speech = true; /* for this run; the setting keeps it for the next */
    rb_ui_speak(
        app, RB_SPEECH_INTERRUPT,
        _("A screen reader runs, so the spoken mode is on. F6 turns it off; the question mark lists the keys."));
    app->dirty = true;
}

void rb_ui_speak_rate(rb_app *app)
{
    if (app->speaker) {
        rb_speech_set_rate(app->speaker->speech, app->state.settings.speech_rate);
    }
}

void rb_ui_speak_stop(rb_app *app)
{
    if (!app->speaker) {
        return;
    }
    rb_speech_close(app->speaker->speech);
    free(app->speaker);
    app->speaker = NULL;
}

void rb_ui_speak_settle(rb_app *app, int ms)
{
    if (app->speaker) {
        rb_speech_settle(app->speaker->speech, ms);
    }
}

const char *rb_ui_speak_backend(rb_app *app)
{
    return app->speaker ? rb_speech_backend(app->speaker->speech) : "none";
}

void rb_ui_speak(rb_app *app, rb_speech_mode mode, const char *text)
{
    if (!app->state.settings.speech || !app->speaker || !text || !text[0]) {
        return;
    }
    snprintf(app->speaker->last, sizeof app->speaker->last, "%s", text);
    app->speaker->engine_last = false;
    rb_speech_say(app->speaker->speech, text, mode);
}

bool rb_ui_speak_engine_news(rb_app *app, uint64_t key, rb_move first, int verdict)
{
    struct rb_ui_speaker *sp = app->speaker;
    if (!sp || (sp->engine_key == key && sp->engine_move == first && sp->engine_verdict == verdict)) {
        return false;
    }
    sp->engine_key = key;
    sp->engine_move = first;
    sp->engine_verdict = verdict;
    return true;
}

void rb_ui_speak_engine(rb_app *app, const char *text)
{
    if (!app->speaker) {
        return;
    }
    bool cut = app->speaker->engine_last;
    rb_ui_speak(app, cut ? RB_SPEECH_INTERRUPT : RB_SPEECH_QUEUE, text);
    app->speaker->engine_last = true;
}

void rb_ui_speak_again(rb_app *app)
{
    if (app->speaker && app->speaker->last[0]) {
        char again[RB_SPEECH_TEXT_MAX];
        snprintf(again, sizeof again, "%s", app->speaker->last);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, again);
    }
}

void rb_ui_speak_mark_take(const rb_app *app, rb_ui_speak_mark *mark)
{
    const rb_ui_state *st = &app->state;
    /* Whole, even when nothing will be said: a command that turns the
     * spoken mode on is followed by a comparison with this mark. */
    *mark = (rb_ui_speak_mark){0};
    mark->on = app->speaker != NULL && st->settings.speech;
    mark->speech = st->settings.speech;
    if (!mark->on && !mark->speech) {
        return; /* nothing will be said: nothing to compare */
    }
    mark->ply = st->game.ply;
    if (st->game.positions) { /* none before the first game is set up */
        mark->shown = *rb_ui_state_pos(st);
    } else {
        rb_pos_clear(&mark->shown);
    }
    mark->length = st->game.length;
    mark->changes = st->changes;
    mark->dialog = st->dialog.kind;
    mark->dialog_focus = st->dialog.focus;
    snprintf(mark->status, sizeof mark->status, "%s", st->status);
    snprintf(mark->learn_message, sizeof mark->learn_message, "%s", st->learn.message);
    mark->learn_mode = st->learn.mode;
    mark->learn_chapter = st->learn.chapter;
    mark->learn_stage = st->learn.stage;
    mark->learn_last = st->learn.last;
    mark->trainer_active = st->trainer.active;
    mark->trainer_last = st->trainer.last;
    const rb_learn_session *s = st->learn.mode == RB_UI_LEARN_STAGE ? rb_ui_learn_session(app) : NULL;
    if (s) {
        mark->learn_pos = *rb_learn_pos(s);
    }
    mark->explain_until = st->explain.shown ? st->explain.until_ms : 0;
    mark->coach_shown = st->coach.shown;
    mark->coach_move = st->coach.move;
    mark->analysis_active = st->analysis.active;
    mark->analysis_nvar = st->analysis.nvar;
    mark->editor_active = st->editor.active;
    mark->editor_verdict = st->editor.verdict;
}

static rb_ui_speech_verbosity verbosity(const rb_app *app)
{
    return app->state.settings.speech_full ? RB_UI_SPEECH_FULL : RB_UI_SPEECH_SHORT;
}

/* The review's verdict on move i, in words, or NULL. */
static const char *review_mark(const rb_game *g, size_t i)
{
    const rb_annotation *a = rb_game_annotation(g, i);
    if (!a) {
        return NULL;
    }
    /* TRANSLATORS: the spoken mode: the game review's verdict on a move, said after it */
    return rb_annotation_has_nag(a, RB_NAG_BLUNDER)   ? _("a blunder")
           : rb_annotation_has_nag(a, RB_NAG_MISTAKE) ? _("a mistake")
           : rb_annotation_has_nag(a, RB_NAG_DUBIOUS) ? _("an inaccuracy")
                                                      : NULL;
}

/* The game's move number ply (from 1) in words. */
static void say_game_move(rb_app *app, size_t ply, bool by_computer, rb_speech_mode mode)
{
    const rb_game *g = &app->state.game;
    if (ply == 0 || ply > g->length) {
        return;
    }
    char move[1024], line[1200];
    rb_ui_speech_words_move(&g->positions[ply - 1], g->moves[ply - 1], verbosity(app), move, sizeof move);
    const rb_ui_net_state *n = &app->state.net;
    if (by_computer) {
        /* TRANSLATORS: the spoken mode: the computer's move follows */
        snprintf(line, sizeof line, _("Computer: %s"), move);
    } else if (n->active && n->started && g->positions[ply - 1].side != n->color) {
        /* the other side of a network game: its move is announced as the computer's is, with its name */
        snprintf(line, sizeof line, "%.40s: %s", n->names[n->color ^ 1], move);
    } else {
        snprintf(line, sizeof line, "%s", move);
    }
    rb_ui_speak(app, mode, line);
}

static const char *dialog_name(rb_ui_dialog_kind kind)
{
    switch (kind) {
    case RB_UI_DIALOG_NEW_GAME: return _("New game");
    case RB_UI_DIALOG_SAVE: return _("Save the game");
    case RB_UI_DIALOG_LOAD: return _("Open a saved game");
    case RB_UI_DIALOG_SETTINGS: return _("Settings");
    case RB_UI_DIALOG_HELP: return _("Help");
    case RB_UI_DIALOG_WELCOME: return _("Welcome to Rollerball");
    case RB_UI_DIALOG_ONLINE: return _("Play online");
    case RB_UI_DIALOG_NET_HOST: return _("Hosting a network game");
    case RB_UI_DIALOG_MESSAGE:
    case RB_UI_DIALOG_NONE: break;
    }
    return "";
}

static void say_dialog_opened(rb_app *app)
{
    const rb_ui_dialog_state *d = &app->state.dialog;
    char line[RB_SPEECH_TEXT_MAX];
    if (d->kind == RB_UI_DIALOG_MESSAGE) {
        snprintf(line, sizeof line, "%s. %s", d->title, d->text);
    } else if (d->kind == RB_UI_DIALOG_HELP) {
        rb_ui_dlg_help_words(d->page, line, sizeof line);
    } else {
        /* TRANSLATORS: the spoken mode, a dialog opened: its name */
        snprintf(line, sizeof line, _("%s dialog. Tab moves between its controls, Enter chooses, Escape closes."),
                 dialog_name(d->kind));
    }
    rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
    char field[400];
    if (d->focus == DLG_FIELD && rb_ui_dlg_field_words(d, field, sizeof field) > 0) {
        rb_ui_speak(app, RB_SPEECH_QUEUE, field); /* the save dialog opens on its name */
    } else if (d->kind == RB_UI_DIALOG_LOAD && d->focus == DLG_LIST &&
               rb_ui_dlg_load_row_words(d, field, sizeof field) > 0) {
        rb_ui_speak(app, RB_SPEECH_QUEUE, field); /* and the load dialog on its list */
    }
}

void rb_ui_speak_dialog_change(rb_app *app, rb_ui_dialog_kind before)
{
    rb_ui_dialog_kind now = app->state.dialog.kind;
    if (now == before) {
        return;
    }
    if (now != RB_UI_DIALOG_NONE) {
        say_dialog_opened(app);
    } else {
        rb_ui_speak(app, RB_SPEECH_QUEUE, _("Dialog closed."));
    }
}

void rb_ui_speak_help_page(rb_app *app, int before_page)
{
    const rb_ui_dialog_state *d = &app->state.dialog;
    if (d->kind == RB_UI_DIALOG_HELP && d->page != before_page) {
        char line[RB_SPEECH_TEXT_MAX];
        rb_ui_dlg_help_words(d->page, line, sizeof line);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
    }
}

void rb_ui_speak_dialog_focus(rb_app *app, int before_focus)
{
    const rb_ui_dialog_state *d = &app->state.dialog;
    if (d->kind == RB_UI_DIALOG_NONE || d->focus == before_focus || d->focus == 0) {
        return;
    }
    char field[400];
    /* the field's and the list's words from the state now: the last frame
     * may not show them yet */
    const char *label =
        d->focus == DLG_FIELD && rb_ui_dlg_field_words(d, field, sizeof field) > 0 ? field
        : d->focus == DLG_LIST && d->kind == RB_UI_DIALOG_LOAD && rb_ui_dlg_load_row_words(d, field, sizeof field) > 0
            ? field
            : rb_ui_dlg_label(app, d->focus);
    if (label && label[0]) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, label);
    }
}

void rb_ui_speak_field_edit(rb_app *app, const rb_ui_dialog_state *before)
{
    const rb_ui_dialog_state *d = &app->state.dialog;
    const char *was = rb_ui_dlg_field_text(before), *now = rb_ui_dlg_field_text(d);
    if (d->kind != before->kind || d->focus != DLG_FIELD || before->focus != DLG_FIELD || !was || !now) {
        return;
    }
    char echo[300];
    if (rb_ui_dlg_field_echo(was, now, echo, sizeof echo) > 0) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, echo);
    }
}

void rb_ui_speak_load_row(rb_app *app, const rb_ui_dialog_state *before)
{
    const rb_ui_dialog_state *d = &app->state.dialog;
    if (d->kind != RB_UI_DIALOG_LOAD || before->kind != RB_UI_DIALOG_LOAD || d->focus != before->focus ||
        d->selected == before->selected) {
        return;
    }
    char row[400];
    if (rb_ui_dlg_load_row_words(d, row, sizeof row) > 0) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, row);
    }
}

void rb_ui_speak_steppers(rb_app *app, const rb_ui_state *before)
{
    if (app->state.dialog.kind != RB_UI_DIALOG_SETTINGS || before->dialog.kind != RB_UI_DIALOG_SETTINGS) {
        return;
    }
    static const int steppers[] = {DLG_VOLUME, DLG_SCALE, DLG_THREADS, DLG_SPEECH_RATE};
    for (size_t i = 0; i < sizeof steppers / sizeof steppers[0]; i++) {
        char was[160], now[160];
        rb_ui_dlg_stepper_text(before, steppers[i], was, sizeof was);
        rb_ui_dlg_stepper_text(&app->state, steppers[i], now, sizeof now);
        if (strcmp(was, now) != 0) {
            rb_ui_speak(app, RB_SPEECH_INTERRUPT, now);
        }
    }
}

static void say_stage(rb_app *app)
{
    const rb_learn_session *s = rb_ui_learn_session(app);
    if (!s || !s->stage) {
        return;
    }
    const rb_learn_stage *sg = s->stage;
    char goal[320], line[RB_SPEECH_TEXT_MAX];
    rb_ui_learn_words_goal(&sg->goal, goal, sizeof goal);
    /* TRANSLATORS: the spoken mode, a lesson opened: its number, title, goal, teaching text */
    snprintf(line, sizeof line, _("Lesson %d.%d: %s. Goal: %s %s"), app->state.learn.chapter + 1,
             app->state.learn.stage + 1, rb_ui_learn_words_lesson(sg->title), goal, rb_ui_learn_words_lesson(sg->text));
    rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
}

/* Turning the spoken mode on or off by the setting. */
static void speech_switched(rb_app *app, const rb_ui_speak_mark *mark)
{
    rb_ui_state *st = &app->state;
    if (st->settings.speech == mark->speech) {
        return;
    }
    if (st->settings.speech) {
        char why[600];
        if (!app->speaker && rb_ui_speak_start(app, NULL, false, why, sizeof why) != 0) {
            rb_ui_state_say(st, true, "%s", why);
        }
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("Spoken mode on. F6 turns it off; the question mark lists the keys."));
    } else if (app->speaker) {
        /* The log keeps the last words; a voice says nothing more. */
        rb_speech_say(app->speaker->speech, _("Spoken mode off."), RB_SPEECH_INTERRUPT);
    }
}

void rb_ui_speak_after(rb_app *app, const rb_ui_cmd *cmd, const rb_ui_speak_mark *mark)
{
    rb_ui_state *st = &app->state;
    speech_switched(app, mark);
    if (!st->settings.speech || !app->speaker) {
        return;
    }
    bool said = false;
    const rb_game *g = &st->game;
    bool new_move = g->ply == mark->ply + 1 && st->changes != mark->changes &&
                    (cmd->kind == RB_UI_CMD_PLAY || cmd->kind == RB_UI_CMD_PLAY_PREMOVE);
    if (new_move && !st->game_set_aside) {
        say_game_move(app, g->ply, cmd->kind == RB_UI_CMD_PLAY && cmd->play.by_computer, RB_SPEECH_INTERRUPT);
        char status[RB_UI_EXPLAIN_TEXT_MAX];
        if (rb_game_ending(g) != RB_END_NONE && rb_ui_panel_status_text(st, status, sizeof status) > 0) {
            rb_ui_speak(app, RB_SPEECH_QUEUE, status);
        }
        said = true;
    } else if ((cmd->kind == RB_UI_CMD_UNDO || cmd->kind == RB_UI_CMD_REDO || cmd->kind == RB_UI_CMD_BROWSE) &&
               g->ply != mark->ply) {
        char line[RB_SPEECH_TEXT_MAX], move[1100] = "";
        if (g->ply > 0) {
            size_t n = rb_ui_speech_words_move(&g->positions[g->ply - 1], g->moves[g->ply - 1], verbosity(app), move,
                                               sizeof move);
            const char *mark_word = review_mark(g, g->ply - 1);
            if (mark_word && n < sizeof move) {
                snprintf(move + n, sizeof move - n, ", %s", mark_word);
            }
        }
        if (cmd->kind == RB_UI_CMD_UNDO) {
            /* TRANSLATORS: the spoken mode, after Undo: the move now last on the board follows */
            snprintf(line, sizeof line, _("Taken back. Last move now: %s"), g->ply > 0 ? move : _("none"));
        } else if (st->browsing) {
            char viewing[400];
            rb_ui_panel_viewing_text(st, viewing, sizeof viewing);
            snprintf(line, sizeof line, "%s. %s", move, viewing);
        } else {
            snprintf(line, sizeof line, "%s", move);
        }
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        said = true;
    } else if (cmd->kind == RB_UI_CMD_PLAY && st->game.positions && !st->trainer.active &&
               st->learn.mode == RB_UI_LEARN_OFF && rb_move_is_legal(&mark->shown, cmd->play.move) &&
               !rb_pos_equal(&mark->shown, rb_ui_state_pos(st))) {
        /* a move on a board of its own: the analysis board's variation, a mistake's exercise */
        char move[1024];
        rb_ui_speech_words_move(&mark->shown, cmd->play.move, verbosity(app), move, sizeof move);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, move);
        said = true;
    } else if (cmd->kind == RB_UI_CMD_NEW_GAME || cmd->kind == RB_UI_CMD_SET_GAME) {
        char turn[200];
        rb_ui_panel_turn_text(st, turn, sizeof turn);
        /* TRANSLATORS: the spoken mode, a new game on the board: whose move it is follows */
        char line[400];
        snprintf(line, sizeof line, _("New game. %s."), turn);
        rb_ui_speak(app, RB_SPEECH_QUEUE, line);
    }
    /* a refused attempt and why */
    if (st->explain.shown && st->explain.until_ms != mark->explain_until) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, st->explain.text);
        said = true;
    }
    /* the lessons */
    if (st->learn.mode == RB_UI_LEARN_STAGE &&
        (mark->learn_mode != RB_UI_LEARN_STAGE || mark->learn_chapter != st->learn.chapter ||
         mark->learn_stage != st->learn.stage || cmd->kind == RB_UI_CMD_LEARN_RETRY)) {
        say_stage(app);
        said = true;
    } else if (st->learn.mode == RB_UI_LEARN_STAGE && cmd->kind == RB_UI_CMD_LEARN_TRY) {
        if (st->learn.last != mark->learn_last && st->learn.last != RB_MOVE_NONE &&
            rb_move_is_legal(&mark->learn_pos, st->learn.last)) {
            char move[1024];
            rb_ui_speech_words_move(&mark->learn_pos, st->learn.last, verbosity(app), move, sizeof move);
            rb_ui_speak(app, RB_SPEECH_INTERRUPT, move);
            said = true;
        }
        if (st->learn.message[0]) {
            rb_ui_speak(app, said ? RB_SPEECH_QUEUE : RB_SPEECH_INTERRUPT, st->learn.message);
            said = true;
        }
    } else if (st->learn.mode == RB_UI_LEARN_MAP && mark->learn_mode != RB_UI_LEARN_MAP) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("Learn Rollerball: the lesson map."));
        said = true;
    }
    /* the puzzle trainer: opened, and each move shown on its board */
    if (st->trainer.active && !mark->trainer_active) {
        char line[300];
        /* TRANSLATORS: the spoken mode, the puzzle trainer opened */
        snprintf(line, sizeof line, "%s",
                 st->trainer.board.side == RB_WHITE ? _("Puzzle: White to move. Find the best move.")
                                                    : _("Puzzle: Black to move. Find the best move."));
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        said = true;
    } else if (st->trainer.active && st->trainer.last != mark->trainer_last && st->trainer.last != RB_MOVE_NONE &&
               rb_move_is_legal(&st->trainer.before, st->trainer.last)) {
        char move[1024];
        rb_ui_speech_words_move(&st->trainer.before, st->trainer.last, verbosity(app), move, sizeof move);
        rb_ui_speak(app, said ? RB_SPEECH_QUEUE : RB_SPEECH_INTERRUPT, move);
        said = true;
    }
    /* the coach's hint */
    if (st->coach.shown == RB_UI_COACH_HINT && st->coach.move != RB_MOVE_NONE &&
        (mark->coach_shown != RB_UI_COACH_HINT || mark->coach_move != st->coach.move)) {
        char move[1024], line[1200];
        rb_ui_speech_words_move(rb_ui_state_pos(st), st->coach.move, verbosity(app), move, sizeof move);
        /* TRANSLATORS: the spoken mode: the coach's hint, a move, follows */
        snprintf(line, sizeof line, _("Hint: %s"), move);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        said = true;
    }
    /* dialogs */
    if (st->dialog.kind != mark->dialog) {
        if (st->dialog.kind != RB_UI_DIALOG_NONE) {
            say_dialog_opened(app);
        } else {
            rb_ui_speak(app, RB_SPEECH_QUEUE, _("Dialog closed."));
        }
        said = true;
    }
    /* the analysis board and the position editor */
    if (st->analysis.active || st->editor.active || mark->analysis_active || mark->editor_active) {
        rb_ui_speak_screens_after(app, cmd, mark);
    }
    /* whatever else the status line says */
    if (st->status[0] && strcmp(st->status, mark->status) != 0 && !st->explain.shown) {
        rb_ui_speak(app, said ? RB_SPEECH_QUEUE : RB_SPEECH_INTERRUPT, st->status);
    }
}
