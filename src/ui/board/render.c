/*
 * render.c - the board, drawn back to front:
 *   squares, the hole, geometry aids (flow arrows, turn squares, thrones,
 *   start lines), last move, selection, check glow, pieces, a small star
 *   in the corner of a throne a piece stands on, destination
 *   markers, the hovered move's path, out flags, coordinates, the moving
 *   or dragged piece, the promotion chooser.
 * Every size is a fraction of the square size, so the board scales as one.
 * Paths come from the rules library (rb_move_path); nothing here knows how
 * pieces move.
 *
 * The drawing works on a scene: a view (any rectangle, either way up), a
 * position and what to mark on it. The game's board builds its scene from
 * the app's state; a help diagram builds one from a position and a piece's
 * moves. So a diagram is the board itself, and cannot teach a move or a
 * path the board would draw differently.
 *
 * The game's board is drawn from a cached layer (board_cache.c) holding
 * what stays put, with what moves drawn over it; see "the cached layer"
 * below for why that gives the very pixels direct drawing gives. Diagrams
 * are drawn direct.
 */
#include "board/render.h"
#include "words/i18n.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/anim.h"
#include "board/explain.h"
#include "media/assets.h"
#include "board/board_cache.h"
#include "kit/draw.h"
#include "kit/text.h"
#include "board/view.h"

/* What one board picture shows. */
typedef struct scene {
    rb_ui_view view;
    const rb_ui_piece_set *pieces;
    const rb_ui_settings *settings;
    const rb_pos *pos;
    rb_move last;         /* drawn with its path, or RB_MOVE_NONE */
    int sel;              /* selected square, -1 for none */
    const rb_move *moves; /* the selected piece's legal moves */
    int nmoves;
    int hover;           /* square under the pointer, -1 for none */
    bool all_paths;      /* every destination's path (diagrams) */
    bool ghost;          /* the selected piece is being dragged */
    bool sliding;        /* a move is being animated */
    SDL_FPoint slide_at; /* where the sliding piece is */
    rb_piece slide_piece;
    rb_piece taken; /* what the sliding piece captures, shown until it arrives */
    bool dragging;
    SDL_FPoint drag_at;
    int promo_to; /* the chooser is open over this square, or -1 */
    int promo_hover;
    rb_move premove;         /* the person's premove, or RB_MOVE_NONE */
    rb_move typed;           /* the move the typed text names, or RB_MOVE_NONE */
    const char *typed_text;  /* what is being typed, NULL for none */
    bool typed_wants_letter; /* a promotion waiting for r or b */
    int focus_plus1;         /* the spoken mode's focus square + 1, 0 for none */
    rb_bb goal_stars;        /* a lesson's stars still to collect */
} scene;

static SDL_FPoint add(SDL_FPoint a, SDL_FPoint d, float k)
{
    return (SDL_FPoint){a.x + d.x * k, a.y + d.y * k};
}

static SDL_FPoint unit(SDL_FPoint a, SDL_FPoint b)
{
    float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    return len > 0 ? (SDL_FPoint){dx / len, dy / len} : (SDL_FPoint){0, 0};
}

static void draw_squares(rb_app *app, const scene *sc)
{
    const rb_ui_theme *t = app->theme;
    for (int sq = 0; sq < RB_NSQ; sq++) {
        bool dark = (rb_sq_file(sq) + rb_sq_rank(sq)) % 2 == 0; /* a1 is dark */
        rb_ui_draw_rect(app->renderer, rb_ui_view_rect(&sc->view, sq), dark ? t->dark : t->light);
    }
}

/* The hole as a dark well with four arrows running clockwise around it:
 * the way everything on the board circulates. */
static void draw_hole(rb_app *app, const scene *sc)
{
    const rb_ui_theme *t = app->theme;
    float s = (float)sc->view.sq;
    SDL_Rect h = rb_ui_view_hole(&sc->view);
    rb_ui_draw_rect(app->renderer, h, t->hole);
    int rim = (int)(s * 0.06f) + 1;
    rb_ui_draw_frame(app->renderer, h, rim, t->hole_rim);
    SDL_FPoint c = {(float)h.x + (float)h.w * 0.5f, (float)h.y + (float)h.h * 0.5f};
    float radius = s * 0.95f, width = s * 0.09f;
    const float quarter = 3.14159265f / 2.0f, gap = 0.42f;
    for (int i = 0; i < 4; i++) {
        float a0 = quarter * (float)i + gap * 0.5f, a1 = a0 + quarter - gap;
        float head = s * 0.26f;
        /* stop the arc short of the tip, then the head along the tangent */
        float a_end = a1 - head / radius * 0.7f;
        rb_ui_draw_arc(app->renderer, c, radius, a0, a_end, width, t->hole_arrow);
        SDL_FPoint tip = {c.x + radius * cosf(a1), c.y + radius * sinf(a1)};
        SDL_FPoint dir = {-sinf(a1), cosf(a1)};
        rb_ui_draw_arrowhead(app->renderer, tip, dir, head, s * 0.26f, t->hole_arrow);
    }
}

/* A small arrow in each square along its zone's forward direction; on the
 * eight turn squares the arrow bends, coming in along the previous zone's
 * direction and leaving along the new one. */
