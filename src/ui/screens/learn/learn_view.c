/*
 * learn_view.c - the Learn screen drawn, and its clicks and keys.
 *
 * The map: every chapter a row, its stages as buttons with the stars won
 * (drawn as the throne's star is, filled for won, faint for not yet). A
 * stage: the lesson's board where the game's board goes, the target stars
 * on their squares, the hint's path; beside it the chapter, the stage's
 * title, its goal in words, the teaching text, what the last move brought,
 * the moves against par, and Retry, Hint, Map and (when done) Next.
 * The board is the game's board and takes the game's input (board/input.c:
 * click, drag and drop, typed moves, the promotion chooser), on the
 * lesson's position (rb_ui_state_pos); a move it makes, or an attempt the
 * rules refuse, goes to the lesson, which plays it or explains why not.
 * The board's symbols explain themselves when pointed at, as in a game.
 */
#include "screens/learn/learn_view.h"

#include "screens/learn/learn.h"
#include "words/i18n.h"
#include "words/learn_words.h"

#include <stdio.h>
#include <string.h>

#include "kit/draw.h"
#include "board/explain.h"
#include "board/input.h"
#include "board/render.h"
#include "board/symbols.h"
#include "kit/text.h"
#include "board/view.h"
#include "kit/widget.h"

enum { LV_BACK = 1, LV_RETRY, LV_HINT, LV_MAP, LV_NEXT, LV_STAGE = 1000 };

static const SDL_Color gold = {235, 180, 40, 255}, gold_edge = {90, 60, 10, 255};

/* A star won is gold; one not yet won is hollow, a thin dim rim around
 * what it is drawn on (under), so the two never look alike, in lightness
 * as well as colour. */
static void star(rb_app *app, SDL_FPoint c, float r, bool won, SDL_Color under)
{
    if (won) {
        rb_ui_draw_star(app->renderer, c, r, r * 0.45f, gold_edge);
        rb_ui_draw_star(app->renderer, c, r * 0.78f, r * 0.35f, gold);
        return;
    }
    rb_ui_draw_star(app->renderer, c, r, r * 0.45f, rb_ui_widget_mix(under, app->theme->text_dim, 0.7f));
    rb_ui_draw_star(app->renderer, c, r * 0.8f, r * 0.34f, under);
}

static void button(rb_app *app, const rb_ui_state *st, SDL_Rect r, const char *label, int id, bool primary)
{
    rb_ui_widget_button(app, r, label, rb_ui_widget_font_px(app), true, st->learn.hover == id, primary);
    rb_ui_learn_hit(app, r, id);
}

/* ---- the map ---------------------------------------------------------------- */

