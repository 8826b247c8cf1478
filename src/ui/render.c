/*
 * render.c - the board, drawn back to front:
 *   squares, the hole, geometry aids (flow arrows, turn squares, thrones,
 *   start lines), last move, selection, check glow, pieces, destination
 *   markers, the hovered move's path, out flags, coordinates, the moving
 *   or dragged piece, the promotion chooser.
 * Every size is a fraction of the square size, so the board scales as one.
 * Paths come from the rules library (rb_move_path); nothing here knows how
 * pieces move.
 */
#include "render.h"

#include <math.h>
#include <stdlib.h>

#include "anim.h"
#include "draw.h"
#include "input.h"
#include "text.h"
#include "view.h"

static SDL_Color with_alpha(SDL_Color c, Uint8 a)
{
    c.a = a;
    return c;
}

static SDL_FPoint add(SDL_FPoint a, SDL_FPoint d, float k)
{
    return (SDL_FPoint){ a.x + d.x * k, a.y + d.y * k };
}

static SDL_FPoint unit(SDL_FPoint a, SDL_FPoint b)
{
    float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    return len > 0 ? (SDL_FPoint){ dx / len, dy / len } : (SDL_FPoint){ 0, 0 };
}

static void draw_squares(rb_app *app)
{
    const rb_ui_theme *t = app->theme;
    for (int sq = 0; sq < RB_NSQ; sq++) {
        bool dark = (rb_sq_file(sq) + rb_sq_rank(sq)) % 2 == 0; /* a1 is dark */
        rb_ui_draw_rect(app->renderer, rb_ui_view_rect(app, sq), dark ? t->dark : t->light);
    }
}

/* The hole as a dark well with four arrows running clockwise around it:
 * the way everything on the board circulates. */
static void draw_hole(rb_app *app)
{
    const rb_ui_theme *t = app->theme;
    float s = (float)app->layout.sq;
    SDL_Rect h = rb_ui_view_hole(app);
    rb_ui_draw_rect(app->renderer, h, t->hole);
    int rim = (int)(s * 0.06f) + 1;
    rb_ui_draw_frame(app->renderer, h, rim, t->hole_rim);
    SDL_FPoint c = { (float)h.x + (float)h.w * 0.5f, (float)h.y + (float)h.h * 0.5f };
    float radius = s * 0.95f, width = s * 0.09f;
    const float quarter = 3.14159265f / 2.0f, gap = 0.42f;
    for (int i = 0; i < 4; i++) {
        float a0 = quarter * (float)i + gap * 0.5f, a1 = a0 + quarter - gap;
        float head = s * 0.26f;
        /* stop the arc short of the tip, then the head along the tangent */
        float a_end = a1 - head / radius * 0.7f;
        rb_ui_draw_arc(app->renderer, c, radius, a0, a_end, width, t->hole_arrow);
        SDL_FPoint tip = { c.x + radius * cosf(a1), c.y + radius * sinf(a1) };
        SDL_FPoint dir = { -sinf(a1), cosf(a1) };
        rb_ui_draw_arrowhead(app->renderer, tip, dir, head, s * 0.26f, t->hole_arrow);
    }
}

/* A small arrow in each square along its zone's forward direction; on the
 * eight turn squares the arrow bends, coming in along the previous zone's
 * direction and leaving along the new one. */
static void draw_flow(rb_app *app)
{
    const rb_ui_settings *st = &app->settings;
    if (!st->flow_arrows && !st->turn_squares)
        return;
    float s = (float)app->layout.sq;
    for (int sq = 0; sq < RB_NSQ; sq++) {
        bool turn = rb_sq_is_turn(sq) && st->turn_squares;
        if (!turn && !st->flow_arrows)
            continue;
        int dir = rb_sq_forward(sq);
        SDL_FPoint c = rb_ui_view_center(app, sq), d = rb_ui_view_dir(app, dir);
        SDL_Color col = turn ? app->theme->turn_mark : app->theme->flow_arrow;
        float w = s * (turn ? 0.055f : 0.045f), head = s * 0.13f;
        if (turn) {
            SDL_FPoint in = rb_ui_view_dir(app, (dir + 3) & 3);
            SDL_FPoint pts[3] = { add(c, in, -s * 0.30f), c, add(c, d, s * 0.30f - head) };
            rb_ui_draw_polyline(app->renderer, pts, 3, w, col);
            rb_ui_draw_arrowhead(app->renderer, add(c, d, s * 0.30f), d, head, s * 0.15f, col);
        } else {
            SDL_FPoint pts[2] = { add(c, d, -s * 0.18f), add(c, d, s * 0.18f - head) };
            rb_ui_draw_polyline(app->renderer, pts, 2, w, col);
            rb_ui_draw_arrowhead(app->renderer, add(c, d, s * 0.18f), d, head, s * 0.13f, col);
        }
    }
}