static void draw_flow(rb_app *app, const scene *sc)
{
    const rb_ui_settings *st = sc->settings;
    if (!st->flow_arrows && !st->turn_squares) {
        return;
    }
    float s = (float)sc->view.sq;
    for (int sq = 0; sq < RB_NSQ; sq++) {
        bool turn = rb_sq_is_turn(sq) && st->turn_squares;
        if (!turn && !st->flow_arrows) {
            continue;
        }
        int dir = rb_sq_forward(sq);
        SDL_FPoint c = rb_ui_view_center(&sc->view, sq), d = rb_ui_view_dir(&sc->view, dir);
        SDL_Color col = turn ? app->theme->turn_mark : app->theme->flow_arrow;
        float w = s * (turn ? 0.055f : 0.045f), head = s * 0.13f;
        if (turn) {
            SDL_FPoint in = rb_ui_view_dir(&sc->view, (dir + 3) & 3);
            SDL_FPoint pts[3] = {add(c, in, -s * 0.30f), c, add(c, d, s * 0.30f - head)};
            rb_ui_draw_polyline(app->renderer, pts, 3, w, col);
            rb_ui_draw_arrowhead(app->renderer, add(c, d, s * 0.30f), d, head, s * 0.15f, col);
        } else {
            SDL_FPoint pts[2] = {add(c, d, -s * 0.18f), add(c, d, s * 0.18f - head)};
            rb_ui_draw_polyline(app->renderer, pts, 2, w, col);
            rb_ui_draw_arrowhead(app->renderer, add(c, d, s * 0.18f), d, head, s * 0.13f, col);
        }
    }
}

static void draw_thrones(rb_app *app, const scene *sc)
{
    if (!sc->settings->thrones) {
        return;
    }
    float s = (float)sc->view.sq;
    for (int c = RB_WHITE; c <= RB_BLACK; c++) {
        SDL_FPoint p = rb_ui_view_center(&sc->view, rb_throne(c));
        rb_ui_draw_star(app->renderer, p, s * 0.47f, s * 0.20f, app->theme->throne[1 - c]);
        rb_ui_draw_star(app->renderer, p, s * 0.42f, s * 0.17f, app->theme->throne[c]);
    }
}

/* A throne with a piece on it keeps its star in view: a small one in the
 * square's top right corner (the out flag's pennant takes the top left). */
static void draw_throne_corners(rb_app *app, const scene *sc)
{
    if (!sc->settings->thrones) {
        return;
    }
    float s = (float)sc->view.sq;
    for (int c = RB_WHITE; c <= RB_BLACK; c++) {
        int sq = rb_throne(c);
        if (!sc->pos->board[sq]) {
            continue;
        }
        SDL_Rect r = rb_ui_view_rect(&sc->view, sq);
        SDL_FPoint p = {(float)r.x + s * 0.83f, (float)r.y + s * 0.17f};
        rb_ui_draw_star(app->renderer, p, s * 0.16f, s * 0.075f, app->theme->throne[1 - c]);
        rb_ui_draw_star(app->renderer, p, s * 0.125f, s * 0.055f, app->theme->throne[c]);
    }
}

/* Each king's start line: the edge between the squares its king leaves
 * from (behind) and the squares that set its out flag (ahead), both sets
 * as the rules library gives them. */
static void draw_start_lines(rb_app *app, const scene *sc)
{
    if (!sc->settings->start_lines) {
        return;
    }
    float s = (float)sc->view.sq;
    for (int c = RB_WHITE; c <= RB_BLACK; c++) {
        rb_bb behind = rb_start_line_behind(c), ahead = rb_start_line_ahead(c);
        for (rb_bb b = behind; b; b &= b - 1) {
            int from = rb_lsb(b);
            for (rb_bb a = ahead; a; a &= a - 1) {
                int to = rb_lsb(a);
                if (rb_sq_rank(from) != rb_sq_rank(to) || abs(rb_sq_file(from) - rb_sq_file(to)) != 1) {
                    continue;
                }
                SDL_Rect rf = rb_ui_view_rect(&sc->view, from), rt = rb_ui_view_rect(&sc->view, to);
                float x = (float)(rf.x > rt.x ? rf.x : rt.x);
                SDL_FPoint p0 = {x, (float)rf.y + 1}, p1 = {x, (float)(rf.y + rf.h) - 1};
                rb_ui_draw_dashed(app->renderer, p0, p1, s * 0.075f, s * 0.12f, app->theme->start_line[1 - c]);
                rb_ui_draw_dashed(app->renderer, p0, p1, s * 0.04f, s * 0.12f, app->theme->start_line[c]);
            }
        }
    }
}

/* A path through square centres with an arrowhead at its end and, where the
 * move rebounds, a chevron pointing at the wall it bounced off. */
