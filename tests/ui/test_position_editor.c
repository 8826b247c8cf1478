/*
 * test_position_editor.c - the position editor, driven as a person drives
 * it: pieces dragged from the palette, moved and dragged off the board,
 * taken off with the right button, placed again and again with a palette
 * piece picked; every reason the rules library gives for a position that
 * cannot be played shown in the panel with Play and Analyse disabled; the
 * position string field read both ways, a bad string named; the clipboard
 * both ways; Play from here starting the game from exactly that position,
 * Analyse opening the analysis board on it, whose buttons, Esc and Ctrl+E
 * lead back to the editor with the position set up intact, Cancel leaving
 * the game as it was; a timed game's clock standing still while the editor
 * (and the analysis board over it) is open and going on after Cancel with
 * the time it had, Play from here starting its own clocks; and --edit
 * [--fen] on the command line.
 */
#include "support.h"

#include "screens/analysis/analysis_view.h"
#include "app/args.h"
#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "screens/editor/editor_view.h"
#include "state/game_clock.h"
#include "kit/text.h"
#include "ui_clock.h"
#include "ui_fixture.h"

#define PLAY "Play from here\u2026"

static const char *const start_fen = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1";

static SDL_Point centre(SDL_Rect r)
{
    return (SDL_Point){r.x + r.w / 2, r.y + r.h / 2};
}

/* The editor opened the way a person opens it (Ctrl+E), a frame drawn so
 * its panel has its places. */
static rb_app *open_editor(const char *fen)
{
    rb_app *app = fixture_open(fen, 800, 600);
    fixture_key(app, SDLK_e, KMOD_LCTRL);
    assert_true(app->state.editor.active);
    rb_ui_app_draw(app);
    return app;
}

static SDL_Point control(rb_app *app, const char *label)
{
    SDL_Rect r;
    rb_ui_app_draw(app);
    if (!rb_ui_editor_view_control_rect(app, label, &r)) {
        fail_msg("no control \"%s\" drawn", label);
    }
    return centre(r);
}

static void click_control(rb_app *app, const char *label)
{
    fixture_click_at(app, control(app, label));
    rb_ui_app_draw(app);
}

static SDL_Point palette(rb_app *app, int color, int type)
{
    SDL_Rect r;
    rb_ui_app_draw(app);
    assert_true(rb_ui_editor_view_palette_rect(app, RB_PIECE(color, type), &r));
    return centre(r);
}

/* Press at a, move there in steps, let go at b. */
static void drag(rb_app *app, SDL_Point a, SDL_Point b)
{
    fixture_motion(app, a, false);
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, a);
    for (int i = 1; i <= 5; i++) {
        fixture_motion(app, (SDL_Point){a.x + (b.x - a.x) * i / 5, a.y + (b.y - a.y) * i / 5}, true);
    }
    fixture_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, b);
    rb_ui_app_draw(app);
}

static rb_piece at(rb_app *app, const char *square)
{
    return app->state.editor.pos.board[rb_sq_parse(square)];
}

static void editor_fen(rb_app *app, char *buf, size_t len)
{
    rb_pos_format(&app->state.editor.pos, buf, len);
}

/* Text typed, in pieces as SDL delivers it (at most 31 bytes an event). */
static void type_text(rb_app *app, const char *text)
{
    char piece[16];
    for (size_t n = strlen(text), i = 0; i < n; i += sizeof piece - 1) {
        snprintf(piece, sizeof piece, "%s", text + i);
        fixture_text(app, piece);
    }
}

/* Replaces the field's text by typing it, as a person would: a click on
 * the field selects what is there, the text typed takes its place. */
static void type_in_field(rb_app *app, const char *text)
{
    fixture_click_at(app, control(app, "Position string"));
    assert_true(app->state.editor.field_focus);
    fixture_key(app, SDLK_a, KMOD_LCTRL); /* (a click on a focused field keeps its caret) */
    type_text(app, text);
    rb_ui_app_draw(app);
}

