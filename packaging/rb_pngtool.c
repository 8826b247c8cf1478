/*
 * rb_pngtool: the two picture chores of packaging, done with the same
 * SDL2_image the game uses.
 *
 *   rb_pngtool render ICON.svg SIZE OUT.png
 *       rasterises the scalable icon at SIZE x SIZE pixels, for the hicolor
 *       theme's fixed-size folders. Using SDL2_image (nanosvg) instead of a
 *       separate SVG tool keeps the build's dependencies to what the game
 *       already needs, and proves the icon stays within what nanosvg draws.
 *
 *   rb_pngtool check PICTURE.png WxH      the picture is exactly W x H
 *   rb_pngtool check PICTURE.png WxH+     the picture is at least W x H
 *       and in both cases shows something: enough distinct colours and no
 *       single colour covering nearly all of it. A blank or single-colour
 *       window, a wrongly sized icon or a file that is not a PNG fails with
 *       a message saying which.
 *
 *   rb_pngtool board PICTURE.png LIGHT DARK
 *       the picture shows a Rollerball board: a square region of 7 x 7
 *       cells whose 40 ring cells are covered mostly by the square colours
 *       LIGHT and DARK ("R,G,B") in the checkerboard's order (the top left
 *       cell is dark whichever way the board is turned, as a1 is), and whose
 *       centre 3 x 3 cells, the hole, show neither. Cells are judged by how
 *       much of them has each colour rather than by one pixel, because
 *       pieces, arrows and markers sit on top of the squares.
 *
 * Exit status: 0 when the work was done or the picture passed, 1 otherwise.
 */
#define SDL_MAIN_HANDLED
#include <SDL.h>
#include <SDL_image.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Colours are counted after keeping the top four bits of each channel:
 * anti-aliasing noise must not make a blank picture look varied. */
enum { RB_BUCKETS = 1 << 12, RB_MIN_COLOURS = 8 };
static const double rb_max_dominant_share = 0.97;

static int rb_usage(void)
{
    fputs("usage: rb_pngtool render ICON.svg SIZE OUT.png\n"
          "       rb_pngtool check PICTURE.png WxH[+]\n"
          "       rb_pngtool board PICTURE.png R,G,B R,G,B\n",
          stderr);
    return 1;
}

static int rb_render(const char *svg_path, const char *size_text, const char *png_path)
{
    char *end = NULL;
    long size = strtol(size_text, &end, 10);
    if (*size_text == '\0' || *end != '\0' || size < 1 || size > 4096) {
        fprintf(stderr, "rb_pngtool: size '%s' is not a number of pixels from 1 to 4096\n", size_text);
        return 1;
    }
    SDL_RWops *in = SDL_RWFromFile(svg_path, "rb");
    if (in == NULL) {
        fprintf(stderr, "rb_pngtool: cannot open %s: %s\n", svg_path, SDL_GetError());
        return 1;
    }
    SDL_Surface *picture = IMG_LoadSizedSVG_RW(in, (int)size, (int)size);
    SDL_RWclose(in);
    if (picture == NULL) {
        fprintf(stderr, "rb_pngtool: %s is not an SVG that SDL2_image can draw: %s\n", svg_path, IMG_GetError());
        return 1;
    }
    int status = 0;
    if (picture->w != size || picture->h != size) {
        fprintf(stderr, "rb_pngtool: %s drew as %dx%d, not %ldx%ld: is its view box square?\n", svg_path, picture->w,
                picture->h, size, size);
        status = 1;
    } else if (IMG_SavePNG(picture, png_path) != 0) {
        fprintf(stderr, "rb_pngtool: cannot write %s: %s\n", png_path, IMG_GetError());
        status = 1;
    }
    SDL_FreeSurface(picture);
    return status;
}

/* Parses "WxH" or "WxH+"; *at_least tells which. */
static bool rb_parse_size(const char *text, int *w, int *h, bool *at_least)
{
    char plus = '\0';
    char extra = '\0';
    int fields = sscanf(text, "%dx%d%c%c", w, h, &plus, &extra);
    if (fields == 2) {
        *at_least = false;
    } else if (fields == 3 && plus == '+') {
        *at_least = true;
    } else {
        return false;
    }
    return *w > 0 && *h > 0;
}

