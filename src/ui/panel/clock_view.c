/*
 * clock_view.c - the clocks in the side panel (clock_view.h).
 *
 * White's clock is on the left, as the move list has White's moves on the
 * left; the boxes do not swap when the board is flipped, so a glance finds
 * a side's time where it always is.
 */
#include "panel/clock_view.h"
#include "words/i18n.h"

#include <stdio.h>

#include "kit/draw.h"
#include "state/game_clock.h"
#include "kit/text.h"
#include "kit/widget.h"

int rb_ui_clock_view_draw(rb_app *app, const rb_ui_state *st, SDL_Rect col, int y)
{
    if (!rb_ui_game_clock_timed(st)) {
        return y;
    }
    const rb_ui_theme *t = app->theme;
    const rb_ui_clock *c = &st->clock;
    int64_t now = rb_ui_window_now_ms(app);
    int px = rb_ui_widget_font_px(app), small = px * 7 / 8, big = px * 3 / 2;
    int gap = px / 2, pad = px / 3;
    int label_h = rb_ui_text_line_height(app, small), time_h = rb_ui_text_line_height(app, big);
    int w = (col.w - gap) / 2, h = pad + label_h + time_h + pad;
    const rb_game *g = &st->game;
    bool over = rb_game_ending_at(g, st->browsing ? g->length : g->ply) != RB_END_NONE;
    SDL_Color red = t->check_glow;
    red.a = 255;
    for (int side = 0; side < 2; side++) {
        SDL_Rect box = {col.x + side * (w + gap), y, w, h};
        bool running = c->running == side && !c->paused;
        bool fallen = c->flagged == side;
        bool low = fallen || rb_ui_clock_low(c, side, now);
        SDL_Color fill = rb_ui_widget_mix(t->panel_bg, t->text, running ? 0.16f : 0.06f);
        fill.a = 255;
        rb_ui_draw_rect(app->renderer, box, fill);
        if (running || fallen) {
            rb_ui_draw_frame(app->renderer, box, px / 8 > 2 ? px / 8 : 2, low ? red : t->text);
        }
        char label[96];
        bool paused = c->paused && c->running == side && !over;
        /* TRANSLATORS: the label over a clock */
        const char *const names[2][2] = {{_("White"), _("White (paused)")}, {_("Black"), _("Black (paused)")}};
        snprintf(label, sizeof label, "%s", names[side][paused]);
        rb_ui_text_draw(app, label, small, false, t->text_dim, box.x + pad * 2, box.y + pad + label_h / 2,
                        RB_UI_ALIGN_LEFT);
        char time[RB_UI_CLOCK_TEXT_MAX];
        if (!rb_ui_tc_timed(c->tc[side])) {
            snprintf(time, sizeof time, "\u2013");
        } else if (fallen) {
            snprintf(time, sizeof time, "%s", _("Time!"));
        } else {
            rb_ui_clock_format(rb_ui_clock_left(c, side, now), time, sizeof time);
        }
        rb_ui_text_draw(app, time, big, true, low ? red : t->text, box.x + box.w - pad * 2,
                        box.y + pad + label_h + time_h / 2, RB_UI_ALIGN_RIGHT);
    }
    return y + h + px / 2;
}