static void draw_path(rb_app *app, const scene *sc, rb_move m, float width, SDL_Color col, SDL_Color outline,
                      bool rebound_mark)
{
    rb_path path;
    rb_move_path(m, &path);
    if (path.len < 2) {
        return;
    }
    float s = (float)sc->view.sq;
    SDL_FPoint pts[RB_PATH_MAX];
    for (int i = 0; i < path.len; i++) {
        pts[i] = rb_ui_view_center(&sc->view, path.sq[i]);
    }
    int n = path.len;
    SDL_FPoint tip = pts[n - 1];
    SDL_FPoint dir = unit(pts[n - 2], pts[n - 1]);
    float head = width * 2.6f, head_w = width * 3.0f;
    pts[n - 1] = add(tip, dir, -head * 0.8f);
    /* The origin end starts a little out of the piece's centre. */
    pts[0] = add(pts[0], unit(pts[0], pts[1]), s * 0.18f);

    if (outline.a) {
        float o = width * 0.25f + 1.0f;
        rb_ui_draw_polyline(app->renderer, pts, n, width + 2 * o, outline);
        rb_ui_draw_arrowhead(app->renderer, add(tip, dir, o * 1.8f), dir, head + o * 3.0f, head_w + o * 3.0f, outline);
    }
    rb_ui_draw_polyline(app->renderer, pts, n, width, col);
    rb_ui_draw_arrowhead(app->renderer, tip, dir, head, head_w, col);

    int r = path.rebound;
    if (rebound_mark && r > 0 && r < path.len - 1) {
        SDL_FPoint c = rb_ui_view_center(&sc->view, path.sq[r]);
        SDL_FPoint din = unit(rb_ui_view_center(&sc->view, path.sq[r - 1]), c);
        SDL_FPoint dout = unit(c, rb_ui_view_center(&sc->view, path.sq[r + 1]));
        SDL_FPoint wall = unit((SDL_FPoint){0, 0}, (SDL_FPoint){din.x - dout.x, din.y - dout.y});
        SDL_FPoint side = {-wall.y, wall.x};
        SDL_Color mark = app->theme->rebound_mark;
        rb_ui_draw_disc(app->renderer, c, width * 0.95f, outline.a ? outline : mark);
        rb_ui_draw_disc(app->renderer, c, width * 0.65f, mark);
        for (int k = 0; k < 2; k++) {
            /* a wide V whose point touches the wall side of the square */
            float w = k == 0 ? s * 0.11f : s * 0.065f;
            SDL_Color cc = k == 0 ? (outline.a ? outline : mark) : mark;
            SDL_FPoint apex = add(c, wall, s * 0.40f);
            SDL_FPoint v[3] = {add(add(c, wall, s * 0.22f), side, s * 0.22f), apex,
                               add(add(c, wall, s * 0.22f), side, -s * 0.22f)};
            rb_ui_draw_polyline(app->renderer, v, 3, w, cc);
        }
    }
}

void rb_ui_render_move_path(rb_app *app, rb_move m, float width, SDL_Color col, SDL_Color outline)
{
    scene sc;
    memset(&sc, 0, sizeof sc);
    sc.view = rb_ui_view_of(app);
    draw_path(app, &sc, m, (float)sc.view.sq * width, col, outline, true);
}

static void draw_last_move(rb_app *app, const scene *sc)
{
    rb_move m = sc->last;
    if (!sc->settings->last_move || m == RB_MOVE_NONE) {
        return;
    }
    rb_ui_draw_rect(app->renderer, rb_ui_view_rect(&sc->view, RB_MOVE_FROM(m)), app->theme->last_from);
    rb_ui_draw_rect(app->renderer, rb_ui_view_rect(&sc->view, RB_MOVE_TO(m)), app->theme->last_to);
    draw_path(app, sc, m, (float)sc->view.sq * 0.07f, app->theme->last_path, (SDL_Color){0, 0, 0, 0}, true);
}

static void draw_piece(rb_app *app, const scene *sc, rb_piece p, SDL_FPoint centre, float scale, Uint8 alpha)
{
    SDL_Texture *tex = sc->pieces->tex[RB_COLOR(p) & 1][RB_TYPE(p)];
    if (!tex) {
        return;
    }
    /* At scale 1 the image is drawn at the size it was rasterised for, on
     * whole pixels, so it stays as crisp as the SVG allows. */
    int size = (int)lroundf((float)sc->view.sq * scale);
    int x = (int)lroundf(centre.x - (float)size * 0.5f), y = (int)lroundf(centre.y - (float)size * 0.5f);
    SDL_Rect r = {x, y, size, size};
    if (!rb_ui_draw_visible(app->renderer, r)) {
        return;
    }
    SDL_SetTextureAlphaMod(tex, alpha);
    SDL_RenderCopy(app->renderer, tex, NULL, &r);
    SDL_SetTextureAlphaMod(tex, 255);
}

static void draw_pieces(rb_app *app, const scene *sc)
{
    int hide = sc->sliding ? RB_MOVE_TO(sc->last) : -1;
    for (int sq = 0; sq < RB_NSQ; sq++) {
        rb_piece p = sc->pos->board[sq];
        if (sq == hide) {
            /* the piece taken stays until the mover arrives */
            if (sc->taken) {
                draw_piece(app, sc, sc->taken, rb_ui_view_center(&sc->view, sq), 1.0f, 255);
            }
            continue;
        }
        if (!p) {
            continue;
        }
        bool ghost = sc->ghost && sq == sc->sel;
        draw_piece(app, sc, p, rb_ui_view_center(&sc->view, sq), 1.0f, ghost ? 70 : 255);
    }
}

static void draw_check(rb_app *app, const scene *sc)
{
    if (!rb_pos_in_check(sc->pos)) {
        return;
    }
    int k = sc->pos->king[sc->pos->side];
    float s = (float)sc->view.sq;
    rb_ui_draw_glow(app->renderer, rb_ui_view_center(&sc->view, k), s * 0.62f, app->theme->check_glow);
}

/* The move to square to among the shown moves (the first, when a
 * promotion offers two), or RB_MOVE_NONE. */
