/*
 * theme.c - colours. Every marker also differs in shape or luminance from
 * what lies under it, so no information rests on hue alone; the high
 * contrast theme pushes luminance differences to the extreme.
 */
#include "theme.h"

#define C(r, g, b, a) { (r), (g), (b), (a) }

static const rb_ui_theme normal = {
    .background = C(38, 36, 33, 255),
    .panel_bg = C(48, 46, 43, 255),
    .light = C(238, 216, 180, 255),
    .dark = C(176, 134, 98, 255),
    .hole = C(28, 26, 24, 255),
    .hole_rim = C(92, 70, 52, 255),
    .hole_arrow = C(120, 104, 86, 255),
    .flow_arrow = C(60, 40, 20, 46),
    .turn_mark = C(70, 45, 20, 110),
    .throne = { C(255, 250, 235, 150), C(40, 30, 20, 120) },
    .start_line = { C(255, 255, 255, 200), C(20, 16, 12, 200) },
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
    .chooser_bg = C(250, 248, 240, 245),
    .chooser_border = C(40, 36, 30, 255),
    .text = C(236, 232, 224, 255),
    .text_dim = C(160, 154, 146, 255),
};

static const rb_ui_theme high_contrast = {
    .background = C(0, 0, 0, 255),
    .panel_bg = C(0, 0, 0, 255),
    .light = C(255, 255, 255, 255),
    .dark = C(120, 120, 120, 255),
    .hole = C(0, 0, 0, 255),
    .hole_rim = C(255, 255, 0, 255),
    .hole_arrow = C(255, 255, 0, 255),
    .flow_arrow = C(0, 0, 0, 90),
    .turn_mark = C(0, 0, 0, 200),
    .throne = { C(255, 255, 0, 200), C(0, 0, 160, 200) },
    .start_line = { C(0, 0, 0, 255), C(0, 0, 0, 255) },
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
    .chooser_bg = C(255, 255, 255, 255),
    .chooser_border = C(0, 0, 0, 255),
    .text = C(255, 255, 255, 255),
    .text_dim = C(220, 220, 220, 255),
};

const rb_ui_theme *rb_ui_theme_get(bool high_contrast_on)
{
    return high_contrast_on ? &high_contrast : &normal;
}