static void draw_map(rb_app *app, const rb_ui_state *st)
{
    const rb_learn_set *set = rb_ui_learn_set(app);
    const rb_learn_progress *pr = rb_ui_learn_progress(app);
    int w = app->layout.out_w, h = app->layout.out_h;
    int px = rb_ui_widget_font_px(app), pad = px;
    SDL_Color bg = app->theme->panel_bg;
    rb_ui_draw_rect(app->renderer, (SDL_Rect){0, 0, w, h}, bg);
    int th = rb_ui_text_line_height(app, px * 3 / 2);
    rb_ui_text_draw(app, _("Learn Rollerball"), px * 3 / 2, true, app->theme->text, pad, pad + th / 2,
                    RB_UI_ALIGN_LEFT);
    int bh = px * 2, bw = rb_ui_text_width(app, _("Back to the game"), px, false) + 2 * px;
    button(app, st, (SDL_Rect){w - pad - bw, pad, bw, bh}, _("Back to the game"), LV_BACK, false);
    if (!set) {
        return;
    }
    int top = pad + (th > bh ? th : bh) + pad / 2;
    /* the bottom line names the stage pointed at */
    int lh = rb_ui_text_line_height(app, px);
    int id = st->learn.hover - LV_STAGE, pc = id / 100, ps = id % 100;
    char about[640];
    if (id >= 0 && pc < set->nchapters && ps < set->chapters[pc].nstages) {
        const rb_learn_stage *sg = &set->chapters[pc].stages[ps];
        char goal[320];
        rb_ui_learn_words_goal(&sg->goal, goal, sizeof goal);
        snprintf(about, sizeof about, "%d.%d  %s.  %s", pc + 1, ps + 1, rb_ui_learn_words_lesson(sg->title), goal);
    } else {
        snprintf(about, sizeof about, "%s",
                 _("Each stage is a small task on the board. Start with 1.1, point at a stage to see what it asks."));
    }
    /* Two lines kept for it, whatever it says, so the map stays put; a
     * longer text is drawn a size smaller. */
    int about_px = px;
    if (rb_ui_text_wrapped_height(app, about, px, false, w - 2 * pad) > 2 * lh) {
        about_px = px * 7 / 8;
    }
    rb_ui_text_draw_wrapped(app, about, about_px, false, app->theme->text_dim, pad, h - pad / 2 - 2 * lh, w - 2 * pad);
    int n = set->nchapters, row = (h - top - pad - 2 * lh) / (n > 0 ? n : 1);
    int title_w = w * 2 / 5;
    for (int c = 0; c < n; c++) {
        const rb_learn_chapter *ch = &set->chapters[c];
        int y = top + c * row;
        char title[320];
        snprintf(title, sizeof title, "%d. %s", c + 1, rb_ui_learn_words_lesson(ch->title));
        int tpx = px;
        while (tpx > (px * 3 / 4 > 9 ? px * 3 / 4 : 9) && rb_ui_text_width(app, title, tpx, true) > title_w - pad) {
            tpx--;
        }
        rb_ui_text_draw(app, title, tpx, true, app->theme->text, pad, y + row / 2, RB_UI_ALIGN_LEFT);
        int area = w - title_w - pad, gap = px / 3;
        int cw = ch->nstages > 0 ? (area - (ch->nstages - 1) * gap) / ch->nstages : area;
        if (cw > px * 6) {
            cw = px * 6;
        }
        int ch_h = row - gap;
        for (int s = 0; s < ch->nstages; s++) {
            SDL_Rect r = {title_w + s * (cw + gap), y + gap / 2, cw, ch_h};
            int id = LV_STAGE + c * 100 + s;
            bool last = st->learn.chapter == c && st->learn.stage == s;
            char label[16];
            snprintf(label, sizeof label, "%d", s + 1);
            rb_ui_widget_button(app, r, "", px, true, st->learn.hover == id, last);
            SDL_Color under = rb_ui_widget_button_fill(app, true, st->learn.hover == id, last);
            rb_ui_learn_hit(app, r, id);
            rb_ui_text_draw(app, label, px, true, app->theme->text, r.x + r.w / 2, r.y + r.h / 3, RB_UI_ALIGN_CENTER);
            int won = pr ? rb_learn_progress_stars(pr, ch->id, ch->stages[s].id) : 0;
            float sr = (float)r.h / 7.0f;
            if (sr * 7.0f > (float)r.w / 1.2f) {
                sr = (float)r.w / 8.4f;
            }
            for (int k = 0; k < 3; k++) {
                star(app,
                     (SDL_FPoint){(float)r.x + (float)r.w * 0.5f + (float)(k - 1) * sr * 2.3f,
                                  (float)r.y + (float)r.h * 0.72f},
                     sr, k < won, under);
            }
        }
    }
}

/* ---- a stage ------------------------------------------------------------------ */

static void draw_hint(rb_app *app, const rb_path *p)
{
    rb_ui_view v = rb_ui_view_of(app);
    float s = (float)v.sq, w = s * 0.09f;
    if (p->len < 2) {
        return;
    }
    SDL_FPoint pts[RB_PATH_MAX];
    for (int i = 0; i < p->len; i++) {
        pts[i] = rb_ui_view_center(&v, p->sq[i]);
    }
    int n = p->len;
    SDL_FPoint tip = pts[n - 1], prev = pts[n - 2];
    SDL_FPoint d = {tip.x - prev.x, tip.y - prev.y};
    float len = SDL_sqrtf(d.x * d.x + d.y * d.y);
    d.x /= len;
    d.y /= len;
    pts[n - 1] = (SDL_FPoint){tip.x - d.x * w * 2.2f, tip.y - d.y * w * 2.2f};
    SDL_Color col = {40, 140, 230, 220};
    rb_ui_draw_polyline(app->renderer, pts, n, w, col);
    rb_ui_draw_arrowhead(app->renderer, tip, d, w * 2.8f, w * 3.2f, col);
}