static void pieces_are_put_moved_and_taken_off_by_hand(void **state)
{
    (void)state;
    rb_app *app = open_editor(NULL);
    char fen[RB_POS_TEXT_MAX];
    editor_fen(app, fen, sizeof fen);
    assert_string_equal(fen, start_fen); /* the game's position to begin with */

    /* From the palette onto a4. */
    drag(app, palette(app, RB_WHITE, RB_ROOK), fixture_center(app, "a4"));
    assert_int_equal(at(app, "a4"), RB_PIECE(RB_WHITE, RB_ROOK));
    /* Moved on the board to b5. */
    drag(app, fixture_center(app, "a4"), fixture_center(app, "b5"));
    assert_int_equal(at(app, "a4"), RB_EMPTY);
    assert_int_equal(at(app, "b5"), RB_PIECE(RB_WHITE, RB_ROOK));
    /* Onto another piece: it takes its place. */
    drag(app, fixture_center(app, "b5"), fixture_center(app, "e6"));
    assert_int_equal(at(app, "e6"), RB_PIECE(RB_WHITE, RB_ROOK));
    assert_int_equal(at(app, "b5"), RB_EMPTY);
    /* Dragged off the board (into the panel): gone. */
    drag(app, fixture_center(app, "e6"), (SDL_Point){app->layout.panel.x + 20, app->layout.panel.h - 5});
    assert_int_equal(at(app, "e6"), RB_EMPTY);
    /* The centre 3x3 is not part of the board: nothing lands there. */
    editor_fen(app, fen, sizeof fen);
    drag(app, palette(app, RB_BLACK, RB_BISHOP), fixture_center(app, "a4"));
    SDL_Rect board = app->layout.board;
    SDL_Point hole = {board.x + board.w / 2, board.y + board.h / 2};
    drag(app, palette(app, RB_BLACK, RB_BISHOP), hole);
    drag(app, fixture_center(app, "a4"), hole); /* a board piece dropped there leaves */
    char after[RB_POS_TEXT_MAX];
    editor_fen(app, after, sizeof after);
    assert_string_equal(after, fen);
    /* The right button takes a piece off. */
    fixture_motion(app, fixture_center(app, "e1"), false);
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_RIGHT, fixture_center(app, "e1"));
    fixture_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_RIGHT, fixture_center(app, "e1"));
    assert_int_equal(at(app, "e1"), RB_EMPTY);
    /* A palette piece clicked is put by each click on a square, until
     * clicked again. */
    fixture_click_at(app, palette(app, RB_BLACK, RB_PAWN));
    assert_int_equal(app->state.editor.brush, RB_PIECE(RB_BLACK, RB_PAWN));
    fixture_click(app, "a1");
    fixture_click(app, "g1");
    fixture_click(app, "e1");
    assert_int_equal(at(app, "a1"), RB_PIECE(RB_BLACK, RB_PAWN));
    assert_int_equal(at(app, "g1"), RB_PIECE(RB_BLACK, RB_PAWN));
    assert_int_equal(at(app, "e1"), RB_PIECE(RB_BLACK, RB_PAWN));
    fixture_click_at(app, palette(app, RB_BLACK, RB_PAWN));
    assert_int_equal(app->state.editor.brush, RB_EMPTY);
    fixture_click(app, "b1");
    assert_int_equal(at(app, "b1"), RB_EMPTY);
    /* The string follows the board. */
    editor_fen(app, fen, sizeof fen);
    assert_string_equal(app->state.editor.text, fen);
    /* Clear, then the start position. */
    click_control(app, "Clear");
    for (int sq = 0; sq < RB_NSQ; sq++) {
        assert_int_equal(app->state.editor.pos.board[sq], RB_EMPTY);
    }
    click_control(app, "Start position");
    editor_fen(app, fen, sizeof fen);
    assert_string_equal(fen, start_fen);
    /* Flip turns the editor's board, and the game's is as it was after. */
    SDL_Point e1 = fixture_center(app, "e1");
    click_control(app, "Flip");
    assert_true(app->state.flipped);
    assert_int_equal(rb_ui_view_board_square_at(app, e1.x, e1.y), rb_sq_parse("c7"));
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_false(app->state.editor.active);
    assert_false(app->state.flipped);
    fixture_close(app);
}

typedef struct reason_case {
    const char *fen;
    const char *said;    /* part of what the panel says */
    const char *squares; /* the squares ringed, by name */
} reason_case;

