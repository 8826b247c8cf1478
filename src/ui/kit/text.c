/*
 * text.c - strings drawn with SDL_ttf, each rendered once and kept as a
 * texture.
 *
 * Rasterising a string is slow compared with drawing a texture, and the
 * panel redraws the same few dozen strings every frame, so textures are
 * cached under the string, its size, weight and colour. The cache is a
 * small chained hash table; when it grows past a bound it is emptied rather
 * than managed with an LRU list, because a frame never needs more than a
 * few hundred strings. Fonts are opened lazily, one per size and weight.
 *
 * The check of fit (text.h) sits here, where every string is drawn, so no
 * screen can draw text past it: each caller only names the box its text
 * belongs to, or lets the clip rectangle or the window stand for it.
 */
#include "kit/text.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL_ttf.h>

#define TEXT_BUCKETS 256
#define TEXT_CACHE_MAX 600 /* textures kept before the cache is emptied */
#define TEXT_FONTS_MAX 24  /* distinct (size, weight) pairs kept open */

typedef struct text_entry {
    struct text_entry *next;
    char *str;
    int px;
    bool bold;
    Uint32 rgba;
    SDL_Texture *tex;
    int w, h;
} text_entry;

typedef struct text_font {
    int px;
    bool bold;
    TTF_Font *font;
} text_font;

struct rb_ui_text {
    char path[2][RB_UI_PATH_MAX + 64]; /* regular, bold */
    text_font fonts[TEXT_FONTS_MAX];
    int nfonts;
    text_entry *buckets[TEXT_BUCKETS];
    int count;

    /* The check of fit: the box named by the caller (w < 0: none named),
     * and what was written down while checking. */
    SDL_Rect box;
    bool checking;
    int nmisfits;
    rb_ui_text_misfit misfits[RB_UI_TEXT_MISFITS_MAX];
};

static const char *const text_files[2] = {"fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf"};

static Uint32 text_rgba(SDL_Color c)
{
    return ((Uint32)c.r << 24) | ((Uint32)c.g << 16) | ((Uint32)c.b << 8) | c.a;
}

/* FNV-1a over the string, then the other parts of the key mixed in. */
static unsigned text_hash(const char *s, int px, bool bold, Uint32 rgba)
{
    Uint32 h = 2166136261u;
    for (; *s; s++) {
        h = (h ^ (unsigned char)*s) * 16777619u;
    }
    h = (h ^ (Uint32)px) * 16777619u;
    h = (h ^ (Uint32)bold) * 16777619u;
    h = (h ^ rgba) * 16777619u;
    return h % TEXT_BUCKETS;
}

int rb_ui_text_init(rb_app *app, char *err, size_t errlen)
{
    if (!TTF_WasInit() && TTF_Init() != 0) {
        snprintf(err, errlen, _("Could not start the font library: %s"), TTF_GetError());
        return -1;
    }
    struct rb_ui_text *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "%s", _("Out of memory loading the font."));
        TTF_Quit();
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        snprintf(t->path[i], sizeof t->path[i], "%s%s", app->data_dir, text_files[i]);
        /* Open once now so a missing or damaged font is reported at start,
         * not as blank labels later. */
        TTF_Font *probe = TTF_OpenFont(t->path[i], 16);
        if (!probe) {
            snprintf(err, errlen, _("Could not load the font %s: %s"), t->path[i], TTF_GetError());
            for (int k = 0; k < t->nfonts; k++) {
                TTF_CloseFont(t->fonts[k].font);
            }
            free(t);
            TTF_Quit();
            return -1;
        }
        t->fonts[t->nfonts++] = (text_font){16, i == 1, probe};
    }
    t->box = (SDL_Rect){0, 0, -1, -1};
    app->text = t;
    return 0;
}

void rb_ui_text_flush(rb_app *app)
{
    struct rb_ui_text *t = app->text;
    if (!t) {
        return;
    }
    for (int b = 0; b < TEXT_BUCKETS; b++) {
        text_entry *e = t->buckets[b];
        while (e) {
            text_entry *next = e->next;
            SDL_DestroyTexture(e->tex);
            free(e->str);
            free(e);
            e = next;
        }
        t->buckets[b] = NULL;
    }
    t->count = 0;
}

void rb_ui_text_free(rb_app *app)
{
    struct rb_ui_text *t = app->text;
    if (!t) {
        return;
    }
    rb_ui_text_flush(app);
    for (int i = 0; i < t->nfonts; i++) {
        TTF_CloseFont(t->fonts[i].font);
    }
    free(t);
    app->text = NULL;
    TTF_Quit();
}

