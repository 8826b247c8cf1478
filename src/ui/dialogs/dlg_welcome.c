/*
 * dlg_welcome.c - the first thing a newcomer sees: Rollerball in two
 * sentences and three big choices, learning first (it is the one a person
 * who has never played should take). Each choice leaves as a command:
 * learning opens the Learn screen's lesson map, the two games start a new
 * game at once. Esc or Close leaves the board as it is, with a game
 * against the computer the welcome offers waiting (app.c). The keyboard
 * starts on learning, the highlighted choice, and Enter takes it.
 */
#include "dialogs/dlg_welcome.h"
#include "words/i18n.h"

#include <stdio.h>

#include "rb_engine.h"
#include "kit/text.h"
#include "kit/widget.h"

enum { WELCOME_LEARN = DLG_WELCOME, WELCOME_COMPUTER, WELCOME_FRIEND, WELCOME_ONLINE };

static const char *const welcome_text =
    N_("Rollerball is a chess variant for two players on a ring of squares around a hole, where every piece "
       "follows the flow clockwise and bishops bounce off the walls. You win by checkmate, or by bringing your "
       "king round the ring to the enemy king's starting square.");

void rb_ui_dlg_welcome_draw(rb_app *app, const rb_ui_state *st)
{
    (void)st;
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int w = px * 30;
    if (w > app->layout.out_w - pad) {
        w = app->layout.out_w - pad;
    }
    int text_h = rb_ui_text_wrapped_height(app, _(welcome_text), px, false, w - 2 * pad);
    int big = rb_ui_dlg_button_h(app) * 3 / 2, gap = pad / 2;
    int lh = rb_ui_text_line_height(app, px);
    int h = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + text_h + pad + 4 * big + 3 * gap + pad / 2 + lh +
            pad + rb_ui_dlg_button_h(app) + pad;
    SDL_Rect box = rb_ui_dlg_frame(app, w, h);
    int y = rb_ui_dlg_title(app, box, _("Welcome to Rollerball"));
    y += rb_ui_text_draw_wrapped(app, _(welcome_text), px, false, app->theme->text, box.x + pad, y, box.w - 2 * pad);
    y += pad;
    char computer[192];
    /* TRANSLATORS: a button; %s is the name of the computer's level, like "novice" */
    snprintf(computer, sizeof computer, _("Play the computer (%s)"), _(rb_level_name(RB_UI_WELCOME_LEVEL)));
    /* TRANSLATORS: a button of the welcome: play strangers on a server */
    const char *labels[4] = {_("Learn to play (recommended)"), computer, _("Play a friend"), _("Play online")};
    for (int i = 0; i < 4; i++) {
        SDL_Rect r = {box.x + pad, y, box.w - 2 * pad, big};
        rb_ui_dlg_button(app, r, labels[i], WELCOME_LEARN + i, true, i == 0);
        y += big + gap;
    }
    y += pad / 2 - gap;
    rb_ui_text_draw(app, _("Help (F1) brings you back here."), px * 7 / 8, false, app->theme->text_dim, box.x + pad,
                    y + lh / 2, RB_UI_ALIGN_LEFT);
    /* Close where a dialog's default button goes, but not drawn as the
     * default: the one highlighted choice, which Enter takes, is learning. */
    const char *close = _("Close");
    int bh = rb_ui_dlg_button_h(app), cw = rb_ui_text_width(app, close, px, false) + 2 * px;
    if (cw < 6 * px) {
        cw = 6 * px;
    }
    rb_ui_dlg_button(app, (SDL_Rect){box.x + box.w - pad - cw, box.y + box.h - pad - bh, cw, bh}, close, DLG_OK, true,
                     false);
}

rb_ui_cmd rb_ui_dlg_welcome_click(rb_ui_state *st, int id)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    switch (id) {
    case WELCOME_LEARN:
        cmd.kind = RB_UI_CMD_LEARN;
        cmd.learn.chapter = -1; /* the lesson map */
        break;
    case WELCOME_COMPUTER:
        cmd.kind = RB_UI_CMD_NEW_GAME;
        cmd.new_game.person = RB_WHITE;
        cmd.new_game.players[RB_WHITE] = (rb_ui_player){RB_UI_HUMAN, RB_UI_WELCOME_LEVEL};
        cmd.new_game.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, RB_UI_WELCOME_LEVEL};
        break;
    case WELCOME_FRIEND:
        cmd.kind = RB_UI_CMD_NEW_GAME;
        cmd.new_game.person = -1;
        cmd.new_game.players[RB_WHITE] = (rb_ui_player){RB_UI_HUMAN, st->players[RB_WHITE].level};
        cmd.new_game.players[RB_BLACK] = (rb_ui_player){RB_UI_HUMAN, st->players[RB_BLACK].level};
        break;
    case WELCOME_ONLINE:
        cmd.kind = RB_UI_CMD_OPEN_DIALOG;
        cmd.open_dialog.dialog = RB_UI_DIALOG_ONLINE;
        break;
    case DLG_OK:
    case DLG_CANCEL: rb_ui_dlg_close(st); break;
    default: break;
    }
    return cmd;
}

rb_ui_cmd rb_ui_dlg_welcome_key(rb_ui_state *st, SDL_Keycode key)
{
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER) {
        return rb_ui_dlg_welcome_click(st, WELCOME_LEARN);
    }
    if (key == SDLK_ESCAPE) {
        rb_ui_dlg_close(st);
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}
