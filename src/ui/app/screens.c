/*
 * screens.c - the table of screens. Adding a screen is adding its folder
 * under screens/ and one line here, at the height it is drawn: the Learn
 * screen has the whole window, the analysis board may open over the
 * position editor, and the others never share the window.
 */
#include "app/screens.h"

#include <string.h>

#include "rb_util_assert.h"

#include "screens/analysis/analysis_screen.h"
#include "screens/editor/editor_screen.h"
#include "screens/learn/learn_screen.h"
#include "screens/mistakes/mistakes_screen.h"
#include "screens/puzzles/puzzles_screen.h"

const rb_ui_screen *const rb_ui_screens[] = {
    &rb_ui_learn_screen, &rb_ui_analysis_screen, &rb_ui_editor_screen, &rb_ui_mistakes_screen, &rb_ui_puzzles_screen,
};
const size_t rb_ui_screens_count = sizeof rb_ui_screens / sizeof rb_ui_screens[0];

const rb_ui_screen *rb_ui_screens_top(const rb_ui_state *st)
{
    for (size_t i = 0; i < rb_ui_screens_count; i++) {
        if (rb_ui_screens[i]->is_open(st)) {
            return rb_ui_screens[i];
        }
    }
    return NULL;
}

const rb_ui_screen *rb_ui_screens_owner(rb_ui_cmd_kind kind)
{
    for (size_t i = 0; i < rb_ui_screens_count; i++) {
        RB_ASSERT_MSG(rb_ui_screens[i]->first <= rb_ui_screens[i]->last, "a screen's commands are one range of cmd.h");
        if (rb_ui_screen_owns(rb_ui_screens[i], kind)) {
            return rb_ui_screens[i];
        }
    }
    return NULL;
}

const rb_ui_screen *rb_ui_screens_find(const char *name)
{
    for (size_t i = 0; i < rb_ui_screens_count; i++) {
        if (strcmp(rb_ui_screens[i]->name, name) == 0) {
            return rb_ui_screens[i];
        }
    }
    return NULL;
}
