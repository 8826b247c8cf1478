/*
 * theme.h - the two colour sets of the board: normal and high contrast.
 */
#ifndef RB_UI_THEME_H
#define RB_UI_THEME_H

#include "window.h"

const rb_ui_theme *rb_ui_theme_get(bool high_contrast);

#endif
