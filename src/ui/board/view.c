/*
 * view.c - the board's orientation. Flipping is a half turn (both axes),
 * so clockwise stays clockwise on screen either way.
 */
#include "board/view.h"

#include "rb_util_assert.h"

rb_ui_view rb_ui_view_of(const rb_app *app)
{
    return (rb_ui_view){app->layout.board, app->layout.sq, app->layout.margin, app->state.flipped,
                        app->layout.coord_px};
}

rb_ui_view rb_ui_view_fit(SDL_Rect area, bool with_margin, bool flipped)
{
    int side = area.w < area.h ? area.w : area.h;
    /* 7 squares, plus a third of a square on each side for coordinates */
    int sq = with_margin ? side * 3 / 23 : side / 7;
    if (sq < 1) {
        sq = 1;
    }
    int margin = with_margin ? sq / 3 : 0;
    SDL_Rect b = {area.x + (area.w - 7 * sq) / 2, area.y + (area.h - 7 * sq) / 2, 7 * sq, 7 * sq};
    return (rb_ui_view){b, sq, margin, flipped, 0};
}

int rb_ui_view_col(const rb_ui_view *v, int file)
{
    return v->flipped ? 6 - file : file;
}

int rb_ui_view_row(const rb_ui_view *v, int rank)
{
    return v->flipped ? rank : 6 - rank;
}

int rb_ui_view_square_at(const rb_ui_view *v, int x, int y)
{
    const SDL_Rect *b = &v->board;
    if (v->sq <= 0 || x < b->x || y < b->y || x >= b->x + b->w || y >= b->y + b->h) {
        return -1;
    }
    int col = (x - b->x) / v->sq;
    int row = (y - b->y) / v->sq;
    if (col > 6 || row > 6) {
        return -1;
    }
    int file = v->flipped ? 6 - col : col;
    int rank = v->flipped ? row : 6 - row;
    return rb_sq_at(file, rank);
}

SDL_Rect rb_ui_view_rect(const rb_ui_view *v, int sq)
{
    RB_ASSERT(sq >= 0 && sq < RB_NSQ);
    int s = v->sq;
    return (SDL_Rect){v->board.x + rb_ui_view_col(v, rb_sq_file(sq)) * s,
                      v->board.y + rb_ui_view_row(v, rb_sq_rank(sq)) * s, s, s};
}

SDL_FPoint rb_ui_view_center(const rb_ui_view *v, int sq)
{
    SDL_Rect r = rb_ui_view_rect(v, sq);
    return (SDL_FPoint){(float)r.x + (float)r.w * 0.5f, (float)r.y + (float)r.h * 0.5f};
}

SDL_FPoint rb_ui_view_dir(const rb_ui_view *v, int dir)
{
    static const SDL_FPoint steps[4] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    SDL_FPoint d = steps[dir & 3];
    if (v->flipped) {
        d.x = -d.x;
        d.y = -d.y;
    }
    return d;
}

SDL_Rect rb_ui_view_hole(const rb_ui_view *v)
{
    int s = v->sq;
    return (SDL_Rect){v->board.x + 2 * s, v->board.y + 2 * s, 3 * s, 3 * s};
}

void rb_ui_view_chooser(const rb_ui_view *v, int to, SDL_Rect cells[2])
{
    SDL_Rect r = rb_ui_view_rect(v, to);
    int row = (r.y - v->board.y) / v->sq;
    cells[0] = r;
    cells[1] = r;
    cells[1].y += row < 3 ? r.h : -r.h;
}

int rb_ui_view_board_square_at(const rb_app *app, int x, int y)
{
    rb_ui_view v = rb_ui_view_of(app);
    return rb_ui_view_square_at(&v, x, y);
}

SDL_FPoint rb_ui_view_board_center(const rb_app *app, int sq)
{
    rb_ui_view v = rb_ui_view_of(app);
    return rb_ui_view_center(&v, sq);
}