/* The picture at png_path as 32-bit RGBA, or NULL after saying why. */
static SDL_Surface *rb_load_rgba(const char *png_path)
{
    SDL_Surface *loaded = IMG_Load(png_path);
    if (loaded == NULL) {
        fprintf(stderr, "rb_pngtool: %s is not a picture SDL2_image can read: %s\n", png_path, IMG_GetError());
        return NULL;
    }
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(loaded);
    if (rgba == NULL) {
        fprintf(stderr, "rb_pngtool: cannot convert %s to RGBA: %s\n", png_path, SDL_GetError());
    }
    return rgba;
}

static int rb_check(const char *png_path, const char *size_text)
{
    int want_w = 0;
    int want_h = 0;
    bool at_least = false;
    if (!rb_parse_size(size_text, &want_w, &want_h, &at_least)) {
        fprintf(stderr, "rb_pngtool: size '%s' is not WxH or WxH+\n", size_text);
        return 1;
    }
    SDL_Surface *rgba = rb_load_rgba(png_path);
    if (rgba == NULL) {
        return 1;
    }

    int status = 0;
    bool size_ok = at_least ? (rgba->w >= want_w && rgba->h >= want_h) : (rgba->w == want_w && rgba->h == want_h);
    if (!size_ok) {
        fprintf(stderr, "rb_pngtool: %s is %dx%d, expected %s%dx%d\n", png_path, rgba->w, rgba->h,
                at_least ? "at least " : "", want_w, want_h);
        status = 1;
    }

    static unsigned long counts[RB_BUCKETS];
    memset(counts, 0, sizeof counts);
    const Uint8 *row = rgba->pixels;
    for (int y = 0; y < rgba->h; y++, row += rgba->pitch) {
        for (int x = 0; x < rgba->w; x++) {
            const Uint8 *p = row + 4 * x;
            /* Fully transparent pixels count as one colour whatever their RGB. */
            unsigned r = p[0] >> 4u, g = p[1] >> 4u, b = p[2] >> 4u;
            unsigned key = p[3] < 16 ? 0u : (r << 8u) | (g << 4u) | b;
            counts[key]++;
        }
    }
    unsigned long total = (unsigned long)rgba->w * (unsigned long)rgba->h;
    unsigned long dominant = 0;
    int colours = 0;
    for (int i = 0; i < RB_BUCKETS; i++) {
        colours += counts[i] > 0;
        if (counts[i] > dominant) {
            dominant = counts[i];
        }
    }
    double share = total > 0 ? (double)dominant / (double)total : 1.0;
    printf("%s: %dx%d, %d colours, the commonest covers %.1f%%\n", png_path, rgba->w, rgba->h, colours, 100.0 * share);
    if (colours < RB_MIN_COLOURS || share > rb_max_dominant_share) {
        fprintf(stderr, "rb_pngtool: %s looks blank (%d colours, one covers %.1f%%)\n", png_path, colours,
                100.0 * share);
        status = 1;
    }
    SDL_FreeSurface(rgba);
    return status;
}

/* "R,G,B" with each part 0..255. */
static bool rb_parse_colour(const char *text, int rgb[3])
{
    char extra = '\0';
    if (sscanf(text, "%d,%d,%d%c", &rgb[0], &rgb[1], &rgb[2], &extra) != 3) {
        return false;
    }
    for (int i = 0; i < 3; i++) {
        if (rgb[i] < 0 || rgb[i] > 255) {
            return false;
        }
    }
    return true;
}

/* Exact colours, give or take rounding: the game draws the squares opaque. */
static bool rb_is_colour(const Uint8 *p, const int rgb[3])
{
    for (int i = 0; i < 3; i++) {
        if (abs((int)p[i] - rgb[i]) > 2) {
            return false;
        }
    }
    return p[3] > 250;
}

/* 0 for neither square colour, 1 for light, 2 for dark. */
static int rb_square_colour(const SDL_Surface *s, int x, int y, const int light[3], const int dark[3])
{
    const Uint8 *p = (const Uint8 *)s->pixels + y * s->pitch + 4 * x;
    return rb_is_colour(p, light) ? 1 : rb_is_colour(p, dark) ? 2 : 0;
}

/* The first and last index whose count reaches a third of the largest: a
 * stray pixel of a square colour elsewhere must not stretch the board. */