static TTF_Font *text_font_get(struct rb_ui_text *t, int px, bool bold)
{
    if (px < 4) {
        px = 4;
    }
    for (int i = 0; i < t->nfonts; i++) {
        if (t->fonts[i].px == px && t->fonts[i].bold == bold) {
            return t->fonts[i].font;
        }
    }
    TTF_Font *f = TTF_OpenFont(t->path[bold ? 1 : 0], px);
    if (!f) {
        return NULL;
    }
    if (t->nfonts == TEXT_FONTS_MAX) {
        /* Many sizes happen while a window is dragged bigger: drop the
         * oldest font (and the textures, which may have come from it). */
        TTF_CloseFont(t->fonts[0].font);
        memmove(&t->fonts[0], &t->fonts[1], sizeof t->fonts[0] * (TEXT_FONTS_MAX - 1));
        t->nfonts--;
    }
    t->fonts[t->nfonts++] = (text_font){px, bold, f};
    return f;
}

/* The cached texture for this key, rendered now if needed; NULL when the
 * string is empty or cannot be drawn. */
static text_entry *text_lookup(rb_app *app, const char *s, int px, bool bold, SDL_Color color)
{
    struct rb_ui_text *t = app->text;
    if (!t || !s || !*s || !app->renderer) {
        return NULL;
    }
    Uint32 rgba = text_rgba(color);
    unsigned b = text_hash(s, px, bold, rgba);
    for (text_entry *e = t->buckets[b]; e; e = e->next) {
        if (e->px == px && e->bold == bold && e->rgba == rgba && strcmp(e->str, s) == 0) {
            return e;
        }
    }

    if (t->count >= TEXT_CACHE_MAX) {
        rb_ui_text_flush(app);
        b = text_hash(s, px, bold, rgba);
    }
    TTF_Font *font = text_font_get(t, px, bold);
    if (!font) {
        return NULL;
    }
    SDL_Surface *surf = TTF_RenderUTF8_Blended(font, s, color);
    if (!surf) {
        return NULL;
    }
    SDL_Texture *tex = SDL_CreateTextureFromSurface(app->renderer, surf);
    int w = surf->w, h = surf->h;
    SDL_FreeSurface(surf);
    if (!tex) {
        return NULL;
    }
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    text_entry *e = calloc(1, sizeof *e);
    char *copy = e ? malloc(strlen(s) + 1) : NULL;
    if (!e || !copy) {
        free(e);
        SDL_DestroyTexture(tex);
        return NULL;
    }
    strcpy(copy, s);
    *e = (text_entry){t->buckets[b], copy, px, bold, rgba, tex, w, h};
    t->buckets[b] = e;
    t->count++;
    return e;
}

/* ---- the check of fit ------------------------------------------------- */

SDL_Rect rb_ui_text_box_begin(rb_app *app, SDL_Rect box)
{
    struct rb_ui_text *t = app->text;
    SDL_Rect previous = t ? t->box : (SDL_Rect){0, 0, -1, -1};
    if (t) {
        t->box = box;
    }
    return previous;
}

void rb_ui_text_box_end(rb_app *app, SDL_Rect previous)
{
    if (app->text) {
        app->text->box = previous;
    }
}

void rb_ui_text_check(rb_app *app, bool on)
{
    struct rb_ui_text *t = app->text;
    if (!t) {
        return;
    }
    t->checking = on;
    t->nmisfits = 0;
}

int rb_ui_text_misfits(const rb_app *app, rb_ui_text_misfit *out, int max)
{
    const struct rb_ui_text *t = app->text;
    if (!t) {
        return 0;
    }
    int kept = t->nmisfits < RB_UI_TEXT_MISFITS_MAX ? t->nmisfits : RB_UI_TEXT_MISFITS_MAX;
    for (int i = 0; i < kept && i < max; i++) {
        out[i] = t->misfits[i];
    }
    return t->nmisfits;
}

/* Writes a misfit down, once per text and box. */
static void text_misfit(struct rb_ui_text *t, const char *s, SDL_Rect extent, SDL_Rect box, const char *why)
{
    for (int i = 0; i < t->nmisfits && i < RB_UI_TEXT_MISFITS_MAX; i++) {
        const rb_ui_text_misfit *m = &t->misfits[i];
        if (strncmp(m->text, s, sizeof m->text - 1) == 0 && SDL_RectEquals(&m->box, &box) && m->why == why) {
            return;
        }
    }
    if (t->nmisfits < RB_UI_TEXT_MISFITS_MAX) {
        rb_ui_text_misfit *m = &t->misfits[t->nmisfits];
        snprintf(m->text, sizeof m->text, "%s", s);
        m->extent = extent;
        m->box = box;
        m->why = why;
    }
    t->nmisfits++;
}

