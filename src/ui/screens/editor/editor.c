/*
 * editor.c - the position editor's commands (applied by rb_ui_apply).
 *
 * Every change of the position ends in changed(): the kings' squares are
 * put in step with the board (a half-built board may have none, or two),
 * the rules library judges the position again (rb_pos_validate), and the
 * string field shows the new position's string. The one exception is text
 * typed into the field: it stays as typed, caret and all, and only the
 * board follows it, so typing is never fought by the field rewriting
 * itself. The game, its clocks, its computer and its autosave are never
 * touched here (rb_ui_apply stops the clocks while the editor is open); a
 * game starts from the position through the new-game command (apply.c),
 * and Cancel leaves the game as it was.
 */
#include "screens/editor/editor.h"

#include <stdio.h>
#include <string.h>

#include "board/anim.h"
#include "words/i18n.h"
#include "board/input.h"
#include "words/message_words.h"

/* ---- the verdict in the window's words -------------------------------- */

static const char *square_name(rb_bb squares, int skip)
{
    for (; squares; squares &= squares - 1) {
        if (skip-- <= 0) {
            return rb_sq_name(rb_lsb(squares));
        }
    }
    return "?";
}

void rb_ui_editor_reason(const rb_pos_verdict *v, char *buf, size_t len)
{
    bool white = v->color == RB_WHITE;
    buf[0] = '\0';
    switch (v->problem) {
    case RB_POS_VALID:
    case RB_POS_PROBLEM_COUNT: break;
    case RB_POS_KING_COUNT:
        if (v->count == 0) {
            snprintf(buf, len, "%s",
                     white ? _("White has no king: each side needs exactly one.")
                           : _("Black has no king: each side needs exactly one."));
        } else {
            /* TRANSLATORS: %d is the number of kings, two or more. */
            snprintf(buf, len,
                     white ? ngettext("White has %d king: each side needs exactly one.",
                                      "White has %d kings: each side needs exactly one.", v->count)
                           : ngettext("Black has %d king: each side needs exactly one.",
                                      "Black has %d kings: each side needs exactly one.", v->count),
                     v->count);
        }
        break;
    case RB_POS_TOO_MANY_PIECES:
        /* TRANSLATORS: %d is the number of pieces, seven or more. */
        snprintf(buf, len,
                 white ? ngettext("White has %d piece: at most six are allowed, the king included.",
                                  "White has %d pieces: at most six are allowed, the king included.", v->count)
                       : ngettext("Black has %d piece: at most six are allowed, the king included.",
                                  "Black has %d pieces: at most six are allowed, the king included.", v->count),
                 v->count);
        break;
    case RB_POS_TOO_MANY_PAWNS:
        /* TRANSLATORS: %d is the number of pawns, three or more. */
        snprintf(buf, len,
                 white ? ngettext("White has %d pawn: at most two are allowed.",
                                  "White has %d pawns: at most two are allowed.", v->count)
                       : ngettext("Black has %d pawn: at most two are allowed.",
                                  "Black has %d pawns: at most two are allowed.", v->count),
                 v->count);
        break;
    case RB_POS_PAWN_ON_PROMOTION:
        /* TRANSLATORS: %s is a square, like e7. */
        snprintf(buf, len,
                 white ? _("The White pawn on %s stands on a promotion square: it would have been promoted.")
                       : _("The Black pawn on %s stands on a promotion square: it would have been promoted."),
                 square_name(v->squares, 0));
        break;
    case RB_POS_KINGS_ADJACENT:
        /* TRANSLATORS: the two squares of the kings, like d1 and d2. */
        snprintf(buf, len, _("The kings stand next to each other, on %s and %s."), square_name(v->squares, 0),
                 square_name(v->squares, 1));
        break;
    case RB_POS_WAITING_IN_CHECK:
        snprintf(buf, len, "%s",
                 white ? _("Black is to move, but White's king is in check: no game can reach this. "
                           "Change the side to move or the pieces.")
                       : _("White is to move, but Black's king is in check: no game can reach this. "
                           "Change the side to move or the pieces."));
        break;
    case RB_POS_THRONE_ENDED:
        snprintf(buf, len, "%s",
                 white ? _("White's king already stands on the throne d6 with its out flag set: that game "
                           "ended a move ago. Clear the flag, move the king or give Black the move.")
                       : _("Black's king already stands on the throne d2 with its out flag set: that game "
                           "ended a move ago. Clear the flag, move the king or give White the move."));
        break;
    }
}

