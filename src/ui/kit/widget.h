/*
 * widget.h - the few controls the panel and the dialogs share: buttons,
 * check boxes, choice rows and a text field, drawn in the theme's colours.
 *
 * Controls are immediate: the caller keeps the rectangles it drew and tests
 * clicks against them; a widget has no state of its own beyond what the
 * caller passes (hovered, enabled, on).
 */
#ifndef RB_UI_WIDGET_H
#define RB_UI_WIDGET_H

#include "state/window.h"

/* Text size for the panel and dialogs, from the output size and DPI. */
int rb_ui_widget_font_px(const rb_app *app);
/* Mixes a toward b by t (0..1); alpha from a. */
SDL_Color rb_ui_widget_mix(SDL_Color a, SDL_Color b, float t);
bool rb_ui_widget_point_in(SDL_Rect r, int x, int y);

/* The colour a button is filled with, as rb_ui_widget_button draws it:
 * for what is drawn on a button and must look like it (a hollow mark). */
SDL_Color rb_ui_widget_button_fill(const rb_app *app, bool enabled, bool hovered, bool primary);

/* A push button; primary ones are filled with the accent colour. */
void rb_ui_widget_button(rb_app *app, SDL_Rect r, const char *label, int px, bool enabled, bool hovered, bool primary);
/* A check box with its label to the right. */
void rb_ui_widget_check(rb_app *app, SDL_Rect r, const char *label, int px, bool on, bool hovered);
/* One option of a row of mutually exclusive choices (drawn as a segment). */
void rb_ui_widget_choice(rb_app *app, SDL_Rect r, const char *label, int px, bool on, bool hovered);
/* True when label fits a choice r (at its size or a little smaller, on
 * one line or two), chosen (bold) or not. */
bool rb_ui_widget_choice_fits(rb_app *app, SDL_Rect r, const char *label, int px);
/* A single-line text field with a caret at the end when focused. */
void rb_ui_widget_field(rb_app *app, SDL_Rect r, const char *text, int px, bool focused);
/* A text field being edited: the caret at byte offset caret, the text
 * between anchor and caret shaded as selected; scrolled to show the caret. */
void rb_ui_widget_edit(rb_app *app, SDL_Rect r, const char *text, int px, bool focused, int caret, int anchor);
/* The keyboard focus: a ring just outside r in the text colour (it stands
 * out in both themes and does not rest on the accent colour). */
void rb_ui_widget_focus_ring(rb_app *app, SDL_Rect r, int px);

#endif
