/*
 * cmd.h - what a view asks of the game window, as data.
 *
 * Views never change the game: a click on "Undo", a piece dropped on a
 * square, a key, the computer's answer all become one rb_ui_cmd, and
 * rb_ui_apply() (app/apply.c) carries it out with every follow-up.
 *
 * A command is a tagged union: its kind, and the arguments of that kind in
 * the member named after it (RB_UI_CMD_RESIGN carries .resign.color), so a
 * command says what it carries and nothing else. Kinds without arguments
 * have no member; rb_ui_cmd_of() makes those.
 *
 * A screen that takes over the window (the puzzle trainer, learn from your
 * mistakes, the analysis board, the position editor, the Learn screen)
 * keeps its commands together, between its _FIRST and _LAST names, which
 * its entry in the table of screens names (screen/screen.h): a new command
 * of such a screen is added above its _LAST name (which then names it),
 * handled in the screen's folder, and listed in apply.c's switch among
 * those left to the screens (the switch has no default, so that the
 * compiler finds a command without a case). Other commands get their case
 * in apply.c.
 */
#ifndef RB_UI_CMD_H
#define RB_UI_CMD_H

#include <string.h>

#include "state/state.h"

typedef enum {
    RB_UI_CMD_NONE = 0,
    /* the game */
    RB_UI_CMD_PLAY,         /* a move, the person's or the computer's */
    RB_UI_CMD_UNDO,         /* one move back; against the computer, to the person's turn */
    RB_UI_CMD_REDO,         /* one move forward, likewise */
    RB_UI_CMD_BROWSE,       /* show an earlier position; the end ends browsing */
    RB_UI_CMD_NEW_GAME,     /* a new game: who plays, their clocks, where from */
    RB_UI_CMD_SET_GAME,     /* a game from elsewhere, taken over, and who plays it */
    RB_UI_CMD_LOAD,         /* a PGN file; an unfinished game is replaced only after asking */
    RB_UI_CMD_TAKE_PENDING, /* the game waiting in the dialog state replaces the game */
    RB_UI_CMD_COPY,         /* to the clipboard: the position string, or the game as PGN */
    RB_UI_CMD_PASTE,        /* from the clipboard: a position string or a PGN game */
    RB_UI_CMD_MESSAGE,      /* a message in a dialog */
    RB_UI_CMD_SAVE,         /* the game under a name in the games folder */
    RB_UI_CMD_RESIGN,       /* a side resigns */
    RB_UI_CMD_OFFER_DRAW,   /* the side to move offers a draw */
    RB_UI_CMD_ANSWER_DRAW,  /* the other person's answer to it */
    RB_UI_CMD_MOVE_NOW,     /* the computer plays the best move it has found */
    RB_UI_CMD_CLOCK,        /* time passed: a flag may fall, a warning sound */
    RB_UI_CMD_ILLEGAL,      /* the person's move was refused on the board */
    RB_UI_CMD_REPLY,        /* the computer's move, found for a ply; shown when its
                               time comes (pace.c) */
    RB_UI_CMD_PAUSE,        /* hold (or go on with) a game between computers */
    RB_UI_CMD_STEP,         /* while held: show the next move when found */
    RB_UI_CMD_PLAY_PREMOVE, /* the person's premove, now their turn has come */
    RB_UI_CMD_FORGET_TYPED, /* typed text left alone too long is dropped */
    RB_UI_CMD_HINT,         /* the best move for the person to move, drawn */
    RB_UI_CMD_THREAT,       /* show or hide the opponent's threat */
    RB_UI_CMD_COACH_FOUND,  /* what the coach found */
    RB_UI_CMD_REVIEW,       /* the engine reviews the game in the background (review.c) */
    RB_UI_CMD_REVIEW_DONE,  /* the finished review's verdicts go into the game */
    RB_UI_CMD_EXPLAIN,      /* an attempt the rules refuse: it is explained */
    /* the window */
    RB_UI_CMD_FLIP,
    RB_UI_CMD_SET_SETTING,     /* one of rb_ui_settings_infos on or off */
    RB_UI_CMD_SET_VOLUME,      /* the sounds' volume */
    RB_UI_CMD_SET_SCALE,       /* the interface size */
    RB_UI_CMD_SET_THREADS,     /* the threads the computer thinks on */
    RB_UI_CMD_SET_SPEECH_RATE, /* the spoken mode's pace */
    RB_UI_CMD_SET_THEME,       /* the board's colours */
    RB_UI_CMD_SET_PIECES,      /* the piece set */
    RB_UI_CMD_SET_LANGUAGE,    /* the language */
    RB_UI_CMD_MINIMISED,       /* the window was minimised, or shown again */
    RB_UI_CMD_SAVE_SETTINGS,   /* the settings dialog is done: keep them */
    RB_UI_CMD_OPEN_DIALOG,     /* a dialog opens (or the open one closes) */
    RB_UI_CMD_ASK,             /* a question about the game, in a dialog */
    /* the puzzle trainer (screens/puzzles); while it is open, PLAY tries a move */
    RB_UI_CMD_PUZZLE_OPEN, /* the trainer, on a puzzle */
    RB_UI_CMD_PUZZLE_FIRST = RB_UI_CMD_PUZZLE_OPEN,
    RB_UI_CMD_PUZZLE_NEXT,     /* a new puzzle near the rating, of the filter's themes */
    RB_UI_CMD_PUZZLE_HINT,     /* the next hint: the piece, then its path */
    RB_UI_CMD_PUZZLE_SOLUTION, /* play the rest of the solution, paths drawn */
    RB_UI_CMD_PUZZLE_THEMES,   /* the filter's themes */
    RB_UI_CMD_PUZZLE_STEP,     /* the next waiting move is shown (after its pause) */
    RB_UI_CMD_PUZZLE_LEAVE,    /* back to the game, as it was */
    RB_UI_CMD_PUZZLE_LAST = RB_UI_CMD_PUZZLE_LEAVE,
    /* learn from your mistakes (screens/mistakes); while it is open, PLAY tries a move */
    RB_UI_CMD_MISTAKES_OPEN, /* the reviewed game's first mistake as an exercise */
    RB_UI_CMD_MISTAKES_FIRST = RB_UI_CMD_MISTAKES_OPEN,
    RB_UI_CMD_MISTAKES_NEXT,  /* the next mistake */
    RB_UI_CMD_MISTAKES_SHOW,  /* play out the missed line, paths drawn */
    RB_UI_CMD_MISTAKES_STEP,  /* the next move of the shown line (after its pause) */
    RB_UI_CMD_MISTAKES_LEAVE, /* back to the game, as it was */
    RB_UI_CMD_MISTAKES_LAST = RB_UI_CMD_MISTAKES_LEAVE,
    /* the analysis board (screens/analysis); while it is open, PLAY extends
       the variation and UNDO takes its last move back */
    RB_UI_CMD_ANALYSIS_OPEN, /* on the game's position shown; refused while a
                                game against the computer goes on */
    RB_UI_CMD_ANALYSIS_FIRST = RB_UI_CMD_ANALYSIS_OPEN,
    RB_UI_CMD_ANALYSIS_GOTO,        /* the game's ply to analyse; the variation goes */
    RB_UI_CMD_ANALYSIS_LINES,       /* the engine has new lines: show them */
    RB_UI_CMD_ANALYSIS_LEAVE,       /* back to where it was opened from, as it was */
    RB_UI_CMD_ANALYSIS_OVER_EDITOR, /* on the position editor's position, over the
                                 editor (closing it comes back to the editor) */
    RB_UI_CMD_ANALYSIS_LAST = RB_UI_CMD_ANALYSIS_OVER_EDITOR,
    /* the position editor (screens/editor); while it is open, the game's
       commands are kept off the game */
    RB_UI_CMD_EDITOR_OPEN, /* on the position shown */
    RB_UI_CMD_EDITOR_FIRST = RB_UI_CMD_EDITOR_OPEN,
    RB_UI_CMD_EDITOR_PUT,   /* a piece put on a square, or taken off */
    RB_UI_CMD_EDITOR_SIDE,  /* the colour to move */
    RB_UI_CMD_EDITOR_OUT,   /* a king's out flag */
    RB_UI_CMD_EDITOR_CLEAR, /* an empty board */
    RB_UI_CMD_EDITOR_START, /* the start position */
    RB_UI_CMD_EDITOR_TEXT,  /* a position string typed or pasted; the board
                               follows when its form reads */
    RB_UI_CMD_EDITOR_COPY,  /* the position string to the clipboard */
    RB_UI_CMD_EDITOR_PASTE, /* a position string from the clipboard */
    RB_UI_CMD_EDITOR_LEAVE, /* back to the game, untouched */
    RB_UI_CMD_EDITOR_LAST = RB_UI_CMD_EDITOR_LEAVE,
    /* learning (screens/learn) */
    RB_UI_CMD_LEARN, /* the lesson map, or a stage */
    RB_UI_CMD_LEARN_FIRST = RB_UI_CMD_LEARN,
    RB_UI_CMD_LEARN_TRY,   /* a move tried on the stage */
    RB_UI_CMD_LEARN_RETRY, /* the stage from its start */
    RB_UI_CMD_LEARN_HINT,  /* show the next move of the lesson's way */
    RB_UI_CMD_LEARN_CLOSE, /* back to the game */
    RB_UI_CMD_LEARN_LAST = RB_UI_CMD_LEARN_CLOSE,
    /* a network game (app/net_play.c) */
    RB_UI_CMD_NET_EVENT,       /* what the connection reported: carried into the game */
    RB_UI_CMD_NET_OFFER,       /* offer the other side a draw, a takeback or a rematch */
    RB_UI_CMD_NET_ANSWER,      /* accept or decline their offer */
    RB_UI_CMD_NET_ABORT,       /* end the game unplayed (before the second move) */
    RB_UI_CMD_NET_CLAIM,       /* the other side stayed away: claim the win or a draw */
    RB_UI_CMD_NET_CHAT,        /* a line to the other side */
    RB_UI_CMD_NET_MUTE,        /* their chat shown or not */
    RB_UI_CMD_NET_LEAVE,       /* close the connection; the game stays on the board */
    RB_UI_CMD_NET_OPEN,        /* host or join a network game (the new-game dialog) */
    RB_UI_CMD_ONLINE,          /* a request of the "Play online" dialog (app/online.c) */
    RB_UI_CMD_NET_JOIN_CANCEL, /* give up joining (the Join view's Cancel while it connects) */
    /* the host's waiting view (app/net_host.c) */
    RB_UI_CMD_NET_COPY_CODE,   /* the invite code onto the clipboard */
    RB_UI_CMD_NET_ADMIT,       /* answer the knock: let in or turn away */
    RB_UI_CMD_NET_HOST_CANCEL, /* stop hosting before a friend joined: the game before comes back */
    RB_UI_CMD_QUIT,
    RB_UI_CMD_COUNT /* (not a command: how many kinds there are) */
} rb_ui_cmd_kind;