/* True when the pixel at p is the ring's red. */
static bool red_at(rb_app *app, SDL_Point p)
{
    SDL_Surface *s = app->target;
    Uint32 px = ((Uint32 *)((Uint8 *)s->pixels + p.y * s->pitch))[p.x];
    Uint8 r, g, b;
    SDL_GetRGB(px, s->format, &r, &g, &b);
    return r > 180 && g < 80 && b < 80;
}

static void every_reason_is_shown_and_play_is_disabled(void **state)
{
    (void)state;
    static const reason_case cases[] = {
        {"3k3/7/2xxx2/2xxx2/2xxx2/7/7 w - 0 1", "White has no king", ""},
        {"k5k/7/2xxx2/2xxx2/2xxx2/3K3/7 w - 0 1", "Black has 2 kings", "a7 g7"},
        {"3k3/7/2xxx2/2xxx2/RRxxxRR/PP1K3/7 w - 0 1", "White has 7 pieces", "a3 b3 f3 g3 a2 b2 d2"},
        {"3k3/7/2xxx2/2xxx2/2xxx2/PPP1K2/7 w - 0 1", "White has 3 pawns", "a2 b2 c2"},
        {"3kP2/7/2xxx2/2xxx2/2xxx2/3K3/7 w - 0 1", "The White pawn on e7", "e7"},
        {"7/7/2xxx2/2xxx2/2xxx2/3K3/3k3 w - 0 1", "The kings stand", "d1 d2"},
        {"5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/7 b - 0 1", "Black is to move", "a3 b2"},
        {"7/3K3/2xxx2/2xxx2/2xxx1k/7/7 w K 0 1", "White's king already", "d6"},
    };
    rb_app *app = open_editor(NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rb_ui_text_flush(app);
        type_in_field(app, cases[i].fen);
        char fen[RB_POS_TEXT_MAX];
        editor_fen(app, fen, sizeof fen);
        assert_string_equal(fen, cases[i].fen); /* on the board, reason and all */
        char first[256] = "";
        if (rb_ui_text_drawn(app, cases[i].said, first, sizeof first) < 1) {
            fail_msg("\"%s\": the panel does not say \"%s\"", cases[i].fen, cases[i].said);
        }
        assert_false(rb_ui_editor_view_enabled(app, PLAY));
        assert_false(rb_ui_editor_view_enabled(app, "Analyse"));
        rb_bb want = 0;
        char names[64];
        snprintf(names, sizeof names, "%s", cases[i].squares);
        for (char *w = strtok(names, " "); w; w = strtok(NULL, " ")) {
            SDL_FPoint c = rb_ui_view_board_center(app, rb_sq_parse(w));
            /* the ring runs through 0.45 of a square from the centre */
            assert_true(red_at(app, (SDL_Point){(int)c.x + app->layout.sq * 45 / 100, (int)c.y}));
            want |= (rb_bb)1 << rb_sq_parse(w);
        }
        assert_true(app->state.editor.verdict.squares == want);
        /* Play asked for by its key does nothing either. */
        fixture_key(app, SDLK_ESCAPE, KMOD_NONE); /* the field lets go */
        fixture_key(app, SDLK_n, KMOD_LCTRL);
        assert_false(rb_ui_dialog_active(&app->state));
    }
    /* The throne case is mended by clearing the flag with its box, the
     * check case by giving the move to the side in check. */
    click_control(app, "White's out flag");
    assert_int_equal(app->state.editor.verdict.problem, RB_POS_VALID);
    assert_true(rb_ui_editor_view_enabled(app, PLAY));
    assert_true(rb_ui_editor_view_enabled(app, "Analyse"));
    type_in_field(app, cases[6].fen);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    click_control(app, "White to move");
    assert_int_equal(app->state.editor.pos.side, RB_WHITE);
    assert_int_equal(app->state.editor.verdict.problem, RB_POS_VALID);
    assert_true(rb_ui_editor_view_enabled(app, PLAY));
    fixture_close(app);
}

