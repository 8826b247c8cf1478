/*
 * material.c - the material count, as chess sites show it beside each
 * player's name.
 *
 * It is read from the position alone, not from the moves that led to it:
 * a position typed in with pieces missing counts the same as a game that
 * lost them, and browsing, undoing and redoing need nothing more than the
 * position shown. Like those sites it shows the difference: pieces traded
 * one for one cancel, and a side's row holds the pieces it is up by, drawn
 * as the other side's pieces it has taken. A pawn promoted to a rook counts
 * as a rook, so the points stay true to the board.
 */
#include "panel/material.h"

int rb_ui_material_value(int type)
{
    static const int values[5] = {[RB_ROOK] = 5, [RB_BISHOP] = 3, [RB_PAWN] = 1};
    return type > 0 && type < 5 ? values[type] : 0;
}

void rb_ui_material_count(const rb_pos *pos, rb_ui_material *m)
{
    int count[2][5] = {{0}};
    for (int sq = 0; sq < RB_NSQ; sq++) {
        rb_piece p = pos->board[sq];
        if (p != RB_EMPTY) {
            count[RB_COLOR(p)][RB_TYPE(p)]++;
        }
    }
    int points[2] = {0, 0};
    for (int c = 0; c < 2; c++) {
        for (int type = RB_ROOK; type <= RB_PAWN; type++) {
            int d = count[c][type] - count[c ^ 1][type];
            m->up[c][type] = d > 0 ? d : 0;
            points[c] += count[c][type] * rb_ui_material_value(type);
        }
    }
    m->up[0][RB_KING] = m->up[1][RB_KING] = m->up[0][0] = m->up[1][0] = 0;
    for (int c = 0; c < 2; c++) {
        m->ahead[c] = points[c] > points[c ^ 1] ? points[c] - points[c ^ 1] : 0;
    }
}
