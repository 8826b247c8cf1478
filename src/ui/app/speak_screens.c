/*
 * speak_screens.c - the spoken mode on the analysis board and in the
 * position editor: their keys, and what their commands changed, said.
 *
 * The analysis board's engine reports every depth, far more often than a
 * listener can follow, so its best line is said only when it brings news:
 * a new first move, or a verdict of another kind (level, better, winning,
 * a forced win); a newer report of the same news says nothing, and the
 * sentence cuts the engine's previous one rather than queueing behind it.
 * The full lines, their depth and moves are said when asked (A).
 *
 * The editor is worked from the focus square the board's keys walk: the
 * letters of a position string put a piece there (capitals White's, small
 * letters Black's), Delete clears it, W gives the move to the other side;
 * every change is said, with the rules' verdict whenever it changes.
 */
#include "app/speak.h"

#include <stdio.h>
#include <string.h>

#include "board/input.h"
#include "screens/analysis/analysis.h"
#include "screens/editor/editor.h"
#include "words/i18n.h"
#include "words/speech_words.h"

#define LINE_MOVES_SAID 4 /* moves of each line said when asked */
#define NEWS_DEPTH 4      /* the first depths change their minds in a blink: not said */

static rb_ui_speech_verbosity verbosity(const rb_app *app)
{
    return app->state.settings.speech_full ? RB_UI_SPEECH_FULL : RB_UI_SPEECH_SHORT;
}

static const char *side_to_move(const rb_pos *pos)
{
    return pos->side == RB_WHITE ? _("White to move") : _("Black to move");
}

/* ---- the analysis board ------------------------------------------------- */

int rb_ui_speak_verdict_kind(const rb_ui_analysis_line *l)
{
    if (l->kind == RB_SCORE_WIN) {
        return 10;
    }
    if (l->kind == RB_SCORE_LOSS) {
        return -10;
    }
    /* about level, better, clearly better, winning: in pawns, 0.4, 1.2, 3 */
    int a = l->score < 0 ? -l->score : l->score;
    int level = a < 40 ? 0 : a < 120 ? 1 : a < 300 ? 2 : 3;
    return l->score < 0 ? -level : level;
}

/* The engine's verdict on a line in words: "White wins in 3 moves",
 * "White is better by 1.3 pawns", "about level". */
static size_t verdict_words(const rb_ui_analysis_line *l, char *buf, size_t len)
{
    int n;
    if (l->kind == RB_SCORE_WIN || l->kind == RB_SCORE_LOSS) {
        /* TRANSLATORS: the spoken mode, the analysis board: a side forces a win (by mate or throne) in %d moves */
        n = snprintf(buf, len,
                     l->kind == RB_SCORE_WIN
                         ? ngettext("White wins in %d move", "White wins in %d moves", (unsigned long)l->score)
                         : ngettext("Black wins in %d move", "Black wins in %d moves", (unsigned long)l->score),
                     l->score);
    } else if (rb_ui_speak_verdict_kind(l) == 0) {
        /* TRANSLATORS: the spoken mode, the analysis board: the engine's score is near 0 */
        n = snprintf(buf, len, "%s", _("about level"));
    } else {
        int a = l->score < 0 ? -l->score : l->score;
        char pawns[32];
        snprintf(pawns, sizeof pawns, "%d.%d", (a + 5) / 100, (a + 5) / 10 % 10);
        /* TRANSLATORS: the spoken mode, the analysis board: %s is a number of pawns, like 1.3 */
        n = snprintf(buf, len, l->score > 0 ? _("White is better by %s pawns") : _("Black is better by %s pawns"),
                     pawns);
    }
    return n < 0 ? 0 : (size_t)n;
}

/* A line's first moves in words, from the board, joined by ", then ". */
static void line_moves(const rb_app *app, const rb_ui_analysis_line *l, int nmoves, char *buf, size_t len)
{
    rb_pos pos = app->state.analysis.board;
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < l->pvlen && i < nmoves && k < len; i++) {
        if (!rb_move_is_legal(&pos, l->pv[i])) {
            break; /* a stale line: what is said stops where it stops fitting */
        }
        char move[400];
        rb_ui_speech_words_move(&pos, l->pv[i], verbosity(app), move, sizeof move);
        /* TRANSLATORS: the spoken mode, between the moves of an engine's line */
        int n = snprintf(buf + k, len - k, "%s%s", i ? _(", then ") : "", move);
        if (n < 0) {
            break;
        }
        k += (size_t)n;
        rb_pos next;
        rb_pos_make(&pos, l->pv[i], &next);
        pos = next;
    }
}