static void rb_span(const int *counts, int n, int *first, int *last)
{
    int most = 0;
    for (int i = 0; i < n; i++) {
        most = counts[i] > most ? counts[i] : most;
    }
    *first = -1;
    *last = -1;
    for (int i = 0; i < n && most > 0; i++) {
        if (3 * counts[i] >= most) {
            *first = *first < 0 ? i : *first;
            *last = i;
        }
    }
}

static int rb_board(const char *png_path, const char *light_text, const char *dark_text)
{
    int light[3];
    int dark[3];
    if (!rb_parse_colour(light_text, light) || !rb_parse_colour(dark_text, dark)) {
        fprintf(stderr, "rb_pngtool: colours must be R,G,B with parts 0..255, not '%s' and '%s'\n", light_text,
                dark_text);
        return 1;
    }
    SDL_Surface *s = rb_load_rgba(png_path);
    if (s == NULL) {
        return 1;
    }
    int *rows = calloc((size_t)s->h, sizeof *rows);
    int *cols = calloc((size_t)s->w, sizeof *cols);
    int status = 1;
    if (rows == NULL || cols == NULL) {
        fprintf(stderr, "rb_pngtool: out of memory\n");
        goto done;
    }
    for (int y = 0; y < s->h; y++) {
        for (int x = 0; x < s->w; x++) {
            if (rb_square_colour(s, x, y, light, dark) != 0) {
                rows[y]++;
                cols[x]++;
            }
        }
    }
    int top, bottom, left, right;
    rb_span(rows, s->h, &top, &bottom);
    rb_span(cols, s->w, &left, &right);
    int bw = right - left + 1;
    int bh = bottom - top + 1;
    if (top < 0 || left < 0 || bw < 7 * 8 || abs(bw - bh) > bw / 20 + 2) {
        fprintf(stderr, "rb_pngtool: %s shows no square board in the colours %s and %s\n", png_path, light_text,
                dark_text);
        goto done;
    }

    int wrong = 0;
    for (int r = 0; r < 7; r++) {
        for (int c = 0; c < 7; c++) {
            /* The middle 80% of the cell: its edges may be the neighbour's. */
            int x0 = left + (c * bw) / 7, x1 = left + ((c + 1) * bw) / 7;
            int y0 = top + (r * bh) / 7, y1 = top + ((r + 1) * bh) / 7;
            int mx = (x1 - x0) / 10, my = (y1 - y0) / 10;
            int counts[3] = {0, 0, 0};
            int area = 0;
            for (int y = y0 + my; y < y1 - my; y++) {
                for (int x = x0 + mx; x < x1 - mx; x++) {
                    counts[rb_square_colour(s, x, y, light, dark)]++;
                    area++;
                }
            }
            bool hole = r >= 2 && r <= 4 && c >= 2 && c <= 4;
            int want = (r + c) % 2 == 0 ? 2 : 1;
            bool ok =
                hole ? 20 * (counts[1] + counts[2]) <= area : 5 * counts[want] >= area && 20 * counts[3 - want] <= area;
            /* A few cells name the fault; forty would bury it. */
            if (!ok && ++wrong <= 3) {
                fprintf(stderr,
                        "rb_pngtool: %s: the cell in row %d, column %d from the top left should %s, "
                        "but %d%% of it is light and %d%% dark\n",
                        png_path, r + 1, c + 1,
                        hole        ? "be the hole"
                        : want == 2 ? "be a dark square"
                                    : "be a light square",
                        100 * counts[1] / area, 100 * counts[2] / area);
            }
        }
    }
    if (wrong > 3) {
        fprintf(stderr, "rb_pngtool: %s: %d more cells are wrong\n", png_path, wrong - 3);
    }
    if (wrong == 0) {
        printf("%s: a %dx%d board at %d,%d with 40 squares in checkerboard order around the hole\n", png_path, bw, bh,
               left, top);
        status = 0;
    }
done:
    free(rows);
    free(cols);
    SDL_FreeSurface(s);
    return status;
}

int main(int argc, char **argv)
{
    int status;
    if (argc == 5 && strcmp(argv[1], "render") == 0) {
        status = rb_render(argv[2], argv[3], argv[4]);
    } else if (argc == 4 && strcmp(argv[1], "check") == 0) {
        status = rb_check(argv[2], argv[3]);
    } else if (argc == 5 && strcmp(argv[1], "board") == 0) {
        status = rb_board(argv[2], argv[3], argv[4]);
    } else {
        return rb_usage();
    }
    IMG_Quit();
    return status;
}