static void the_string_field_reads_both_ways_and_names_bad_strings(void **state)
{
    (void)state;
    rb_app *app = open_editor(NULL);
    assert_string_equal(app->state.editor.text, start_fen);
    const char *fen = "2k4/7/1pxxx2/2xxxK1/2xxx2/7/3B3 w - 0 1";
    type_in_field(app, fen);
    char now[RB_POS_TEXT_MAX];
    editor_fen(app, now, sizeof now);
    assert_string_equal(now, fen);
    /* Typing on: the board follows each change that still reads, the
     * field keeps what is typed. Backspace twice leaves "... w - 0 ", which
     * does not read: the board stays, the message names the field. */
    fixture_key(app, SDLK_BACKSPACE, KMOD_NONE);
    fixture_key(app, SDLK_BACKSPACE, KMOD_NONE);
    assert_non_null(strstr(app->state.editor.field_error, "move number"));
    editor_fen(app, now, sizeof now);
    assert_string_equal(now, fen);
    fixture_text(app, " 7");
    assert_string_equal(app->state.editor.field_error, "");
    assert_int_equal(app->state.editor.pos.moveno, 7);
    /* A bad letter is named, with its square, and shown in the panel. */
    rb_ui_text_flush(app);
    type_in_field(app, "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKQ2/2PBR2 w - 0 1");
    assert_non_null(strstr(app->state.editor.field_error, "unknown piece letter 'Q' at e2"));
    assert_true(rb_ui_text_drawn(app, "This position string", NULL, 0) >= 1);
    editor_fen(app, now, sizeof now);
    assert_string_equal(now, "2k4/7/1pxxx2/2xxxK1/2xxx2/7/3B3 w - 0 7");
    static const char *const bad[] = {
        "",
        "hello",
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w",
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w KQ 0 1",
        "2rbp2/2rkp2/2xyx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fixture_click_at(app, control(app, "Position string"));
        fixture_key(app, SDLK_a, KMOD_LCTRL);
        fixture_key(app, SDLK_DELETE, KMOD_NONE); /* the selection goes */
        if (bad[i][0]) {
            type_text(app, bad[i]);
        }
        assert_true(app->state.editor.field_error[0] != '\0');
        editor_fen(app, now, sizeof now);
        assert_string_equal(now, "2k4/7/1pxxx2/2xxxK1/2xxx2/7/3B3 w - 0 7");
    }
    /* Any change on the board writes the field afresh. */
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    drag(app, palette(app, RB_WHITE, RB_PAWN), fixture_center(app, "a1"));
    editor_fen(app, now, sizeof now);
    assert_string_equal(app->state.editor.text, now);
    assert_string_equal(app->state.editor.field_error, "");
    fixture_close(app);
}

static void copy_and_paste_go_both_ways(void **state)
{
    (void)state;
    rb_app *app = open_editor(NULL);
    fixture_use_clipboard(app, "");
    drag(app, fixture_center(app, "e1"), fixture_center(app, "a4"));
    char now[RB_POS_TEXT_MAX];
    editor_fen(app, now, sizeof now);
    fixture_key(app, SDLK_c, KMOD_LCTRL);
    assert_string_equal(fixture_clipboard, now);
    fixture_use_clipboard(app, "");
    click_control(app, "Copy");
    assert_string_equal(fixture_clipboard, now);

    /* Pasted, surrounding blanks and line ends and all. */
    const char *fen = "7/R6/2xxx2/1Kxxx2/2xxx1k/7/7 b - 3 9";
    char text[128];
    snprintf(text, sizeof text, "  %s\n", fen);
    fixture_use_clipboard(app, text);
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    editor_fen(app, now, sizeof now);
    assert_string_equal(now, fen);
    assert_string_equal(app->state.editor.text, fen);
    /* Something else pasted is named and changes nothing. */
    fixture_use_clipboard(app, "1. c2-b3 e6-f6 *");
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    assert_true(app->state.editor.field_error[0] != '\0');
    editor_fen(app, now, sizeof now);
    assert_string_equal(now, fen);
    /* In the field (Tab reaches it, all selected), Ctrl+V replaces the
     * selection and Ctrl+C copies it. */
    fixture_use_clipboard(app, start_fen);
    fixture_key(app, SDLK_TAB, KMOD_NONE);
    assert_true(app->state.editor.field_focus);
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    editor_fen(app, now, sizeof now);
    assert_string_equal(now, start_fen);
    fixture_use_clipboard(app, "");
    fixture_key(app, SDLK_a, KMOD_LCTRL);
    fixture_key(app, SDLK_c, KMOD_LCTRL);
    assert_string_equal(fixture_clipboard, start_fen);
    /* The game itself was never touched. */
    assert_int_equal(app->state.game.length, 0);
    fixture_close(app);
}