size_t rb_ui_speak_analysis_lines(const rb_app *app, char *buf, size_t len)
{
    const rb_ui_analysis_state *an = &app->state.analysis;
    buf[0] = 0;
    if (an->nlines == 0) {
        int n = snprintf(buf, len, "%s", _("The engine has no line yet."));
        return n < 0 ? 0 : (size_t)n;
    }
    size_t k = 0;
    for (int i = 0; i < an->nlines && k < len; i++) {
        char verdict[160], moves[1600];
        verdict_words(&an->lines[i], verdict, sizeof verdict);
        line_moves(app, &an->lines[i], LINE_MOVES_SAID, moves, sizeof moves);
        /* TRANSLATORS: the spoken mode, the analysis board: line number, the engine's depth, its verdict, its
           moves */
        int n = snprintf(buf + k, len - k, _("%sLine %d, depth %d: %s. %s."), i ? " " : "", i + 1, an->lines[i].depth,
                         verdict, moves);
        if (n < 0) {
            break;
        }
        k += (size_t)n;
    }
    return k;
}

/* The engine's new report: said when its best line brings news. */
static void say_lines(rb_app *app)
{
    const rb_ui_analysis_state *an = &app->state.analysis;
    if (an->nlines == 0 || an->lines[0].pvlen == 0 || an->lines[0].depth < NEWS_DEPTH) {
        return;
    }
    const rb_ui_analysis_line *l = &an->lines[0];
    if (!rb_ui_speak_engine_news(app, an->board.key, l->pv[0], rb_ui_speak_verdict_kind(l))) {
        return;
    }
    char verdict[160], move[1600], line[RB_SPEECH_TEXT_MAX];
    verdict_words(l, verdict, sizeof verdict);
    line_moves(app, l, 1, move, sizeof move);
    /* TRANSLATORS: the spoken mode, the analysis board's engine changed its mind: its best move, its verdict */
    snprintf(line, sizeof line, _("Engine: %s; %s."), move, verdict);
    rb_ui_speak_engine(app, line);
}

/* The game's position the board now analyses, after a move through the
 * game: the move that led to it, and whose move it is. */
static void say_analysed_position(rb_app *app)
{
    const rb_ui_state *st = &app->state;
    const rb_ui_analysis_state *an = &st->analysis;
    char line[RB_SPEECH_TEXT_MAX], move[1100];
    if (an->own_root) {
        /* TRANSLATORS: the spoken mode, the analysis board back on the editor's position: whose move follows */
        snprintf(line, sizeof line, _("The set-up position, %s."), side_to_move(&an->board));
    } else if (an->ply == 0) {
        /* TRANSLATORS: the spoken mode, the analysis board on the game's first position: whose move follows */
        snprintf(line, sizeof line, _("The game's start, %s."), side_to_move(&an->board));
    } else {
        const rb_game *g = &st->game;
        rb_ui_speech_words_move(&g->positions[an->ply - 1], g->moves[an->ply - 1], verbosity(app), move, sizeof move);
        /* TRANSLATORS: the spoken mode, the analysis board on the game's position after a move: its number, the
           move, whose move follows */
        snprintf(line, sizeof line, _("After move %u, %s: %s."), (unsigned)g->positions[an->ply - 1].moveno, move,
                 side_to_move(&an->board));
    }
    rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
}

static void analysis_after(rb_app *app, const rb_ui_cmd *cmd, const rb_ui_speak_mark *mark)
{
    const rb_ui_analysis_state *an = &app->state.analysis;
    if (!an->active) {
        return;
    }
    if (!mark->analysis_active) {
        char line[RB_SPEECH_TEXT_MAX];
        /* TRANSLATORS: the spoken mode, the analysis board opened: whose move it is follows */
        snprintf(line, sizeof line,
                 _("Analysis board, %s. A says the engine's lines; comma and full stop go through the game's moves; "
                   "Escape closes."),
                 side_to_move(&an->board));
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        return;
    }
    switch (cmd->kind) {
    case RB_UI_CMD_ANALYSIS_LINES: say_lines(app); break;
    case RB_UI_CMD_ANALYSIS_GOTO: say_analysed_position(app); break;
    case RB_UI_CMD_UNDO:
        if (an->nvar < mark->analysis_nvar) {
            char line[300];
            /* TRANSLATORS: the spoken mode, the analysis board's variation: its last move taken back */
            snprintf(line, sizeof line, _("Taken back, %s."), side_to_move(&an->board));
            rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        }
        break;
    default: break;
    }
}

