/*
 * online_state.c - the clocks a seek in the "Play online" dialog offers:
 * the dialog shows them and app/online.c sends the one chosen, so both
 * read them from here.
 */
#include "state/online_state.h"

const char *const rb_ui_online_tcs[RB_UI_ONLINE_TCS] = {"1+0", "3+2", "5+3", "10+5", "15+10"};