static void play_from_here_starts_the_game_from_that_position(void **state)
{
    (void)state;
    rb_app *app = open_editor(NULL);
    fixture_play(app, rb_move_find(&app->state.editor.pos, rb_sq_parse("c2"), rb_sq_parse("b3"), 0));
    assert_int_equal(app->state.game.length, 0); /* the game is not played in the editor */
    const char *fen = "2k4/7/1pxxx2/2xxxK1/2xxx2/7/3B3 w - 0 1";
    type_in_field(app, fen);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    click_control(app, "Black to move");
    char want[RB_POS_TEXT_MAX];
    editor_fen(app, want, sizeof want);
    assert_string_equal(want, "2k4/7/1pxxx2/2xxxK1/2xxx2/7/3B3 b - 0 1");

    /* Against the computer, the person playing White. */
    click_control(app, PLAY);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    assert_true(app->state.dialog.from_editor);
    assert_true(rb_ui_text_drawn(app, "Black moves first", NULL, 0) >= 1);
    fixture_click_control(app, DLG_MODE + RB_UI_VS_COMPUTER);
    fixture_click_control(app, DLG_SIDE + RB_WHITE);
    fixture_click_control(app, DLG_LEVEL_W + 3 - 1);
    fixture_click_control(app, DLG_OK);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_false(app->state.editor.active);
    char now[RB_POS_TEXT_MAX];
    rb_pos_format(&app->state.game.positions[0], now, sizeof now);
    assert_string_equal(now, want);
    assert_int_equal(app->state.game.length, 0);
    assert_int_equal(rb_game_pos(&app->state.game)->side, RB_BLACK);
    assert_int_equal(app->state.players[RB_WHITE].kind, RB_UI_HUMAN);
    assert_int_equal(app->state.players[RB_BLACK].kind, RB_UI_COMPUTER);
    assert_int_equal(app->state.players[RB_BLACK].level, 3);

    /* A friend: Two players, from a position with White to move. */
    fixture_key(app, SDLK_e, KMOD_LCTRL);
    rb_ui_app_draw(app);
    click_control(app, "Start position");
    click_control(app, PLAY);
    fixture_click_control(app, DLG_MODE + RB_UI_TWO_PLAYERS);
    fixture_click_control(app, DLG_OK);
    assert_false(app->state.editor.active);
    rb_pos_format(&app->state.game.positions[0], now, sizeof now);
    assert_string_equal(now, start_fen);
    assert_int_equal(app->state.players[RB_WHITE].kind, RB_UI_HUMAN);
    assert_int_equal(app->state.players[RB_BLACK].kind, RB_UI_HUMAN);
    /* and the game is played on from there */
    fixture_drag(app, "c2", "b3");
    assert_int_equal(app->state.game.length, 1);

    /* The dialog's Cancel goes back to the editor, position kept. */
    fixture_key(app, SDLK_e, KMOD_LCTRL);
    rb_ui_app_draw(app);
    type_in_field(app, fen);
    click_control(app, PLAY);
    fixture_click_control(app, DLG_CANCEL);
    assert_true(app->state.editor.active);
    editor_fen(app, now, sizeof now);
    assert_string_equal(now, fen);
    assert_int_equal(app->state.game.length, 1);
    fixture_close(app);
}