static rb_move move_to(const scene *sc, int to)
{
    for (int i = 0; to >= 0 && i < sc->nmoves; i++) {
        if (RB_MOVE_TO(sc->moves[i]) == to) {
            return sc->moves[i];
        }
    }
    return RB_MOVE_NONE;
}

static void draw_selection(rb_app *app, const scene *sc)
{
    if (sc->sel < 0) {
        return;
    }
    rb_ui_draw_rect(app->renderer, rb_ui_view_rect(&sc->view, sc->sel), app->theme->selected);
    if (move_to(sc, sc->hover) != RB_MOVE_NONE) {
        rb_ui_draw_rect(app->renderer, rb_ui_view_rect(&sc->view, sc->hover), app->theme->dest_hover);
    }
}

/* A lesson's gold stars, the squares still to land on: under the pieces
 * and the destination marks, so that a star in reach shows its dot. */
static void draw_goal_stars(rb_app *app, const scene *sc)
{
    static const SDL_Color gold = {235, 180, 40, 255}, gold_edge = {90, 60, 10, 255};
    float r = (float)sc->view.sq * 0.3f;
    for (rb_bb b = sc->goal_stars; b; b &= b - 1) {
        SDL_FPoint c = rb_ui_view_center(&sc->view, rb_lsb(b));
        rb_ui_draw_star(app->renderer, c, r, r * 0.45f, gold_edge);
        rb_ui_draw_star(app->renderer, c, r * 0.78f, r * 0.35f, gold);
    }
}

/* A dot on an empty destination, a ring round a piece that can be taken:
 * the two differ in shape, not only in colour. A lesson's star in reach
 * gets both, the ring around the star and the dot on it, so the gold does
 * not hide that the piece can go there. */
static void draw_destinations(rb_app *app, const scene *sc)
{
    if (sc->sel < 0 || !sc->settings->legal_moves) {
        return;
    }
    float s = (float)sc->view.sq;
    rb_bb done = 0;
    for (int i = 0; i < sc->nmoves; i++) {
        int to = RB_MOVE_TO(sc->moves[i]);
        if (done >> to & 1) {
            continue;
        }
        done |= (rb_bb)1 << to;
        SDL_FPoint c = rb_ui_view_center(&sc->view, to);
        bool star = sc->goal_stars >> to & 1;
        if (sc->pos->board[to] || star) {
            rb_ui_draw_ring(app->renderer, c, s * 0.40f, s * 0.49f, app->theme->dest_ring);
        }
        if (!sc->pos->board[to]) {
            rb_ui_draw_disc(app->renderer, c, s * 0.10f, app->theme->dest_dot);
        }
    }
}

/* True when path a is the start of path b (b goes on past a's end). */
static bool path_extends(const rb_path *a, const rb_path *b)
{
    if (b->len <= a->len) {
        return false;
    }
    for (int i = 0; i < a->len; i++) {
        if (a->sq[i] != b->sq[i]) {
            return false;
        }
    }
    return true;
}

/* Diagrams draw every route once: a path that another path continues is
 * drawn as part of that longer one, so a slide is one arrow to its end. */
static void draw_all_paths(rb_app *app, const scene *sc)
{
    if (!sc->all_paths || sc->sel < 0) {
        return;
    }
    float w = (float)sc->view.sq * 0.065f;
    for (int i = 0; i < sc->nmoves; i++) {
        rb_path pi;
        rb_move_path(sc->moves[i], &pi);
        bool covered = false;
        for (int j = 0; j < sc->nmoves && !covered; j++) {
            rb_path pj;
            rb_move_path(sc->moves[j], &pj);
            covered =
                path_extends(&pi, &pj) || (j < i && pj.len == pi.len && memcmp(pj.sq, pi.sq, (size_t)pi.len) == 0);
        }
        if (!covered) {
            draw_path(app, sc, sc->moves[i], w, app->theme->path, app->theme->path_outline, true);
        }
    }
}

static void draw_hover_path(rb_app *app, const scene *sc)
{
    if (sc->sel < 0 || !sc->settings->paths) {
        return;
    }
    rb_move m = move_to(sc, sc->hover);
    if (m == RB_MOVE_NONE) {
        return;
    }
    draw_path(app, sc, m, (float)sc->view.sq * 0.10f, app->theme->path, app->theme->path_outline, true);
}

/* A pennant on the corner of each king's square: up the pole and filled
 * red when the king's out flag is set (it may win on the throne), hollow
 * and lowered to the foot of the pole when it is clear. Place, fill and
 * colour all differ, so the two tell apart at a glance and without colour
 * (a fill of the side's colour vanished into a square of the same tone). */
