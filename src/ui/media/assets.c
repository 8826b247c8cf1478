/*
 * assets.c - piece images. The piece sets are rows of a table, each a
 * folder of the same eight files, so a new set is a folder and a row. The
 * SVG text of the chosen set is read when it is chosen; the images are
 * rasterised by SDL_image (nanosvg) at exactly the square size whenever that
 * changes, so pieces are crisp at any window size and pixel density. A file
 * that is missing, unreadable or draws nothing stops the game with a message
 * naming it, rather than a board of invisible pieces.
 *
 * The window icon is the same SVG the desktop files install, rasterised the
 * same way; it is a nicety, so a missing or damaged icon only costs a
 * message.
 */
#include "media/assets.h"
#include "words/i18n.h"

#include <SDL_image.h>
#include <stdio.h>
#include <string.h>

#define SVG_MAX_BYTES (256 * 1024)

const rb_ui_piece_set_info rb_ui_piece_sets[] = {
    {"classic", N_("Classic")},     /* Staunton-like outlines with a base */
    {"geometric", N_("Geometric")}, /* flat shapes: disc and cross, tower, diamond, cone */
};
const int rb_ui_piece_set_count = (int)(sizeof rb_ui_piece_sets / sizeof rb_ui_piece_sets[0]);

static const char *const piece_files[2][5] = {
    {NULL, "wK.svg", "wR.svg", "wB.svg", "wP.svg"},
    {NULL, "bK.svg", "bR.svg", "bB.svg", "bP.svg"},
};

int rb_ui_assets_find_set(const char *key)
{
    for (int i = 0; key && i < rb_ui_piece_set_count; i++) {
        if (strcmp(key, rb_ui_piece_sets[i].key) == 0) {
            return i;
        }
    }
    return -1;
}

void rb_ui_assets_set_keys(char *buf, size_t len)
{
    size_t n = 0;
    if (len) {
        buf[0] = '\0';
    }
    for (int i = 0; i < rb_ui_piece_set_count && n < len; i++) {
        n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", rb_ui_piece_sets[i].key);
    }
}

/* path = the data folder, the set's folder and the file of a piece. */
static void piece_path(const rb_app *app, int set, int c, int t, char *path, size_t len)
{
    snprintf(path, len, "%spieces/%s/%s", app->data_dir, rb_ui_piece_sets[set].key, piece_files[c][t]);
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
            snprintf(err, errlen, _("cannot find the program's folder (%s); set RB_DATA_DIR to the data folder"),
                     SDL_GetError());
            return -1;
        }
        n = snprintf(dir, len, "%s../share/rollerball/", base);
        SDL_free(base);
    }
    if (n < 0 || (size_t)n >= len) {
        snprintf(err, errlen, "%s", _("the data folder's path is too long"));
        return -1;
    }
    return 0;
}

/* True when some pixel of the image is not fully transparent. */
static bool visible(SDL_Surface *s)
{
    SDL_Surface *c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    bool any = false;
    if (!c) {
        return false;
    }
    SDL_LockSurface(c);
    for (int y = 0; y < c->h && !any; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)c->pixels + y * c->pitch);
        for (int x = 0; x < c->w; x++) {
            if (row[x] >> 24) {
                any = true;
                break;
            }
        }
    }
    SDL_UnlockSurface(c);
    SDL_FreeSurface(c);
    return any;
}

static SDL_Surface *rasterise(const void *svg, size_t len, int size)
{
    SDL_RWops *rw = SDL_RWFromConstMem(svg, (int)len);
    if (!rw) {
        return NULL;
    }
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
        snprintf(err, errlen, _("cannot read the window icon %s: %s"), path, SDL_GetError());
        return NULL;
    }
    SDL_Surface *s = len > 0 && len <= SVG_MAX_BYTES ? rasterise(data, len, size) : NULL;
    SDL_free(data);
    if (!s || !visible(s)) {
        if (s) {
            SDL_FreeSurface(s);
        }
        snprintf(err, errlen, _("the window icon %s is damaged: it draws nothing"), path);
        return NULL;
    }
    return s;
}

static void free_svgs(void *svg[2][5], size_t svg_len[2][5])
{
    for (int c = 0; c < 2; c++) {
        for (int t = 0; t < 5; t++) {
            SDL_free(svg[c][t]);
            svg[c][t] = NULL;
            svg_len[c][t] = 0;
        }
    }
}

int rb_ui_assets_load_pieces(rb_app *app, int set, char *err, size_t errlen)
{
    if (set < 0 || set >= rb_ui_piece_set_count) {
        snprintf(err, errlen, _("There is no piece set number %d."), set);
        return -1;
    }
    void *svg[2][5] = {{NULL}};
    size_t svg_len[2][5] = {{0}};
    for (int c = 0; c < 2; c++) {
        for (int t = RB_KING; t <= RB_PAWN; t++) {
            char path[RB_UI_PATH_MAX + 64];
            piece_path(app, set, c, t, path, sizeof path);
            size_t len = 0;
            void *data = SDL_LoadFile(path, &len);
            if (!data) {
                snprintf(err, errlen, _("cannot read the piece image %s: %s"), path, SDL_GetError());
                free_svgs(svg, svg_len);
                return -1;
            }
            svg[c][t] = data;
            svg_len[c][t] = len;
            if (len == 0 || len > SVG_MAX_BYTES) {
                snprintf(err, errlen, _("the piece image %s is damaged (%zu bytes)"), path, len);
                free_svgs(svg, svg_len);
                return -1;
            }
            SDL_Surface *s = rasterise(data, len, 64);
            bool ok = s && visible(s);
            if (s) {
                SDL_FreeSurface(s);
            }
            if (!ok) {
                snprintf(err, errlen, _("the piece image %s is damaged: it draws nothing"), path);
                free_svgs(svg, svg_len);
                return -1;
            }
        }
    }
    /* All eight are good: they take the place of the pictures in use. */
    rb_ui_assets_drop_textures(app);
    free_svgs(app->pieces.svg, app->pieces.svg_len);
    memcpy(app->pieces.svg, svg, sizeof svg);
    memcpy(app->pieces.svg_len, svg_len, sizeof svg_len);
    app->pieces.set = set;
    return 0;
}

static void drop_set(rb_ui_piece_set *set)
{
    for (int c = 0; c < 2; c++) {
        for (int t = 0; t < 5; t++) {
            if (set->tex[c][t]) {
                SDL_DestroyTexture(set->tex[c][t]);
            }
            set->tex[c][t] = NULL;
        }
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
    if (size == set->size) {
        return 0;
    }
    drop_set(set);
    for (int c = 0; c < 2; c++) {
        for (int t = RB_KING; t <= RB_PAWN; t++) {
            SDL_Surface *s = rasterise(app->pieces.svg[c][t], app->pieces.svg_len[c][t], size);
            SDL_Texture *tex = s ? SDL_CreateTextureFromSurface(app->renderer, s) : NULL;
            if (s) {
                SDL_FreeSurface(s);
            }
            if (!tex) {
                char path[RB_UI_PATH_MAX + 64];
                piece_path(app, app->pieces.set, c, t, path, sizeof path);
                snprintf(err, errlen, _("cannot draw the piece image %s: %s"), path, SDL_GetError());
                drop_set(set);
                return -1;
            }
            SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
            set->tex[c][t] = tex;
        }
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
    free_svgs(app->pieces.svg, app->pieces.svg_len);
}
