/*
 * board_cache.h - the part of the board that stays the same from frame to
 * frame (squares, hole, aids, coordinates, pieces at rest), kept in a
 * texture and painted again only when what it shows changes.
 *
 * The cache knows nothing of boards: the caller describes the picture by a
 * key (a plain struct of everything the picture depends on, compared byte
 * by byte) and paints it when asked. So a changed setting, theme, size or
 * position needs no call to invalidate anything: its key differs, and the
 * next frame repaints. The texture is as large as the output and is painted
 * at output coordinates, on a surface of the output's pixel format, so a
 * copied pixel is the very pixel direct drawing would have made.
 */
#ifndef RB_UI_BOARD_CACHE_H
#define RB_UI_BOARD_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#define RB_UI_BOARD_CACHE_KEY_MAX 256 /* bytes of key kept */

typedef struct rb_ui_board_cache rb_ui_board_cache;

/* Draws the cached picture onto the renderer's current target. */
typedef void (*rb_ui_board_cache_paint)(void *ctx);

/* NULL when out of memory (then every frame is drawn direct). */
rb_ui_board_cache *rb_ui_board_cache_new(void);
/* Frees the texture too: call before the renderer is destroyed. */
void rb_ui_board_cache_free(rb_ui_board_cache *c);

/* Copies region of the cached picture onto the renderer's output, first
 * painting it again (clearing to clear, then paint(ctx)) if key differs
 * from the one it was painted for, or the output's size or format changed.
 * format is the output's pixel format. Returns false, having drawn nothing,
 * when no picture can be kept: the cache is switched off or NULL, the
 * renderer cannot draw into textures, or the texture cannot be made. The
 * caller then draws direct. */
bool rb_ui_board_cache_copy(rb_ui_board_cache *c, SDL_Renderer *r, Uint32 format, const void *key, size_t key_size,
                            SDL_Color clear, SDL_Rect region, rb_ui_board_cache_paint paint, void *ctx);

/* The renderer lost what its textures held (SDL_RENDER_TARGETS_RESET) or the
 * textures themselves (SDL_RENDER_DEVICE_RESET): make and paint it anew. */
void rb_ui_board_cache_lost(rb_ui_board_cache *c);

/* On by default. Off, every frame is drawn direct (tests compare both). */
void rb_ui_board_cache_set_enabled(rb_ui_board_cache *c, bool on);

/* How many times the picture was painted: once per change of its key. */
unsigned rb_ui_board_cache_paints(const rb_ui_board_cache *c);

#endif
