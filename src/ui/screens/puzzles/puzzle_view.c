/*
 * puzzle_view.c - the trainer's panel and board marks, and its input.
 *
 * The panel is laid out afresh on each draw, like the game's panel, and
 * keeps the rectangles it drew for clicks. It replaces the game's panel
 * while the trainer is open: the move list and the game's buttons have
 * nothing to say about a puzzle.
 *
 * The board itself is the game's board view drawing the trainer's
 * position (rb_ui_state_pos); moves made on it go through the same input
 * half (select, drag, typed) and arrive as RB_UI_CMD_PLAY, which
 * rb_ui_apply hands to the trainer. One thing is added here: a piece
 * dropped, or a click made, where it cannot go gets the rules library's
 * reason (rb_explain) in the status line, so a wrong idea is explained and
 * not only refused.
 */
#include "screens/puzzles/puzzle_view.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/draw.h"
#include "board/input.h"
#include "rb_explain.h"
#include "kit/text.h"
#include "screens/puzzles/trainer.h"
#include "board/view.h"
#include "screen/screen_board.h"
#include "screen/view_kit.h"
#include "kit/widget.h"

typedef enum {
    PV_HINT,
    PV_SOLUTION,
    PV_NEXT,
    PV_BACK,
    PV_THEME_ALL,
    PV_THEME_MATE,
    PV_THEME_THRONE,
    PV_THEME_MATERIAL,
    PV_THEME_REBOUND,
    PV_COUNT
} pv_button;

static const char *const pv_labels[PV_COUNT] = {
    N_("Hint"),
    N_("Show solution"),
    N_("Next"),
    N_("Back to game"),
    /* TRANSLATORS: the puzzle theme filter: all puzzles, or those of one theme */
    N_("All"),
    N_("Mate"),
    N_("Throne"),
    N_("Material"),
    N_("Rebound"),
};

static const unsigned pv_theme_bits[5] = {
    RB_THEME_ALL, RB_THEME_MATE, RB_THEME_THRONE, RB_THEME_MATERIAL, RB_THEME_REBOUND,
};

struct rb_ui_puzzle_view {
    SDL_Rect rect;
    SDL_Rect button[PV_COUNT];
    bool shown[PV_COUNT];
    bool enabled[PV_COUNT];
    int mouse_x, mouse_y;
};

static struct rb_ui_puzzle_view *pv_get(rb_app *app)
{
    if (!app->puzzle_view) {
        app->puzzle_view = calloc(1, sizeof *app->puzzle_view);
        if (app->puzzle_view) {
            app->puzzle_view->mouse_x = app->puzzle_view->mouse_y = -1;
        }
    }
    return app->puzzle_view;
}

void rb_ui_puzzle_view_free(rb_app *app)
{
    free(app->puzzle_view);
    app->puzzle_view = NULL;
}

bool rb_ui_puzzle_view_button_rect(const rb_app *app, const char *label, SDL_Rect *r)
{
    const struct rb_ui_puzzle_view *v = app->puzzle_view;
    return v && rb_ui_view_kit_label_rect(pv_labels, v->button, v->shown, PV_COUNT, label, r);
}

/* ---- the panel --------------------------------------------------------- */

static void pv_enable(struct rb_ui_puzzle_view *v, const rb_ui_state *st)
{
    const rb_ui_trainer_state *tr = &st->trainer;
    bool open = tr->have_session && !tr->unavailable;
    bool going = open && !tr->session.done;
    for (int i = 0; i < PV_COUNT; i++) {
        v->enabled[i] = open;
    }
    v->enabled[PV_HINT] = going && tr->nqueue == 0 && tr->session.hint < 2;
    v->enabled[PV_SOLUTION] = going;
    v->enabled[PV_BACK] = true;
}

/* Lays out count buttons from first in a grid of cols in area's width,
 * from y down; returns the y below them. */