static void draw_stage(rb_app *app, const rb_ui_state *st, Uint32 now_ms)
{
    const rb_ui_learn_state *ls = &st->learn;
    const rb_learn_session *s = rb_ui_learn_session(app);
    const rb_learn_set *set = rb_ui_learn_set(app);
    if (!s || !set) {
        return;
    }
    const rb_learn_stage *sg = s->stage;
    const rb_learn_chapter *ch = &set->chapters[ls->chapter];
    /* the board with its stars (the game's board drawing), the hint, a
     * refusal explained */
    rb_ui_render_board(app, st, now_ms);
    if (ls->hint_shown) {
        draw_hint(app, &ls->hint);
    }
    rb_ui_explain_draw(app, st);

    /* the panel */
    SDL_Rect p = app->layout.panel;
    rb_ui_draw_rect(app->renderer, p, app->theme->panel_bg);
    int px = rb_ui_widget_font_px(app), pad = px * 3 / 4, x = p.x + pad, w = p.w - 2 * pad, y = p.y + pad;
    int bh = px * 2, gap = px / 2;
    int buttons_h = 2 * bh + gap;
    int bottom = p.y + p.h - pad - buttons_h - pad;
    char line[640];
    /* TRANSLATORS: "Lesson 3.2 · The rook": chapter and stage, then the chapter's title */
    snprintf(line, sizeof line, _("Lesson %d.%d  \u00b7  %s"), ls->chapter + 1, ls->stage + 1,
             rb_ui_learn_words_lesson(ch->title));
    y += rb_ui_text_draw_wrapped(app, line, px * 7 / 8, false, app->theme->text_dim, x, y, w);
    y +=
        rb_ui_text_draw_wrapped(app, rb_ui_learn_words_lesson(sg->title), px * 5 / 4, true, app->theme->text, x, y, w) +
        gap;
    char goal[320];
    rb_ui_learn_words_goal(&sg->goal, goal, sizeof goal);
    /* TRANSLATORS: %s is the goal, a sentence: "Goal: Land on every star." */
    snprintf(line, sizeof line, _("Goal: %s"), goal);
    y += rb_ui_text_draw_wrapped(app, line, px, true, gold, x, y, w) + gap;
    /* the teaching text and the feedback share what room there is */
    int tpx = px;
    while (tpx > 9 && rb_ui_text_wrapped_height(app, rb_ui_learn_words_lesson(sg->text), tpx, false, w) +
                              (ls->message[0] ? rb_ui_text_wrapped_height(app, ls->message, tpx, true, w) : 0) +
                              3 * rb_ui_text_line_height(app, tpx) >
                          bottom - y) {
        tpx--;
    }
    SDL_Rect clip = {p.x, y, p.w, bottom - y > 0 ? bottom - y : 0};
    SDL_RenderSetClipRect(app->renderer, &clip);
    y += rb_ui_text_draw_wrapped(app, rb_ui_learn_words_lesson(sg->text), tpx, false, app->theme->text, x, y, w) + gap;
    if (ls->message[0]) {
        y += rb_ui_text_draw_wrapped(app, ls->message, tpx, true, ls->stars ? gold : app->theme->text, x, y, w) + gap;
    }
    /* TRANSLATORS: the moves made in a lesson stage, and the par (the moves that earn three stars) */
    snprintf(line, sizeof line, _("Moves: %d  (par %d)"), s->moves, sg->par);
    rb_ui_text_draw(app, line, tpx, false, app->theme->text_dim, x, y + rb_ui_text_line_height(app, tpx) / 2,
                    RB_UI_ALIGN_LEFT);
    y += rb_ui_text_line_height(app, tpx) + gap;
    if (ls->stars) {
        for (int k = 0; k < 3; k++) {
            star(app, (SDL_FPoint){(float)(x + px + k * px * 5 / 2), (float)(y + px)}, (float)px, k < ls->stars,
                 app->theme->panel_bg);
        }
    }
    SDL_RenderSetClipRect(app->renderer, NULL);

    /* the buttons */
    int by = p.y + p.h - pad - buttons_h, bw = (w - gap) / 2;
    bool next = ls->stars > 0;
    button(app, st, (SDL_Rect){x, by, bw, bh}, _("Retry"), LV_RETRY, ls->over && !next);
    button(app, st, (SDL_Rect){x + bw + gap, by, bw, bh}, _("Hint"), LV_HINT, false);
    by += bh + gap;
    button(app, st, (SDL_Rect){x, by, bw, bh}, _("Lessons"), LV_MAP, false);
    if (next) {
        button(app, st, (SDL_Rect){x + bw + gap, by, bw, bh}, _("Next \u25B6"), LV_NEXT, true);
    } else {
        button(app, st, (SDL_Rect){x + bw + gap, by, bw, bh}, _("Back to game"), LV_BACK, false);
    }
    rb_ui_symbols_draw(app, st); /* over the panel, when the tip reaches it */
}

