/*
 * draw.h - filled shapes built from triangles with SDL_RenderGeometry,
 * which every renderer supports (the software one included), so the board
 * looks the same in a window, in a screenshot and in the pixel tests.
 * Colours blend with what is below (the renderer's blend mode is BLEND).
 */
#ifndef RB_UI_DRAW_H
#define RB_UI_DRAW_H

#include <stdbool.h>

#include <SDL.h>

/* False when rect lies wholly outside the clip rectangle, where drawing
 * would change nothing (the board redraws single squares under a clip). */
bool rb_ui_draw_visible(SDL_Renderer *r, SDL_Rect rect);
/* SDL_RenderGeometry without a texture (vertices v[0..nv), ni indices or
 * NULL): the same pixels, but a large triangle costs the software renderer
 * about its area rather than its bounding box's (draw.c says how). */
void rb_ui_draw_geometry(SDL_Renderer *r, const SDL_Vertex *v, int nv, const int *idx, int ni);
/* A filled rectangle; an opaque one is filled without blending (the same
 * pixels, faster). */
void rb_ui_draw_rect(SDL_Renderer *r, SDL_Rect rect, SDL_Color c);
void rb_ui_draw_frame(SDL_Renderer *r, SDL_Rect rect, int width, SDL_Color c);
void rb_ui_draw_disc(SDL_Renderer *r, SDL_FPoint c, float radius, SDL_Color col);
void rb_ui_draw_ring(SDL_Renderer *r, SDL_FPoint c, float r_in, float r_out, SDL_Color col);
/* A disc fading from col at the centre to transparent at radius. */
void rb_ui_draw_glow(SDL_Renderer *r, SDL_FPoint c, float radius, SDL_Color col);
void rb_ui_draw_triangle(SDL_Renderer *r, SDL_FPoint a, SDL_FPoint b, SDL_FPoint c, SDL_Color col);
/* A thick line through n points with mitred corners (no overdraw, so
 * translucent colours stay even). */
void rb_ui_draw_polyline(SDL_Renderer *r, const SDL_FPoint *pts, int n, float width, SDL_Color col);
/* A dashed straight line. */
void rb_ui_draw_dashed(SDL_Renderer *r, SDL_FPoint a, SDL_FPoint b, float width, float dash, SDL_Color col);
/* A five-pointed star. */
void rb_ui_draw_star(SDL_Renderer *r, SDL_FPoint c, float r_out, float r_in, SDL_Color col);
/* An arrowhead with its tip at tip, pointing along unit vector dir. */
void rb_ui_draw_arrowhead(SDL_Renderer *r, SDL_FPoint tip, SDL_FPoint dir, float length, float width, SDL_Color col);
/* A circular arc from angle a0 to a1 (radians, screen coordinates:
 * increasing angles run clockwise on screen). */
void rb_ui_draw_arc(SDL_Renderer *r, SDL_FPoint c, float radius, float a0, float a1, float width, SDL_Color col);

#endif