static int pv_grid(struct rb_ui_puzzle_view *v, SDL_Rect area, int y, int first, int count, int cols, int gap, int h)
{
    int w = (area.w - (cols - 1) * gap) / cols;
    for (int i = 0; i < count; i++) {
        int r = i / cols, c = i % cols;
        v->button[first + i] = (SDL_Rect){area.x + c * (w + gap), y + r * (h + gap), w, h};
        v->shown[first + i] = true;
    }
    int rows = (count + cols - 1) / cols;
    return y + rows * h + (rows - 1) * gap;
}

/* The line under the puzzle's name: its themes, each translated ("mate,
 * rebound"), and whether it was solved in an earlier attempt (not the one
 * that has just solved it). */
void rb_ui_puzzle_view_theme_line(const rb_ui_state *st, char *line, size_t len)
{
    const rb_ui_trainer_state *tr = &st->trainer;
    const rb_puzzle *p = tr->session.puzzle;
    char themes[64], shown[192] = "";
    rb_puzzle_themes_format(p->themes, themes, sizeof themes);
    for (char *name = strtok(themes, ","); name; name = strtok(NULL, ",")) {
        if (shown[0]) {
            /* TRANSLATORS: between two theme names: "mate, rebound" */
            SDL_strlcat(shown, _(", "), sizeof shown);
        }
        SDL_strlcat(shown, _(name), sizeof shown);
    }
    /* TRANSLATORS: %s is the puzzle's themes: "mate, rebound" */
    snprintf(line, len, tr->solved_before ? _("Theme: %s \u00B7 you have solved it before") : _("Theme: %s"), shown);
}

static void pv_header(rb_app *app, const rb_ui_state *st, SDL_Rect col, int *y, int px)
{
    const rb_ui_theme *t = app->theme;
    const rb_ui_trainer_state *tr = &st->trainer;
    int big = px * 9 / 8, small = px * 7 / 8, gap = px / 3;
    char line[320];
    if (tr->unavailable || !tr->have_session) {
        rb_ui_text_draw(app, _("Puzzles"), big, true, t->text, col.x, *y + big / 2, RB_UI_ALIGN_LEFT);
        *y += rb_ui_text_line_height(app, big) + gap;
        return;
    }
    const rb_puzzle *p = tr->session.puzzle;
    /* TRANSLATORS: the puzzle's number, then its rating (like a player's, about 1500) */
    snprintf(line, sizeof line, _("Puzzle %d \u00B7 rated %d"), p->id, p->rating);
    *y += rb_ui_text_draw_wrapped(app, line, big, true, t->text, col.x, *y, col.w);
    rb_ui_puzzle_view_theme_line(st, line, sizeof line);
    *y += rb_ui_text_draw_wrapped(app, line, small, false, t->text_dim, col.x, *y, col.w);
    *y += gap;

    /* The task, with a disc of the solver's colour. */
    int side = p->start.side;
    int lh = rb_ui_text_line_height(app, px);
    SDL_FPoint c = {(float)(col.x + px / 2), (float)(*y + lh / 2)};
    rb_ui_draw_disc(app->renderer, c, (float)px * 0.5f, (SDL_Color){128, 128, 128, 255});
    rb_ui_draw_disc(app->renderer, c, (float)px * 0.5f - 1.5f,
                    side == RB_WHITE ? (SDL_Color){250, 250, 245, 255} : (SDL_Color){15, 15, 15, 255});
    bool white = side == RB_WHITE;
    if (!tr->session.done) {
        snprintf(line, sizeof line, "%s",
                 white ? _("Find the best move for White") : _("Find the best move for Black"));
    } else if (tr->session.shown) {
        snprintf(line, sizeof line, "%s", white ? _("The solution for White") : _("The solution for Black"));
    } else {
        snprintf(line, sizeof line, "%s", white ? _("Solved for White") : _("Solved for Black"));
    }
    *y += rb_ui_text_draw_wrapped(app, line, px, true, t->text, col.x + px + gap * 2, *y, col.w - px - gap * 2);
    *y += gap;
}

