/*
 * render.h - drawing a board and everything on it: the game's board, and
 * the help screen's diagrams, by the same code.
 */
#ifndef RB_UI_RENDER_H
#define RB_UI_RENDER_H

#include "board/board_cache.h"
#include "state/window.h"

/* Draws the game's board area (not the panel) as st shows it at time now
 * (app: the renderer, pieces and layout): the unchanging part copied from
 * the board cache (painted again when it changed), the rest drawn over it;
 * all of it direct when the renderer cannot keep the cache. */
void rb_ui_render_board(rb_app *app, const rb_ui_state *st, Uint32 now_ms);

/* The app's board cache, made on first use (NULL when out of memory). */
rb_ui_board_cache *rb_ui_render_board_cache(rb_app *app);

/* Draws pos as a board filling area (coordinates around it), the piece on
 * sel (-1: none) selected with the destinations of moves[0..nmoves) marked.
 * With paths, every route is drawn through the square centres, rebounds
 * marked, as the rules library gives them (rb_move_path). The geometry aids
 * follow settings. */
void rb_ui_render_diagram(rb_app *app, const rb_ui_settings *settings, const rb_pos *pos, SDL_Rect area,
                          const rb_move *moves, int nmoves, bool paths, int sel);

/* Draws pos as a board filling area, as the game's board draws it: the
 * piece on sel selected with moves[0..nmoves) marked and the path to hover
 * drawn, whatever the settings say of those two (the settings dialog's
 * preview of the colours and pieces). */
void rb_ui_render_sample(rb_app *app, const rb_ui_settings *settings, const rb_pos *pos, SDL_Rect area,
                         const rb_move *moves, int nmoves, int sel, int hover);

/* Draws pos where the game's board goes, as the board would (direct, not
 * from the cache): a lesson's board. */
void rb_ui_render_position(rb_app *app, const rb_ui_settings *settings, const rb_pos *pos, rb_move last, int sel,
                           const rb_move *moves, int nmoves, int hover);

/* Draws move m's path over the game's board as the board draws paths
 * (rebound marked), width a fraction of the square: overlays (the coach). */
void rb_ui_render_move_path(rb_app *app, rb_move m, float width, SDL_Color col, SDL_Color outline);

/* Draws a detail of pos as the board draws it, for a legend: the square sq
 * (moved left by shift squares: 0.5 centres the edge to its right) at the
 * cell's height as square size, in the middle of cell, clipped to cell. */
void rb_ui_render_detail(rb_app *app, const rb_ui_settings *settings, const rb_pos *pos, int sq, float shift,
                         SDL_Rect cell, const rb_move *moves, int nmoves, int sel);

#endif