static void draw_thrones(rb_app *app)
{
    if (!app->settings.thrones)
        return;
    float s = (float)app->layout.sq;
    for (int c = RB_WHITE; c <= RB_BLACK; c++) {
        SDL_FPoint p = rb_ui_view_center(app, rb_throne(c));
        rb_ui_draw_star(app->renderer, p, s * 0.47f, s * 0.20f, app->theme->throne[1 - c]);
        rb_ui_draw_star(app->renderer, p, s * 0.42f, s * 0.17f, app->theme->throne[c]);
    }
}

/* Each king's start line: the edge between the squares its king leaves
 * from (behind) and the squares that set its out flag (ahead), both sets
 * as the rules library gives them. */
static void draw_start_lines(rb_app *app)
{
    if (!app->settings.start_lines)
        return;
    float s = (float)app->layout.sq;
    for (int c = RB_WHITE; c <= RB_BLACK; c++) {
        rb_bb behind = rb_start_line_behind(c), ahead = rb_start_line_ahead(c);
        for (rb_bb b = behind; b; b &= b - 1) {
            int from = rb_lsb(b);
            for (rb_bb a = ahead; a; a &= a - 1) {
                int to = rb_lsb(a);
                if (rb_sq_rank(from) != rb_sq_rank(to) || abs(rb_sq_file(from) - rb_sq_file(to)) != 1)
                    continue;
                SDL_Rect rf = rb_ui_view_rect(app, from), rt = rb_ui_view_rect(app, to);
                float x = (float)(rf.x > rt.x ? rf.x : rt.x);
                SDL_FPoint p0 = { x, (float)rf.y + 1 }, p1 = { x, (float)(rf.y + rf.h) - 1 };
                rb_ui_draw_dashed(app->renderer, p0, p1, s * 0.075f, s * 0.12f, app->theme->start_line[1 - c]);
                rb_ui_draw_dashed(app->renderer, p0, p1, s * 0.04f, s * 0.12f, app->theme->start_line[c]);
            }
        }
    }
}

/* A path through square centres with an arrowhead at its end and, where the
 * move rebounds, a chevron pointing at the wall it bounced off. */
static void draw_path(rb_app *app, rb_move m, float width, SDL_Color col, SDL_Color outline, bool rebound_mark)
{
    rb_path path;
    rb_move_path(m, &path);
    if (path.len < 2)
        return;
    float s = (float)app->layout.sq;
    SDL_FPoint pts[RB_PATH_MAX];
    for (int i = 0; i < path.len; i++)
        pts[i] = rb_ui_view_center(app, path.sq[i]);
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
        SDL_FPoint c = rb_ui_view_center(app, path.sq[r]);
        SDL_FPoint din = unit(rb_ui_view_center(app, path.sq[r - 1]), c);
        SDL_FPoint dout = unit(c, rb_ui_view_center(app, path.sq[r + 1]));
        SDL_FPoint wall = unit((SDL_FPoint){ 0, 0 }, (SDL_FPoint){ din.x - dout.x, din.y - dout.y });
        SDL_FPoint side = { -wall.y, wall.x };
        SDL_Color mark = app->theme->rebound_mark;
        rb_ui_draw_disc(app->renderer, c, width * 0.95f, outline.a ? outline : mark);
        rb_ui_draw_disc(app->renderer, c, width * 0.65f, mark);
        for (int k = 0; k < 2; k++) {
            /* a wide V whose point touches the wall side of the square */
            float w = k == 0 ? s * 0.11f : s * 0.065f;
            SDL_Color cc = k == 0 ? (outline.a ? outline : mark) : mark;
            SDL_FPoint apex = add(c, wall, s * 0.40f);
            SDL_FPoint v[3] = { add(add(c, wall, s * 0.22f), side, s * 0.22f), apex,
                                add(add(c, wall, s * 0.22f), side, -s * 0.22f) };
            rb_ui_draw_polyline(app->renderer, v, 3, w, cc);
        }
    }
}