static void analyse_opens_the_analysis_board_and_cancel_leaves_the_game(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_drag(app, "c2", "b3");
    assert_int_equal(app->state.game.length, 1);
    char game_before[RB_POS_TEXT_MAX];
    fixture_fen(app, game_before, sizeof game_before);
    fixture_key(app, SDLK_e, KMOD_LCTRL);
    rb_ui_app_draw(app);
    char now[RB_POS_TEXT_MAX];
    editor_fen(app, now, sizeof now);
    assert_string_equal(now, game_before); /* the position on the board */
    const char *fen = "7/R6/2xxx2/1Kxxx2/2xxx1k/7/7 w - 0 1";
    type_in_field(app, fen);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    click_control(app, "Analyse");
    assert_true(app->state.analysis.active);
    assert_true(app->state.analysis.own_root);
    rb_pos want;
    rb_test_parse(&want, fen);
    assert_true(rb_pos_equal(&app->state.analysis.board, &want));
    assert_true(rb_pos_equal(rb_ui_state_pos(&app->state), &want));
    /* A move on the analysis board is a variation, not the game's. */
    fixture_drag(app, "a6", "a7");
    assert_int_equal(app->state.analysis.nvar, 1);
    assert_int_equal(app->state.game.length, 1);
    /* Closing it comes back to the editor, its position as it was. */
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_false(app->state.analysis.active);
    assert_true(app->state.editor.active);
    editor_fen(app, now, sizeof now);
    assert_string_equal(now, fen);
    /* Cancel: the game exactly as it was. */
    rb_ui_app_draw(app);
    click_control(app, "Cancel");
    assert_false(app->state.editor.active);
    fixture_fen(app, now, sizeof now);
    assert_string_equal(now, game_before);
    assert_int_equal(app->state.game.length, 1);
    assert_int_equal(app->state.game.ply, 1);

    /* While a game against the computer goes on, no analysis. */
    app->state.players[RB_BLACK].kind = RB_UI_COMPUTER;
    fixture_key(app, SDLK_e, KMOD_LCTRL);
    rb_ui_app_draw(app);
    assert_true(rb_ui_editor_view_enabled(app, PLAY));
    assert_false(rb_ui_editor_view_enabled(app, "Analyse"));
    fixture_key(app, SDLK_F5, KMOD_NONE);
    assert_false(app->state.analysis.active);
    /* Nor are the game's commands carried out meanwhile. */
    fixture_key(app, SDLK_z, KMOD_LCTRL);
    assert_int_equal(app->state.game.length, 1);
    assert_int_equal(app->state.game.ply, 1);
    /* The computer's answer found meanwhile waits for the person's return. */
    rb_ui_cmd reply = rb_ui_cmd_of(RB_UI_CMD_REPLY);
    reply.reply.ply = 1;
    reply.reply.move = rb_test_move(&app->state.game.positions[1], "e6f6");
    rb_ui_apply(app, &reply);
    assert_true(rb_ui_app_tick(app) > 0); /* nothing due: the loop may sleep */
    assert_int_equal(app->state.game.length, 1);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_false(app->state.editor.active);
    rb_ui_app_tick(app);
    assert_int_equal(app->state.game.length, 2);
    fixture_close(app);
}

static SDL_Point analysis_button(rb_app *app, const char *label)
{
    SDL_Rect r;
    rb_ui_app_draw(app);
    if (!rb_ui_analysis_view_button_rect(app, label, &r)) {
        fail_msg("no analysis button \"%s\" drawn", label);
    }
    return centre(r);
}

