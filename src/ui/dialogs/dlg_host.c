/*
 * dlg_host.c - the host's waiting view (dlg_host.h).
 *
 * The code is the one thing the person must pass on, so it is drawn
 * large, on one line when it fits and else broken after the port, never
 * cut; the addresses under it say which is which, since a friend at home
 * needs another one than a friend across the Internet. The view is laid
 * out once to measure and once to draw, by the same function, so its box
 * is exactly as tall as what it holds in every language and size.
 */
#include "dialogs/dlg_host.h"
#include "words/i18n.h"

#include <stdio.h>
#include <string.h>

#include "kit/text.h"
#include "kit/widget.h"
#include "rb_net_lan.h"
#include "words/lan_words.h"

size_t rb_ui_dlg_host_address_text(const rb_ui_state *st, int i, char *buf, size_t len)
{
    const rb_ui_net_hosting *h = &st->net.hosting;
    if (i < 0 || i >= h->naddrs) {
        buf[0] = '\0';
        return 0;
    }
    const char *what;
    switch ((rb_ui_net_addr_kind)h->addr_kinds[i]) {
    /* TRANSLATORS: what an address of the host's computer is, after the address */
    case RB_UI_NET_ADDR_LAN: what = _("on your local network"); break;
    /* TRANSLATORS: what an address of the host's computer is, after the address */
    case RB_UI_NET_ADDR_PUBLIC: what = _("on the Internet"); break;
    /* TRANSLATORS: what an address of the host's computer is (100.64.0.0/10), after the address */
    case RB_UI_NET_ADDR_SHARED: what = _("a VPN's or the provider's network"); break;
    /* TRANSLATORS: what an address of the host's computer is (169.254.x.x), after the address */
    case RB_UI_NET_ADDR_LINK_LOCAL: what = _("a direct cable, no router"); break;
    /* TRANSLATORS: what an address of the host's computer is (127.0.0.1), after the address */
    case RB_UI_NET_ADDR_LOOPBACK:
    default: what = _("this computer only"); break;
    }
    /* TRANSLATORS: an address the host listens on, then what it is ("on your local network") */
    int n = snprintf(buf, len, i == 0 ? _("%s — %s (in the code)") : _("%s — %s"), h->addrs[i], what);
    return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}

const char *rb_ui_dlg_host_lan_text(const rb_ui_state *st)
{
    const rb_ui_net_hosting *h = &st->net.hosting;
    if (h->lan < 0) {
        return _("Not announced on the local network: the game listens on one address only.");
    }
    if (h->announced) {
        return _("Announced on the local network: friends nearby see your game in their list.");
    }
    switch ((rb_net_lan_state)h->lan) {
    case RB_NET_LAN_STARTING:
    case RB_NET_LAN_READY: return _("Announcing the game on the local network…");
    case RB_NET_LAN_NO_DAEMON:
        return _("Not announced on the local network: the Avahi service (avahi-daemon) is not running. The code "
                 "works all the same.");
    case RB_NET_LAN_UNAVAILABLE:
        return _("Not announced on the local network: this build of Rollerball cannot announce games. The code "
                 "works all the same.");
    case RB_NET_LAN_FAILED:
    default: return _("Announcing the game on the local network failed. The code works all the same.");
    }
}

size_t rb_ui_dlg_host_knock_text(const rb_ui_state *st, char *buf, size_t len)
{
    const rb_ui_net_hosting *h = &st->net.hosting;
    if (!h->knocking) {
        buf[0] = '\0';
        return 0;
    }
    return rb_ui_lan_words_knock(h->knock_name, h->knock_addr, buf, len);
}

/* The code's lines: one, or two broken after the port (rb1:HOST:PORT: and
 * the token) when one line would be too small to read out. */
