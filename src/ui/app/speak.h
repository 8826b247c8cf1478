/*
 * speak.h - the spoken mode's voice in the window: what each command
 * brought, said (a move, a check, the result, a refused move and why, a
 * dialog opened, a lesson's answer), and the keys that walk the board and
 * ask about it (speak_keys.c).
 *
 * The voice is the speech library's (src/speech): a voice on its own
 * thread, or a log of one announcement a line (--speech-log), so the
 * window never waits for it. rb_ui_apply() takes a mark of the state
 * before every command and hands it here after: what changed is what is
 * said, whichever view or timer asked for it.
 */
#ifndef RB_UI_SPEAK_H
#define RB_UI_SPEAK_H

#include "rb_speech.h"
#include "state/cmd.h"
#include "state/window.h"

/* What the state was before a command, as far as speaking cares. */
typedef struct rb_ui_speak_mark {
    bool on;
    bool speech;
    size_t ply, length;
    unsigned changes;
    rb_ui_dialog_kind dialog;
    int dialog_focus;
    char status[RB_UI_EXPLAIN_TEXT_MAX];
    char learn_message[RB_UI_LEARN_TEXT_MAX];
    rb_ui_learn_mode learn_mode;
    int learn_chapter, learn_stage;
    rb_move learn_last;
    bool trainer_active;
    rb_move trainer_last;
    rb_pos learn_pos; /* the lesson's board */
    rb_pos shown;     /* the board's position */
    Uint32 explain_until;
    rb_ui_coach_kind coach_shown;
    rb_move coach_move;
    bool analysis_active;
    int analysis_nvar;
    bool editor_active;
    rb_pos_verdict editor_verdict;
} rb_ui_speak_mark;

/* Opens the voice for the spoken mode: the log at log_path when given,
 * else the desktop's voice; with only_if_reader, only when the desktop
 * says a screen reader runs (the settings did not ask). Returns 0, or -1
 * with why (a log file that cannot be made). */
int rb_ui_speak_start(rb_app *app, const char *log_path, bool only_if_reader, char *why, size_t whylen);
void rb_ui_speak_stop(rb_app *app);
/* Called at each tick: follows the game's language, and, when the voice
 * was opened for a screen reader that may run, turns the spoken mode on
 * once the desktop says one does (or lets the voice go). */
void rb_ui_speak_poll(rb_app *app);
/* The setting's speech rate, to the voice. */
void rb_ui_speak_rate(rb_app *app);
/* Waits at most ms until the voice is open and idle (benchmarks, tests). */
void rb_ui_speak_settle(rb_app *app, int ms);
/* The voice's name ("log", "speech-dispatcher", ...), "none" without. */
const char *rb_ui_speak_backend(rb_app *app);

/* Says text when the spoken mode is on, and keeps it for "say again". */
void rb_ui_speak(rb_app *app, rb_speech_mode mode, const char *text);
void rb_ui_speak_again(rb_app *app);

void rb_ui_speak_mark_take(const rb_app *app, rb_ui_speak_mark *mark);
/* What the command changed, said (rb_ui_apply calls it after each one). */
void rb_ui_speak_after(rb_app *app, const rb_ui_cmd *cmd, const rb_ui_speak_mark *mark);
/* A dialog opened or closed by an event (not a command): said. */
void rb_ui_speak_dialog_change(rb_app *app, rb_ui_dialog_kind before);
/* The help dialog turned to another page: the page read. */
void rb_ui_speak_help_page(rb_app *app, int before_page);
/* A dialog's focus moved or it opened: its focused control said. */
void rb_ui_speak_dialog_focus(rb_app *app, int before_focus);
/* An edit of the open dialog's text field since before, echoed: the
 * characters typed, or those deleted. */
void rb_ui_speak_field_edit(rb_app *app, const rb_ui_dialog_state *before);
/* The saved games list's chosen row, said when it moved since before with
 * the list focused. */
void rb_ui_speak_load_row(rb_app *app, const rb_ui_dialog_state *before);
/* A settings stepper (volume, interface size, cores, speech rate) whose value changed
 * since before, said with its label and new value. */
void rb_ui_speak_steppers(rb_app *app, const rb_ui_state *before);

/* The analysis engine's best line, by its position's key, first move and
 * kind of verdict: true when it differs from the one said last (and it is
 * remembered as said), false for the same news again. */
bool rb_ui_speak_engine_news(rb_app *app, uint64_t key, rb_move first, int verdict);
/* Says the engine's news: cutting its own previous news, queued after
 * anything else (a move just played is heard out). */
void rb_ui_speak_engine(rb_app *app, const char *text);

/* ---- speak_screens.c ---- */
/* The analysis board's and the position editor's announcements after a
 * command (rb_ui_speak_after calls it). */
void rb_ui_speak_screens_after(rb_app *app, const rb_ui_cmd *cmd, const rb_ui_speak_mark *mark);
/* Their keys, before the board's: A and the game's moves on the analysis
 * board; the pieces put, cleared and the side to move in the editor. */
rb_ui_cmd rb_ui_speak_screens_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used);
/* The analysis board's lines in words: each line's depth, verdict and
 * first moves (the A key). */
size_t rb_ui_speak_analysis_lines(const rb_app *app, char *buf, size_t len);
/* A line's verdict as a kind: 0 about level, +-1 better, +-2 clearly
 * better, +-3 winning, +-10 a forced win (plus for White). */
int rb_ui_speak_verdict_kind(const rb_ui_analysis_line *l);

/* ---- speak_keys.c ---- */
/* The spoken mode's keys on the board and the screens with a board: the
 * arrows move the focus (grid or rings), Space and Enter select and play,
 * Escape cancels, single letters ask (the help lists them: ? or F2).
 * *used when the key was the spoken mode's. */
rb_ui_cmd rb_ui_speak_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used);
/* The key that turns the spoken mode on and off, wherever the focus is:
 * a command, or kind NONE for another key. */
rb_ui_cmd rb_ui_speak_toggle_key(const SDL_KeyboardEvent *k);

#endif