/* Comma and full stop: the game's position a move earlier or later. */
static rb_ui_cmd analysis_step(rb_app *app, int step)
{
    const rb_ui_state *st = &app->state;
    const rb_ui_analysis_state *an = &st->analysis;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (an->own_root) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("This position was set up in the editor: it has no game moves."));
        return none;
    }
    if ((step < 0 && an->ply == 0) || (step > 0 && an->ply >= st->game.length)) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, step < 0 ? _("The start of the game.") : _("The end of the game."));
        return none;
    }
    rb_ui_cmd c = rb_ui_cmd_of(RB_UI_CMD_ANALYSIS_GOTO);
    c.analysis_goto.ply = (int)an->ply + step;
    return c;
}

static rb_ui_cmd analysis_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used)
{
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    *used = true;
    switch (k->keysym.sym) {
    case SDLK_a: {
        char line[RB_SPEECH_TEXT_MAX];
        rb_ui_speak_analysis_lines(app, line, sizeof line);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        return none;
    }
    case SDLK_COMMA: return analysis_step(app, -1);
    case SDLK_PERIOD: return analysis_step(app, 1);
    default: *used = false; return none;
    }
}

/* ---- the position editor ------------------------------------------------ */

/* The rules' verdict on the editor's position in words. */
static void reason_words(const rb_pos_verdict *v, char *buf, size_t len)
{
    if (v->problem == RB_POS_VALID) {
        snprintf(buf, len, "%s", _("The position is legal."));
    } else {
        rb_ui_editor_reason(v, buf, len);
    }
}

static bool same_verdict(const rb_pos_verdict *a, const rb_pos_verdict *b)
{
    return a->problem == b->problem &&
           (a->problem == RB_POS_VALID || (a->color == b->color && a->count == b->count && a->squares == b->squares));
}

/* What an edit did to the square sq, from the position before. */
static void put_words(const rb_pos *before, const rb_ui_cmd *cmd, char *buf, size_t len)
{
    int sq = cmd->editor_put.sq, from = cmd->editor_put.from;
    rb_piece p = cmd->editor_put.piece;
    if (!p) {
        /* TRANSLATORS: the spoken mode, the position editor: a square emptied, the piece that stood there */
        snprintf(buf, len, before->board[sq] ? _("%s cleared, %s taken off") : _("%s is empty"), rb_sq_name(sq),
                 before->board[sq] ? rb_ui_speech_words_piece(before->board[sq]) : "");
    } else if (from >= 0 && from != sq) {
        /* TRANSLATORS: the spoken mode, the position editor: a piece moved from one square to another */
        snprintf(buf, len, _("%s from %s to %s"), rb_ui_speech_words_piece(p), rb_sq_name(from), rb_sq_name(sq));
    } else {
        /* TRANSLATORS: the spoken mode, the position editor: a piece put on a square */
        snprintf(buf, len, _("%s on %s"), rb_ui_speech_words_piece(p), rb_sq_name(sq));
    }
}

static void editor_after(rb_app *app, const rb_ui_cmd *cmd, const rb_ui_speak_mark *mark)
{
    const rb_ui_state *st = &app->state;
    const rb_ui_editor_state *ed = &st->editor;
    if (!ed->active || st->analysis.active) {
        return;
    }
    char change[600] = "", verdict[RB_UI_EDITOR_ERROR_MAX], line[RB_SPEECH_TEXT_MAX];
    reason_words(&ed->verdict, verdict, sizeof verdict);
    if (!mark->editor_active || cmd->kind == RB_UI_CMD_EDITOR_OPEN) {
        /* TRANSLATORS: the spoken mode, the position editor opened: whose move, the rules' verdict follow */
        snprintf(line, sizeof line,
                 _("Position editor, %s. %s The arrows walk the board; K, R, B or P puts a black piece on the focus "
                   "square, with Shift a white one; Delete clears it; W changes the side to move; S says the "
                   "position's state."),
                 side_to_move(&ed->pos), verdict);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        return;
    }
    bool changed = !rb_pos_equal(&mark->shown, &ed->pos);
    switch (cmd->kind) {
    case RB_UI_CMD_EDITOR_PUT: put_words(&mark->shown, cmd, change, sizeof change); break;
    case RB_UI_CMD_EDITOR_SIDE: snprintf(change, sizeof change, "%s", side_to_move(&ed->pos)); break;
    case RB_UI_CMD_EDITOR_OUT:
        snprintf(change, sizeof change, "%s",
                 cmd->editor_out.color == RB_WHITE
                     ? (cmd->editor_out.on ? _("White's out flag set") : _("White's out flag cleared"))
                     : (cmd->editor_out.on ? _("Black's out flag set") : _("Black's out flag cleared")));
        break;
    case RB_UI_CMD_EDITOR_CLEAR: snprintf(change, sizeof change, "%s", _("Empty board")); break;
    case RB_UI_CMD_EDITOR_START: snprintf(change, sizeof change, "%s", _("The start position")); break;
    case RB_UI_CMD_EDITOR_PASTE:
        if (ed->field_error[0]) {
            rb_ui_speak(app, RB_SPEECH_INTERRUPT, ed->field_error);
            return;
        }
        /* TRANSLATORS: the spoken mode, the position editor: a position string pasted and read; whose move follows */
        snprintf(change, sizeof change, _("Position read, %s"), side_to_move(&ed->pos));
        break;
    default: return;
    }
    if (!changed && cmd->kind != RB_UI_CMD_EDITOR_PASTE) {
        snprintf(line, sizeof line, "%s.", change); /* nothing new for the rules to say */
    } else if (same_verdict(&mark->editor_verdict, &ed->verdict)) {
        snprintf(line, sizeof line, "%s.", change);
    } else {
        snprintf(line, sizeof line, "%s. %s", change, verdict);
    }
    rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
}