static void draw_out_flags(rb_app *app, const scene *sc)
{
    if (!sc->settings->out_flags) {
        return;
    }
    float s = (float)sc->view.sq;
    for (int c = RB_WHITE; c <= RB_BLACK; c++) {
        if (!(sc->pos->by_type[RB_KING] & sc->pos->by_color[c])) {
            continue;
        }
        bool out = sc->pos->out & rb_out_flag(c);
        SDL_Rect r = rb_ui_view_rect(&sc->view, sc->pos->king[c]);
        SDL_FPoint top = {(float)r.x + s * 0.10f, (float)r.y + s * 0.07f};
        SDL_FPoint foot = {top.x, top.y + s * 0.32f};
        SDL_Color ink = {20, 20, 20, 230}, paper = {250, 250, 250, 230}, raised = {215, 45, 35, 255};
        SDL_Color edge = c == RB_WHITE ? ink : paper;
        SDL_FPoint pole[2] = {top, foot};
        rb_ui_draw_polyline(app->renderer, pole, 2, s * 0.05f, edge);
        /* the flag's top corner: the pole's top when up, near its foot when down */
        SDL_FPoint at = out ? top : (SDL_FPoint){top.x, foot.y - s * 0.14f};
        SDL_FPoint tip = {at.x + s * 0.20f, at.y + s * 0.07f};
        SDL_FPoint low = {at.x, at.y + s * 0.14f};
        SDL_FPoint tri[4] = {at, tip, low, at};
        if (out) {
            rb_ui_draw_triangle(app->renderer, at, tip, low, raised);
        }
        rb_ui_draw_polyline(app->renderer, tri, 4, s * 0.025f, edge);
    }
}

static void draw_coordinates(rb_app *app, const scene *sc)
{
    if (!sc->settings->coordinates || sc->view.margin < 6) {
        return;
    }
    const SDL_Rect *b = &sc->view.board;
    int s = sc->view.sq, m = sc->view.margin;
    int px = sc->view.coord_px > 0 ? sc->view.coord_px : m * 3 / 5;
    char label[2] = {0, 0};
    for (int i = 0; i < 7; i++) {
        label[0] = (char)('a' + i);
        int x = b->x + rb_ui_view_col(&sc->view, i) * s + s / 2;
        rb_ui_text_draw(app, label, px, false, app->theme->coord, x, b->y + b->h + m / 2, RB_UI_ALIGN_CENTER);
        label[0] = (char)('1' + i);
        int y = b->y + rb_ui_view_row(&sc->view, i) * s + s / 2;
        rb_ui_text_draw(app, label, px, false, app->theme->coord, b->x - m / 2, y, RB_UI_ALIGN_CENTER);
    }
}

/* The premove: its two squares framed and its path, in the premove colour,
 * over the pieces (the position does not change until it is played). */
static void draw_premove(rb_app *app, const scene *sc)
{
    if (sc->premove == RB_MOVE_NONE) {
        return;
    }
    SDL_Color c = app->theme->premove;
    int w = sc->view.sq / 14 + 1;
    rb_ui_draw_frame(app->renderer, rb_ui_view_rect(&sc->view, RB_MOVE_FROM(sc->premove)), w, c);
    rb_ui_draw_frame(app->renderer, rb_ui_view_rect(&sc->view, RB_MOVE_TO(sc->premove)), w, c);
    draw_path(app, sc, sc->premove, (float)sc->view.sq * 0.08f, c, app->theme->path_outline, true);
}

/* What is being typed, in a label over the board's top edge, with the
 * named move's path drawn as soon as the text names one. */
static void draw_typed(rb_app *app, const scene *sc)
{
    if (!sc->typed_text) {
        return;
    }
    const rb_ui_theme *t = app->theme;
    if (sc->typed != RB_MOVE_NONE) {
        int w = sc->view.sq / 14 + 1;
        rb_ui_draw_frame(app->renderer, rb_ui_view_rect(&sc->view, RB_MOVE_FROM(sc->typed)), w, t->path);
        draw_path(app, sc, sc->typed, (float)sc->view.sq * 0.10f, t->path, t->path_outline, true);
    }
    char line[192];
    /* TRANSLATORS: a move being typed, like "c2b" with a cursor "_" after it */
    snprintf(line, sizeof line, sc->typed_wants_letter ? _("Move: %s_  promotion: type r or b") : _("Move: %s_"),
             sc->typed_text);
    /* In the margin above the board where it fits; never wider than the
     * board. */
    const SDL_Rect *b = &sc->view.board;
    int px = sc->view.margin * 7 / 10;
    if (px < 12) {
        px = 12;
    }
    int tw = rb_ui_text_width(app, line, px, true);
    if (tw + px > b->w && tw > 0) {
        px = px * (b->w - px) / tw;
        px = px < 8 ? 8 : px;
        tw = rb_ui_text_width(app, line, px, true);
    }
    int th = rb_ui_text_line_height(app, px);
    SDL_Rect box = {b->x + (b->w - tw) / 2 - px / 2, b->y - sc->view.margin, tw + px, th + px / 4};
    if (box.y < 0) {
        box.y = 0;
    }
    rb_ui_draw_rect(app->renderer, box, t->chooser_bg);
    rb_ui_draw_frame(app->renderer, box, 1 + px / 12, t->path);
    rb_ui_text_draw(app, line, px, true, t->chooser_border, box.x + px / 2, box.y + box.h / 2, RB_UI_ALIGN_LEFT);
}

