/*
 * theme.h - the board's colour themes, as one table: a name for the
 * settings file and the command line, a label for the settings dialog,
 * and the colours (rb_ui_theme, window.h). Choosing a theme is choosing a
 * row; nothing else knows which themes there are.
 */
#ifndef RB_UI_THEME_H
#define RB_UI_THEME_H

#include "state/window.h"

typedef struct rb_ui_theme_info {
    const char *key;   /* in the settings file and after --theme */
    const char *label; /* in the settings dialog (marked N_, drawn with _) */
    rb_ui_theme colours;
} rb_ui_theme_info;

extern const rb_ui_theme_info rb_ui_themes[];
extern const int rb_ui_theme_count;

/* Rows of the table that other code names: the default, the one made for
 * colour-blind players, and the high-contrast one. */
enum { RB_UI_THEME_CLASSIC = 0, RB_UI_THEME_COLOUR_BLIND = 4, RB_UI_THEME_HIGH_CONTRAST = 5 };

/* The colours of row index; the classic ones for an index out of range. */
const rb_ui_theme *rb_ui_theme_get(int index);
/* The row named key, or -1. */
int rb_ui_theme_find(const char *key);
/* Every key, as "classic, wood, ...", for messages naming the choices. */
void rb_ui_theme_keys(char *buf, size_t len);

#endif
