/*
 * anim.c - the last move's piece slides along the move's own path, so a
 * rebound is seen as a rebound. The position is already updated; the
 * renderer hides the piece on its new square while the animation runs.
 * Motion eases out (fast start, gentle stop) over RB_UI_ANIM_MS.
 */
#include "anim.h"

#include <math.h>

#include "view.h"

void rb_ui_anim_start(rb_app *app, const rb_pos *before, rb_move m)
{
    if (!app->state.settings.animation) {
        app->state.anim.active = false;
        return;
    }
    app->state.anim.active = true;
    app->state.anim.move = m;
    app->state.anim.piece = before->board[RB_MOVE_FROM(m)];
    app->state.anim.start_ms = SDL_GetTicks();
    app->state.anim.duration_ms = RB_UI_ANIM_MS;
    app->dirty = true;
}

void rb_ui_anim_stop(rb_app *app)
{
    if (app->state.anim.active)
        app->dirty = true;
    app->state.anim.active = false;
}

bool rb_ui_anim_point(rb_app *app, Uint32 now_ms, SDL_FPoint *at)
{
    if (!app->state.anim.active)
        return false;
    Uint32 elapsed = now_ms - app->state.anim.start_ms;
    if (elapsed >= app->state.anim.duration_ms) {
        app->state.anim.active = false;
        return false;
    }
    rb_ui_view v = rb_ui_view_of(app);
    float t = (float)elapsed / (float)app->state.anim.duration_ms;
    t = 1.0f - (1.0f - t) * (1.0f - t); /* ease out */

    rb_path path;
    rb_move_path(app->state.anim.move, &path);
    if (path.len < 2) {
        *at = rb_ui_view_center(&v, RB_MOVE_TO(app->state.anim.move));
        return true;
    }
    /* Walk the polyline through the square centres by length. */
    float seg[RB_PATH_MAX], total = 0;
    for (int i = 1; i < path.len; i++) {
        SDL_FPoint a = rb_ui_view_center(&v, path.sq[i - 1]), b = rb_ui_view_center(&v, path.sq[i]);
        seg[i] = sqrtf((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
        total += seg[i];
    }
    float want = t * total;
    for (int i = 1; i < path.len; i++) {
        SDL_FPoint a = rb_ui_view_center(&v, path.sq[i - 1]), b = rb_ui_view_center(&v, path.sq[i]);
        if (want <= seg[i] || i == path.len - 1) {
            float u = seg[i] > 0 ? want / seg[i] : 1.0f;
            if (u > 1.0f)
                u = 1.0f;
            *at = (SDL_FPoint){ a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u };
            return true;
        }
        want -= seg[i];
    }
    *at = rb_ui_view_center(&v, RB_MOVE_TO(app->state.anim.move));
    return true;
}