static void pv_player(rb_app *app, const rb_ui_state *st, SDL_Rect col, int *y, int px)
{
    const rb_ui_theme *t = app->theme;
    const rb_ui_trainer_state *tr = &st->trainer;
    const rb_puzzle_player *pl = rb_ui_trainer_player(app);
    if (!pl || tr->unavailable) {
        return;
    }
    int small = px * 7 / 8, gap = px / 3;
    char line[160];
    if (tr->rated) {
        /* TRANSLATORS: the puzzle rating, then how much the last puzzle changed it: "Your rating: 1520 (+12)" */
        snprintf(line, sizeof line, _("Your rating: %d (%+d)"), pl->rating, tr->rating_change);
    } else {
        snprintf(line, sizeof line, _("Your rating: %d"), pl->rating);
    }
    *y += rb_ui_text_draw_wrapped(app, line, px, true, t->text, col.x, *y, col.w);
    /* TRANSLATORS: puzzles solved in a row, then how many of all the puzzles are solved */
    snprintf(line, sizeof line, _("Streak: %d \u00B7 solved %zu of %zu"), tr->streak, rb_ui_trainer_solved_count(app),
             rb_ui_trainer_puzzle_count(app));
    *y += rb_ui_text_draw_wrapped(app, line, small, false, t->text_dim, col.x, *y, col.w);
    *y += gap;
}

/* A file name, broken after its slashes into lines of the width (a long
 * folder name would otherwise run off the panel); returns the height. */
static int pv_file_lines(rb_app *app, const char *file, int px, SDL_Color ink, int x, int y, int width)
{
    int top = y, lh = rb_ui_text_line_height(app, px);
    char line[RB_UI_PATH_MAX + 64];
    const char *p = file;
    while (*p) {
        size_t fit = 0;
        for (size_t n = 1; p[n - 1]; n++) {
            if (p[n - 1] != '/' && p[n]) {
                continue;
            }
            if (n >= sizeof line) {
                break;
            }
            memcpy(line, p, n);
            line[n] = 0;
            if (fit > 0 && rb_ui_text_width(app, line, px, false) > width) {
                break;
            }
            fit = n;
        }
        if (fit == 0) {
            fit = strlen(p) < sizeof line ? strlen(p) : sizeof line - 1;
        }
        memcpy(line, p, fit);
        line[fit] = 0;
        rb_ui_text_draw(app, line, px, false, ink, x, y + lh / 2, RB_UI_ALIGN_LEFT);
        y += lh;
        p += fit;
    }
    return y - top;
}

/* Why there are no puzzles: the file, what is wrong, and that the game is
 * fine. */
static void pv_problem(rb_app *app, SDL_Rect col, int y, int px)
{
    const rb_ui_theme *t = app->theme;
    const char *file, *why;
    rb_ui_trainer_problem_parts(app, &file, &why);
    int small = px * 7 / 8, gap = px / 3;
    y += rb_ui_text_draw_wrapped(app, _("The puzzles cannot be read from"), px, false, t->text, col.x, y, col.w);
    y += pv_file_lines(app, file, small, t->text_dim, col.x, y, col.w);
    char line[RB_UI_PATH_MAX + 400];
    snprintf(line, sizeof line, "%s.", why);
    y += rb_ui_text_draw_wrapped(app, line, px, false, t->text, col.x, y, col.w) + gap;
    rb_ui_text_draw_wrapped(app, _("The game itself is not affected: Back to game returns to it."), px, false, t->text,
                            col.x, y, col.w);
}