void rb_ui_learn_view_draw(rb_app *app, const rb_ui_state *st, Uint32 now_ms)
{
    rb_ui_learn_hits_clear(app);
    if (st->learn.mode == RB_UI_LEARN_MAP) {
        draw_map(app, st);
    } else if (st->learn.mode == RB_UI_LEARN_STAGE) {
        draw_stage(app, st, now_ms);
    }
}

/* ---- events ------------------------------------------------------------------ */

/* A stage (chapter and stage from 0), or the lesson map (chapter -1). */
static rb_ui_cmd open_cmd(int chapter, int stage)
{
    rb_ui_cmd c = rb_ui_cmd_of(RB_UI_CMD_LEARN);
    c.learn.chapter = chapter;
    c.learn.stage = stage;
    return c;
}

rb_ui_cmd rb_ui_learn_view_to_stage(rb_ui_cmd cmd)
{
    rb_ui_cmd c = rb_ui_cmd_of(RB_UI_CMD_LEARN_TRY);
    switch (cmd.kind) {
    case RB_UI_CMD_PLAY:
        c.learn_try =
            (rb_ui_cmd_attempt){RB_MOVE_FROM(cmd.play.move), RB_MOVE_TO(cmd.play.move), RB_MOVE_PROMO(cmd.play.move)};
        return c;
    case RB_UI_CMD_EXPLAIN: c.learn_try = cmd.explain; return c;
    default: return cmd;
    }
}

/* The stage after the one played, in this chapter or the next, opened;
 * the map after the last. *any says whether there is one. */
static rb_ui_cmd next_stage(const rb_app *app, const rb_ui_learn_state *ls, bool *any)
{
    const rb_learn_set *set = rb_ui_learn_set(app);
    *any = true;
    if (set && ls->stage + 1 < set->chapters[ls->chapter].nstages) {
        return open_cmd(ls->chapter, ls->stage + 1);
    }
    if (set && ls->chapter + 1 < set->nchapters) {
        return open_cmd(ls->chapter + 1, 0);
    }
    *any = false;
    return open_cmd(-1, 0);
}

