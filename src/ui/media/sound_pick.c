/*
 * sound_pick.c - which sound a move makes (the order is in sound.h).
 *
 * Kept apart from the audio code: it is a question about the rules, asked
 * of the rules library, and tests answer it without any device.
 */
#include "media/sound.h"

static rb_ui_sound_id pick(const rb_pos *before, rb_move m, const rb_pos *after, bool game_over)
{
    if (game_over) {
        return RB_UI_SOUND_GAME_END;
    }
    if (rb_pos_in_check(after)) {
        return RB_UI_SOUND_CHECK;
    }
    if (rb_move_is_capture(before, m)) {
        return RB_UI_SOUND_CAPTURE;
    }
    rb_path path;
    rb_move_path(m, &path);
    return path.rebound >= 0 ? RB_UI_SOUND_REBOUND : RB_UI_SOUND_MOVE;
}

rb_ui_sound_id rb_ui_sound_for_move(const rb_pos *before, rb_move m)
{
    rb_pos after;
    rb_pos_make(before, m, &after);
    return pick(before, m, &after, rb_pos_status(&after) != RB_ONGOING);
}

rb_ui_sound_id rb_ui_sound_for_ply(const rb_game *g, size_t ply)
{
    if (ply == 0 || ply > g->length) {
        return RB_UI_SOUND_MOVE;
    }
    rb_ending e = rb_game_ending_at(g, ply);
    bool over = e != RB_END_NONE && e != RB_END_RESIGNATION && e != RB_END_AGREEMENT && e != RB_END_TIME_FORFEIT;
    return pick(&g->positions[ply - 1], g->moves[ply - 1], &g->positions[ply], over);
}
