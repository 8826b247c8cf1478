/*
 * proto_probe.c - the endgame tables in the protocol: "probe", the
 * TablebasePath option, and the notes that say once when the tables are
 * missing or damaged.
 *
 * "probe" answers in a fixed form that checks outside the engine read:
 *   tb position V
 *   tb move MOVE V      (one line per legal move, best first)
 * where V is "win N", "loss N" (plies to the end with best play, for the
 * side to move in the probed position) or "draw"; a position the tables
 * do not hold gives the single line "tb position none".
 */
#include "proto_internal.h"

#include <stdio.h>
#include <string.h>

#include "rb_tb.h"

void rb_cmd_probe(rb_proto *p)
{
    const rb_pos *pos = rb_game_pos(&p->game);
    char v[32];
    int value = p->tb ? rb_tb_probe(p->tb, pos) : RB_TB_NONE;
    rb_tb_move_value mv[RB_MAX_MOVES];
    int n = value != RB_TB_NONE ? rb_tb_probe_moves(p->tb, pos, mv, RB_MAX_MOVES) : -1;
    if (n < 0) {
        rb_proto_emit(p, "tb position none");
        rb_proto_tb_notes(p);
        return;
    }
    rb_tb_value_text(value, v, sizeof v);
    rb_proto_emit(p, "tb position %s", v);
    for (int i = 0; i < n; i++) {
        char mvtext[RB_MOVE_TEXT_MAX];
        rb_move_to_coord(mv[i].move, mvtext);
        rb_tb_value_text(mv[i].value, v, sizeof v);
        rb_proto_emit(p, "tb move %s %s", mvtext, v);
    }
}

int rb_proto_use_tables(rb_proto *p, const char *dir)
{
    rb_tb *tb = rb_tb_open(dir);
    if (tb == NULL) {
        return -1;
    }
    rb_proto_finish_search(p);
    rb_engine_set_tablebase(p->engine, tb);
    rb_tb_free(p->tb);
    p->tb = tb;
    p->tb_problem_said = false;
    p->tb_missing_said = false;
    return 0;
}

void rb_proto_tb_notes(rb_proto *p)
{
    if (p->tb == NULL) {
        return;
    }
    if (!p->tb_missing_said && rb_tb_max_men(p->tb) == 0) {
        p->tb_missing_said = true;
        rb_proto_emit(p, "info string no endgame tables in '%s'; the engine searches endings as any position",
                      rb_tb_dir(p->tb));
    }
    const char *problem = rb_tb_problem(p->tb);
    if (!p->tb_problem_said && problem[0] != '\0') {
        p->tb_problem_said = true;
        rb_proto_emit(p, "info string error: %s", problem);
    }
}
