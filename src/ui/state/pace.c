/*
 * pace.c - the clock's part in the game window.
 *
 * The computer finds its move in a few milliseconds at the low levels; shown
 * at once, it would cut the person's own move short and both would be over
 * before either could be seen. So a found move waits (state.pacing) until
 * the person's move has finished sliding and a short pause has passed
 * (settings.reply_pause_ms); between two computers each move also takes at
 * least settings.watch_move_ms, and the game can be held and stepped.
 *
 * Everything here is a question about the state at a time "now" on the
 * app's clock (rb_ui_window_now), answered with the command that is due: the app
 * applies it, so the clock changes the game only through rb_ui_apply like
 * every other wish, and a test moves time by hand. The answer also says how
 * long nothing will be due, which is how long the event loop may sleep.
 */
#include "state/pace.h"

bool rb_ui_pace_watching(const rb_ui_state *st)
{
    return st->players[RB_WHITE].kind == RB_UI_COMPUTER && st->players[RB_BLACK].kind == RB_UI_COMPUTER;
}

/* How long the last move slides. */
static Uint32 pace_slide_ms(const rb_ui_state *st)
{
    return st->settings.animation ? RB_UI_ANIM_MS : 0;
}

static Uint32 pace_clamp_ms(int ms)
{
    return ms < 0 ? 0 : ms > 60000 ? 60000 : (Uint32)ms;
}

Uint32 rb_ui_pace_reply_at(const rb_ui_state *st)
{
    Uint32 wait = pace_slide_ms(st) + pace_clamp_ms(st->settings.reply_pause_ms);
    Uint32 least = rb_ui_pace_watching(st) ? pace_clamp_ms(st->settings.watch_move_ms) : 0;
    return st->pacing.moved_ms + (wait > least ? wait : least);
}

/* Keeps the nearer of two waits. */
static void pace_sooner(Uint32 *wait_ms, Uint32 at, Uint32 now)
{
    Uint32 w = at - now;
    if (w < *wait_ms) {
        *wait_ms = w;
    }
}

/* True when at has come (the clock wraps after 49 days: compare by
 * difference). */
static bool pace_reached(Uint32 now, Uint32 at)
{
    return (Sint32)(now - at) >= 0;
}

rb_ui_cmd rb_ui_pace_due(const rb_ui_state *st, Uint32 now, Uint32 *wait_ms)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    *wait_ms = RB_UI_PACE_NEVER;

    const rb_ui_input *in = &st->input;
    if (in->ntyped > 0) {
        Uint32 at = in->typed_ms + RB_UI_TYPED_MS;
        if (pace_reached(now, at)) {
            return rb_ui_cmd_of(RB_UI_CMD_FORGET_TYPED);
        }
        pace_sooner(wait_ms, at, now);
    }

    /* The computer's move: never into a position browsed to nor while a
     * screen has set the game aside (it waits for the person's return),
     * held while a watched game is paused. */
    const rb_ui_pacing *p = &st->pacing;
    if (p->reply_ready && !rb_ui_state_browsing(st) && !rb_ui_state_game_set_aside(st) && (!p->paused || p->step)) {
        Uint32 at = p->paused ? now : rb_ui_pace_reply_at(st);
        if (pace_reached(now, at)) {
            cmd.kind = RB_UI_CMD_PLAY;
            cmd.play.move = p->reply;
            cmd.play.by_computer = true;
            return cmd;
        }
        pace_sooner(wait_ms, at, now);
    }

    /* A premove follows the computer's move once that has been seen. */
    if (st->premove != RB_MOVE_NONE && rb_ui_state_can_move(st)) {
        Uint32 at = p->moved_ms + pace_slide_ms(st);
        if (pace_reached(now, at)) {
            return rb_ui_cmd_of(RB_UI_CMD_PLAY_PREMOVE);
        }
        pace_sooner(wait_ms, at, now);
    }
    return cmd;
}
