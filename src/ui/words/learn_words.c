/*
 * learn_words.c - the Learn screen's sentences, translated (learn_words.h).
 *
 * Colours and the person's side are never filled in as words: each comes
 * in its own sentence. Piece names and squares are filled in, with a note
 * for translators where they go.
 */
#include "words/learn_words.h"

#include <stdio.h>

#include "words/explain_words.h"
#include "words/i18n.h"

void rb_ui_learn_words_goal(const rb_learn_goal *g, char *buf, size_t len)
{
    const char *text = "";
    switch (g->kind) {
    case RB_GOAL_COLLECT: text = _("Land on every star."); break;
    case RB_GOAL_CAPTURE_ALL: text = _("Take every enemy piece but the king."); break;
    case RB_GOAL_MATE:
        snprintf(buf, len, ngettext("Checkmate within %d move.", "Checkmate within %d moves.", (unsigned long)g->limit),
                 g->limit);
        return;
    case RB_GOAL_THRONE:
        snprintf(buf, len,
                 ngettext("Win by throne within %d move.", "Win by throne within %d moves.", (unsigned long)g->limit),
                 g->limit);
        return;
    case RB_GOAL_ESCAPE_CHECK: text = _("Get out of check."); break;
    case RB_GOAL_PROMOTE:
        text = g->promo == RB_ROOK     ? _("Promote a pawn to a rook.")
               : g->promo == RB_BISHOP ? _("Promote a pawn to a bishop.")
                                       : _("Promote a pawn.");
        break;
    case RB_GOAL_SAFE_SQUARE: text = _("Move to the one safe square."); break;
    case RB_GOAL_STALEMATE: text = _("Reach stalemate: a draw."); break;
    case RB_GOAL_REPETITION: text = _("Draw by repeating the position three times."); break;
    case RB_GOAL_KINDS: break;
    }
    snprintf(buf, len, "%s", text);
}

void rb_ui_learn_words_feedback(const rb_learn_feedback *fb, const rb_learn_goal *goal, char *buf, size_t len)
{
    const char *sq = fb->say_sq >= 0 && fb->say_sq < RB_NSQ ? rb_sq_name(fb->say_sq) : "?";
    const char *sq2 = fb->say_sq2 >= 0 && fb->say_sq2 < RB_NSQ ? rb_sq_name(fb->say_sq2) : "?";
    bool white = fb->say_color == RB_WHITE;
    switch (fb->say) {
    case RB_SAY_NONE: buf[0] = '\0'; return;
    case RB_SAY_OVER: snprintf(buf, len, "%s", _("This stage is over: start it again to play on.")); return;
    case RB_SAY_NOT_A_MOVE: snprintf(buf, len, "%s", _("That is not a move on this board.")); return;
    case RB_SAY_ILLEGAL: rb_ui_explain_words(&fb->explain, buf, len); return;
    case RB_SAY_PROMOTE_TO:
        snprintf(buf, len, "%s",
                 fb->say_piece == RB_BISHOP ? _("Promote to a bishop this time.") : _("Promote to a rook this time."));
        return;
    case RB_SAY_UNSAFE:
        /* TRANSLATORS: "On b3 your rook could be taken by the black bishop on e6." The %s are a square, a
           piece, a piece, a square */
        snprintf(buf, len,
                 white ? _("On %s your %s could be taken by the white %s on %s.")
                       : _("On %s your %s could be taken by the black %s on %s."),
                 sq, rb_ui_explain_words_piece(fb->say_piece), rb_ui_explain_words_piece(fb->say_piece2), sq2);
        return;
    case RB_SAY_NOT_THE_SQUARE:
        snprintf(buf, len, "%s",
                 _("That square is not the one: look for the only square where nothing can take your piece."));
        return;
    case RB_SAY_THRONE_WON: {
        /* TRANSLATORS: %s is the throne's square */
        const char *f = fb->say_you ? (white ? _("You won by throne: the White king reached %s after going round "
                                                 "clockwise.")
                                             : _("You won by throne: the Black king reached %s after going round "
                                                 "clockwise."))
                                    : (white ? _("White won by throne: the White king reached %s after going round "
                                                 "clockwise.")
                                             : _("Black won by throne: the Black king reached %s after going round "
                                                 "clockwise."));
        snprintf(buf, len, f, sq);
        return;
    }
    case RB_SAY_MATE_NOT_ASKED:
        snprintf(buf, len, "%s", _("Checkmate, which ends the game, but it is not what this stage asks for."));
        return;
    case RB_SAY_MATED:
        snprintf(buf, len, "%s",
                 white ? _("Checkmate: White mated your king.") : _("Checkmate: Black mated your king."));
        return;
    case RB_SAY_STALEMATE_THEM:
        snprintf(buf, len, "%s",
                 white ? _("Stalemate: White has no legal move and is not in check, so the game is drawn.")
                       : _("Stalemate: Black has no legal move and is not in check, so the game is drawn."));
        return;
    case RB_SAY_STALEMATE_YOU:
        snprintf(buf, len, "%s", _("Stalemate: you have no legal move and are not in check, so the game is drawn."));
        return;
    case RB_SAY_REPETITION:
        snprintf(buf, len, "%s", _("The same position for the third time: the game is drawn by repetition."));
        return;
    case RB_SAY_FLAG_CLEAR:
        /* TRANSLATORS: %s is the throne's square */
        snprintf(buf, len,
                 _("Your king stands on %s, but its out flag is clear: it did not come round clockwise, so this is an "
                   "ordinary move and wins nothing."),
                 sq);
        return;
    case RB_SAY_LAST_MOVE:
        /* TRANSLATORS: %d is the number of moves the stage allows */
        snprintf(buf, len,
                 goal->kind == RB_GOAL_MATE
                     ? ngettext("That was your last move: the goal was mate in %d.",
                                "That was your last move: the goal was mate in %d.", (unsigned long)fb->say_number)
                     : ngettext("That was your last move: the goal was the throne in %d.",
                                "That was your last move: the goal was the throne in %d.",
                                (unsigned long)fb->say_number),
                 fb->say_number);
        return;
    case RB_SAY_NOT_THIS_WAY:
        snprintf(buf, len, "%s",
                 _("That move is legal, but this lesson has another in mind: try again, or ask for a hint."));
        return;
    case RB_SAY_CHECK_PASSER:
        snprintf(buf, len, "%s",
                 white ? _("That move attacks the white king, but White does not move in this stage: leave its king "
                           "alone and go for the goal.")
                       : _("That move attacks the black king, but Black does not move in this stage: leave its king "
                           "alone and go for the goal."));
        return;
    case RB_SAY_PIECE_LOST:
        /* TRANSLATORS: "The black rook took your bishop on e4: ..." The %s are a piece, a piece, a square */
        snprintf(buf, len,
                 white ? _("The white %s took your %s on %s: keep your pieces where they cannot be taken.")
                       : _("The black %s took your %s on %s: keep your pieces where they cannot be taken."),
                 rb_ui_explain_words_piece(fb->say_piece2), rb_ui_explain_words_piece(fb->say_piece), sq);
        return;
    }
    snprintf(buf, len, "%s", fb->message);
}

const char *rb_ui_learn_words_lesson(const char *text)
{
    /* gettext("") would answer with the catalogue's header. */
    return text && text[0] ? gettext(text) : text;
}
