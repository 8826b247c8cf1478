/*
 * explain.c - a refused move explained: the sentence (explain_words.c) in a
 * box at the edge of the board away from the squares it is about, a cross
 * on the square aimed at, the attackers' paths to the king drawn as red
 * arrows, the square in the way ringed and the route up to it dashed.
 *
 * Everything is drawn over the finished board (after the cached layer and
 * the pieces), so the layer's key need not know about it. The explanation
 * is timed state: the event loop sleeps until rb_ui_explain_wake() and
 * rb_ui_explain_tick() ends it, so a waiting window costs nothing.
 */
#include "board/explain.h"

#include <math.h>
#include <string.h>

#include "kit/draw.h"
#include "words/explain_words.h"
#include "words/i18n.h"
#include "kit/text.h"
#include "board/view.h"

static const SDL_Color explain_red = {214, 40, 40, 230};
static const SDL_Color explain_dark = {30, 10, 10, 200};

rb_ui_cmd rb_ui_explain_cmd(int from, int to, int promo)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_EXPLAIN);
    cmd.explain = (rb_ui_cmd_attempt){from, to, promo}; /* need not be a move */
    return cmd;
}

void rb_ui_explain_say(rb_ui_state *st, const rb_pos *pos, rb_move m)
{
    rb_explanation e;
    char why[RB_UI_EXPLAIN_TEXT_MAX];
    if (rb_explain_move(pos, RB_MOVE_FROM(m), RB_MOVE_TO(m), RB_MOVE_PROMO(m), &e) == 0) {
        rb_ui_explain_words(&e, why, sizeof why);
        rb_ui_state_say(st, false, "%s", why);
    } else {
        rb_ui_state_say(st, false, "%s", _("That is not a move."));
    }
}

void rb_ui_explain_say_refused(rb_ui_state *st, const char *typed, const rb_explanation *e)
{
    char why[RB_UI_EXPLAIN_TEXT_MAX];
    rb_ui_explain_words(e, why, sizeof why);
    /* TRANSLATORS: what was typed (like c2b3), then why it is no move */
    rb_ui_state_say(st, false, _("%s: %s"), typed, why);
    if (st->refused != typed) {
        SDL_strlcpy(st->refused, typed, sizeof st->refused);
    }
    st->refusal = *e;
    st->status_about = RB_UI_STATUS_REFUSED;
}

void rb_ui_explain_say_refused_again(rb_ui_state *st)
{
    /* Still the line said (the screens put their own lines back as text). */
    size_t n = strlen(st->refused);
    if (st->status_about == RB_UI_STATUS_REFUSED && n > 0 && strncmp(st->status, st->refused, n) == 0) {
        rb_ui_explain_say_refused(st, st->refused, &st->refusal);
    }
}

void rb_ui_explain_clear(rb_ui_state *st)
{
    memset(&st->explain, 0, sizeof st->explain);
    st->explain.blocker = -1;
}

void rb_ui_explain_attempt(rb_ui_state *st, int from, int to, int promo, Uint32 now_ms)
{
    rb_explanation e;
    int rc = rb_ui_state_browsing(st) ? rb_explain_move(rb_ui_state_pos(st), from, to, promo, &e)
                                      : rb_explain_game_move(&st->game, from, to, promo, &e);
    rb_ui_explain_clear(st);
    if (rc == 0) {
        rb_ui_explain_show(st, &e, now_ms);
    }
}

void rb_ui_explain_show(rb_ui_state *st, const rb_explanation *e, Uint32 now_ms)
{
    rb_ui_explain_clear(st);
    if (e->reason == RB_EXPLAIN_LEGAL) {
        return;
    }
    rb_ui_explain_state *x = &st->explain;
    x->shown = true;
    rb_ui_explain_words(e, x->text, sizeof x->text);
    x->reason = e->reason;
    x->from = e->from;
    x->to = e->to;
    x->squares = e->squares;
    if (e->reason == RB_EXPLAIN_BLOCKED) {
        x->blocker = e->blocker;
        x->route = e->route;
    }
    if (e->reason == RB_EXPLAIN_KING_ATTACKED) {
        x->nattackers = e->nattackers;
        memcpy(x->attacks, e->attacks, sizeof x->attacks);
    }
    /* 0 means "no time": a window opened in its first millisecond still
     * gets its explanation back. */
    x->until_ms = now_ms + RB_UI_EXPLAIN_MS;
    if (x->until_ms == 0) {
        x->until_ms = 1;
    }
}

bool rb_ui_explain_tick(rb_ui_state *st, Uint32 now_ms)
{
    if (!st->explain.shown || !SDL_TICKS_PASSED(now_ms, st->explain.until_ms)) {
        return false;
    }
    rb_ui_explain_clear(st);
    return true;
}

Uint32 rb_ui_explain_wake(const rb_ui_state *st)
{
    return st->explain.shown ? st->explain.until_ms : 0;
}

