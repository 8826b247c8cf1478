/*
 * assets.c - piece images. The SVG text is read once; the images are
 * rasterised by SDL_image (nanosvg) at exactly the square size whenever that
 * changes, so pieces are crisp at any window size and pixel density. A file
 * that is missing, unreadable or draws nothing stops the game with a message
 * naming it, rather than a board of invisible pieces.
 *
 * The window icon is the same SVG the desktop files install, rasterised the
 * same way; it is a nicety, so a missing or damaged icon only costs a
 * message.
 */
#include "assets.h"

#include <SDL_image.h>
#include <stdio.h>
#include <string.h>

#define SVG_MAX_BYTES (256 * 1024)

static const char *const piece_files[2][5] = {
    { NULL, "pieces/wK.svg", "pieces/wR.svg", "pieces/wB.svg", "pieces/wP.svg" },
    { NULL, "pieces/bK.svg", "pieces/bR.svg", "pieces/bB.svg", "pieces/bP.svg" },
};

const char *rb_ui_assets_piece_file(int color, int type)
{
    return piece_files[color & 1][type >= 1 && type <= 4 ? type : 1];
}

int rb_ui_assets_data_dir(char *dir, size_t len, char *err, size_t errlen)
{
    const char *env = SDL_getenv("RB_DATA_DIR");
    int n;
    if (env && env[0]) {
        size_t l = strlen(env);
        n = snprintf(dir, len, "%s%s", env, env[l - 1] == '/' ? "" : "/");
    } else {
        char *base = SDL_GetBasePath();
        if (!base) {
            snprintf(err, errlen, "cannot find the program's folder (%s); set RB_DATA_DIR to the data folder",
                     SDL_GetError());
            return -1;
        }
        n = snprintf(dir, len, "%s../share/rollerball/", base);
        SDL_free(base);
    }
    if (n < 0 || (size_t)n >= len) {
        snprintf(err, errlen, "the data folder's path is too long");
        return -1;
    }
    return 0;
}

/* True when some pixel of the image is not fully transparent. */
static bool visible(SDL_Surface *s)
{
    SDL_Surface *c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    bool any = false;
    if (!c)
        return false;
    SDL_LockSurface(c);
    for (int y = 0; y < c->h && !any; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)c->pixels + y * c->pitch);
        for (int x = 0; x < c->w; x++)
            if (row[x] >> 24) {
                any = true;
                break;
            }
    }
    SDL_UnlockSurface(c);
    SDL_FreeSurface(c);
    return any;
}

static SDL_Surface *rasterise(const void *svg, size_t len, int size)
{
    SDL_RWops *rw = SDL_RWFromConstMem(svg, (int)len);
    if (!rw)
        return NULL;
    SDL_Surface *s = IMG_LoadSizedSVG_RW(rw, size, size);
    SDL_RWclose(rw);
    return s;
}

#ifndef RB_APP_ID
#define RB_APP_ID "org.rollerball.Rollerball"
#endif

SDL_Surface *rb_ui_assets_load_icon(const char *data_dir, int size, char *err, size_t errlen)
{
    char path[RB_UI_PATH_MAX + 64];
    snprintf(path, sizeof path, "%sicons/%s.svg", data_dir, RB_APP_ID);
    size_t len = 0;
    void *data = SDL_LoadFile(path, &len);
    if (!data) {
        snprintf(err, errlen, "cannot read the window icon %s: %s", path, SDL_GetError());
        return NULL;
    }
    SDL_Surface *s = len > 0 && len <= SVG_MAX_BYTES ? rasterise(data, len, size) : NULL;
    SDL_free(data);
    if (!s || !visible(s)) {
        if (s)
            SDL_FreeSurface(s);
        snprintf(err, errlen, "the window icon %s is damaged: it draws nothing", path);
        return NULL;
    }
    return s;
}

int rb_ui_assets_load_pieces(rb_app *app, char *err, size_t errlen)
{
    for (int c = 0; c < 2; c++)
        for (int t = RB_KING; t <= RB_PAWN; t++) {
            char path[RB_UI_PATH_MAX + 32];
            snprintf(path, sizeof path, "%s%s", app->data_dir, piece_files[c][t]);
            size_t len = 0;
            void *data = SDL_LoadFile(path, &len);
            if (!data) {
                snprintf(err, errlen, "cannot read the piece image %s: %s", path, SDL_GetError());
                return -1;
            }
            if (len == 0 || len > SVG_MAX_BYTES) {
                SDL_free(data);
                snprintf(err, errlen, "the piece image %s is damaged (%zu bytes)", path, len);
                return -1;
            }
            SDL_Surface *s = rasterise(data, len, 64);
            bool ok = s && visible(s);
            if (s)
                SDL_FreeSurface(s);
            if (!ok) {
                SDL_free(data);
                snprintf(err, errlen, "the piece image %s is damaged: it draws nothing", path);
                return -1;
            }
            app->pieces.svg[c][t] = data;
            app->pieces.svg_len[c][t] = len;
        }
    return 0;
}

static void drop_set(rb_ui_piece_set *set)
{
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 5; t++) {
            if (set->tex[c][t])
                SDL_DestroyTexture(set->tex[c][t]);
            set->tex[c][t] = NULL;
        }
    set->size = 0;
}

void rb_ui_assets_drop_textures(rb_app *app)
{
    drop_set(&app->pieces.board);
    drop_set(&app->pieces.diagram);
    drop_set(&app->pieces.material);
}

int rb_ui_assets_size_set(rb_app *app, rb_ui_piece_set *set, int size, char *err, size_t errlen)
{
    if (size == set->size)
        return 0;
    drop_set(set);
    for (int c = 0; c < 2; c++)
        for (int t = RB_KING; t <= RB_PAWN; t++) {
            SDL_Surface *s = rasterise(app->pieces.svg[c][t], app->pieces.svg_len[c][t], size);
            SDL_Texture *tex = s ? SDL_CreateTextureFromSurface(app->renderer, s) : NULL;
            if (s)
                SDL_FreeSurface(s);
            if (!tex) {
                snprintf(err, errlen, "cannot draw the piece image %s%s: %s", app->data_dir,
                         piece_files[c][t], SDL_GetError());
                drop_set(set);
                return -1;
            }
            SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
            set->tex[c][t] = tex;
        }
    set->size = size;
    return 0;
}

int rb_ui_assets_size_pieces(rb_app *app, int size, char *err, size_t errlen)
{
    return rb_ui_assets_size_set(app, &app->pieces.board, size, err, errlen);
}

void rb_ui_assets_free(rb_app *app)
{
    rb_ui_assets_drop_textures(app);
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 5; t++) {
            SDL_free(app->pieces.svg[c][t]);
            app->pieces.svg[c][t] = NULL;
            app->pieces.svg_len[c][t] = 0;
        }
}