static void draw_last_move(rb_app *app)
{
    const rb_game *g = &app->game;
    if (!app->settings.last_move || g->ply == 0)
        return;
    rb_move m = g->moves[g->ply - 1];
    rb_ui_draw_rect(app->renderer, rb_ui_view_rect(app, RB_MOVE_FROM(m)), app->theme->last_from);
    rb_ui_draw_rect(app->renderer, rb_ui_view_rect(app, RB_MOVE_TO(m)), app->theme->last_to);
    draw_path(app, m, (float)app->layout.sq * 0.07f, app->theme->last_path, (SDL_Color){ 0, 0, 0, 0 }, true);
}

static void draw_piece(rb_app *app, rb_piece p, SDL_FPoint centre, float scale, Uint8 alpha)
{
    SDL_Texture *tex = app->pieces.tex[RB_COLOR(p) & 1][RB_TYPE(p)];
    if (!tex)
        return;
    float size = (float)app->layout.sq * scale;
    SDL_FRect r = { centre.x - size * 0.5f, centre.y - size * 0.5f, size, size };
    SDL_SetTextureAlphaMod(tex, alpha);
    SDL_RenderCopyF(app->renderer, tex, NULL, &r);
    SDL_SetTextureAlphaMod(tex, 255);
}

static bool dragging(const rb_app *app)
{
    return app->input.state == RB_UI_DRAGGING && app->input.sel >= 0;
}

static void draw_pieces(rb_app *app, const rb_pos *pos, bool animating)
{
    int hide = animating ? RB_MOVE_TO(app->anim.move) : -1;
    for (int sq = 0; sq < RB_NSQ; sq++) {
        rb_piece p = pos->board[sq];
        if (sq == hide) {
            /* the piece taken stays until the mover arrives */
            const rb_game *g = &app->game;
            rb_piece taken = g->ply > 0 ? g->positions[g->ply - 1].board[sq] : RB_EMPTY;
            if (taken)
                draw_piece(app, taken, rb_ui_view_center(app, sq), 1.0f, 255);
            continue;
        }
        if (!p)
            continue;
        bool ghost = dragging(app) && sq == app->input.sel;
        draw_piece(app, p, rb_ui_view_center(app, sq), 1.0f, ghost ? 70 : 255);
    }
}

static void draw_check(rb_app *app, const rb_pos *pos)
{
    if (!rb_pos_in_check(pos))
        return;
    int k = pos->king[pos->side];
    float s = (float)app->layout.sq;
    rb_ui_draw_glow(app->renderer, rb_ui_view_center(app, k), s * 0.62f, app->theme->check_glow);
}

static bool showing_moves(const rb_app *app)
{
    rb_ui_input_state st = app->input.state;
    return app->input.sel >= 0 && (st == RB_UI_SELECTED || st == RB_UI_PRESSED || st == RB_UI_DRAGGING);
}

static void draw_selection(rb_app *app)
{
    if (app->input.sel < 0 || app->input.state == RB_UI_IDLE)
        return;
    rb_ui_draw_rect(app->renderer, rb_ui_view_rect(app, app->input.sel), app->theme->selected);
    int h = app->input.hover;
    if (showing_moves(app) && h >= 0 && rb_ui_input_move_to(app, h) != RB_MOVE_NONE)
        rb_ui_draw_rect(app->renderer, rb_ui_view_rect(app, h), app->theme->dest_hover);
}

static void draw_destinations(rb_app *app, const rb_pos *pos)
{
    if (!showing_moves(app) || !app->settings.legal_moves)
        return;
    float s = (float)app->layout.sq;
    rb_bb done = 0;
    for (int i = 0; i < app->input.moves.count; i++) {
        int to = RB_MOVE_TO(app->input.moves.moves[i]);
        if (done >> to & 1)
            continue;
        done |= (rb_bb)1 << to;
        SDL_FPoint c = rb_ui_view_center(app, to);
        if (pos->board[to])
            rb_ui_draw_ring(app->renderer, c, s * 0.40f, s * 0.49f, app->theme->dest_ring);
        else
            rb_ui_draw_disc(app->renderer, c, s * 0.10f, app->theme->dest_dot);
    }
}

static void draw_hover_path(rb_app *app)
{
    if (!showing_moves(app) || app->input.hover < 0)
        return;
    rb_move m = rb_ui_input_move_to(app, app->input.hover);
    if (m == RB_MOVE_NONE)
        return;
    draw_path(app, m, (float)app->layout.sq * 0.10f, app->theme->path, app->theme->path_outline, true);
}

/* A pennant on the corner of each king's square: filled when the king's
 * out flag is set (it may win on the throne), hollow when it is clear. */
