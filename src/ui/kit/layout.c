/*
 * layout.c - the board takes the largest whole-pixel square size that
 * leaves the panel its minimum room; the panel goes to the right of the
 * board or, when that would give a smaller board (a tall window), below it.
 * A margin of a third of a square around the grid holds the coordinates,
 * which grow with the interface size (as far as the margin holds them).
 * The board is what the game is played on: whatever the panel would like,
 * the grid is never less than RB_UI_BOARD_SHARE of the window's smaller
 * side; in a small window the panel shrinks (its text scales with it), not
 * the board.
 *
 * The panel's text size is worked out here too, because the panel's room
 * depends on it. Sizes are reasoned in points: output pixels divided by the
 * display's scale, so a high-DPI screen shows the same layout in finer
 * pixels. At 100% the text is about 1/40 of the window's height (11 to 22
 * points). A larger interface size multiplies it, as far as the window
 * holds: never beyond what the least window, grown evenly to this window,
 * holds at 11 points (the least window grows with the interface size, so
 * the size asked for always fits there), and the panel's least room grows
 * with the text, the board taking the rest down to its share: at the least
 * window of a size the layout is the 100% least window's, magnified.
 */
#include "kit/layout.h"

#include <stdlib.h>

/* Panel minimums in points at 100%. */
#define PANEL_MIN_W 240
#define PANEL_MIN_H 170
#define TEXT_MIN_PT 11 /* the text at the least window, 100% */
#define TEXT_MAX_PT 22 /* at 100%, however large the window */
#define MARGIN_NUM 1   /* margin = square * 1/3 */
#define MARGIN_DEN 3

static int square_for(int w, int h)
{
    /* 7 squares plus a margin on both sides: 7 + 2/3 squares. */
    int side = w < h ? w : h;
    int sq = side * MARGIN_DEN / (7 * MARGIN_DEN + 2 * MARGIN_NUM);
    return sq < 8 ? 8 : sq;
}

float rb_ui_layout_system_scale(float px_per_win, const char *gdk_scale)
{
    if (px_per_win > 1.05f) {
        return px_per_win;
    }
    /* X11 leaves scaling to the programs; desktops say it in GDK_SCALE, a
     * whole number (GNOME, and the convention other toolkits read too). */
    if (gdk_scale && *gdk_scale) {
        char *end;
        long n = strtol(gdk_scale, &end, 10);
        if (*end == '\0' && n >= 1 && n <= 4) {
            return (float)n;
        }
    }
    return 1.0f;
}

void rb_ui_layout_least_window(int ui_pct, float system_scale, float px_per_win, int *w, int *h)
{
    float k = (float)ui_pct / 100.0f * system_scale / (px_per_win > 0 ? px_per_win : 1.0f);
    *w = (int)((float)RB_UI_MIN_W * k + 0.99f);
    *h = (int)((float)RB_UI_MIN_H * k + 0.99f);
}

/* The panel's text in points for a window of lw x lh points. */
static float text_points(float lw, float lh, int ui_pct)
{
    float unit = lh / 40.0f < lw / 34.0f ? lh / 40.0f : lw / 34.0f;
    unit = unit < TEXT_MIN_PT ? TEXT_MIN_PT : unit > TEXT_MAX_PT ? TEXT_MAX_PT : (float)(int)unit;
    if (ui_pct <= 100) {
        return unit;
    }
    float wanted = unit * (float)ui_pct / 100.0f;
    float grown = lw / RB_UI_MIN_W < lh / RB_UI_MIN_H ? lw / RB_UI_MIN_W : lh / RB_UI_MIN_H;
    float holds = TEXT_MIN_PT * grown;
    float pt = wanted < holds ? wanted : holds;
    return pt > unit ? pt : unit;
}

void rb_ui_layout_compute(rb_ui_layout *l, int out_w, int out_h, int win_w, int win_h)
{
    float ratio = win_h > 0 ? (float)out_h / (float)win_h : 1.0f;
    rb_ui_layout_compute_scaled(l, out_w, out_h, win_w, win_h, ratio, 100);
}