static void analysis_from_the_editor_leads_back_to_it(void **state)
{
    (void)state;
    rb_app *app = open_editor(NULL);
    const char *fen = "7/R6/2xxx2/1Kxxx2/2xxx1k/7/7 w - 0 1";
    type_in_field(app, fen);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    click_control(app, "Analyse");
    assert_true(app->state.analysis.active);
    rb_pos want;
    rb_test_parse(&want, fen);

    /* Its buttons say where they lead: the set-up position and the
     * editor, not the game. */
    rb_ui_text_flush(app);
    rb_ui_app_draw(app);
    assert_true(rb_ui_text_drawn(app, "Back to the set-up position", NULL, 0) >= 1);
    assert_true(rb_ui_text_drawn(app, "Return to the editor", NULL, 0) >= 1);
    assert_int_equal(rb_ui_text_drawn(app, "Back to game position", NULL, 0), 0);
    assert_int_equal(rb_ui_text_drawn(app, "Close analysis", NULL, 0), 0);
    SDL_Rect r;
    assert_false(rb_ui_analysis_view_button_rect(app, "Back to game position", &r));

    /* A variation, then back to the set-up position: the board is the
     * editor's position again, the analysis board still open. */
    fixture_drag(app, "a6", "a7");
    fixture_drag(app, "g3", "f2");
    assert_int_equal(app->state.analysis.nvar, 2);
    fixture_click_at(app, analysis_button(app, "Back to the set-up position"));
    assert_true(app->state.analysis.active);
    assert_int_equal(app->state.analysis.nvar, 0);
    assert_true(rb_pos_equal(rb_ui_state_pos(&app->state), &want));

    /* A game's command is refused with the way back named. */
    rb_ui_cmd resign = rb_ui_cmd_of(RB_UI_CMD_RESIGN);
    resign.resign.color = RB_WHITE;
    assert_int_equal(rb_ui_apply(app, &resign), -1);
    assert_non_null(strstr(app->state.status, "Esc goes back to the position editor"));
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_NONE);

    /* Return to the editor, after another variation: the position set up
     * is there, board and string, as it was. */
    fixture_drag(app, "a6", "a7");
    fixture_click_at(app, analysis_button(app, "Return to the editor"));
    assert_false(app->state.analysis.active);
    assert_true(app->state.editor.active);
    char now[RB_POS_TEXT_MAX];
    editor_fen(app, now, sizeof now);
    assert_string_equal(now, fen);
    assert_string_equal(app->state.editor.text, fen);
    assert_true(rb_pos_equal(rb_ui_state_pos(&app->state), &want));
    assert_true(rb_ui_editor_view_enabled(app, PLAY));

    /* Ctrl+E over the analysis board opened from it: the editor again. */
    click_control(app, "Analyse");
    assert_true(app->state.analysis.active);
    fixture_drag(app, "a6", "a7");
    fixture_key(app, SDLK_e, KMOD_LCTRL);
    assert_false(app->state.analysis.active);
    assert_true(app->state.editor.active);
    editor_fen(app, now, sizeof now);
    assert_string_equal(now, fen);

    /* Opened on the game, the same board speaks of the game. */
    click_control(app, "Cancel");
    assert_false(app->state.editor.active);
    fixture_key(app, SDLK_F5, KMOD_NONE);
    assert_true(app->state.analysis.active);
    analysis_button(app, "Back to game position");
    analysis_button(app, "Close analysis");
    fixture_close(app);
}

static void a_timed_games_clock_stands_still_while_the_editor_is_open(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    app->ticks = fixture_clock_ticks;
    /* Two people on 5+3, as the New game dialog starts it. */
    fixture_key(app, SDLK_n, KMOD_LCTRL);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    fixture_click_control(app, DLG_MODE + RB_UI_TWO_PLAYERS);
    fixture_click_control(app, DLG_TIME + 2);
    fixture_click_control(app, DLG_OK);
    assert_int_equal(app->state.clock.tc[RB_WHITE].base_ms, 300000);
    fixture_clock_ms += 10000;
    fixture_drag(app, "c2", "b3");
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 293000);
    fixture_clock_ms += 5000;
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 295000);

    /* Black's time stops with the editor open, flag and all: ten minutes
     * go by, more than Black has. */
    fixture_key(app, SDLK_e, KMOD_LCTRL);
    assert_true(app->state.editor.active);
    fixture_clock_ms += 400000;
    assert_int_equal(fixture_do(app, RB_UI_CMD_CLOCK), 0);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 295000);
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 293000);
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_NONE);
    assert_int_equal(rb_ui_game_clock_wait(&app->state, fixture_clock_ms), -1); /* nothing runs: the window sleeps */
    /* and with the analysis board opened from it */
    rb_ui_app_draw(app);
    click_control(app, "Analyse");
    assert_true(app->state.analysis.active);
    fixture_clock_ms += 200000;
    assert_int_equal(fixture_do(app, RB_UI_CMD_CLOCK), 0);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 295000);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_true(app->state.editor.active);
    fixture_clock_ms += 1000;
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 295000);

    /* Cancel: Black's time goes on from where it stood. */
    click_control(app, "Cancel");
    assert_false(app->state.editor.active);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 295000);
    fixture_clock_ms += 2000;
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 293000);
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 293000);
    assert_true(rb_ui_game_clock_wait(&app->state, fixture_clock_ms) > 0);
    fixture_drag(app, "c7", "b7");
    assert_int_equal(app->state.game.ply, 2);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 296000); /* 293 s + 3 s */

    /* Play from here: a new game on the clocks chosen in its dialog, full
     * time for both, the side to move's running. */
    fixture_key(app, SDLK_e, KMOD_LCTRL);
    rb_ui_app_draw(app);
    click_control(app, "Black to move");
    fixture_clock_ms += 50000;
    click_control(app, PLAY);
    assert_true(app->state.dialog.from_editor);
    fixture_click_control(app, DLG_MODE + RB_UI_TWO_PLAYERS);
    fixture_click_control(app, DLG_TIME + 1);
    fixture_click_control(app, DLG_OK);
    /* the unfinished game behind the editor goes only when the person says so */
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_NEW_GAME);
    fixture_click_control(app, DLG_OK);
    assert_false(app->state.editor.active);
    assert_int_equal(app->state.game.length, 0);
    assert_int_equal(app->state.clock.tc[RB_BLACK].base_ms, 180000);
    assert_int_equal(app->state.clock.running, RB_BLACK);
    assert_int_equal(fixture_clock_left(app, RB_WHITE), 180000);
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 180000);
    fixture_clock_ms += 4000;
    assert_int_equal(fixture_clock_left(app, RB_BLACK), 176000);
    fixture_close(app);
}

