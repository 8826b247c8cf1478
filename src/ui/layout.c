/*
 * layout.c - the board takes the largest whole-pixel square size that
 * leaves the panel its minimum room; the panel goes to the right of the
 * board or, when that would give a smaller board (a tall window), below it.
 * A margin of a third of a square around the grid holds the coordinates.
 * The board is what the game is played on: whatever the panel would like,
 * the grid is never less than RB_UI_BOARD_SHARE of the window's smaller
 * side; in a small window the panel shrinks (its text scales with it,
 * widgets.c), not the board.
 */
#include "layout.h"

/* Panel minimums in window coordinates, scaled to pixels for high DPI. */
#define PANEL_MIN_W 240
#define PANEL_MIN_H 170
#define MARGIN_NUM 1 /* margin = square * 1/3 */
#define MARGIN_DEN 3

static int square_for(int w, int h)
{
    /* 7 squares plus a margin on both sides: 7 + 2/3 squares. */
    int side = w < h ? w : h;
    int sq = side * MARGIN_DEN / (7 * MARGIN_DEN + 2 * MARGIN_NUM);
    return sq < 8 ? 8 : sq;
}

void rb_ui_layout_compute(rb_ui_layout *l, int out_w, int out_h, int win_w, int win_h)
{
    l->out_w = out_w;
    l->out_h = out_h;
    l->px_per_win_x = win_w > 0 ? (float)out_w / (float)win_w : 1.0f;
    l->px_per_win_y = win_h > 0 ? (float)out_h / (float)win_h : 1.0f;
    int pmin_w = (int)(PANEL_MIN_W * l->px_per_win_x);
    int pmin_h = (int)(PANEL_MIN_H * l->px_per_win_y);

    int sq_right = square_for(out_w - pmin_w, out_h);
    int sq_below = square_for(out_w, out_h - pmin_h);
    l->panel_below = sq_below > sq_right;
    l->sq = l->panel_below ? sq_below : sq_right;
    int side = out_w < out_h ? out_w : out_h;
    int least = (side * RB_UI_BOARD_SHARE_PCT + 7 * 100 - 1) / (7 * 100); /* rounded up */
    if (l->sq < least && least * (7 * MARGIN_DEN + 2 * MARGIN_NUM) / MARGIN_DEN <= side)
        l->sq = least;
    l->margin = l->sq * MARGIN_NUM / MARGIN_DEN;

    /* The panel is never longer than the board is wide: in a very wide (or
     * very tall) window the spare room goes to both sides of board and panel
     * together, rather than stretching buttons across the screen. */
    int span = 7 * l->sq + 2 * l->margin;
    if (l->panel_below) {
        /* Board centred horizontally at the top; the panel below it. */
        int panel_h = out_h - span > span ? span : out_h - span;
        int top = (out_h - span - panel_h) / 2;
        l->board = (SDL_Rect){ (out_w - 7 * l->sq) / 2, top + l->margin, 7 * l->sq, 7 * l->sq };
        l->panel = (SDL_Rect){ 0, top + span, out_w, panel_h };
    } else {
        /* Board centred vertically at the left; the panel beside it. */
        int panel_w = out_w - span > span ? span : out_w - span;
        int left = (out_w - span - panel_w) / 2;
        int top = (out_h - span) / 2;
        l->board = (SDL_Rect){ left + l->margin, top + l->margin, 7 * l->sq, 7 * l->sq };
        l->panel = (SDL_Rect){ left + span, 0, panel_w, out_h };
    }
}
