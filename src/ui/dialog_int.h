/*
 * dialog_int.h - what the dialog files share: the dialog state, the frame
 * every dialog is drawn in, and clickable areas.
 *
 * A dialog draws itself and records each clickable rectangle with an id;
 * a click is answered by looking the id up. The ids below name the
 * controls; ranges hold the rows of lists.
 */
#ifndef RB_UI_DIALOG_INT_H
#define RB_UI_DIALOG_INT_H

#include "dialog.h"
#include "games.h"

enum {
    DLG_NONE = 0,
    DLG_OK, DLG_CANCEL, DLG_PREV, DLG_NEXT, DLG_FIELD, DLG_DELETE,
    DLG_MODE = 100,      /* + 0 computer, 1 two players, 2 computer vs computer */
    DLG_SIDE = 110,      /* + 0 White, 1 Black, 2 random */
    DLG_LEVEL_W = 120,   /* + level (the computer's level, or White's) */
    DLG_LEVEL_B = 140,   /* + level (Black's, computer vs computer) */
    DLG_SETTING = 200,   /* + index into rb_ui_setting_infos */
    DLG_PAGE = 300,      /* + help page */
    DLG_ENTRY = 1000     /* + index into the saved games list */
};

#define DLG_HITS_MAX 96
#define DLG_HELP_PAGES 8

typedef struct dlg_hit {
    SDL_Rect r;
    int id;
} dlg_hit;

typedef enum { DLG_VS_COMPUTER = 0, DLG_TWO_PLAYERS = 1, DLG_COMPUTERS = 2 } dlg_mode;

struct rb_ui_dialog {
    rb_ui_dialog_kind kind;
    dlg_hit hits[DLG_HITS_MAX];
    int nhits;
    int mouse_x, mouse_y;
    int pressed;             /* id under the press */
    int px;                  /* text size of the last draw */

    /* message and question */
    char title[96];
    char text[768];
    char yes[32], no[32];
    rb_ui_ask ask;

    /* new game */
    dlg_mode mode;
    int side;                /* the human's side: 0 White, 1 Black, 2 random */
    int level[2];

    /* save */
    char name[200];
    char error[768];

    /* load */
    rb_ui_game_entry *entries;
    int nentries;
    int selected;            /* -1 for none */
    int scroll;
    int rows_visible;

    /* help */
    int page;
};

/* Dims the window and draws an empty dialog box of w x h (clamped to the
 * window); returns the box. */
SDL_Rect rb_ui_dlg_frame(rb_app *app, int w, int h);
/* The title at the top of box; returns the y below it. */
int rb_ui_dlg_title(rb_app *app, SDL_Rect box, const char *title);
void rb_ui_dlg_hit(struct rb_ui_dialog *d, SDL_Rect r, int id);
bool rb_ui_dlg_hover(const struct rb_ui_dialog *d, SDL_Rect r);
/* A button that is drawn and clickable (when enabled). */
void rb_ui_dlg_button(rb_app *app, SDL_Rect r, const char *label, int id, bool enabled, bool primary);
/* Padding and button height for the current text size. */
int rb_ui_dlg_pad(const rb_app *app);
int rb_ui_dlg_button_h(const rb_app *app);
/* Closes the open dialog. */
void rb_ui_dlg_close(rb_app *app);

/* The dialogs, each a draw, a click and a key handler. */
void rb_ui_dlg_new_open(rb_app *app);
void rb_ui_dlg_new_draw(rb_app *app);
void rb_ui_dlg_new_click(rb_app *app, int id);
void rb_ui_dlg_new_key(rb_app *app, SDL_Keycode key);

void rb_ui_dlg_save_open(rb_app *app);
void rb_ui_dlg_save_draw(rb_app *app);
void rb_ui_dlg_save_click(rb_app *app, int id);
void rb_ui_dlg_save_key(rb_app *app, SDL_Keycode key);
void rb_ui_dlg_save_text(rb_app *app, const char *text);

void rb_ui_dlg_load_open(rb_app *app);
void rb_ui_dlg_load_draw(rb_app *app);
void rb_ui_dlg_load_click(rb_app *app, int id, int clicks);
void rb_ui_dlg_load_key(rb_app *app, SDL_Keycode key);
void rb_ui_dlg_load_wheel(rb_app *app, int dy);

void rb_ui_dlg_help_draw(rb_app *app);
void rb_ui_dlg_help_click(rb_app *app, int id);
void rb_ui_dlg_help_key(rb_app *app, SDL_Keycode key);

#endif
