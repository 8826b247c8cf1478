/*
 * analysis_state.h - what the analysis board shows, as plain data: part of
 * the window's state (state.h), changed only by rb_ui_apply() through
 * analysis.c.
 *
 * The analysis board looks at one of the game's positions (ply) and at a
 * variation played from it on the board; the game record is never
 * touched, so leaving finds the game as it was. The engine's lines arrive
 * from its own thread and are copied here by a command, so drawing reads
 * only this state. Scores are kept from White's point of view.
 */
#ifndef RB_UI_ANALYSIS_STATE_H
#define RB_UI_ANALYSIS_STATE_H

#include <stdbool.h>
#include <stddef.h>

#include "words/explain_words.h"
#include "rb_engine.h"

#define RB_UI_ANALYSIS_LINES 3     /* lines shown (the engine's MultiPV) */
#define RB_UI_ANALYSIS_PV_MAX 12   /* moves kept of each line */
#define RB_UI_ANALYSIS_VAR_MAX 200 /* moves of a variation */

/* One of the engine's lines: its score from White's point of view, the
 * depth it was found at, and its first moves. */
typedef struct rb_ui_analysis_line {
    rb_score_kind kind; /* RB_SCORE_WIN: White wins in score moves */
    int score;          /* centipawns, or moves to the win/loss */
    int depth;
    int pvlen;
    rb_move pv[RB_UI_ANALYSIS_PV_MAX];
} rb_ui_analysis_line;

typedef struct rb_ui_analysis_state {
    bool active;   /* the analysis board is on screen */
    size_t ply;    /* the game's position analysed */
    bool own_root; /* opened from the position editor: analysing
                      root, the position set up there, instead
                      of the game's (ply 0); its buttons and
                      leaving go back to the editor */
    rb_pos root;
    rb_move var[RB_UI_ANALYSIS_VAR_MAX]; /* the variation played from it */
    int nvar;
    rb_pos board;    /* the position shown: ply's, then the variation */
    rb_move last;    /* the last move leading to board, or none */
    unsigned search; /* which search the lines below come from */
    int nlines;      /* lines found so far for board, best first */
    rb_ui_analysis_line lines[RB_UI_ANALYSIS_LINES];
    int hover_line;            /* line under the pointer, -1 none: its first
                                  move's path is drawn on the board */
    int hover_button, pressed; /* the panel's buttons, -1 none */
    /* the game's view, as it was when the analysis opened */
    bool game_browsing;
    char game_status[RB_UI_EXPLAIN_TEXT_MAX]; /* as long as the status it keeps */
} rb_ui_analysis_state;

#endif
