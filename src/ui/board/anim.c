/*
 * anim.c - the last move's piece slides along the move's own path, so a
 * rebound is seen as a rebound. The position is already updated; the
 * renderer hides the piece on its new square while the animation runs.
 * Motion eases out (fast start, gentle stop) over RB_UI_ANIM_MS.
 * Where the piece is at a time is a pure question, so drawing never ends
 * an animation; the app ends it (rb_ui_anim_over) before drawing a frame.
 */
#include "board/anim.h"

#include <math.h>

#include "board/view.h"

void rb_ui_anim_start(rb_ui_anim *a, const rb_ui_settings *settings, const rb_pos *before, rb_move m, Uint32 now_ms)
{
    if (!settings->animation) {
        a->active = false;
        return;
    }
    a->active = true;
    a->move = m;
    a->piece = before->board[RB_MOVE_FROM(m)];
    a->start_ms = now_ms;
    a->duration_ms = RB_UI_ANIM_MS;
}

void rb_ui_anim_stop(rb_ui_anim *a)
{
    a->active = false;
}

bool rb_ui_anim_over(const rb_ui_anim *a, Uint32 now_ms)
{
    return a->active && now_ms - a->start_ms >= a->duration_ms;
}

bool rb_ui_anim_point(const rb_ui_anim *a, const rb_ui_view *view, Uint32 now_ms, SDL_FPoint *at)
{
    if (!a->active || rb_ui_anim_over(a, now_ms)) {
        return false;
    }
    const rb_ui_view v = *view;
    Uint32 elapsed = now_ms - a->start_ms;
    float t = (float)elapsed / (float)a->duration_ms;
    t = 1.0f - (1.0f - t) * (1.0f - t); /* ease out */

    rb_path path;
    rb_move_path(a->move, &path);
    if (path.len < 2) {
        *at = rb_ui_view_center(&v, RB_MOVE_TO(a->move));
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
            if (u > 1.0f) {
                u = 1.0f;
            }
            *at = (SDL_FPoint){a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u};
            return true;
        }
        want -= seg[i];
    }
    *at = rb_ui_view_center(&v, RB_MOVE_TO(a->move));
    return true;
}