/* A path through square centres, arrow at its end (the king). */
static void draw_route(rb_app *app, const rb_ui_view *v, const rb_path *p, int upto, bool dashed)
{
    float s = (float)v->sq, w = s * 0.08f;
    int n = upto < p->len ? upto + 1 : p->len;
    if (n < 2) {
        return;
    }
    SDL_FPoint pts[RB_PATH_MAX];
    for (int i = 0; i < n; i++) {
        pts[i] = rb_ui_view_center(v, p->sq[i]);
    }
    SDL_FPoint tip = pts[n - 1], prev = pts[n - 2];
    float dx = tip.x - prev.x, dy = tip.y - prev.y, len = sqrtf(dx * dx + dy * dy);
    SDL_FPoint dir = {dx / len, dy / len};
    /* stop short of the target's centre: the arrow points at the piece */
    tip = (SDL_FPoint){tip.x - dir.x * s * 0.22f, tip.y - dir.y * s * 0.22f};
    pts[n - 1] = (SDL_FPoint){tip.x - dir.x * w * 2.0f, tip.y - dir.y * w * 2.0f};
    for (int i = 0; i + 1 < n; i++) {
        if (dashed) {
            rb_ui_draw_dashed(app->renderer, pts[i], pts[i + 1], w, s * 0.14f, explain_red);
        } else {
            SDL_FPoint seg[2] = {pts[i], pts[i + 1]};
            rb_ui_draw_polyline(app->renderer, seg, 2, w * 1.6f, explain_dark);
            rb_ui_draw_polyline(app->renderer, seg, 2, w, explain_red);
        }
    }
    if (!dashed) {
        rb_ui_draw_arrowhead(app->renderer, tip, dir, w * 3.2f, w * 3.6f, explain_dark);
        rb_ui_draw_arrowhead(app->renderer, (SDL_FPoint){tip.x - dir.x * w * 0.4f, tip.y - dir.y * w * 0.4f}, dir,
                             w * 2.6f, w * 3.0f, explain_red);
    }
}

static void ring_square(rb_app *app, const rb_ui_view *v, int sq)
{
    float s = (float)v->sq;
    SDL_FPoint c = rb_ui_view_center(v, sq);
    rb_ui_draw_ring(app->renderer, c, s * 0.40f, s * 0.49f, explain_dark);
    rb_ui_draw_ring(app->renderer, c, s * 0.42f, s * 0.47f, explain_red);
}

/* A cross on the square the piece was meant to go to. */
static void cross_square(rb_app *app, const rb_ui_view *v, int sq)
{
    float s = (float)v->sq, d = s * 0.16f;
    SDL_FPoint c = rb_ui_view_center(v, sq);
    for (int k = 0; k < 2; k++) {
        float w = k == 0 ? s * 0.11f : s * 0.065f;
        SDL_Color col = k == 0 ? explain_dark : explain_red;
        SDL_FPoint a[2] = {{c.x - d, c.y - d}, {c.x + d, c.y + d}};
        SDL_FPoint b[2] = {{c.x - d, c.y + d}, {c.x + d, c.y - d}};
        rb_ui_draw_polyline(app->renderer, a, 2, w, col);
        rb_ui_draw_polyline(app->renderer, b, 2, w, col);
    }
}

/* The sentence in a box across the board, at the top or the bottom,
 * whichever is further from the squares it speaks of. */
static void draw_sentence(rb_app *app, const rb_ui_view *v, const rb_ui_explain_state *x)
{
    int s = v->sq, px = s / 4 > 12 ? s / 4 : 12;
    int pad = px / 2, w = v->board.w - s / 2;
    int th = rb_ui_text_wrapped_height(app, x->text, px, true, w - 2 * pad);
    int h = th + 2 * pad;
    rb_bb marks = x->squares | (rb_bb)1 << x->from | (rb_bb)1 << x->to;
    int rows = 0, n = 0;
    for (rb_bb b = marks; b; b &= b - 1, n++) {
        rows += rb_ui_view_row(v, rb_sq_rank(rb_lsb(b)));
    }
    bool top = n == 0 || rows * 2 >= n * 6; /* rows 0..6 from the top: low marks, box at the top */
    SDL_Rect box = {v->board.x + (v->board.w - w) / 2, top ? v->board.y + s / 8 : v->board.y + v->board.h - s / 8 - h,
                    w, h};
    rb_ui_draw_rect(app->renderer, box, (SDL_Color){25, 25, 30, 225});
    rb_ui_draw_frame(app->renderer, box, s / 24 + 1, explain_red);
    rb_ui_text_draw_wrapped(app, x->text, px, true, (SDL_Color){255, 255, 255, 255}, box.x + pad, box.y + pad,
                            w - 2 * pad);
}

void rb_ui_explain_draw_checks(rb_app *app, const rb_ui_view *v, const rb_pos *pos)
{
    rb_path paths[RB_EXPLAIN_ATTACKERS_MAX];
    int n = rb_explain_checks(pos, paths);
    for (int i = 0; i < n; i++) {
        draw_route(app, v, &paths[i], RB_PATH_MAX, false);
    }
}

void rb_ui_explain_draw(rb_app *app, const rb_ui_state *st)
{
    const rb_ui_explain_state *x = &st->explain;
    if (!x->shown) {
        return;
    }
    rb_ui_view v = rb_ui_view_of(app);
    bool moved =
        x->reason == RB_EXPLAIN_UNREACHABLE || x->reason == RB_EXPLAIN_BLOCKED || x->reason == RB_EXPLAIN_KING_ATTACKED;
    if (moved && x->to != x->from && x->to != x->blocker) {
        cross_square(app, &v, x->to);
    }
    if (x->reason == RB_EXPLAIN_KING_ATTACKED) {
        for (int i = 0; i < x->nattackers; i++) {
            draw_route(app, &v, &x->attacks[i], RB_PATH_MAX, false);
        }
        for (int i = 0; i < x->nattackers; i++) {
            ring_square(app, &v, x->attacks[i].sq[0]);
        }
    } else if (x->reason == RB_EXPLAIN_BLOCKED && x->blocker >= 0) {
        int upto = 0;
        while (upto < x->route.len && x->route.sq[upto] != x->blocker) {
            upto++;
        }
        draw_route(app, &v, &x->route, upto, true);
        ring_square(app, &v, x->blocker);
    } else {
        for (rb_bb b = x->squares; b; b &= b - 1) {
            ring_square(app, &v, rb_lsb(b));
        }
    }
    draw_sentence(app, &v, x);
}
