/*
 * board_cache.c - one render-target texture and the key of what it holds.
 *
 * A failure to make or draw into the texture is remembered for that output
 * size and format, so a renderer that cannot do it is not asked again every
 * frame; the board is then drawn direct, as it is when the cache is off.
 */
#include "board/board_cache.h"

#include <stdlib.h>
#include <string.h>

struct rb_ui_board_cache {
    SDL_Texture *tex;
    int w, h; /* the output size the texture was made for */
    Uint32 format;
    bool failed;  /* no texture possible at w x h, format */
    bool painted; /* tex holds the picture of key */
    unsigned char key[RB_UI_BOARD_CACHE_KEY_MAX];
    size_t key_size;
    bool disabled;
    unsigned paints;
};

rb_ui_board_cache *rb_ui_board_cache_new(void)
{
    return calloc(1, sizeof(rb_ui_board_cache));
}

static void drop_texture(rb_ui_board_cache *c)
{
    if (c->tex) {
        SDL_DestroyTexture(c->tex);
    }
    c->tex = NULL;
    c->painted = false;
    c->failed = false;
}

void rb_ui_board_cache_free(rb_ui_board_cache *c)
{
    if (!c) {
        return;
    }
    drop_texture(c);
    free(c);
}

void rb_ui_board_cache_lost(rb_ui_board_cache *c)
{
    if (c) {
        drop_texture(c);
    }
}

void rb_ui_board_cache_set_enabled(rb_ui_board_cache *c, bool on)
{
    if (!c) {
        return;
    }
    /* The texture is kept: what it holds still matches its key, so drawing
     * direct for a while and then from the cache again exercises the cache
     * as a player's frames would. */
    c->disabled = !on;
}

unsigned rb_ui_board_cache_paints(const rb_ui_board_cache *c)
{
    return c ? c->paints : 0;
}

/* A texture the size and format of the output, or false. */
static bool have_texture(rb_ui_board_cache *c, SDL_Renderer *r, Uint32 format)
{
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(r, &w, &h) != 0 || w <= 0 || h <= 0) {
        return false;
    }
    if (c->w != w || c->h != h || c->format != format) {
        drop_texture(c);
        c->w = w;
        c->h = h;
        c->format = format;
    }
    if (c->tex) {
        return true;
    }
    if (c->failed) {
        return false;
    }
    if (SDL_RenderTargetSupported(r)) {
        c->tex = SDL_CreateTexture(r, format, SDL_TEXTUREACCESS_TARGET, w, h);
    }
    if (!c->tex) {
        c->failed = true;
        return false;
    }
    /* Copied over whatever is below, not blended with it: the texture holds
     * finished pixels, background included. */
    SDL_SetTextureBlendMode(c->tex, SDL_BLENDMODE_NONE);
    return true;
}

static bool repaint(rb_ui_board_cache *c, SDL_Renderer *r, SDL_Color clear, rb_ui_board_cache_paint paint, void *ctx)
{
    SDL_Texture *before = SDL_GetRenderTarget(r);
    if (SDL_SetRenderTarget(r, c->tex) != 0) {
        drop_texture(c);
        c->failed = true;
        return false;
    }
    SDL_SetRenderDrawColor(r, clear.r, clear.g, clear.b, clear.a);
    SDL_RenderClear(r);
    paint(ctx);
    SDL_SetRenderTarget(r, before);
    c->paints++;
    return true;
}

bool rb_ui_board_cache_copy(rb_ui_board_cache *c, SDL_Renderer *r, Uint32 format, const void *key, size_t key_size,
                            SDL_Color clear, SDL_Rect region, rb_ui_board_cache_paint paint, void *ctx)
{
    if (!c || c->disabled || key_size > sizeof c->key || !have_texture(c, r, format)) {
        return false;
    }
    bool same = c->painted && c->key_size == key_size && memcmp(c->key, key, key_size) == 0;
    if (!same) {
        c->painted = false;
        if (!repaint(c, r, clear, paint, ctx)) {
            return false;
        }
        memcpy(c->key, key, key_size);
        c->key_size = key_size;
        c->painted = true;
    }
    /* Only what lies on the output: a copy's source and destination must
     * stay the same size, or it would be stretched. */
    SDL_Rect all = {0, 0, c->w, c->h}, part;
    if (SDL_IntersectRect(&region, &all, &part)) {
        SDL_RenderCopy(r, c->tex, &part, &part);
    }
    return true;
}