static void draw_chooser(rb_app *app, const scene *sc)
{
    if (sc->promo_to < 0) {
        return;
    }
    /* dim the board so the choice stands out */
    rb_ui_draw_rect(app->renderer, sc->view.board, (SDL_Color){0, 0, 0, 110});
    SDL_Rect cells[2];
    rb_ui_view_chooser(&sc->view, sc->promo_to, cells);
    int color = sc->pos->side;
    static const int types[2] = {RB_ROOK, RB_BISHOP};
    for (int i = 0; i < 2; i++) {
        rb_ui_draw_rect(app->renderer, cells[i], app->theme->chooser_bg);
        if (sc->promo_hover == types[i]) {
            rb_ui_draw_rect(app->renderer, cells[i], app->theme->dest_hover);
        }
        int bw = sc->view.sq / 24 + 1;
        rb_ui_draw_frame(app->renderer, cells[i], bw, app->theme->chooser_border);
        SDL_FPoint c = {(float)cells[i].x + (float)cells[i].w * 0.5f, (float)cells[i].y + (float)cells[i].h * 0.5f};
        draw_piece(app, sc, RB_PIECE(color, types[i]), c, 0.9f, 255);
    }
}

/* Everything drawn before the moving parts, in order: the board itself,
 * and on it the selection (under the pieces) and the pieces. */
static void draw_under(rb_app *app, const scene *sc)
{
    draw_squares(app, sc);
    draw_hole(app, sc);
    draw_flow(app, sc);
    draw_thrones(app, sc);
    draw_start_lines(app, sc);
    draw_last_move(app, sc);
    draw_selection(app, sc);
    draw_check(app, sc);
    draw_goal_stars(app, sc);
    draw_all_paths(app, sc);
    draw_pieces(app, sc);
    draw_throne_corners(app, sc);
}

/* The spoken mode's focus square: a thick frame in the text colour with a
 * thin one of the board's background inside, so it shows on light and dark
 * squares alike, for whoever watches over the listener's shoulder. */
static void draw_focus(rb_app *app, const scene *sc)
{
    if (sc->focus_plus1 <= 0) {
        return;
    }
    SDL_Rect r = rb_ui_view_rect(&sc->view, sc->focus_plus1 - 1);
    int w = sc->view.sq / 14 > 2 ? sc->view.sq / 14 : 2;
    rb_ui_draw_frame(app->renderer, r, w, app->theme->text);
    SDL_Rect in = {r.x + w, r.y + w, r.w - 2 * w, r.h - 2 * w};
    rb_ui_draw_frame(app->renderer, in, w / 2 > 1 ? w / 2 : 1, app->theme->background);
}

/* What is drawn over the pieces, coordinates included or not. */
static void draw_over(rb_app *app, const scene *sc, bool coordinates)
{
    rb_ui_explain_draw_checks(app, &sc->view, sc->pos); /* why the king glows */
    draw_destinations(app, sc);
    draw_hover_path(app, sc);
    draw_out_flags(app, sc);
    if (coordinates) {
        draw_coordinates(app, sc);
    }
    if (sc->sliding) {
        draw_piece(app, sc, sc->slide_piece, sc->slide_at, 1.0f, 255);
    }
    draw_premove(app, sc);
    if (sc->dragging) {
        draw_piece(app, sc, sc->pos->board[sc->sel], sc->drag_at, 1.08f, 255);
    }
    draw_typed(app, sc);
    draw_focus(app, sc);
    draw_chooser(app, sc);
}

static void draw_scene(rb_app *app, const scene *sc)
{
    draw_under(app, sc);
    draw_over(app, sc, true);
}

/* ---- the cached layer ------------------------------------------------ */

/* The layer is the scene with nothing selected, dragged, sliding or
 * offered: draw_under of that scene, then the coordinates. A frame copies
 * it and then redraws, clipped to each square, draw_under of the real scene
 * on the few squares where the two differ (the selected square, the
 * pointed destination, the square a sliding piece is bound for); then
 * draw_over, coordinates left out. The result is the direct drawing's,
 * pixel for pixel: inside a redrawn square every layer up to the pieces is
 * drawn again in order; elsewhere the layer holds what direct drawing
 * would have there. Drawing the coordinates before the markers, the path
 * and the out flags instead of after changes nothing, as they never meet:
 * the labels sit in the margin (a label is about 0.7 of the margin high,
 * centred in it), the rest inside the squares. Only the grid and its
 * margin are copied from the layer: nothing at rest reaches further (the
 * check glow, the widest, passes the grid's edge by an eighth of a
 * square; the margin is a third). */

/* Everything the layer's picture depends on. Built field by field on a
 * zeroed struct, so padding compares equal too. */
typedef struct layer_key {
    SDL_Rect rect; /* the grid */
    int sq, margin;
    bool flipped;
    const rb_ui_theme *theme; /* a row of the theme table: one pointer a theme */
    int piece_set, piece_size;
    bool flow_arrows, turn_squares, thrones, start_lines, last_move, coordinates;
    rb_move last;           /* when last_move */
    int check_sq;           /* king in check, or -1 */
    rb_piece board[RB_NSQ]; /* the pieces at rest */
    rb_bb goal_stars;       /* a lesson's stars */
} layer_key;

_Static_assert(sizeof(layer_key) <= RB_UI_BOARD_CACHE_KEY_MAX, "layer key too large for the cache");

static void layer_key_of(const rb_app *app, const scene *sc, layer_key *k)
{
    memset(k, 0, sizeof *k);
    k->rect = sc->view.board;
    k->sq = sc->view.sq;
    k->margin = sc->view.margin;
    k->flipped = sc->view.flipped;
    k->theme = app->theme;
    k->piece_set = app->pieces.set;
    k->piece_size = sc->pieces->size;
    const rb_ui_settings *st = sc->settings;
    k->flow_arrows = st->flow_arrows;
    k->turn_squares = st->turn_squares;
    k->thrones = st->thrones;
    k->start_lines = st->start_lines;
    k->last_move = st->last_move;
    k->coordinates = st->coordinates;
    k->last = st->last_move ? sc->last : RB_MOVE_NONE;
    k->check_sq = rb_pos_in_check(sc->pos) ? sc->pos->king[sc->pos->side] : -1;
    memcpy(k->board, sc->pos->board, sizeof k->board);
    k->goal_stars = sc->goal_stars;
}

