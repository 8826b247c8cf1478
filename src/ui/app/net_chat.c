/*
 * net_chat.c - the chat field of a network game's panel.
 *
 * The board takes typed moves from the keyboard ("c2b3", Enter plays what
 * is typed), so the field must not take keys a player means for the
 * board. It takes the keys only when asked: Enter while no move is being
 * typed, or a click on the field; then every key is the field's (Enter
 * sends, Escape leaves it and keeps the line, a click elsewhere leaves it
 * too), and the window's own keys wait, except those that work
 * everywhere (F6, Ctrl+Q), which are taken before this. A line the
 * protocol refuses (too many in a minute, nobody there) stays in the
 * field, and why is said in the status line.
 */
#include "app/net_chat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialogs/dlg_field.h"
#include "kit/widget.h"
#include "panel/panel.h"
#include "words/i18n.h"

bool rb_ui_net_chat_open(const rb_ui_state *st)
{
    const rb_ui_net_state *n = &st->net;
    return n->active && n->started && !n->finished;
}

static rb_ui_edit draft(rb_ui_net_state *n)
{
    return (rb_ui_edit){n->draft, sizeof n->draft, &n->draft_caret, &n->draft_anchor};
}

static void set_typing(rb_ui_net_state *n, bool on)
{
    if (n->typing != on) {
        n->typing = on;
        if (on) {
            SDL_StartTextInput();
        }
    }
}

/* Typed or pasted text: as much as a line holds, and a word when the
 * rest was cut. */
static void insert(rb_app *app, const char *text)
{
    rb_ui_net_state *n = &app->state.net;
    size_t before = strlen(n->draft), sel = (size_t)abs(n->draft_caret - n->draft_anchor);
    rb_ui_textedit_insert(draft(n), text);
    if (strlen(n->draft) + sel < before + strlen(text)) {
        /* TRANSLATORS: the chat field of a network game is full; %d is how many bytes a line holds */
        rb_ui_state_say(&app->state, false, _("A chat line holds at most %d letters; the rest was left out."),
                        (int)sizeof n->draft - 1);
    }
}

static rb_ui_cmd key(rb_app *app, const SDL_KeyboardEvent *k, bool *used)
{
    rb_ui_state *st = &app->state;
    rb_ui_net_state *n = &st->net;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    SDL_Keycode sym = k->keysym.sym;
    bool enter = sym == SDLK_RETURN || sym == SDLK_KP_ENTER;
    if (!n->typing) {
        /* Enter with no move being typed has nothing to play: it opens
         * the field. A move half typed keeps Enter for itself. */
        if (enter && st->input.ntyped == 0 && !(k->keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))) {
            set_typing(n, true);
            *used = true;
        }
        return none;
    }
    *used = true;
    if (sym == SDLK_ESCAPE) {
        set_typing(n, false);
        return none;
    }
    if (enter) {
        const char *c = n->draft;
        while (*c == ' ') {
            c++;
        }
        if (*c == '\0') {
            set_typing(n, false); /* Enter on an empty line leaves the field */
            return none;
        }
        rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NET_CHAT);
        cmd.net_chat.text = n->draft;
        return cmd;
    }
    bool changed;
    if ((k->keysym.mod & (KMOD_CTRL | KMOD_GUI)) && sym == SDLK_v) {
        char *clip = app->clip_get ? app->clip_get() : NULL;
        if (clip != NULL) {
            insert(app, clip);
        }
        SDL_free(clip);
        return none;
    }
    rb_ui_dlg_field_key(app, draft(n), NULL, sym, k->keysym.mod, &changed);
    return none; /* every other key stays in the field */
}

rb_ui_cmd rb_ui_net_chat_event(rb_app *app, const SDL_Event *ev, bool *used)
{
    rb_ui_state *st = &app->state;
    rb_ui_net_state *n = &st->net;
    *used = false;
    if (!rb_ui_net_chat_open(st)) {
        n->typing = false;
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    switch (ev->type) {
    case SDL_KEYDOWN: return key(app, &ev->key, used);
    case SDL_TEXTINPUT:
        if (n->typing) {
            insert(app, ev->text.text);
            *used = true;
        }
        break;
    case SDL_MOUSEBUTTONDOWN: {
        SDL_Rect r;
        bool on = rb_ui_panel_chat_rect(app, &r) && rb_ui_widget_point_in(r, ev->button.x, ev->button.y);
        set_typing(n, on);
        *used = on;
        break;
    }
    default: break;
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

void rb_ui_net_chat_sent(rb_app *app, int rc, const char *err)
{
    rb_ui_net_state *n = &app->state.net;
    if (rc == 0) {
        n->draft[0] = '\0';
        n->draft_caret = n->draft_anchor = 0;
        return;
    }
    if (strstr(err, "in a minute") != NULL) {
        /* TRANSLATORS: a chat line was refused: too many were sent within a minute */
        rb_ui_state_say(&app->state, true, "%s", _("Too many chat lines in a minute: the line waits in the field."));
    } else {
        /* TRANSLATORS: a chat line was not sent; %s is why, from the network library (in English) */
        rb_ui_state_say(&app->state, true, _("The chat line was not sent: %s"), err);
    }
}