/* ---- changes ------------------------------------------------------------ */

/* The kings' squares from the board: the first king of a colour found
 * stands for it while there are two. */
static void kings_in_step(rb_pos *pos)
{
    for (int c = 0; c < 2; c++) {
        rb_bb kings = pos->by_color[c] & pos->by_type[RB_KING];
        if (kings) {
            pos->king[c] = (uint8_t)rb_lsb(kings);
        }
    }
}

static void field_from_position(rb_ui_editor_state *ed)
{
    rb_pos_format(&ed->pos, ed->text, sizeof ed->text);
    ed->caret = ed->anchor = (int)strlen(ed->text);
    ed->field_error[0] = '\0';
}

/* The position changed: judged again; the field follows unless typed. */
static void changed(rb_app *app, bool from_field)
{
    rb_ui_editor_state *ed = &app->state.editor;
    kings_in_step(&ed->pos);
    rb_pos_validate(&ed->pos, &ed->verdict);
    if (!from_field) {
        field_from_position(ed);
    }
    app->state.status[0] = '\0';
    app->dirty = true;
}

static int open_editor(rb_app *app, rb_ui_screen_closer close_others)
{
    rb_ui_state *st = &app->state;
    rb_ui_editor_state *ed = &st->editor;
    if (ed->active) {
        /* asked for again over the analysis board opened from it: back
           to the editor, its position as it was */
        close_others(app, RB_UI_CMD_EDITOR_OPEN, false);
        return 0;
    }
    if (st->learn.mode != RB_UI_LEARN_OFF) {
        return -1;
    }
    /* The position shown (the analysed one, an exercise's, the game's),
     * taken before the screen showing it closes. */
    rb_pos pos = *rb_ui_state_pos(st);
    close_others(app, RB_UI_CMD_EDITOR_OPEN, false);
    char status[sizeof ed->game_status];
    snprintf(status, sizeof status, "%s", st->status);
    memset(ed, 0, sizeof *ed);
    snprintf(ed->game_status, sizeof ed->game_status, "%s", status);
    ed->active = true;
    ed->game_flipped = st->flipped;
    ed->pos = pos;
    ed->held_from = ed->hover = -1;
    ed->hover_control = ed->pressed_control = -1;
    rb_ui_input_cancel(&st->input);
    rb_ui_anim_stop(&st->anim);
    changed(app, false);
    return 0;
}

void rb_ui_editor_leave(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_editor_state *ed = &st->editor;
    if (!ed->active) {
        return;
    }
    ed->active = false;
    snprintf(st->status, sizeof st->status, "%s", ed->game_status);
    st->flipped = ed->game_flipped;
    SDL_StopTextInput();
    rb_ui_input_cancel(&st->input);
    app->dirty = true;
}

static bool piece_ok(rb_piece p)
{
    return p == RB_EMPTY || (RB_TYPE(p) >= RB_KING && RB_TYPE(p) <= RB_PAWN && RB_COLOR(p) <= RB_BLACK);
}

static int put(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_pos *pos = &app->state.editor.pos;
    if (cmd->editor_put.sq < 0 || cmd->editor_put.sq >= RB_NSQ || cmd->editor_put.from >= RB_NSQ ||
        !piece_ok(cmd->editor_put.piece)) {
        return -1;
    }
    if (cmd->editor_put.from >= 0 && cmd->editor_put.from != cmd->editor_put.sq) {
        rb_pos_remove(pos, cmd->editor_put.from);
    }
    rb_pos_put(pos, cmd->editor_put.sq, cmd->editor_put.piece);
    changed(app, false);
    return 0;
}

/* A string typed or pasted: the board follows when its form reads (legal
 * or not: an illegal set-up is shown with its reason); otherwise the
 * parser's message names what is wrong and the board stays. */