static int code_lines(rb_app *app, const char *code, int big, int width, char lines[2][RB_UI_NET_CODE_MAX], int *size)
{
    int least = rb_ui_widget_font_px(app);
    *size = rb_ui_text_fit_px(app, code, big, true, width, least);
    const char *cut = strrchr(code, ':');
    if (rb_ui_text_width(app, code, *size, true) <= width || cut == NULL) {
        snprintf(lines[0], sizeof lines[0], "%s", code);
        lines[1][0] = '\0';
        return 1;
    }
    snprintf(lines[0], sizeof lines[0], "%.*s", (int)(cut - code + 1), code);
    snprintf(lines[1], sizeof lines[1], "%s", cut + 1);
    int a = rb_ui_text_fit_px(app, lines[0], big, true, width, least * 2 / 3);
    int b = rb_ui_text_fit_px(app, lines[1], big, true, width, least * 2 / 3);
    *size = a < b ? a : b;
    return 2;
}

/* Wrapped text at y: its height; drawn only when draw. */
static int body_text(rb_app *app, bool draw, const char *text, int px, bool bold, SDL_Color c, int x, int y, int w)
{
    if (!draw) {
        return rb_ui_text_wrapped_height(app, text, px, bold, w);
    }
    return rb_ui_text_draw_wrapped(app, text, px, bold, c, x, y, w);
}

/* The view's content from y down, inside box: its height. Drawn (and its
 * controls recorded) only when draw. */
static int host_body(rb_app *app, const rb_ui_state *st, SDL_Rect box, int y, bool draw)
{
    const rb_ui_net_state *n = &st->net;
    const rb_ui_net_hosting *h = &n->hosting;
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app), small = px * 7 / 8;
    int x = box.x + pad, w = box.w - 2 * pad, top = y;
    const rb_ui_theme *t = app->theme;
    char line[600];
    if (h->joined[0]) {
        /* TRANSLATORS: the host's waiting view, a moment before the board: %s is the friend's name */
        snprintf(line, sizeof line, _("%s has joined. The game begins."), h->joined);
        y += body_text(app, draw, line, px * 4 / 3, true, t->text, x, y, w);
        return y - top;
    }
    y += body_text(app, draw, _("Give your friend this invite code:"), px, false, t->text, x, y, w) + pad / 4;
    char lines[2][RB_UI_NET_CODE_MAX];
    int size, nl = code_lines(app, n->code, px * 2, w, lines, &size);
    int clh = rb_ui_text_line_height(app, size);
    for (int i = 0; i < nl; i++) {
        if (draw) {
            SDL_Rect outer = rb_ui_text_box_begin(app, (SDL_Rect){x, y, w, clh});
            rb_ui_text_draw(app, lines[i], size, true, t->text, x, y + clh / 2, RB_UI_ALIGN_LEFT);
            rb_ui_text_box_end(app, outer);
        }
        y += clh;
    }
    y += pad / 4;
    int bh = rb_ui_dlg_button_h(app);
    /* TRANSLATORS: the button that puts the invite code on the clipboard */
    const char *copy = _("Copy the code (Ctrl+C)");
    int cw = rb_ui_text_width(app, copy, px, false) + 2 * px;
    cw = cw > w ? w : cw < px * 7 ? px * 7 : cw;
    if (draw) {
        rb_ui_dlg_button(app, (SDL_Rect){x, y, cw, bh}, copy, DLG_HOST_COPY, n->code[0] != '\0', false);
    }
    y += bh + pad / 2;
    if (h->note[0]) {
        y += body_text(app, draw, h->note, small, false, t->text_dim, x, y, w) + pad / 4;
    }
    /* TRANSLATORS: the host's waiting view: a heading over the addresses and the port */
    y += body_text(app, draw, _("Your friend connects to:"), px, true, t->text, x, y, w);
    for (int i = 0; i < h->naddrs; i++) {
        rb_ui_dlg_host_address_text(st, i, line, sizeof line);
        y += body_text(app, draw, line, small, false, t->text, x, y, w);
    }
    /* TRANSLATORS: the TCP port the host listens on */
    snprintf(line, sizeof line, _("Port %d (TCP)"), n->port);
    y += body_text(app, draw, line, small, false, t->text, x, y, w) + pad / 2;
    y += body_text(app, draw, rb_ui_dlg_host_lan_text(st), small, false, t->text_dim, x, y, w) + pad / 2;
    if (h->knocking) {
        SDL_Color ask = t->check_glow;
        ask.a = 255;
        rb_ui_dlg_host_knock_text(st, line, sizeof line);
        y += body_text(app, draw, line, px, true, ask, x, y, w) + pad / 4;
        const char *in = rb_ui_lan_words_let_in(), *away = rb_ui_lan_words_turn_away();
        int bw = (w - pad / 2) / 2;
        if (draw) {
            rb_ui_dlg_button(app, (SDL_Rect){x, y, bw, bh}, in, DLG_HOST_LET_IN, true, true);
            rb_ui_dlg_button(app, (SDL_Rect){x + bw + pad / 2, y, bw, bh}, away, DLG_HOST_TURN_AWAY, true, false);
        }
        y += bh + pad / 2;
    } else {
        /* TRANSLATORS: the host's waiting view, until someone connects */
        y += body_text(app, draw, _("Waiting for your friend to join…"), px, false, t->text_dim, x, y, w);
    }
    return y - top;
}