/* The scene as it is when nothing moves or is marked. */
static scene at_rest(const scene *sc)
{
    scene r = *sc;
    r.sel = -1;
    r.nmoves = 0;
    r.hover = -1;
    r.all_paths = false;
    r.ghost = r.sliding = r.dragging = false;
    r.taken = 0;
    r.promo_to = -1;
    return r;
}

typedef struct layer_paint {
    rb_app *app;
    scene rest;
} layer_paint;

static void paint_layer(void *ctx)
{
    layer_paint *lp = ctx;
    draw_under(lp->app, &lp->rest);
    draw_coordinates(lp->app, &lp->rest);
}

/* The output's pixel format: the layer is drawn in it, so that blending
 * into the layer gives the bytes blending into the output gives. */
static Uint32 output_format(const rb_app *app)
{
    if (app->target) {
        return app->target->format->format;
    }
    Uint32 f = app->window ? SDL_GetWindowPixelFormat(app->window) : SDL_PIXELFORMAT_UNKNOWN;
    return f != SDL_PIXELFORMAT_UNKNOWN ? f : SDL_PIXELFORMAT_ARGB8888;
}

/* The squares whose picture differs from the layer's, as a set. */
static rb_bb changed_squares(const scene *sc)
{
    rb_bb b = 0;
    if (sc->sel >= 0) {
        b |= (rb_bb)1 << sc->sel; /* selected, or the ghost of the dragged piece */
    }
    if (move_to(sc, sc->hover) != RB_MOVE_NONE) {
        b |= (rb_bb)1 << sc->hover;
    }
    if (sc->sliding) {
        b |= (rb_bb)1 << RB_MOVE_TO(sc->last); /* the piece taken, not the mover */
    }
    return b;
}

rb_ui_board_cache *rb_ui_render_board_cache(rb_app *app)
{
    if (!app->board_cache) {
        app->board_cache = rb_ui_board_cache_new();
    }
    return app->board_cache;
}

/* Draws sc from the layer; false when there is no layer to draw from. */
static bool draw_cached(rb_app *app, const scene *sc)
{
    layer_key key;
    layer_key_of(app, sc, &key);
    layer_paint lp = {app, at_rest(sc)};
    SDL_Color bg = app->theme->background;
    bg.a = 255; /* as the frame is cleared */
    const rb_ui_view *v = &sc->view;
    SDL_Rect region = {v->board.x - v->margin, v->board.y - v->margin, v->board.w + 2 * v->margin,
                       v->board.h + 2 * v->margin};
    if (!rb_ui_board_cache_copy(rb_ui_render_board_cache(app), app->renderer, output_format(app), &key, sizeof key, bg,
                                region, paint_layer, &lp)) {
        return false;
    }
    SDL_Rect clip_was;
    bool clipped = SDL_RenderIsClipEnabled(app->renderer);
    SDL_RenderGetClipRect(app->renderer, &clip_was);
    for (rb_bb b = changed_squares(sc); b; b &= b - 1) {
        SDL_Rect r = rb_ui_view_rect(v, rb_lsb(b));
        if (clipped && !SDL_IntersectRect(&r, &clip_was, &r)) {
            continue;
        }
        SDL_RenderSetClipRect(app->renderer, &r);
        draw_under(app, sc);
    }
    SDL_RenderSetClipRect(app->renderer, clipped ? &clip_was : NULL);
    draw_over(app, sc, false);
    return true;
}