static void draw_out_flags(rb_app *app, const rb_pos *pos)
{
    if (!app->settings.out_flags)
        return;
    float s = (float)app->layout.sq;
    for (int c = RB_WHITE; c <= RB_BLACK; c++) {
        bool out = pos->out & (c == RB_WHITE ? RB_OUT_WHITE : RB_OUT_BLACK);
        SDL_Rect r = rb_ui_view_rect(app, pos->king[c]);
        SDL_FPoint top = { (float)r.x + s * 0.10f, (float)r.y + s * 0.07f };
        SDL_FPoint foot = { top.x, top.y + s * 0.32f };
        SDL_FPoint tip = { top.x + s * 0.20f, top.y + s * 0.08f };
        SDL_FPoint low = { top.x, top.y + s * 0.16f };
        SDL_Color ink = { 20, 20, 20, 230 }, paper = { 250, 250, 250, 230 };
        SDL_Color fill = c == RB_WHITE ? paper : ink, edge = c == RB_WHITE ? ink : paper;
        SDL_FPoint pole[2] = { top, foot };
        rb_ui_draw_polyline(app->renderer, pole, 2, s * 0.05f, edge);
        SDL_FPoint tri[4] = { top, tip, low, top };
        if (out) {
            rb_ui_draw_triangle(app->renderer, top, tip, low, fill);
            rb_ui_draw_polyline(app->renderer, tri, 4, s * 0.025f, edge);
        } else {
            rb_ui_draw_polyline(app->renderer, tri, 4, s * 0.03f, with_alpha(edge, 150));
        }
    }
}

static void draw_coordinates(rb_app *app)
{
    if (!app->settings.coordinates || app->layout.margin < 6)
        return;
    const SDL_Rect *b = &app->layout.board;
    int s = app->layout.sq, m = app->layout.margin;
    int px = m * 3 / 5;
    char label[2] = { 0, 0 };
    for (int i = 0; i < 7; i++) {
        label[0] = (char)('a' + i);
        int x = b->x + rb_ui_view_col(app, i) * s + s / 2;
        rb_ui_text_draw(app, label, px, false, app->theme->coord, x, b->y + b->h + m / 2, RB_UI_ALIGN_CENTER);
        label[0] = (char)('1' + i);
        int y = b->y + rb_ui_view_row(app, i) * s + s / 2;
        rb_ui_text_draw(app, label, px, false, app->theme->coord, b->x - m / 2, y, RB_UI_ALIGN_CENTER);
    }
}

static void draw_chooser(rb_app *app, const rb_pos *pos)
{
    if (app->input.state != RB_UI_PROMOTING)
        return;
    /* dim the board so the choice stands out */
    rb_ui_draw_rect(app->renderer, app->layout.board, (SDL_Color){ 0, 0, 0, 110 });
    SDL_Rect cells[2];
    rb_ui_view_chooser(app, app->input.promo_to, cells);
    int color = pos->side;
    static const int types[2] = { RB_ROOK, RB_BISHOP };
    for (int i = 0; i < 2; i++) {
        rb_ui_draw_rect(app->renderer, cells[i], app->theme->chooser_bg);
        if (app->input.promo_hover == types[i])
            rb_ui_draw_rect(app->renderer, cells[i], app->theme->dest_hover);
        int bw = app->layout.sq / 24 + 1;
        rb_ui_draw_frame(app->renderer, cells[i], bw, app->theme->chooser_border);
        SDL_FPoint c = { (float)cells[i].x + (float)cells[i].w * 0.5f, (float)cells[i].y + (float)cells[i].h * 0.5f };
        draw_piece(app, RB_PIECE(color, types[i]), c, 0.9f, 255);
    }
}

void rb_ui_render_board(rb_app *app, Uint32 now_ms)
{
    const rb_pos *pos = rb_ui_app_pos(app);
    SDL_FPoint moving;
    bool animating = rb_ui_anim_point(app, now_ms, &moving);

    draw_squares(app);
    draw_hole(app);
    draw_flow(app);
    draw_thrones(app);
    draw_start_lines(app);
    draw_last_move(app);
    draw_selection(app);
    draw_check(app, pos);
    draw_pieces(app, pos, animating);
    draw_destinations(app, pos);
    draw_hover_path(app);
    draw_out_flags(app, pos);
    draw_coordinates(app);
    if (animating)
        draw_piece(app, app->anim.piece, moving, 1.0f, 255);
    if (dragging(app)) {
        SDL_FPoint at = { (float)app->input.ptr_x, (float)app->input.ptr_y };
        draw_piece(app, pos->board[app->input.sel], at, 1.08f, 255);
    }
    draw_chooser(app, pos);
}
