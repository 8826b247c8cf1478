/*
 * view.c - the board's orientation. Flipping is a half turn (both axes),
 * so clockwise stays clockwise on screen either way.
 */
#include "view.h"

int rb_ui_view_col(const rb_app *app, int file)
{
    return app->flipped ? 6 - file : file;
}

int rb_ui_view_row(const rb_app *app, int rank)
{
    return app->flipped ? rank : 6 - rank;
}

int rb_ui_view_square_at(const rb_app *app, int x, int y)
{
    const SDL_Rect *b = &app->layout.board;
    if (x < b->x || y < b->y || x >= b->x + b->w || y >= b->y + b->h)
        return -1;
    int col = (x - b->x) / app->layout.sq;
    int row = (y - b->y) / app->layout.sq;
    if (col > 6 || row > 6)
        return -1;
    int file = app->flipped ? 6 - col : col;
    int rank = app->flipped ? row : 6 - row;
    return rb_sq_at(file, rank);
}

SDL_Rect rb_ui_view_rect(const rb_app *app, int sq)
{
    int s = app->layout.sq;
    return (SDL_Rect){ app->layout.board.x + rb_ui_view_col(app, rb_sq_file(sq)) * s,
                       app->layout.board.y + rb_ui_view_row(app, rb_sq_rank(sq)) * s, s, s };
}

SDL_FPoint rb_ui_view_center(const rb_app *app, int sq)
{
    SDL_Rect r = rb_ui_view_rect(app, sq);
    return (SDL_FPoint){ (float)r.x + (float)r.w * 0.5f, (float)r.y + (float)r.h * 0.5f };
}

SDL_FPoint rb_ui_view_dir(const rb_app *app, int dir)
{
    static const SDL_FPoint steps[4] = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } };
    SDL_FPoint d = steps[dir & 3];
    if (app->flipped) {
        d.x = -d.x;
        d.y = -d.y;
    }
    return d;
}

SDL_Rect rb_ui_view_hole(const rb_app *app)
{
    int s = app->layout.sq;
    return (SDL_Rect){ app->layout.board.x + 2 * s, app->layout.board.y + 2 * s, 3 * s, 3 * s };
}

void rb_ui_view_chooser(const rb_app *app, int to, SDL_Rect cells[2])
{
    SDL_Rect r = rb_ui_view_rect(app, to);
    int row = (r.y - app->layout.board.y) / app->layout.sq;
    cells[0] = r;
    cells[1] = r;
    cells[1].y += row < 3 ? r.h : -r.h;
}
