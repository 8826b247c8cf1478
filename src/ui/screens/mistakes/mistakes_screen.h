/*
 * mistakes_screen.h - learn from your mistakes as a screen of the window:
 * its entry in the table of screens (app/screens.c).
 */
#ifndef RB_UI_MISTAKES_SCREEN_H
#define RB_UI_MISTAKES_SCREEN_H

#include "screen/screen.h"

extern const rb_ui_screen rb_ui_mistakes_screen;

#endif