/* True when r lies inside box; a pixel of slack for rounding. */
static bool text_inside(SDL_Rect r, SDL_Rect box)
{
    return r.x >= box.x - 1 && r.y >= box.y - 1 && r.x + r.w <= box.x + box.w + 1 && r.y + r.h <= box.y + box.h + 1;
}

/* Checks text drawn at extent against its box and the window. */
static void text_check_fit(rb_app *app, const char *s, SDL_Rect extent)
{
    struct rb_ui_text *t = app->text;
    if (t->box.w == 0 || t->box.h == 0) {
        return; /* scrolls inside its box on purpose */
    }
    SDL_Rect window = {0, 0, 0, 0};
    SDL_GetRendererOutputSize(app->renderer, &window.w, &window.h);
    if (!text_inside(extent, window)) {
        text_misfit(t, s, extent, window, "beyond the window");
        return;
    }
    if (t->box.w > 0 && !text_inside(extent, t->box)) {
        text_misfit(t, s, extent, t->box, "beyond its box");
        return;
    }
    SDL_Rect clip;
    if (SDL_RenderIsClipEnabled(app->renderer)) {
        SDL_RenderGetClipRect(app->renderer, &clip);
        if (!text_inside(extent, clip)) {
            text_misfit(t, s, extent, clip, "cut by its box");
        }
    }
}

int rb_ui_text_draw(rb_app *app, const char *text, int px, bool bold, SDL_Color color, int x, int y, rb_ui_align align)
{
    text_entry *e = text_lookup(app, text, px, bold, color);
    if (!e) {
        return 0;
    }
    SDL_Rect dst = {x, y - e->h / 2, e->w, e->h};
    if (align == RB_UI_ALIGN_CENTER) {
        dst.x -= e->w / 2;
    } else if (align == RB_UI_ALIGN_RIGHT) {
        dst.x -= e->w;
    }
    if (app->text->checking) {
        text_check_fit(app, text, dst);
    }
    SDL_RenderCopy(app->renderer, e->tex, NULL, &dst);
    return e->w;
}

int rb_ui_text_width(rb_app *app, const char *text, int px, bool bold)
{
    struct rb_ui_text *t = app->text;
    if (!t || !text || !*text) {
        return 0;
    }
    TTF_Font *font = text_font_get(t, px, bold);
    int w = 0, h = 0;
    if (!font || TTF_SizeUTF8(font, text, &w, &h) != 0) {
        return 0;
    }
    return w;
}

int rb_ui_text_fit_px(rb_app *app, const char *text, int px, bool bold, int width, int least)
{
    int size = px;
    while (size > least && rb_ui_text_width(app, text, size, bold) > width) {
        size--;
    }
    return size;
}

int rb_ui_text_line_height(rb_app *app, int px)
{
    struct rb_ui_text *t = app->text;
    TTF_Font *font = t ? text_font_get(t, px, false) : NULL;
    return font ? TTF_FontLineSkip(font) : px + px / 4;
}

/* Where to break a word wider than width: the longest start that fits and
 * ends after '/', '-', '_' or '.', else the longest that fits (at least one
 * character). */
static size_t text_word_cut(rb_app *app, const char *word, int px, bool bold, int width)
{
    char part[512];
    size_t n = strlen(word), best = 0, best_mark = 0;
    for (size_t i = 1; i <= n && i < sizeof part; i++) {
        if (i < n && ((unsigned char)word[i] & 0xC0) == 0x80) {
            continue; /* inside a character */
        }
        memcpy(part, word, i);
        part[i] = '\0';
        if (rb_ui_text_width(app, part, px, bold) > width) {
            break;
        }
        best = i;
        if (strchr("/-_.", word[i - 1])) {
            best_mark = i;
        }
    }
    if (best_mark > 0) {
        return best_mark;
    }
    if (best > 0) {
        return best;
    }
    size_t one = 1; /* not even one character fits: one anyway */
    while (one < n && ((unsigned char)word[one] & 0xC0) == 0x80) {
        one++;
    }
    return one;
}

/* Breaks text into lines no wider than width at spaces (and at '\n'),
 * drawing each with its top at y when draw is set. Returns the height. */