void rb_ui_render_board(rb_app *app, const rb_ui_state *st, Uint32 now_ms)
{
    const rb_game *g = &st->game;
    const rb_ui_input *in = &st->input;
    scene sc;
    memset(&sc, 0, sizeof sc);
    sc.view = rb_ui_view_of(app);
    sc.pieces = &app->pieces.board;
    sc.settings = &st->settings;
    sc.pos = rb_ui_state_pos(st);
    const rb_ui_trainer_state *tr = &st->trainer;
    bool lesson = st->learn.mode == RB_UI_LEARN_STAGE;
    if (lesson) {
        sc.last = st->learn.last; /* the lesson's board, over every other */
        sc.goal_stars = st->learn.goal_stars;
    } else if (st->analysis.active) {
        sc.last = st->analysis.last; /* the analysed position's, variation included */
    } else if (st->mistakes.active) {
        sc.last = st->mistakes.last; /* the exercise's board */
    } else if (tr->active && tr->have_session) {
        sc.last = tr->last; /* the puzzle's board, not the game's */
    } else {
        sc.last = g->ply > 0 ? g->moves[g->ply - 1] : RB_MOVE_NONE;
    }
    bool showing =
        in->sel >= 0 && (in->state == RB_UI_SELECTED || in->state == RB_UI_PRESSED || in->state == RB_UI_DRAGGING);
    sc.sel = showing || in->state == RB_UI_PROMOTING ? in->sel : -1;
    sc.moves = in->moves.moves;
    sc.nmoves = showing ? in->moves.count : 0;
    sc.hover = in->hover;
    sc.dragging = showing && in->state == RB_UI_DRAGGING;
    sc.ghost = sc.dragging;
    sc.drag_at = (SDL_FPoint){(float)in->drag_x, (float)in->drag_y};
    sc.promo_to = in->state == RB_UI_PROMOTING ? in->promo_to : -1;
    sc.promo_hover = in->promo_hover;
    sc.premove = rb_ui_state_browsing(st) ? RB_MOVE_NONE : st->premove;
    if (st->settings.speech && in->focus >= 0 && in->focus < RB_NSQ) {
        sc.focus_plus1 = in->focus + 1;
    }
    if (in->ntyped > 0) {
        sc.typed_text = in->typed;
        sc.typed = rb_ui_state_typed_move(st, &sc.typed_wants_letter);
    }
    sc.sliding = !lesson && rb_ui_anim_point(&st->anim, &sc.view, now_ms, &sc.slide_at) && st->anim.move == sc.last;
    if (sc.sliding) {
        sc.slide_piece = st->anim.piece;
        sc.taken = st->mistakes.active              ? st->mistakes.before.board[RB_MOVE_TO(sc.last)]
                   : tr->active && tr->have_session ? tr->before.board[RB_MOVE_TO(sc.last)]
                                                    : g->positions[g->ply - 1].board[RB_MOVE_TO(sc.last)];
    }
    if (!draw_cached(app, &sc)) {
        draw_scene(app, &sc);
    }
}

void rb_ui_render_position(rb_app *app, const rb_ui_settings *settings, const rb_pos *pos, rb_move last, int sel,
                           const rb_move *moves, int nmoves, int hover)
{
    scene sc;
    memset(&sc, 0, sizeof sc);
    sc.view = rb_ui_view_of(app);
    sc.pieces = &app->pieces.board;
    sc.settings = settings;
    sc.pos = pos;
    sc.last = last;
    sc.sel = sel;
    sc.moves = moves;
    sc.nmoves = sel >= 0 ? nmoves : 0;
    sc.hover = hover;
    sc.promo_to = -1;
    draw_scene(app, &sc);
}

/* A help or legend diagram's scene on sc->view (set by the caller): the
 * diagram pieces at its square size, the player's aids as set but the
 * moves always marked (st holds those settings for the scene), nothing
 * pointed at. */
static void diagram_scene(rb_app *app, const rb_ui_settings *settings, rb_ui_settings *st, const rb_pos *pos,
                          const rb_move *moves, int nmoves, int sel, scene *sc)
{
    char err[RB_UI_PATH_MAX + 200];
    if (rb_ui_assets_size_set(app, &app->pieces.diagram, sc->view.sq, err, sizeof err) != 0) {
        fprintf(stderr, "rollerball: %s\n", err);
    }
    sc->pieces = &app->pieces.diagram;
    *st = *settings;
    st->legal_moves = true;
    sc->settings = st;
    sc->pos = pos;
    sc->last = RB_MOVE_NONE;
    sc->sel = sel;
    sc->moves = moves;
    sc->nmoves = sel >= 0 ? nmoves : 0;
    sc->hover = -1;
    sc->promo_to = -1;
}

void rb_ui_render_detail(rb_app *app, const rb_ui_settings *settings, const rb_pos *pos, int sq, float shift,
                         SDL_Rect cell, const rb_move *moves, int nmoves, int sel)
{
    scene sc;
    memset(&sc, 0, sizeof sc);
    int s = cell.h;
    /* a whole board at the cell's square size, placed so that sq (moved
     * left by shift squares) lands in the middle of the cell */
    float left = (float)cell.x + (float)(cell.w - s) * 0.5f - ((float)rb_sq_file(sq) - shift) * (float)s;
    sc.view.board = (SDL_Rect){(int)lroundf(left), cell.y - (6 - rb_sq_rank(sq)) * s, 7 * s, 7 * s};
    sc.view.sq = s;
    rb_ui_settings st;
    diagram_scene(app, settings, &st, pos, moves, nmoves, sel, &sc);
    SDL_RenderSetClipRect(app->renderer, &cell);
    draw_scene(app, &sc);
    SDL_RenderSetClipRect(app->renderer, NULL);
}

void rb_ui_render_diagram(rb_app *app, const rb_ui_settings *settings, const rb_pos *pos, SDL_Rect area,
                          const rb_move *moves, int nmoves, bool paths, int sel)
{
    scene sc;
    memset(&sc, 0, sizeof sc);
    sc.view = rb_ui_view_fit(area, true, false);
    rb_ui_settings st;
    diagram_scene(app, settings, &st, pos, moves, nmoves, sel, &sc);
    sc.all_paths = paths;
    draw_scene(app, &sc);
}

void rb_ui_render_sample(rb_app *app, const rb_ui_settings *settings, const rb_pos *pos, SDL_Rect area,
                         const rb_move *moves, int nmoves, int sel, int hover)
{
    scene sc;
    memset(&sc, 0, sizeof sc);
    sc.view = rb_ui_view_fit(area, true, false);
    rb_ui_settings st;
    diagram_scene(app, settings, &st, pos, moves, nmoves, sel, &sc);
    st.paths = true; /* a sample shows every kind of mark the colours colour */
    sc.hover = hover;
    draw_scene(app, &sc);
}