void rb_ui_layout_compute_scaled(rb_ui_layout *l, int out_w, int out_h, int win_w, int win_h, float system_scale,
                                 int ui_pct)
{
    l->out_w = out_w;
    l->out_h = out_h;
    l->px_per_win_x = win_w > 0 ? (float)out_w / (float)win_w : 1.0f;
    l->px_per_win_y = win_h > 0 ? (float)out_h / (float)win_h : 1.0f;
    l->system_scale = system_scale > 0 ? system_scale : 1.0f;
    l->ui_pct = ui_pct < RB_UI_SCALE_MIN ? RB_UI_SCALE_MIN : ui_pct > RB_UI_SCALE_MAX ? RB_UI_SCALE_MAX : ui_pct;
    float s = l->system_scale;
    float lw = (float)out_w / s, lh = (float)out_h / s;
    float pt = text_points(lw, lh, l->ui_pct);
    l->font_px = (int)(pt * s + 0.5f);
    /* Above 100% the panel's least room is the least window's, grown with
     * the text (as many letters wide and tall as there); at 100% it is the
     * fixed minimum, the text growing into what the board leaves. */
    float grow = l->ui_pct > 100 ? pt / TEXT_MIN_PT : 1.0f;
    int pmin_w = (int)(PANEL_MIN_W * s * grow);
    int pmin_h = (int)(PANEL_MIN_H * s * grow);

    int sq_right = square_for(out_w - pmin_w, out_h);
    int sq_below = square_for(out_w, out_h - pmin_h);
    l->panel_below = sq_below > sq_right;
    l->sq = l->panel_below ? sq_below : sq_right;
    int side = out_w < out_h ? out_w : out_h;
    int least = (side * RB_UI_BOARD_SHARE_PCT + 7 * 100 - 1) / (7 * 100); /* rounded up */
    if (l->sq < least && least * (7 * MARGIN_DEN + 2 * MARGIN_NUM) / MARGIN_DEN <= side) {
        l->sq = least;
    }
    /* Beside the panel, the board with its coordinates takes at least half
     * the window's width (the least window's panel is a little narrower for
     * it), as far as the height holds it. */
    int half = out_w * MARGIN_DEN / (2 * (7 * MARGIN_DEN + 2 * MARGIN_NUM));
    while (2 * (7 * half + 2 * (half * MARGIN_NUM / MARGIN_DEN)) < out_w) {
        half++; /* the margin is whole pixels: rounded down */
    }
    if (!l->panel_below && l->sq < half && half * (7 * MARGIN_DEN + 2 * MARGIN_NUM) / MARGIN_DEN <= out_h) {
        l->sq = half;
    }
    l->margin = l->sq * MARGIN_NUM / MARGIN_DEN;
    /* The coordinates grow with the interface size from what this window
     * shows at 100%, even where the board has become smaller, as far as
     * the margin holds them. */
    l->coord_px = l->margin * 3 / 5;
    if (l->ui_pct > 100) {
        rb_ui_layout at100;
        rb_ui_layout_compute_scaled(&at100, out_w, out_h, win_w, win_h, system_scale, 100);
        int grown = at100.coord_px * l->ui_pct / 100, room = l->margin * 9 / 10;
        grown = grown < room ? grown : room;
        l->coord_px = grown > l->coord_px ? grown : l->coord_px;
    }

    /* The panel is never longer than the board is wide: in a very wide (or
     * very tall) window the spare room goes to both sides of board and panel
     * together, rather than stretching buttons across the screen. */
    int span = 7 * l->sq + 2 * l->margin;
    if (l->panel_below) {
        /* Board centred horizontally at the top; the panel below it. */
        int panel_h = out_h - span > span ? span : out_h - span;
        int top = (out_h - span - panel_h) / 2;
        l->board = (SDL_Rect){(out_w - 7 * l->sq) / 2, top + l->margin, 7 * l->sq, 7 * l->sq};
        l->panel = (SDL_Rect){0, top + span, out_w, panel_h};
    } else {
        /* Board centred vertically at the left; the panel beside it. */
        int panel_w = out_w - span > span ? span : out_w - span;
        int left = (out_w - span - panel_w) / 2;
        int top = (out_h - span) / 2;
        l->board = (SDL_Rect){left + l->margin, top + l->margin, 7 * l->sq, 7 * l->sq};
        l->panel = (SDL_Rect){left + span, 0, panel_w, out_h};
    }
}
