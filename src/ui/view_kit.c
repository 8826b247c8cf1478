/*
 * view_kit.c - the small pieces the panel-taking screens share (see
 * view_kit.h for why they live together).
 */
#include "view_kit.h"

#include <string.h>

#include "input.h"
#include "widgets.h"

int rb_ui_kit_button_at(const SDL_Rect *rects, const bool *shown, int n, int x, int y)
{
    for (int i = 0; i < n; i++)
        if (shown[i] && rb_ui_point_in(rects[i], x, y))
            return i;
    return -1;
}

bool rb_ui_kit_label_rect(const char *const *labels, const SDL_Rect *rects, const bool *shown, int n,
                          const char *label, SDL_Rect *r)
{
    for (int i = 0; i < n; i++)
        if (shown[i] && strcmp(labels[i], label) == 0) {
            *r = rects[i];
            return true;
        }
    return false;
}

bool rb_ui_kit_pointer(const SDL_Event *ev, int *x, int *y)
{
    switch (ev->type) {
    case SDL_MOUSEMOTION:
        *x = ev->motion.x;
        *y = ev->motion.y;
        return true;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        *x = ev->button.x;
        *y = ev->button.y;
        return true;
    default:
        return false;
    }
}

rb_ui_cmd rb_ui_kit_key_to_board(rb_app *app, const SDL_KeyboardEvent *k)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.key = *k;
    ev.type = SDL_KEYDOWN;
    return rb_ui_input_event(app, &ev);
}