static rb_ui_cmd clicked(rb_app *app, int id)
{
    rb_ui_learn_state *ls = &app->state.learn;
    bool any;
    switch (id) {
    case LV_BACK: return rb_ui_cmd_of(RB_UI_CMD_LEARN_CLOSE);
    case LV_RETRY: return rb_ui_cmd_of(RB_UI_CMD_LEARN_RETRY);
    case LV_HINT: return rb_ui_cmd_of(RB_UI_CMD_LEARN_HINT);
    case LV_MAP: return open_cmd(-1, 0);
    case LV_NEXT: return next_stage(app, ls, &any);
    default:
        if (id >= LV_STAGE) {
            return open_cmd((id - LV_STAGE) / 100, (id - LV_STAGE) % 100);
        }
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

/* An event for the lesson's board, through the game's board input: the
 * move it makes, and an attempt it refuses, go to the lesson (which plays
 * it or says why not); h asks for the lesson's hint. What the input says
 * in the status line (a typing slip) is shown in the panel. */
static rb_ui_cmd board_event(rb_app *app, const SDL_Event *ev)
{
    rb_ui_state *st = &app->state;
    char said[sizeof st->status];
    SDL_strlcpy(said, st->status, sizeof said);
    rb_ui_cmd cmd = rb_ui_input_event(app, ev);
    if (strcmp(said, st->status) != 0 && st->status[0]) {
        SDL_strlcpy(st->learn.message, st->status, sizeof st->learn.message);
    }
    switch (cmd.kind) {
    case RB_UI_CMD_PLAY:
    case RB_UI_CMD_EXPLAIN: return rb_ui_learn_view_to_stage(cmd);
    case RB_UI_CMD_HINT: return rb_ui_cmd_of(RB_UI_CMD_LEARN_HINT);
    case RB_UI_CMD_ILLEGAL: return cmd; /* heard */
    default: return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
}

/* Whether the board's input is in the middle of something a key belongs
 * to: a move being typed, or the promotion chooser open. */
static bool input_busy(const rb_ui_input *in)
{
    return in->ntyped > 0 || in->state == RB_UI_PROMOTING;
}

rb_ui_cmd rb_ui_learn_view_event(rb_app *app, const SDL_Event *ev, bool *used)
{
    rb_ui_state *st = &app->state;
    *used = true; /* the screen has the whole window */
    rb_ui_learn_state *ls = &st->learn;
    rb_ui_input *in = &st->input;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    bool stage = ls->mode == RB_UI_LEARN_STAGE;
    if (stage) {
        rb_ui_symbols_event(app, ev, rb_ui_window_now(app));
    }
    /* a drag in progress keeps the mouse even over the panel */
    bool held = in->state == RB_UI_DRAGGING || in->state == RB_UI_PRESSED;
    switch (ev->type) {
    case SDL_MOUSEMOTION:
        ls->hover = held ? 0 : rb_ui_learn_hit_at(app, ev->motion.x, ev->motion.y);
        return stage ? board_event(app, ev) : none;
    case SDL_MOUSEBUTTONDOWN: {
        int id = ev->button.button == SDL_BUTTON_LEFT ? rb_ui_learn_hit_at(app, ev->button.x, ev->button.y) : 0;
        if (id) {
            rb_ui_input_cancel(in);
            return clicked(app, id);
        }
        return stage ? board_event(app, ev) : none;
    }
    case SDL_MOUSEBUTTONUP:
    case SDL_WINDOWEVENT:
    case SDL_KEYUP: return stage ? board_event(app, ev) : none;
    case SDL_KEYDOWN: {
        SDL_Keycode key = ev->key.keysym.sym;
        bool ctrl = ev->key.keysym.mod & KMOD_CTRL;
        if (key == SDLK_q && ctrl) {
            return rb_ui_cmd_of(RB_UI_CMD_QUIT);
        }
        if (key == SDLK_F1) {
            return (rb_ui_cmd){.kind = RB_UI_CMD_OPEN_DIALOG, .open_dialog.dialog = RB_UI_DIALOG_HELP};
        }
        if (key == SDLK_ESCAPE) {
            if (stage && (in->state != RB_UI_IDLE || in->ntyped > 0)) {
                rb_ui_input_cancel(in);
                return none;
            }
            return stage ? open_cmd(-1, 0) : rb_ui_cmd_of(RB_UI_CMD_LEARN_CLOSE);
        }
        if (!stage) {
            return none;
        }
        /* r and Backspace retry, Enter goes on, unless a typed move or the
         * chooser wants the key */
        bool typing = input_busy(in);
        if (!typing && !ctrl && (key == SDLK_BACKSPACE || key == SDLK_r)) {
            return rb_ui_cmd_of(RB_UI_CMD_LEARN_RETRY);
        }
        bool any;
        rb_ui_cmd next = next_stage(app, ls, &any);
        if (!typing && (key == SDLK_RETURN || key == SDLK_KP_ENTER) && ls->stars > 0 && any) {
            return next;
        }
        return board_event(app, ev);
    }
    default: return none;
    }
}