/* --edit [--fen STRING] through the command line's own reader. */
static rb_app *open_with(const char *const *argv, int argc)
{
    static rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    char err[300];
    assert_int_equal(rb_ui_args_parse(argc, (char **)argv, &opt, err, sizeof err), RB_UI_ARGS_RUN);
    assert_true(opt.edit);
    opt.width = 800;
    opt.height = 600;
    rb_ui_app_defaults(&fixture_app);
    assert_int_equal(rb_ui_app_open(&fixture_app, &opt, true, err, sizeof err), 0);
    rb_ui_app_draw(&fixture_app);
    return &fixture_app;
}

static void the_command_line_opens_the_editor(void **state)
{
    (void)state;
    const char *plain[] = {"rollerball", "--edit"};
    rb_app *app = open_with(plain, 2);
    assert_true(app->state.editor.active);
    assert_string_equal(app->state.editor.text, start_fen);
    fixture_close(app);

    /* A string that reads but is no legal position is set up, reason shown. */
    const char *illegal[] = {"rollerball", "--edit", "--fen", "3kP2/7/2xxx2/2xxx2/2xxx2/3K3/7 w - 0 1"};
    app = open_with(illegal, 4);
    assert_true(app->state.editor.active);
    assert_int_equal(app->state.editor.verdict.problem, RB_POS_PAWN_ON_PROMOTION);
    assert_true(rb_ui_text_drawn(app, "The White pawn on e7", NULL, 0) >= 1);
    assert_false(rb_ui_editor_view_enabled(app, PLAY));
    fixture_close(app);

    /* One that does not read is named, and stays in the field. */
    const char *bad[] = {"rollerball", "--edit", "--fen", "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0"};
    app = open_with(bad, 4);
    assert_true(app->state.editor.active);
    assert_string_equal(app->state.editor.text, bad[3]);
    assert_non_null(strstr(app->state.editor.field_error, "expected 5 fields"));
    assert_true(rb_ui_text_drawn(app, "This position string", NULL, 0) >= 1);
    char now[RB_POS_TEXT_MAX];
    editor_fen(app, now, sizeof now);
    assert_string_equal(now, start_fen);
    fixture_close(app);

    /* --edit goes with neither --analyse nor a lesson. */
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    char err[300];
    const char *both[] = {"rollerball", "--edit", "--analyse"};
    assert_int_equal(rb_ui_args_parse(3, (char **)both, &opt, err, sizeof err), RB_UI_ARGS_ERROR);
    assert_non_null(strstr(err, "--edit"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pieces_are_put_moved_and_taken_off_by_hand),
        cmocka_unit_test(every_reason_is_shown_and_play_is_disabled),
        cmocka_unit_test(the_string_field_reads_both_ways_and_names_bad_strings),
        cmocka_unit_test(copy_and_paste_go_both_ways),
        cmocka_unit_test(play_from_here_starts_the_game_from_that_position),
        cmocka_unit_test(analyse_opens_the_analysis_board_and_cancel_leaves_the_game),
        cmocka_unit_test(analysis_from_the_editor_leads_back_to_it),
        cmocka_unit_test(a_timed_games_clock_stands_still_while_the_editor_is_open),
        cmocka_unit_test(the_command_line_opens_the_editor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
