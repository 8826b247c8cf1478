/*
 * view_kit.c - the small pieces the panel-taking screens share (see
 * view_kit.h for why they live together).
 */
#include "screen/view_kit.h"

#include <string.h>

#include "board/input.h"
#include "kit/text.h"
#include "kit/widget.h"

int rb_ui_view_kit_button_at(const SDL_Rect *rects, const bool *shown, int n, int x, int y)
{
    for (int i = 0; i < n; i++) {
        if (shown[i] && rb_ui_widget_point_in(rects[i], x, y)) {
            return i;
        }
    }
    return -1;
}

bool rb_ui_view_kit_label_rect(const char *const *labels, const SDL_Rect *rects, const bool *shown, int n,
                               const char *label, SDL_Rect *r)
{
    for (int i = 0; i < n; i++) {
        if (shown[i] && strcmp(labels[i], label) == 0) {
            *r = rects[i];
            return true;
        }
    }
    return false;
}

bool rb_ui_view_kit_pointer(const SDL_Event *ev, int *x, int *y)
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
    default: return false;
    }
}

rb_ui_cmd rb_ui_view_kit_key_to_board(rb_app *app, const SDL_KeyboardEvent *k)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.key = *k;
    ev.type = SDL_KEYDOWN;
    return rb_ui_input_event(app, &ev);
}

bool rb_ui_view_kit_window_key(const SDL_KeyboardEvent *k)
{
    SDL_Keycode key = k->keysym.sym;
    return (k->keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) || (key >= SDLK_F1 && key <= SDLK_F12);
}

bool rb_ui_view_kit_panel_pointer(rb_app *app, const SDL_Event *ev, bool *used, rb_ui_cmd *cmd, int *x, int *y)
{
    *cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (ev->type == SDL_WINDOWEVENT) {
        *cmd = rb_ui_input_event(app, ev);
        return false;
    }
    if (ev->type == SDL_MOUSEWHEEL) {
        *used = true;
        return false;
    }
    if (!rb_ui_view_kit_pointer(ev, x, y)) {
        return false;
    }
    *used = true;
    return true;
}

bool rb_ui_view_kit_board_has_pointer(const rb_app *app, SDL_Rect panel, const SDL_Event *ev, int x, int y,
                                      int *pressed)
{
    rb_ui_input_state in = app->state.input.state;
    bool board_has_mouse = in == RB_UI_DRAGGING || in == RB_UI_PRESSED;
    if (!board_has_mouse && rb_ui_widget_point_in(panel, x, y)) {
        return false;
    }
    if (ev->type == SDL_MOUSEBUTTONUP) {
        *pressed = -1;
    }
    return true;
}

int rb_ui_view_kit_button_click(const SDL_Event *ev, int *pressed, int hover, const bool *enabled)
{
    bool left =
        (ev->type == SDL_MOUSEBUTTONDOWN || ev->type == SDL_MOUSEBUTTONUP) && ev->button.button == SDL_BUTTON_LEFT;
    if (left && ev->type == SDL_MOUSEBUTTONDOWN) {
        *pressed = hover;
    }
    if (left && ev->type == SDL_MOUSEBUTTONUP) {
        return rb_ui_view_kit_release(pressed, hover, enabled);
    }
    return -1;
}

int rb_ui_view_kit_release(int *pressed, int under, const bool *enabled)
{
    int b = *pressed;
    *pressed = -1;
    return b >= 0 && b == under && enabled[b] ? b : -1;
}

void rb_ui_view_kit_status(rb_app *app, const char *text, int px, SDL_Rect col, int y, int below)
{
    if (!text[0]) {
        return;
    }
    SDL_Rect clip = {col.x, y, col.w, below > y ? below - y : 0};
    SDL_RenderSetClipRect(app->renderer, &clip);
    rb_ui_text_draw_wrapped(app, text, px, false, app->theme->text, col.x, y, col.w);
    SDL_RenderSetClipRect(app->renderer, NULL);
}
