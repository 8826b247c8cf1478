/*
 * material.h - the material count beside each player's name: the pieces a
 * side is up by, and by how many points.
 */
#ifndef RB_UI_MATERIAL_H
#define RB_UI_MATERIAL_H

#include "rb_core.h"

typedef struct rb_ui_material {
    /* up[c][type]: how many more pieces of this type colour c has than the
     * other side (RB_ROOK..RB_PAWN), shown beside c's name as the other
     * side's pieces taken; 0 when c has none more. */
    int up[2][5];
    /* The points colour c is ahead by (rook 5, bishop 3, pawn 1); 0 for
     * the side behind and for both when level. */
    int ahead[2];
} rb_ui_material;

/* The points a piece type is worth to a player: rook 5, bishop 3, pawn 1
 * (the engine's own values are 5, 3.3 and 1.1); a king 0. */
int rb_ui_material_value(int type);
/* The count for the position pos shows. */
void rb_ui_material_count(const rb_pos *pos, rb_ui_material *m);

#endif
