/*
 * annotate.c - a game record annotated by the engine.
 *
 * Every position of the game is searched once, as lichess does it: the
 * search of the position before a move gives the best move and its score,
 * the search of the position after it gives the score of the move played
 * (turned round to the mover's side). So a game of n moves costs n + 1
 * searches, and the evaluation written after a move is the one its class
 * was judged by. When the move played is the engine's own choice it is best
 * whatever the two searches say: two searches of neighbouring positions
 * never agree exactly, and a reader should not see the engine's own move
 * called an inaccuracy.
 */
#include "annotate.h"

#include <stdlib.h>
#include <string.h>

#include "rb_tb.h"

/* What the search of one position said, for its side to move. */
typedef struct judged {
    bool over;             /* the game is over here by the rules */
    rb_review_score score; /* for the side to move */
    rb_move best;
    int pvlen;
    rb_move pv[RB_ANNOTATE_LINE_PLIES];
} judged;

static bool over_by_rules(rb_ending end)
{
    return end == RB_END_CHECKMATE || end == RB_END_THRONE || end == RB_END_STALEMATE || end == RB_END_REPETITION;
}

static void judge(rb_engine *e, const rb_game *g, size_t ply, const uint64_t *keys, const rb_limits *limits,
                  judged *out)
{
    memset(out, 0, sizeof *out);
    rb_ending end = rb_game_ending_at(g, ply);
    if (over_by_rules(end)) {
        out->over = true;
        /* The side to move has lost, or nobody has. */
        bool lost = end == RB_END_CHECKMATE || end == RB_END_THRONE;
        out->score = lost ? (rb_review_score){RB_SCORE_LOSS, 0} : (rb_review_score){RB_SCORE_CP, 0};
        return;
    }
    rb_search_info info;
    out->best = rb_engine_search(e, &g->positions[ply], keys, ply, limits, NULL, NULL, &info);
    out->score = (rb_review_score){info.kind, info.score};
    out->pvlen = info.pvlen < RB_ANNOTATE_LINE_PLIES ? info.pvlen : RB_ANNOTATE_LINE_PLIES;
    memcpy(out->pv, info.pv, (size_t)out->pvlen * sizeof *out->pv);
    if (out->pvlen == 0 || out->pv[0] != out->best) {
        out->pv[0] = out->best;
        out->pvlen = 1;
    }
}

/* The same score from the other side. */
static rb_review_score turned(rb_review_score s)
{
    if (s.kind == RB_SCORE_WIN) {
        s.kind = RB_SCORE_LOSS;
    } else if (s.kind == RB_SCORE_LOSS) {
        s.kind = RB_SCORE_WIN;
    } else {
        s.value = -s.value;
    }
    return s;
}

/* A score for the side to move as an evaluation from White's view. */
static rb_eval_mark eval_mark(rb_review_score s, int side)
{
    rb_review_score w = side == RB_WHITE ? s : turned(s);
    if (w.kind == RB_SCORE_CP) {
        /* Written on the shown scale, as lichess reads "[%eval]". */
        int v = rb_review_shown_cp(w.value);
        v = v > RB_NOTE_CP_MAX ? RB_NOTE_CP_MAX : v < -RB_NOTE_CP_MAX ? -RB_NOTE_CP_MAX : v;
        return (rb_eval_mark){RB_EVAL_CP, v};
    }
    int n = w.value < 1 ? 1 : w.value > RB_NOTE_MATE_MAX ? RB_NOTE_MATE_MAX : w.value;
    return (rb_eval_mark){RB_EVAL_MATE, w.kind == RB_SCORE_WIN ? n : -n};
}

/* Replaces the class NAGs a move had (from an earlier review) by nag. $1
 * goes too: earlier versions gave it to every good move, and a review run
 * again must not keep that praise. */
static int set_class_nag(rb_game *g, size_t i, int nag)
{
    const rb_annotation *a = rb_game_annotation(g, i);
    uint8_t keep[RB_NOTE_NAGS_MAX];
    int n = 0;
    for (int k = 0; k < a->nnags; k++) {
        int v = a->nags[k];
        if (v != RB_NAG_GOOD && v != RB_NAG_MISTAKE && v != RB_NAG_BLUNDER && v != RB_NAG_DUBIOUS) {
            keep[n++] = (uint8_t)v;
        }
    }
    rb_game_clear_nags(g, i);
    int rc = 0;
    if (nag != 0) {
        rc |= rb_game_add_nag(g, i, nag);
    }
    for (int k = 0; k < n; k++) {
        rb_game_add_nag(g, i, keep[k]); /* cannot overflow: one fewer than before at most */
    }
    return rc;
}

int rb_annotate_game(rb_engine *e, rb_game *g, const rb_limits *limits, rb_annotate_tally *tally,
                     rb_annotate_progress_fn progress, void *user)
{
    rb_annotate_tally local;
    if (tally == NULL) {
        tally = &local;
    }
    memset(tally, 0, sizeof *tally);
    uint64_t *keys = malloc((g->length + 1) * sizeof *keys);
    if (keys == NULL) {
        return -1;
    }
    for (size_t i = 0; i <= g->length; i++) {
        keys[i] = g->positions[i].key;
    }
    rb_engine_new_game(e);
    judged now, next;
    judge(e, g, 0, keys, limits, &now);
    int rc = 0;
    for (size_t i = 0; i < g->length && rc == 0; i++) {
        if (progress != NULL) {
            progress(i + 1, g->length + 1, user);
        }
        judge(e, g, i + 1, keys, limits, &next);
        int side = g->positions[i].side;
        rb_review_score played = turned(next.score);
        rb_move_class c = rb_review_classify(now.score, played, g->moves[i] == now.best);
        /* In the endgame tables the exact values judge: a win let go or a
         * draw lost is a blunder whatever the scores say. */
        rb_tb *tb = rb_engine_tablebase(e);
        if (tb != NULL) {
            int before = rb_tb_probe(tb, &g->positions[i]);
            int after = rb_tb_parent_of(rb_tb_probe(tb, &g->positions[i + 1]));
            int exact = rb_review_classify_exact(before, after);
            if (exact >= 0) {
                c = (rb_move_class)exact;
            }
        }
        tally->moves[side]++;
        tally->classes[side][c]++;

        rb_eval_mark eval = {RB_EVAL_NONE, 0};
        if (!next.over || next.score.kind == RB_SCORE_CP) {
            eval = eval_mark(next.score, g->positions[i + 1].side);
        }
        rc |= rb_game_set_eval(g, i, eval);
        rc |= set_class_nag(g, i, rb_review_class_nag(c));
        if (c >= RB_CLASS_MISTAKE && rb_game_set_line(g, i, now.pv, now.pvlen) != 0) {
            rc |= rb_game_set_line(g, i, &now.best, 1);
        }
        now = next;
    }
    if (progress != NULL) {
        progress(g->length + 1, g->length + 1, user);
    }
    free(keys);
    return rc == 0 ? 0 : -1;
}
