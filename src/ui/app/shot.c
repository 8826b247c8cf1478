/*
 * shot.c - screenshots without a display: the app draws onto a software
 * renderer over a surface (no window), and the surface is written as PNG.
 * The selection and hover go through the same input functions a mouse
 * would, so the picture shows exactly what a player would see.
 */
#include "app/shot.h"
#include "words/i18n.h"

#include <SDL_image.h>
#include <stdio.h>

#include "app/apply.h"
#include "computer/coach.h"
#include "board/input.h"
#include "board/view.h"

int rb_ui_shot_stage(rb_app *app, const char *select, const char *hover, char *err, size_t errlen)
{
    if (select) {
        int sq = rb_sq_parse(select);
        if (!rb_ui_input_select(&app->state, sq)) {
            snprintf(err, errlen, _("--select %s: no piece of the side to move that may move stands there"), select);
            return -1;
        }
    }
    if (hover) {
        SDL_FPoint c = rb_ui_view_board_center(app, rb_sq_parse(hover));
        rb_ui_input_pointer(app, (int)c.x, (int)c.y);
    }
    return 0;
}

int rb_ui_shot_coach(rb_app *app, rb_ui_coach_kind kind, char *err, size_t errlen)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(kind == RB_UI_COACH_HINT ? RB_UI_CMD_HINT : RB_UI_CMD_THREAT);
    cmd.threat.show = true; /* (a hint has nothing more to say) */
    if (rb_ui_apply(app, &cmd) != 0) {
        snprintf(err, errlen, "%s: %s", kind == RB_UI_COACH_HINT ? "--show-hint" : "--show-threat", app->state.status);
        return -1;
    }
    /* The answer comes as an event, as in the window's loop. */
    Uint32 end = SDL_GetTicks() + 4 * RB_UI_COACH_MS;
    while (app->state.coach.shown == RB_UI_COACH_NONE && !SDL_TICKS_PASSED(SDL_GetTicks(), end)) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 20)) {
            rb_ui_app_event(app, &ev);
        }
    }
    return 0;
}

int rb_ui_shot_write(rb_app *app, const char *path, char *err, size_t errlen)
{
    if (!app->target) {
        snprintf(err, errlen, "%s", _("screenshots are drawn off screen only"));
        return -1;
    }
    app->state.anim.active = false;
    rb_ui_app_draw(app);
    if (IMG_SavePNG(app->target, path) != 0) {
        snprintf(err, errlen, _("cannot write %s: %s"), path, IMG_GetError());
        return -1;
    }
    return 0;
}