static int text_wrap(rb_app *app, const char *text, int px, bool bold, SDL_Color color, int x, int y, int width,
                     bool draw)
{
    int lh = rb_ui_text_line_height(app, px);
    int top = y;
    char line[512];
    const char *p = text;
    while (*p) {
        /* Take words while the line still fits. */
        size_t len = 0, fit = 0;
        const char *q = p;
        while (*q && *q != '\n') {
            const char *w = q;
            while (*w == ' ') {
                w++;
            }
            while (*w && *w != ' ' && *w != '\n') {
                w++;
            }
            size_t n = (size_t)(w - p);
            if (n >= sizeof line) {
                break;
            }
            memcpy(line, p, n);
            line[n] = '\0';
            if (fit > 0 && rb_ui_text_width(app, line, px, bold) > width) {
                break;
            }
            fit = n;
            q = w;
        }
        if (fit == 0 && *q && *q != '\n') {
            /* A single word wider than the line, or too long: cut it. */
            fit = strcspn(p, "\n");
            if (fit >= sizeof line) {
                fit = sizeof line - 1;
            }
            q = p + fit;
        }
        len = fit;
        memcpy(line, p, len);
        line[len] = '\0';
        if (len > 0 && rb_ui_text_width(app, line, px, bold) > width) {
            /* One word wider than the line (a file's path, a long name):
             * broken after a '/', '-' or '.' that lets the start fit, else
             * between characters, rather than drawn past the line. */
            size_t cut = text_word_cut(app, line, px, bold, width);
            len = cut;
            line[len] = '\0';
            q = p + len;
        }
        if (draw && len > 0 && app->text && app->text->checking) {
            /* A word wider than the whole line sticks out of it. */
            int lw = rb_ui_text_width(app, line, px, bold);
            if (lw > width + 1) {
                text_misfit(app->text, line, (SDL_Rect){x, y, lw, lh}, (SDL_Rect){x, y, width, lh},
                            "a word wider than its line");
            }
        }
        if (draw && len > 0) {
            rb_ui_text_draw(app, line, px, bold, color, x, y + lh / 2, RB_UI_ALIGN_LEFT);
        }
        y += lh;
        p = q;
        while (*p == ' ') {
            p++;
        }
        if (*p == '\n') {
            p++;
        }
    }
    return y - top;
}

int rb_ui_text_draw_wrapped(rb_app *app, const char *text, int px, bool bold, SDL_Color color, int x, int y, int width)
{
    return text_wrap(app, text, px, bold, color, x, y, width, true);
}

int rb_ui_text_wrapped_height(rb_app *app, const char *text, int px, bool bold, int width)
{
    SDL_Color none = {0, 0, 0, 0};
    return text_wrap(app, text, px, bold, none, 0, 0, width, false);
}

void rb_ui_text_elide(rb_app *app, const char *text, int px, bool bold, int width, char *out, size_t outlen)
{
    static const char ellipsis[] = "\u2026";
    size_t n = strlen(text);
    if (outlen == 0) {
        return;
    }
    if (n < outlen && rb_ui_text_width(app, text, px, bold) <= width) {
        memcpy(out, text, n + 1);
        return;
    }
    /* The longest start of whole characters that fits with the ellipsis,
     * found by halving (widths grow with the length). */
    size_t lo = 0, hi = n < outlen - sizeof ellipsis ? n : outlen - sizeof ellipsis;
    while (lo < hi) {
        size_t mid = (lo + hi + 1) / 2;
        while (mid > lo && ((unsigned char)text[mid] & 0xC0) == 0x80) {
            mid--;
        }
        if (mid == lo) {
            break;
        }
        memcpy(out, text, mid);
        memcpy(out + mid, ellipsis, sizeof ellipsis);
        if (rb_ui_text_width(app, out, px, bold) <= width) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    while (lo > 0 && ((unsigned char)text[lo] & 0xC0) == 0x80) {
        lo--;
    }
    /* No space just before the ellipsis. */
    while (lo > 0 && text[lo - 1] == ' ') {
        lo--;
    }
    memcpy(out, text, lo);
    memcpy(out + lo, ellipsis, sizeof ellipsis);
}

int rb_ui_text_drawn(const rb_app *app, const char *needle, char *first, size_t firstlen)
{
    const struct rb_ui_text *t = app->text;
    int count = 0;
    if (first && firstlen) {
        first[0] = '\0';
    }
    for (int b = 0; t && b < TEXT_BUCKETS; b++) {
        for (const text_entry *e = t->buckets[b]; e; e = e->next) {
            if (strstr(e->str, needle)) {
                if (count == 0 && first && firstlen) {
                    snprintf(first, firstlen, "%s", e->str);
                }
                count++;
            }
        }
    }
    return count;
}

void rb_ui_text_drawn_each(const rb_app *app, void (*each)(const char *text, void *data), void *data)
{
    const struct rb_ui_text *t = app->text;
    for (int b = 0; t && b < TEXT_BUCKETS; b++) {
        for (const text_entry *e = t->buckets[b]; e; e = e->next) {
            each(e->str, data);
        }
    }
}