void rb_ui_dlg_host_draw(rb_app *app, const rb_ui_state *st)
{
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int w = px * 30;
    if (w > app->layout.out_w - pad) {
        w = app->layout.out_w - pad;
    }
    int title_h = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2;
    int body_h = host_body(app, st, (SDL_Rect){0, 0, w, 0}, 0, false);
    int joined = st->net.hosting.joined[0] != '\0';
    int h = title_h + body_h + pad + (joined ? 0 : rb_ui_dlg_button_h(app) + pad);
    SDL_Rect box = rb_ui_dlg_frame(app, w, h);
    /* TRANSLATORS: the title of the host's waiting view */
    int y = rb_ui_dlg_title(app, box, _("Hosting a network game"));
    host_body(app, st, box, y, true);
    if (!joined) {
        int bh = rb_ui_dlg_button_h(app);
        /* TRANSLATORS: the host's waiting view: stop hosting, back to the game before */
        const char *stop = _("Stop hosting");
        int sw = rb_ui_text_width(app, stop, px, false) + 2 * px;
        sw = sw < px * 7 ? px * 7 : sw > box.w - 2 * pad ? box.w - 2 * pad : sw;
        rb_ui_dlg_button(app, (SDL_Rect){box.x + box.w - pad - sw, box.y + box.h - pad - bh, sw, bh}, stop, DLG_CANCEL,
                         true, false);
    }
}

rb_ui_cmd rb_ui_dlg_host_click(rb_ui_state *st, int id)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (st->net.hosting.joined[0]) {
        return cmd; /* the game begins: nothing left to choose */
    }
    switch (id) {
    case DLG_HOST_COPY: cmd.kind = RB_UI_CMD_NET_COPY_CODE; break;
    case DLG_HOST_LET_IN:
    case DLG_HOST_TURN_AWAY:
        cmd.kind = RB_UI_CMD_NET_ADMIT;
        cmd.net_admit.yes = id == DLG_HOST_LET_IN;
        break;
    case DLG_CANCEL: cmd.kind = RB_UI_CMD_NET_HOST_CANCEL; break;
    default: break;
    }
    return cmd;
}

rb_ui_cmd rb_ui_dlg_host_key(rb_ui_state *st, SDL_Keycode key, Uint16 mod, bool *used)
{
    *used = true;
    if (key == SDLK_c && (mod & KMOD_CTRL) && !(mod & (KMOD_SHIFT | KMOD_ALT))) {
        return rb_ui_dlg_host_click(st, DLG_HOST_COPY);
    }
    if (key == SDLK_ESCAPE) {
        return rb_ui_dlg_host_click(st, st->net.hosting.knocking ? DLG_HOST_TURN_AWAY : DLG_CANCEL);
    }
    *used = false;
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}