static int take_text(rb_app *app, const char *text)
{
    rb_ui_editor_state *ed = &app->state.editor;
    bool typed = text == ed->text;
    if (!typed) {
        snprintf(ed->text, sizeof ed->text, "%s", text);
        ed->caret = ed->anchor = (int)strlen(ed->text);
    }
    rb_message msg;
    rb_pos p;
    if (rb_pos_parse_form_why(&p, ed->text, &msg) != 0) {
        char why[RB_UI_MESSAGE_TEXT_MAX];
        rb_ui_message_words_text(&msg, why, sizeof why);
        /* TRANSLATORS: %s is the rules library's message (translated
           separately) naming the field and the place that is wrong. */
        snprintf(ed->field_error, sizeof ed->field_error, _("This position string cannot be read: %s."), why);
        app->dirty = true;
        return -1;
    }
    ed->pos = p;
    ed->field_error[0] = '\0';
    changed(app, true);
    return 0;
}

/* What the clipboard holds, its surrounding white space and line ends
 * dropped (a string copied from a document often carries them). */
static int paste(rb_app *app)
{
    rb_ui_state *st = &app->state;
    char *clip = app->clip_get ? app->clip_get() : NULL;
    if (!clip) {
        rb_ui_state_say(st, true, _("Could not paste: %s"),
                        SDL_GetError()[0] ? SDL_GetError() : _("there is no clipboard here."));
        return -1;
    }
    char *s = clip;
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') {
        s++;
    }
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n')) {
        s[--n] = '\0';
    }
    int rc = take_text(app, s);
    SDL_free(clip);
    return rc;
}

static int copy(rb_app *app)
{
    rb_ui_state *st = &app->state;
    char text[RB_POS_TEXT_MAX];
    rb_pos_format(&st->editor.pos, text, sizeof text);
    if (!app->clip_set || app->clip_set(text) < 0) {
        rb_ui_state_say(st, true, _("Could not copy to the clipboard: %s"),
                        SDL_GetError()[0] ? SDL_GetError() : _("there is no clipboard here."));
        return -1;
    }
    rb_ui_state_say(st, false, "%s", _("Copied the position string."));
    return 0;
}

bool rb_ui_editor_keeps(const rb_ui_state *st, rb_ui_cmd_kind kind)
{
    (void)st;
    /* what would change the game is kept off it while the editor is open */
    return rb_ui_cmd_touches_game(kind) || kind == RB_UI_CMD_PLAY_PREMOVE || kind == RB_UI_CMD_EXPLAIN ||
           kind == RB_UI_CMD_HINT || kind == RB_UI_CMD_THREAT;
}

int rb_ui_editor_apply(rb_app *app, const rb_ui_cmd *cmd, rb_ui_screen_closer close_others)
{
    rb_ui_state *st = &app->state;
    rb_ui_editor_state *ed = &st->editor;
    if (cmd->kind == RB_UI_CMD_EDITOR_OPEN) {
        return open_editor(app, close_others);
    }
    if (!ed->active) {
        return -1;
    }
    switch (cmd->kind) {
    case RB_UI_CMD_EDITOR_PUT: return put(app, cmd);
    case RB_UI_CMD_EDITOR_SIDE:
        if (cmd->editor_side.color != RB_WHITE && cmd->editor_side.color != RB_BLACK) {
            return -1;
        }
        rb_pos_set_side(&ed->pos, cmd->editor_side.color);
        changed(app, false);
        return 0;
    case RB_UI_CMD_EDITOR_OUT: {
        if (cmd->editor_out.color != RB_WHITE && cmd->editor_out.color != RB_BLACK) {
            return -1;
        }
        int flag = rb_out_flag(cmd->editor_out.color);
        rb_pos_set_out(&ed->pos, cmd->editor_out.on ? ed->pos.out | flag : ed->pos.out & ~flag);
        changed(app, false);
        return 0;
    }
    case RB_UI_CMD_EDITOR_CLEAR:
        rb_pos_clear(&ed->pos);
        changed(app, false);
        return 0;
    case RB_UI_CMD_EDITOR_START:
        rb_pos_start(&ed->pos);
        changed(app, false);
        return 0;
    case RB_UI_CMD_EDITOR_TEXT: return cmd->editor_text.text ? take_text(app, cmd->editor_text.text) : -1;
    case RB_UI_CMD_EDITOR_COPY: return copy(app);
    case RB_UI_CMD_EDITOR_PASTE: return paste(app);
    case RB_UI_CMD_EDITOR_LEAVE: rb_ui_editor_leave(app); return 0;
    default:
        rb_ui_state_say(st, false, "%s",
                        _("The game is not changed while the position editor is open: "
                          "Cancel (Esc) goes back to it."));
        return -1;
    }
}