/* A move tried by square, before the rules have a say (it may be no move
 * at all): a refused attempt to explain, a move on a lesson's stage. */
typedef struct rb_ui_cmd_attempt {
    int from, to;
    int promo; /* the piece type a pawn becomes, 0 none */
} rb_ui_cmd_attempt;

typedef struct rb_ui_cmd {
    rb_ui_cmd_kind kind;
    union {
        struct {
            rb_move move;
            bool by_computer; /* the computer's answer (pace.c) */
            bool by_network;  /* the other side's move in a network game, already checked */
        } play;
        struct {
            int ply; /* 0..length; the end ends browsing */
        } browse;
        struct {
            rb_ui_player players[2];
            rb_ui_time_control tc[2]; /* each side's clock (base 0: untimed) */
            int person;               /* the person's side against the computer, -1 none */
            bool from_editor;         /* from the position editor's position */
            bool replace;             /* the person agreed to replace an unfinished game */
        } new_game;
        struct {
            rb_game *game; /* taken over (zeroed) when applied */
            rb_ui_player players[2];
        } set_game;
        struct {
            const char *path; /* borrowed for the call */
            bool in_dialog;   /* a name in the games folder, from the load
                                 dialog, where a failure is shown */
        } load;
        struct {
            bool whole_game; /* the game as PGN, not the position string */
        } copy;
        struct {
            const char *title, *text; /* borrowed for the call */
        } message;
        struct {
            const char *name; /* in the games folder; borrowed */
            bool in_dialog;   /* from the save dialog, where a failure is shown */
        } save;
        struct {
            int color; /* the side that resigns */
        } resign;
        struct {
            bool accept;
        } answer_draw;
        struct {
            rb_move move;
            int ply; /* the live ply it was found for */
        } reply;
        struct {
            bool on; /* hold; false goes on */
        } pause;
        struct {
            bool show; /* false hides it */
        } threat;
        struct {
            rb_ui_coach_kind kind;
            rb_move move;  /* RB_MOVE_NONE: none */
            bool in_check; /* the side asked about is in check */
        } coach_found;
        rb_ui_cmd_attempt explain;
        struct {
            int index; /* into rb_ui_settings_infos */
            bool on;
        } set_setting;
        struct {
            int volume; /* 0..100 */
        } set_volume;
        struct {
            int rate; /* -100..100, 0 the voice's normal */
        } set_speech_rate;
        struct {
            int percent; /* the interface size */
        } set_scale;
        struct {
            int threads; /* 0: all cores but one (rb_ui_settings.threads) */
        } set_threads;
        struct {
            int theme; /* a row of rb_ui_themes */
        } set_theme;
        struct {
            int set; /* a row of rb_ui_piece_sets */
        } set_pieces;
        struct {
            int lang; /* into rb_ui_langs (lang.h), 0 the system's */
        } set_language;
        struct {
            bool away; /* minimised; false: shown again */
        } minimised;
        struct {
            rb_ui_dialog_kind dialog; /* RB_UI_DIALOG_NONE closes the open one */
            bool replace;             /* New game: its Start replaces the unfinished
                                         game without asking (the person chose so) */
        } open_dialog;
        struct {
            rb_ui_ask question;
        } ask;
        struct {
            int id; /* a puzzle's ID; 0 the one in hand or one
                       near the rating */
        } puzzle_open;
        struct {
            unsigned themes; /* RB_THEME_* bits */
        } puzzle_themes;
        struct {
            int ply; /* the game's ply */
        } analysis_goto;
        struct {
            int sq;
            rb_piece piece; /* what goes there; RB_EMPTY takes it off */
            int from;       /* the board square it came from (emptied),
                               -1 from the palette */
        } editor_put;
        struct {
            int color;
        } editor_side;
        struct {
            int color;
            bool on;
        } editor_out;
        struct {
            const char *text; /* borrowed for the call */
        } editor_text;
        struct {
            int chapter; /* from 0; -1 the lesson map */
            int stage;   /* from 0 */
        } learn;
        rb_ui_cmd_attempt learn_try;
        struct {
            const struct rb_net_event *ev; /* borrowed for the call */
        } net_event;
        struct {
            int kind; /* rb_net_offer */
        } net_offer;
        struct {
            bool yes;
        } net_answer;
        struct {
            int kind; /* rb_net_claim */
        } net_claim;
        struct {
            const char *text; /* borrowed for the call */
        } net_chat;
        struct {
            bool on; /* their chat shown */
        } net_mute;
        struct {
            bool host;
            int port;         /* host: the port to listen on */
            const char *code; /* joiner: the invite code or address; borrowed */
            int color;        /* host: the host's colour */
            int64_t base_ms, inc_ms;
            bool replace; /* host: the unfinished game may go (asked already) */
        } net_open;
        struct {
            int action; /* RB_UI_ONLINE_* (app/online.h) */
            int64_t id; /* the seek or challenge */
        } online;
        struct {
            bool yes; /* let in */
        } net_admit;
    };
} rb_ui_cmd;

