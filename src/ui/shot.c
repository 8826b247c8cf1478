/*
 * shot.c - screenshots without a display: the app draws onto a software
 * renderer over a surface (no window), and the surface is written as PNG.
 * The selection and hover go through the same input functions a mouse
 * would, so the picture shows exactly what a player would see.
 */
#include "shot.h"

#include <SDL_image.h>
#include <stdio.h>

#include "input.h"
#include "view.h"

int rb_ui_shot_stage(rb_app *app, const char *select, const char *hover, char *err, size_t errlen)
{
    if (select) {
        int sq = rb_sq_parse(select);
        if (!rb_ui_input_select(&app->state, sq)) {
            snprintf(err, errlen, "--select %s: no piece of the side to move that may move stands there", select);
            return -1;
        }
    }
    if (hover) {
        SDL_FPoint c = rb_ui_app_center(app, rb_sq_parse(hover));
        rb_ui_input_pointer(app, (int)c.x, (int)c.y);
    }
    return 0;
}

int rb_ui_shot_write(rb_app *app, const char *path, char *err, size_t errlen)
{
    if (!app->target) {
        snprintf(err, errlen, "screenshots are drawn off screen only");
        return -1;
    }
    app->state.anim.active = false;
    rb_ui_app_draw(app);
    if (IMG_SavePNG(app->target, path) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, IMG_GetError());
        return -1;
    }
    return 0;
}
