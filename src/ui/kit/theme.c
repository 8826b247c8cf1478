/*
 * theme.c - the board's colour themes, one row of a table each.
 *
 * Every marker also differs in shape or lightness from what lies under it
 * and from the markers it must be told from, so no information rests on
 * hue alone: a destination is a dot, a piece to take a ring, the rebound a
 * chevron, the last move a filled square, check a glow. The board themes
 * share the window's dark frame (panel, dialogs, text) and differ on the
 * board; each picks marker colours that stand off its own squares (the
 * blue board draws paths in orange, the green board selects in blue). The
 * high-contrast theme pushes lightness differences to the extreme.
 */
#include "kit/theme.h"

#include <stdio.h>
#include <string.h>

#include "words/i18n.h"

#define C(r, g, b, a)                                                                                                  \
    {                                                                                                                  \
        (r), (g), (b), (a)                                                                                             \
    }

/* The frame around the board that the board themes share. */
#define DARK_FRAME                                                                                                     \
    .background = C(38, 36, 33, 255), .panel_bg = C(48, 46, 43, 255), .chooser_bg = C(250, 248, 240, 245),             \
    .chooser_border = C(40, 36, 30, 255), .text = C(236, 232, 224, 255), .text_dim = C(160, 154, 146, 255)

const rb_ui_theme_info rb_ui_themes[] = {
    /* Sand and brown, the game's first colours. */
    {"classic",
     N_("Classic"),
     {DARK_FRAME,
      .light = C(238, 216, 180, 255),
      .dark = C(176, 134, 98, 255),
      .hole = C(28, 26, 24, 255),
      .hole_rim = C(92, 70, 52, 255),
      .hole_arrow = C(120, 104, 86, 255),
      .flow_arrow = C(60, 40, 20, 46),
      .turn_mark = C(70, 45, 20, 110),
      .throne = {C(255, 250, 235, 150), C(40, 30, 20, 120)},
      .start_line = {C(255, 255, 255, 200), C(20, 16, 12, 200)},
      .coord = C(200, 190, 175, 255),
      .last_from = C(205, 210, 80, 90),
      .last_to = C(205, 210, 80, 140),
      .last_path = C(150, 160, 30, 120),
      .selected = C(20, 120, 60, 120),
      .dest_dot = C(20, 90, 40, 150),
      .dest_ring = C(20, 90, 40, 150),
      .dest_hover = C(20, 120, 60, 90),
      .path = C(25, 110, 200, 210),
      .path_outline = C(255, 255, 255, 150),
      .rebound_mark = C(230, 80, 20, 255),
      .premove = C(150, 60, 200, 220),
      .check_glow = C(230, 20, 20, 230),
      .reply = C(88, 34, 128, 235)}},
    /* Maple and walnut: warmer and darker than the classic board. */
    {"wood",
     N_("Wood"),
     {DARK_FRAME,
      .light = C(228, 190, 138, 255),
      .dark = C(146, 94, 56, 255),
      .hole = C(30, 22, 16, 255),
      .hole_rim = C(104, 70, 42, 255),
      .hole_arrow = C(138, 108, 78, 255),
      .flow_arrow = C(58, 34, 14, 50),
      .turn_mark = C(62, 34, 10, 120),
      .throne = {C(255, 248, 228, 160), C(40, 24, 10, 130)},
      .start_line = {C(255, 255, 255, 200), C(24, 16, 10, 200)},
      .coord = C(214, 194, 164, 255),
      .last_from = C(226, 206, 60, 90),
      .last_to = C(226, 206, 60, 150),
      .last_path = C(150, 140, 10, 130),
      .selected = C(30, 120, 70, 120),
      .dest_dot = C(20, 80, 45, 160),
      .dest_ring = C(20, 80, 45, 160),
      .dest_hover = C(30, 120, 70, 90),
      .path = C(30, 100, 200, 215),
      .path_outline = C(255, 255, 255, 150),
      .rebound_mark = C(235, 90, 20, 255),
      .premove = C(150, 60, 200, 220),
      .check_glow = C(230, 20, 20, 230),
      .reply = C(88, 34, 128, 235)}},
    /* Ice and slate. A blue path would sink into blue squares: paths are
     * orange here, their rebound plum. */
    {"blue",
     N_("Blue"),
     {DARK_FRAME,
      .light = C(226, 234, 242, 255),
      .dark = C(124, 152, 186, 255),
      .hole = C(16, 22, 32, 255),
      .hole_rim = C(62, 86, 118, 255),
      .hole_arrow = C(96, 122, 156, 255),
      .flow_arrow = C(16, 34, 60, 50),
      .turn_mark = C(14, 34, 66, 120),
      .throne = {C(255, 255, 255, 170), C(14, 26, 48, 130)},
      .start_line = {C(255, 255, 255, 210), C(12, 20, 36, 200)},
      .coord = C(188, 200, 216, 255),
      .last_from = C(250, 214, 80, 100),
      .last_to = C(250, 214, 80, 160),
      .last_path = C(176, 128, 0, 150),
      .selected = C(24, 128, 96, 125),
      .dest_dot = C(12, 34, 70, 180),
      .dest_ring = C(12, 34, 70, 180),
      .dest_hover = C(24, 128, 96, 90),
      .path = C(226, 96, 28, 225),
      .path_outline = C(255, 255, 255, 160),
      .rebound_mark = C(120, 20, 110, 255),
      .premove = C(150, 60, 200, 220),
      .check_glow = C(230, 20, 20, 230),
      .reply = C(88, 34, 128, 235)}},
    /* Cream and green, as on a club's vinyl board. Green markers would
     * sink into it: the selection and the destinations are blue here. */
    {"green",
     N_("Green"),
     {DARK_FRAME,
      .light = C(238, 240, 214, 255),
      .dark = C(118, 150, 86, 255),
      .hole = C(18, 28, 14, 255),
      .hole_rim = C(64, 92, 48, 255),
      .hole_arrow = C(104, 132, 84, 255),
      .flow_arrow = C(20, 40, 10, 50),
      .turn_mark = C(20, 44, 8, 120),
      .throne = {C(255, 255, 240, 170), C(20, 34, 10, 130)},
      .start_line = {C(255, 255, 255, 200), C(14, 22, 8, 200)},
      .coord = C(196, 206, 184, 255),
      .last_from = C(250, 226, 80, 100),
      .last_to = C(250, 226, 80, 160),
      .last_path = C(180, 150, 0, 140),
      .selected = C(40, 110, 200, 120),
      .dest_dot = C(16, 44, 110, 165),
      .dest_ring = C(16, 44, 110, 165),
      .dest_hover = C(40, 110, 200, 90),
      .path = C(36, 96, 204, 220),
      .path_outline = C(255, 255, 255, 160),
      .rebound_mark = C(235, 90, 20, 255),
      .premove = C(150, 60, 200, 220),
      .check_glow = C(230, 20, 20, 230),
      .reply = C(88, 34, 128, 235)}},
    /* Safe for protanopia and deuteranopia (and tritanopia): the markers
     * take their colours from the Okabe-Ito palette (blue 0,114,178;
     * orange 230,159,0; sky blue 86,180,233; yellow 240,228,66;
     * vermillion 213,94,0; black) on neutral grey-blue squares, and no two
     * markers that must be told apart are red and green. Each such pair
     * differs in lightness as well as in shape, at least 2:1 in contrast
     * on both squares (tests/ui/test_colour_blind_theme_contrast.c): a
     * black dot for a move, a blue ring for a capture; a pale yellow last
     * move, a dark vermillion check; a blue path with an orange rebound, a
     * dark last-move path, a sky-blue premove. */
    {"colour-blind",
     N_("Colour-blind safe"),
     {DARK_FRAME,
      .light = C(245, 245, 240, 255),
      .dark = C(166, 176, 192, 255),
      .hole = C(28, 32, 40, 255),
      .hole_rim = C(0, 114, 178, 255),
      .hole_arrow = C(110, 122, 140, 255),
      .flow_arrow = C(16, 24, 40, 50),
      .turn_mark = C(0, 0, 0, 110),
      .throne = {C(255, 255, 255, 180), C(0, 0, 0, 150)},
      .start_line = {C(255, 255, 255, 210), C(0, 0, 0, 200)},
      .coord = C(206, 210, 218, 255),
      .last_from = C(240, 228, 66, 100),
      .last_to = C(240, 228, 66, 170),
      .last_path = C(30, 24, 0, 220),
      .selected = C(0, 114, 178, 150),
      .dest_dot = C(0, 0, 0, 200),
      .dest_ring = C(0, 114, 178, 255),
      .dest_hover = C(0, 114, 178, 90),
      .path = C(0, 114, 178, 235),
      .path_outline = C(255, 255, 255, 170),
      .rebound_mark = C(230, 159, 0, 255),
      .premove = C(86, 180, 233, 240),
      .check_glow = C(213, 94, 0, 240),
      .reply = C(60, 28, 92, 240)}},
    /* Black, white and grey with saturated markers, for low vision. */
    {"high-contrast",
     N_("High contrast"),
     {.background = C(0, 0, 0, 255),
      .panel_bg = C(0, 0, 0, 255),
      .light = C(255, 255, 255, 255),
      .dark = C(120, 120, 120, 255),
      .hole = C(0, 0, 0, 255),
      .hole_rim = C(255, 255, 0, 255),
      .hole_arrow = C(255, 255, 0, 255),
      .flow_arrow = C(0, 0, 0, 90),
      .turn_mark = C(0, 0, 0, 200),
      .throne = {C(255, 255, 0, 200), C(0, 0, 160, 200)},
      .start_line = {C(0, 0, 0, 255), C(0, 0, 0, 255)},
      .coord = C(255, 255, 255, 255),
      .last_from = C(255, 200, 0, 120),
      .last_to = C(255, 200, 0, 180),
      .last_path = C(200, 120, 0, 170),
      .selected = C(0, 160, 255, 150),
      .dest_dot = C(0, 0, 0, 230),
      .dest_ring = C(0, 0, 0, 230),
      .dest_hover = C(0, 160, 255, 130),
      .path = C(0, 70, 255, 255),
      .path_outline = C(255, 255, 255, 255),
      .rebound_mark = C(255, 0, 160, 255),
      .premove = C(200, 0, 255, 255),
      .check_glow = C(255, 0, 0, 255),
      .reply = C(90, 0, 140, 255),
      .chooser_bg = C(255, 255, 255, 255),
      .chooser_border = C(0, 0, 0, 255),
      .text = C(255, 255, 255, 255),
      .text_dim = C(220, 220, 220, 255)}},
};
const int rb_ui_theme_count = (int)(sizeof rb_ui_themes / sizeof rb_ui_themes[0]);

_Static_assert((size_t)RB_UI_THEME_HIGH_CONTRAST + 1 == sizeof rb_ui_themes / sizeof rb_ui_themes[0],
               "the named rows of theme.h must match the table");

const rb_ui_theme *rb_ui_theme_get(int index)
{
    return &rb_ui_themes[index >= 0 && index < rb_ui_theme_count ? index : RB_UI_THEME_CLASSIC].colours;
}

int rb_ui_theme_find(const char *key)
{
    for (int i = 0; key && i < rb_ui_theme_count; i++) {
        if (strcmp(key, rb_ui_themes[i].key) == 0) {
            return i;
        }
    }
    return -1;
}

void rb_ui_theme_keys(char *buf, size_t len)
{
    size_t n = 0;
    if (len) {
        buf[0] = '\0';
    }
    for (int i = 0; i < rb_ui_theme_count && n < len; i++) {
        n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", rb_ui_themes[i].key);
    }
}
