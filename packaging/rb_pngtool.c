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
          "       rb_pngtool check PICTURE.png WxH[+]\n",
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
        fprintf(stderr, "rb_pngtool: %s is not an SVG that SDL2_image can draw: %s\n", svg_path,
                IMG_GetError());
        return 1;
    }
    int status = 0;
    if (picture->w != size || picture->h != size) {
        fprintf(stderr, "rb_pngtool: %s drew as %dx%d, not %ldx%ld: is its view box square?\n",
                svg_path, picture->w, picture->h, size, size);
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

static int rb_check(const char *png_path, const char *size_text)
{
    int want_w = 0;
    int want_h = 0;
    bool at_least = false;
    if (!rb_parse_size(size_text, &want_w, &want_h, &at_least)) {
        fprintf(stderr, "rb_pngtool: size '%s' is not WxH or WxH+\n", size_text);
        return 1;
    }
    SDL_Surface *loaded = IMG_Load(png_path);
    if (loaded == NULL) {
        fprintf(stderr, "rb_pngtool: %s is not a picture SDL2_image can read: %s\n", png_path,
                IMG_GetError());
        return 1;
    }
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(loaded);
    if (rgba == NULL) {
        fprintf(stderr, "rb_pngtool: cannot convert %s to RGBA: %s\n", png_path, SDL_GetError());
        return 1;
    }

    int status = 0;
    bool size_ok = at_least ? (rgba->w >= want_w && rgba->h >= want_h)
                            : (rgba->w == want_w && rgba->h == want_h);
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
    printf("%s: %dx%d, %d colours, the commonest covers %.1f%%\n", png_path, rgba->w, rgba->h,
           colours, 100.0 * share);
    if (colours < RB_MIN_COLOURS || share > rb_max_dominant_share) {
        fprintf(stderr, "rb_pngtool: %s looks blank (%d colours, one covers %.1f%%)\n", png_path,
                colours, 100.0 * share);
        status = 1;
    }
    SDL_FreeSurface(rgba);
    return status;
}

int main(int argc, char **argv)
{
    int status;
    if (argc == 5 && strcmp(argv[1], "render") == 0) {
        status = rb_render(argv[2], argv[3], argv[4]);
    } else if (argc == 4 && strcmp(argv[1], "check") == 0) {
        status = rb_check(argv[2], argv[3]);
    } else {
        return rb_usage();
    }
    IMG_Quit();
    return status;
}
