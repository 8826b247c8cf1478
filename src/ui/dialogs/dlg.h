/*
 * dlg.h - what the dialog files share: the ids of their controls,
 * the memory of where the last frame put them, and the frame every dialog
 * is drawn in.
 *
 * A dialog draws itself from const state and records each clickable
 * rectangle with an id; a click is answered by looking the id up. The ids
 * below name the controls; ranges hold the rows of lists. What the player
 * entered (the form, the page, the list's selection) is state
 * (rb_ui_dialog_state in state.h); the rectangles are only the picture's.
 */
#ifndef RB_UI_DLG_H
#define RB_UI_DLG_H

#include "state/cmd.h"
#include "state/window.h"

enum {
    DLG_NONE = 0,
    DLG_OK,
    DLG_CANCEL,
    DLG_PREV,
    DLG_NEXT,
    DLG_FIELD,
    DLG_DELETE,
    DLG_LIST,                /* the saved games list as a whole (one focus stop) */
    DLG_HOST_COPY = 40,      /* the host's waiting view: copy the invite code, */
    DLG_HOST_LET_IN,         /* let in the one who knocks, */
    DLG_HOST_TURN_AWAY,      /* or turn them away */
    DLG_MODE = 100,          /* + 0 computer, 1 two players, 2 computer vs computer */
    DLG_SIDE = 110,          /* + 0 White, 1 Black, 2 random */
    DLG_LEVEL_W = 120,       /* + level (the computer's level, or White's) */
    DLG_LEVEL_B = 140,       /* + level (Black's, computer vs computer) */
    DLG_TIME = 160,          /* + index into rb_ui_tc_presets; NPRESETS: custom */
    DLG_SETTING = 200,       /* + index into rb_ui_setting_infos */
    DLG_VOLUME = 280,        /* + 0 quieter, 1 louder */
    DLG_SPEECH_RATE = 282,   /* + 0 slower, 1 faster: the spoken mode's voice */
    DLG_LANGUAGE = 285,      /* + index into rb_ui_langs */
    DLG_SCALE = 296,         /* + 0 smaller, 1 larger: the interface size */
    DLG_THREADS = 298,       /* + 0 fewer, 1 more: the computer's threads */
    DLG_PAGE = 300,          /* + help page */
    DLG_WELCOME = 400,       /* + the welcome's choices; the help's button to it */
    DLG_THEME = 500,         /* + index into rb_ui_themes */
    DLG_PIECES = 520,        /* + index into rb_ui_piece_sets */
    DLG_TAB = 540,           /* + the settings' page (rb_ui_settings_page) */
    DLG_ONLINE_FIELD = 600,  /* + rb_ui_online_field: the "Play online" dialog's text fields */
    DLG_ONLINE_BUTTON = 610, /* + its buttons (dlg_online.c) */
    DLG_ONLINE_OPEN = 629,   /* "Play online" in the welcome and the new-game dialog */
    DLG_ONLINE_TC = 630,     /* + index into rb_ui_online_tcs */
    DLG_ONLINE_KIND = 640,   /* + 0 casual, 1 rated */
    DLG_ONLINE_COLOR = 645,  /* + 0 White, 1 Black, 2 random */
    DLG_ONLINE_SEEK = 700,   /* + row of the seek list */
    DLG_LAN = 900,           /* + a game of the local network's list (the Join view) */
    DLG_ENTRY = 1000         /* + index into the saved games list */
};

#define DLG_HITS_MAX 96
#define DLG_HELP_PAGES 10

typedef struct dlg_hit {
    SDL_Rect r;
    int id;
    char label[96]; /* what the control says, for the spoken mode; may be empty */
} dlg_hit;

/* The dialogs' memory of their last frame. */
struct rb_ui_dialog {
    dlg_hit hits[DLG_HITS_MAX];
    int nhits;
    int rows_visible;     /* rows of the load list that fitted */
    int mouse_x, mouse_y; /* the pointer, as the dialogs' last event left it */
    SDL_Rect box;         /* where the last frame put the box */
    /* A control kept where it was when the dialog changes size around it
     * (the interface size buttons): anchor_id (DLG_NONE: none) is moved
     * back to have its point (anchor_fx, anchor_fy of its width and
     * height) at anchor_at by shifting the box off the centre by shift. */
    int anchor_id;
    SDL_Rect anchor_rect; /* where this frame drew it, enabled or not, */
    bool anchor_drawn;    /* when it did */
    SDL_Point anchor_at;
    float anchor_fx, anchor_fy;
    SDL_Point shift;
    Uint32 warp_until; /* till then the pointer is moved to the control
                          where the box cannot move (SDL ticks) */
};

/* Dims the window and draws an empty dialog box of w x h (clamped to the
 * window), centred unless a control is kept in place (rb_ui_dlg_anchor);
 * returns the box. */
SDL_Rect rb_ui_dlg_frame(rb_app *app, int w, int h);
/* The title at the top of box; returns the y below it. */
int rb_ui_dlg_title(rb_app *app, SDL_Rect box, const char *title);
/* Records a clickable area of the frame being drawn. */
void rb_ui_dlg_hit(rb_app *app, SDL_Rect r, int id);
/* True when the pointer is over r (a control being drawn). */
bool rb_ui_dlg_hover(const rb_app *app, SDL_Rect r);
/* A button that is drawn and clickable (when enabled). */
void rb_ui_dlg_button(rb_app *app, SDL_Rect r, const char *label, int id, bool enabled, bool primary);
/* Two buttons at the bottom right of box (OK and Cancel ids): the default
 * on the right; secondary may be NULL. */
void rb_ui_dlg_buttons(rb_app *app, SDL_Rect box, const char *primary, const char *secondary);
/* Padding and button height for the current text size. */
int rb_ui_dlg_pad(const rb_app *app);
int rb_ui_dlg_button_h(const rb_app *app);
/* Names the control id of the frame being drawn (after its hit), for the
 * spoken mode. */
void rb_ui_dlg_label_set(rb_app *app, int id, const char *label);
/* What the last frame's control id says, NULL for none. */
const char *rb_ui_dlg_label(const rb_app *app, int id);
/* The control under a point of the last frame, DLG_NONE if none. */
int rb_ui_dlg_hit_at(const rb_app *app, int x, int y);
/* Where the last frame drew the control id; false when it did not. */
bool rb_ui_dlg_focus_rect(const rb_app *app, int id, SDL_Rect *r);
/* The control the focus moves to from focus, dir 1 forward or -1 back,
 * in the order the last frame drew them (wrapping round). */
int rb_ui_dlg_focus_next(const rb_app *app, int focus, int dir);
/* Keeps the control id where the last frame drew it, under the pointer
 * when the pointer is on it, while the dialog changes size around it. */
void rb_ui_dlg_anchor(rb_app *app, int id);
/* After a frame: true when the kept control moved and the frame must be
 * drawn again with the box shifted to bring it back (once; where the box
 * cannot go, the pointer is moved to the control instead). */
bool rb_ui_dlg_settle(rb_app *app);
/* Closes the open dialog (input state: no command needed). */
void rb_ui_dlg_close(rb_ui_state *st);

#endif
