/*
 * analysis_screen.h - the analysis board as a screen of the window: its entry in the table of
 * screens (app/screens.c).
 */
#ifndef RB_UI_ANALYSIS_SCREEN_H
#define RB_UI_ANALYSIS_SCREEN_H

#include "screen/screen.h"

extern const rb_ui_screen rb_ui_analysis_screen;

#endif
