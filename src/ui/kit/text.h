/*
 * text.h - strings drawn with SDL_ttf from the shipped font, each rendered
 * once and cached as a texture (the cache is dropped on resize).
 */
#ifndef RB_UI_TEXT_H
#define RB_UI_TEXT_H

#include "state/window.h"

typedef enum {
    RB_UI_ALIGN_LEFT = 0,   /* x is the left edge */
    RB_UI_ALIGN_CENTER = 1, /* x is the centre */
    RB_UI_ALIGN_RIGHT = 2   /* x is the right edge */
} rb_ui_align;

/* Loads the font from app->data_dir. Returns 0, or -1 with a message naming
 * the file. */
int rb_ui_text_init(rb_app *app, char *err, size_t errlen);
void rb_ui_text_free(rb_app *app);
/* Draws text with its vertical centre at y, px pixels tall; bold or not.
 * Returns the width drawn (0 when text cannot be drawn). */
int rb_ui_text_draw(rb_app *app, const char *text, int px, bool bold, SDL_Color color, int x, int y, rb_ui_align align);
/* Width text would take. */
int rb_ui_text_width(rb_app *app, const char *text, int px, bool bold);
/* The largest size from px down to least at which text is no wider than
 * width (least when none is). */
int rb_ui_text_fit_px(rb_app *app, const char *text, int px, bool bold, int width, int least);
/* Distance between two lines of text of this size. */
int rb_ui_text_line_height(rb_app *app, int px);
/* Draws text broken into lines no wider than width (at spaces and '\n'),
 * the first line's top at y. Returns the height used. */
int rb_ui_text_draw_wrapped(rb_app *app, const char *text, int px, bool bold, SDL_Color color, int x, int y, int width);
int rb_ui_text_wrapped_height(rb_app *app, const char *text, int px, bool bold, int width);
/* text as it fits in width: whole, or its longest start cut between
 * characters and ending in an ellipsis ("\u2026"). */
void rb_ui_text_elide(rb_app *app, const char *text, int px, bool bold, int width, char *out, size_t outlen);
/* How many different strings containing needle were drawn since the cache
 * was last flushed (sizes and colours count apart); the first found goes
 * to first. For tests of what a frame says. */
int rb_ui_text_drawn(const rb_app *app, const char *needle, char *first, size_t firstlen);
/* Calls each(text, data) once for every string drawn since the cache was
 * last flushed (each size, weight and colour apart), in no order. For tests
 * of every word a frame shows. */
void rb_ui_text_drawn_each(const rb_app *app, void (*each)(const char *text, void *data), void *data);
/* Forget cached textures (after a resize or a theme change). */
void rb_ui_text_flush(rb_app *app);

/* ---- the box a text must fit in ------------------------------------------
 * Every text belongs to a box: a button, a panel line, a dialog, a tip. A
 * caller that knows it names it around its drawing (the widgets do so for
 * their labels); otherwise a text's box is the clip rectangle in force, or
 * the window. Nothing changes in the picture: with the check on (tests),
 * every text drawn beyond its box or the window, and every word cut
 * because it was wider than its line, is written down. */

/* Makes box the box of the texts drawn until rb_ui_text_box_end; returns
 * the box it replaces, to be handed back. An empty box (w or h 0) means
 * "not checked": the text of a field that scrolls inside it on purpose. */
SDL_Rect rb_ui_text_box_begin(rb_app *app, SDL_Rect box);
void rb_ui_text_box_end(rb_app *app, SDL_Rect previous);

#define RB_UI_TEXT_MISFITS_MAX 32
typedef struct rb_ui_text_misfit {
    char text[160];
    SDL_Rect extent; /* where the text was drawn */
    SDL_Rect box;    /* where it had to fit */
    const char *why; /* "beyond its box", "beyond the window", "word cut" */
} rb_ui_text_misfit;

/* Starts (on) or stops writing misfits down; starting forgets the old. */
void rb_ui_text_check(rb_app *app, bool on);
/* The misfits written down since the check started: up to max into out;
 * returns how many there were (also those left out). */
int rb_ui_text_misfits(const rb_app *app, rb_ui_text_misfit *out, int max);

#endif