void rb_ui_puzzle_view_draw_panel(rb_app *app, const rb_ui_state *st, SDL_Rect rect)
{
    const rb_ui_theme *t = app->theme;
    rb_ui_draw_rect(app->renderer, rect, t->panel_bg);
    struct rb_ui_puzzle_view *v = pv_get(app);
    if (!v) {
        return;
    }
    const rb_ui_trainer_state *tr = &st->trainer;
    v->rect = rect;
    memset(v->shown, 0, sizeof v->shown);
    pv_enable(v, st);
    int px = rb_ui_widget_font_px(app);
    int pad = px * 3 / 4, gap = px / 3, btn_h = px * 2;
    SDL_Rect col = {rect.x + pad, rect.y + pad, rect.w - 2 * pad, rect.h - 2 * pad};
    int y = col.y;

    pv_header(app, st, col, &y, px);
    pv_player(app, st, col, &y, px);

    /* The buttons sit at the bottom; the filter above them; the status
     * line takes what is left between. */
    int bottom = col.y + col.h;
    int below = bottom - (2 * btn_h + gap);
    if (!tr->unavailable && tr->have_session) {
        pv_grid(v, col, below, PV_HINT, 2, 2, gap, btn_h);
        pv_grid(v, col, below + btn_h + gap, PV_NEXT, 2, 2, gap, btn_h);
        int cols = col.w / (px * 5);
        cols = cols < 3 ? 3 : cols > 5 ? 5 : cols;
        int fh = px * 7 / 4;
        /* Fewer, wider columns while a theme's name does not fit. */
        for (bool fits = false; !fits && cols > 2; cols -= fits ? 0 : 1) {
            SDL_Rect cell = {0, 0, (col.w - (cols - 1) * gap) / cols, fh};
            fits = true;
            for (int i = PV_THEME_ALL; i < PV_THEME_ALL + 5; i++) {
                fits = fits && rb_ui_widget_choice_fits(app, cell, _(pv_labels[i]), px * 7 / 8);
            }
        }
        int rows = (5 + cols - 1) / cols;
        int fy = below - pad - rows * fh - (rows - 1) * gap;
        int ly = fy - rb_ui_text_line_height(app, px * 7 / 8);
        rb_ui_text_draw(app, _("Puzzles of the theme:"), px * 7 / 8, false, t->text_dim, col.x,
                        ly + rb_ui_text_line_height(app, px * 7 / 8) / 2, RB_UI_ALIGN_LEFT);
        pv_grid(v, col, fy, PV_THEME_ALL, 5, cols, gap, fh);
        below = ly - gap;
    } else {
        pv_grid(v, col, bottom - btn_h, PV_BACK, 1, 1, gap, btn_h);
        below = bottom - btn_h - gap;
    }
    if (tr->unavailable) {
        pv_problem(app, col, y, px);
    } else {
        rb_ui_view_kit_status(app, st->status, px, col, y, below);
    }

    for (int i = 0; i < PV_COUNT; i++) {
        if (!v->shown[i]) {
            continue;
        }
        bool hovered = tr->hover_button == i;
        if (i >= PV_THEME_ALL) {
            rb_ui_widget_choice(app, v->button[i], _(pv_labels[i]), px * 7 / 8,
                                tr->themes == pv_theme_bits[i - PV_THEME_ALL], hovered);
        } else {
            rb_ui_widget_button(app, v->button[i], _(pv_labels[i]), px, v->enabled[i], hovered,
                                i == PV_NEXT && tr->session.done);
        }
    }
}

/* ---- marks on the board ------------------------------------------------ */

/* A path through square centres, outlined, with an arrowhead; a dot where
 * it rebounds. */

void rb_ui_puzzle_view_draw_board(rb_app *app, const rb_ui_state *st)
{
    const rb_ui_trainer_state *tr = &st->trainer;
    if (!tr->active || !tr->have_session) {
        return;
    }
    const rb_ui_theme *t = app->theme;
    rb_ui_view view = rb_ui_view_of(app);
    float s = (float)view.sq;
    if (tr->hint_sq >= 0) {
        SDL_Color ring = t->path;
        ring.a = 255;
        SDL_FPoint c = rb_ui_view_center(&view, tr->hint_sq);
        rb_ui_draw_ring(app->renderer, c, s * 0.41f, s * 0.50f, t->path_outline);
        rb_ui_draw_ring(app->renderer, c, s * 0.43f, s * 0.48f, ring);
        rb_ui_screen_board_path(app, &view, &tr->hint_path, s * 0.10f, t->path);
    }
    rb_ui_screen_board_moves(app, tr->drawn, tr->drawn_solver, tr->ndrawn);
}

/* ---- input -------------------------------------------------------------- */

static int pv_button_at(const struct rb_ui_puzzle_view *v, int x, int y)
{
    return rb_ui_view_kit_button_at(v->button, v->shown, PV_COUNT, x, y);
}