static rb_ui_cmd editor_put_cmd(int sq, rb_piece p)
{
    rb_ui_cmd c = rb_ui_cmd_of(RB_UI_CMD_EDITOR_PUT);
    c.editor_put.sq = sq;
    c.editor_put.piece = p;
    c.editor_put.from = -1;
    return c;
}

static rb_ui_cmd editor_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used)
{
    const rb_ui_state *st = &app->state;
    const rb_ui_editor_state *ed = &st->editor;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    SDL_Keycode key = k->keysym.sym;
    bool shift = k->keysym.mod & KMOD_SHIFT;
    int focus = st->input.focus >= 0 && st->input.focus < RB_NSQ ? st->input.focus : -1;
    *used = true;
    int type = key == SDLK_k   ? RB_KING
               : key == SDLK_r ? RB_ROOK
               : key == SDLK_b ? RB_BISHOP
               : key == SDLK_p ? RB_PAWN
                               : 0;
    if (type || key == SDLK_DELETE || key == SDLK_BACKSPACE) {
        if (focus < 0) {
            rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("Move the focus with the arrow keys first."));
            return none;
        }
        /* as in a position string: capitals White's, small letters Black's */
        return editor_put_cmd(focus, type ? RB_PIECE(shift ? RB_WHITE : RB_BLACK, type) : RB_EMPTY);
    }
    switch (key) {
    case SDLK_w: {
        rb_ui_cmd c = rb_ui_cmd_of(RB_UI_CMD_EDITOR_SIDE);
        c.editor_side.color = ed->pos.side == RB_WHITE ? RB_BLACK : RB_WHITE;
        return c;
    }
    case SDLK_s: {
        char verdict[RB_UI_EDITOR_ERROR_MAX], line[RB_SPEECH_TEXT_MAX];
        reason_words(&ed->verdict, verdict, sizeof verdict);
        snprintf(line, sizeof line, "%s. %s", side_to_move(&ed->pos), verdict);
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        return none;
    }
    case SDLK_SPACE:
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        /* nothing to select here: the focus square said again */
        if (focus < 0) {
            rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("Move the focus with the arrow keys first."));
        } else {
            char line[600];
            rb_ui_speech_words_square(&ed->pos, focus, verbosity(app), line, sizeof line);
            rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        }
        return none;
    default: *used = false; return none;
    }
}

/* ---- both ------------------------------------------------------------------- */

void rb_ui_speak_screens_after(rb_app *app, const rb_ui_cmd *cmd, const rb_ui_speak_mark *mark)
{
    const rb_ui_state *st = &app->state;
    if (mark->analysis_active && !st->analysis.active) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT,
                    st->editor.active ? _("Analysis closed: back in the position editor.")
                                      : _("Analysis closed: back to the game."));
        return;
    }
    if (mark->editor_active && !st->editor.active && !st->analysis.active) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("Position editor closed."));
        return;
    }
    analysis_after(app, cmd, mark);
    editor_after(app, cmd, mark);
}

rb_ui_cmd rb_ui_speak_screens_key(rb_app *app, const SDL_KeyboardEvent *k, bool *used)
{
    const rb_ui_state *st = &app->state;
    *used = false;
    if (k->keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI) || st->learn.mode != RB_UI_LEARN_OFF) {
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    if (st->analysis.active) { /* over the editor too */
        return analysis_key(app, k, used);
    }
    if (st->editor.active) {
        if (st->editor.field_focus) {
            *used = false; /* the position string's keys, all of them */
            return rb_ui_cmd_of(RB_UI_CMD_NONE);
        }
        return editor_key(app, k, used);
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}