/* True for the commands that change the game or its computer: a screen
 * that takes over the board (the puzzle trainer, the analysis board, the
 * mistakes exercises) keeps them off the game while it is open. */
static inline bool rb_ui_cmd_touches_game(rb_ui_cmd_kind kind)
{
    switch (kind) {
    case RB_UI_CMD_PLAY:
    case RB_UI_CMD_UNDO:
    case RB_UI_CMD_REDO:
    case RB_UI_CMD_BROWSE:
    case RB_UI_CMD_RESIGN:
    case RB_UI_CMD_OFFER_DRAW:
    case RB_UI_CMD_ANSWER_DRAW:
    case RB_UI_CMD_MOVE_NOW: return true;
    default: return false;
    }
}

/* The command with no arguments but its kind. */
static inline rb_ui_cmd rb_ui_cmd_of(rb_ui_cmd_kind kind)
{
    rb_ui_cmd c;
    memset(&c, 0, sizeof c); /* every member reads as nothing, whichever is read */
    c.kind = kind;
    return c;
}

/* A move as a command: the person's. */
static inline rb_ui_cmd rb_ui_cmd_play(rb_move move)
{
    rb_ui_cmd c = rb_ui_cmd_of(RB_UI_CMD_PLAY);
    c.play.move = move;
    return c;
}

#endif
