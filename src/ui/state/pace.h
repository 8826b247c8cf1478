/*
 * pace.h - what the clock makes happen: the computer's answer shown once
 * the person has seen their own move, a game between computers at a pace
 * that can be followed, a premove played when its turn comes, typed text
 * forgotten when left alone.
 */
#ifndef RB_UI_PACE_H
#define RB_UI_PACE_H

#include "state/cmd.h"

#define RB_UI_PACE_NEVER 0xFFFFFFFFu /* no timer is set */

/* True when both sides are played by the computer (a game to watch). */
bool rb_ui_pace_watching(const rb_ui_state *st);
/* App clock time from which the computer's found move may be shown. */
Uint32 rb_ui_pace_reply_at(const rb_ui_state *st);
/* The command the clock makes due at now, or none; *wait_ms is then the
 * time until something will be due (RB_UI_PACE_NEVER: nothing). */
rb_ui_cmd rb_ui_pace_due(const rb_ui_state *st, Uint32 now, Uint32 *wait_ms);

#endif