static rb_ui_cmd pv_click(const rb_ui_state *st, int b)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    switch ((pv_button)b) {
    case PV_HINT: return rb_ui_cmd_of(RB_UI_CMD_PUZZLE_HINT);
    case PV_SOLUTION: return rb_ui_cmd_of(RB_UI_CMD_PUZZLE_SOLUTION);
    case PV_NEXT: return rb_ui_cmd_of(RB_UI_CMD_PUZZLE_NEXT);
    case PV_BACK: return rb_ui_cmd_of(RB_UI_CMD_PUZZLE_LEAVE);
    case PV_THEME_ALL:
    case PV_THEME_MATE:
    case PV_THEME_THRONE:
    case PV_THEME_MATERIAL:
    case PV_THEME_REBOUND:
        if (st->trainer.themes == pv_theme_bits[b - PV_THEME_ALL]) {
            return cmd;
        }
        cmd.kind = RB_UI_CMD_PUZZLE_THEMES;
        cmd.puzzle_themes.themes = pv_theme_bits[b - PV_THEME_ALL];
        return cmd;
    case PV_COUNT: break;
    }
    return cmd;
}

static rb_ui_cmd pv_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used)
{
    rb_ui_state *st = &app->state;
    SDL_Keycode key = k->keysym.sym;
    bool ctrl = k->keysym.mod & KMOD_CTRL;
    *used = true;
    if (ctrl && key == SDLK_p) {
        return rb_ui_cmd_of(RB_UI_CMD_PUZZLE_LEAVE);
    }
    if (rb_ui_view_kit_window_key(k)) {
        *used = false; /* the window's shortcuts */
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    if (key == SDLK_ESCAPE && st->input.state == RB_UI_IDLE && st->input.ntyped == 0) {
        return rb_ui_cmd_of(RB_UI_CMD_PUZZLE_LEAVE);
    }
    if (st->input.state != RB_UI_PROMOTING && st->input.ntyped == 0) {
        switch (key) {
        case SDLK_h: return rb_ui_cmd_of(RB_UI_CMD_PUZZLE_HINT);
        case SDLK_s: return rb_ui_cmd_of(RB_UI_CMD_PUZZLE_SOLUTION);
        case SDLK_n: return rb_ui_cmd_of(RB_UI_CMD_PUZZLE_NEXT);
        default: break;
        }
    }
    return rb_ui_view_kit_key_to_board(app, k); /* typed moves, Esc, promotion keys */
}

rb_ui_cmd rb_ui_puzzle_view_event(rb_app *app, const SDL_Event *ev, bool *used)
{
    rb_ui_state *st = &app->state;
    rb_ui_trainer_state *tr = &st->trainer;
    struct rb_ui_puzzle_view *v = pv_get(app);
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    *used = false;
    if (!v) {
        return none;
    }
    if (ev->type == SDL_KEYDOWN) {
        return pv_key(app, &ev->key, used);
    }
    int x, y;
    rb_ui_cmd cmd;
    if (!rb_ui_view_kit_panel_pointer(app, ev, used, &cmd, &x, &y)) {
        return cmd;
    }
    v->mouse_x = x;
    v->mouse_y = y;
    tr->hover_button = pv_button_at(v, x, y);
    if (rb_ui_view_kit_board_has_pointer(app, v->rect, ev, x, y, &tr->pressed)) {
        return rb_ui_screen_board_event(app, ev);
    }
    int b = rb_ui_view_kit_button_click(ev, &tr->pressed, tr->hover_button, v->enabled);
    return b >= 0 ? pv_click(st, b) : none;
}

rb_ui_cmd rb_ui_puzzle_view_tick(const rb_ui_state *st, Uint32 now_ms)
{
    const rb_ui_trainer_state *tr = &st->trainer;
    if (!tr->active || tr->nqueue == 0 || (Sint32)(now_ms - tr->due_ms) < 0) {
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    return rb_ui_cmd_of(RB_UI_CMD_PUZZLE_STEP);
}
