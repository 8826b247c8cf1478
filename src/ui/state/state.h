/*
 * state.h - what the game window shows, as plain data, and the shape of the
 * front end around it.
 *
 *    SDL event --> app/app.c --> a view's event handler --> rb_ui_cmd
 *                                                             |
 *    frame <-- views draw from const rb_ui_state      rb_ui_apply()
 *                        ^                                     |
 *                        +------- rb_ui_state <----------------+
 *
 * - rb_ui_state (this file) is everything the window shows: the game, who
 *   plays, the settings, the board's selection and drag, browsing, the open
 *   dialog and its form, the panel's scroll and hover, the status line, and
 *   each screen's own state (trainer_state.h, mistakes_state.h,
 *   analysis_state.h, editor_state.h, the lessons' below). Plain values; no
 *   renderer, no textures, no files.
 * - Views draw from a const rb_ui_state: the board (board/render.c draws
 *   it, board/input.c takes its clicks and keys), the panel (panel/), the
 *   dialogs (dialogs/) and the screens that take over the window
 *   (screens/). Their event handlers change only input state (what is
 *   selected, pressed, hovered, typed, scrolled; which dialog page or
 *   field) and turn every other wish into a command.
 * - cmd.h lists the commands (play, undo, browse, new game, load, save,
 *   resign, set a setting, ...). app/apply.c carries one out and does every
 *   follow-up once: selection and animation dropped, browsing ended, the
 *   autosave written, the computer started or cancelled, the move list
 *   refreshed, a redraw marked. Nothing else changes the game.
 * - app/app.c routes events to the views, applies the commands they return
 *   and marks a redraw when input state changed; it alone draws frames.
 * - What draws is not state: the renderer, piece textures, the text cache
 *   and each view's memory of where its last frame put what and where the
 *   pointer is (window.h).
 * A new screen is a folder under screens/ with an entry in the table of
 * screens (screen/screen.h says what the entry holds), its state here and
 * its commands in cmd.h.
 */
#ifndef RB_UI_STATE_H
#define RB_UI_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include <SDL.h>

#include "state/clock.h"
#include "words/explain_words.h"
#include "rb_core.h"
#include "state/mistakes_state.h"
#include "state/trainer_state.h"
#include "state/analysis_state.h"
#include "state/editor_state.h"
#include "state/net_state.h"
#include "state/online_state.h"

#define RB_UI_DRAG_SLOP 3 /* pixels a press travels before it is a drag */
#define RB_UI_ANIM_MS 200
#define RB_UI_TYPED_MS 1000 /* typed text untouched this long is forgotten */
#define RB_UI_DIALOG_WHERE_MAX 1200

/* Who plays a colour. */
typedef enum { RB_UI_HUMAN = 0, RB_UI_COMPUTER = 1 } rb_ui_player_kind;

typedef struct rb_ui_player {
    rb_ui_player_kind kind;
    int level; /* RB_LEVEL_MIN..RB_LEVEL_MAX for the computer */
} rb_ui_player;

/* What the player can switch on and off; kept between runs (prefs). */
typedef struct rb_ui_settings {
    bool flow_arrows;      /* faint clockwise arrows in every square */
    bool turn_squares;     /* the eight squares where the flow turns */
    bool thrones;          /* a star on each king's winning square */
    bool start_lines;      /* each king's start line, dashed */
    bool out_flags;        /* an indicator per king of its out flag */
    bool coordinates;      /* a..g and 1..7 around the board */
    bool legal_moves;      /* destination markers for the selected piece */
    bool paths;            /* the path to the pointed destination, rebounds marked */
    bool last_move;        /* last move's squares and path */
    bool animation;        /* slide moves over RB_UI_ANIM_MS */
    int theme;             /* the board's colours: a row of rb_ui_themes (theme.h) */
    int pieces;            /* the piece pictures: a row of rb_ui_piece_sets (assets.h) */
    bool auto_flip;        /* flip when the human plays Black vs the computer */
    bool sound;            /* the game's sounds on */
    bool pause_minimised;  /* clocks stop while the window is minimised
                              in a game against the computer */
    int volume;            /* of the sounds, 0..100 */
    int ui_scale_pct;      /* the interface size: text, panel and dialogs,
                              percent (RB_UI_SCALE_MIN..MAX, layout.h) */
    bool premoves;         /* a move may be chosen during the computer's turn */
    bool two_player_hints; /* hints (and threats) in games between two
                              people: off unless both agree */
    bool speech;           /* the spoken mode: the board by keyboard, every
                              move and square announced (app/speak.c) */
    bool speech_full;      /* its sentences in full: colours, paths, out flags */
    int threads;           /* the threads the computer thinks on at full
                              strength and on the analysis board; 0: all
                              cores but one (rb_ui_search_threads) */
    /* Numbers (the settings file only; not switches of the dialog): */
    int reply_pause_ms; /* after the person's move has slid, before the
                           computer's answer is shown */
    int watch_move_ms;  /* computer against computer: least time a move
                           takes, so the game can be followed */
    int language;       /* index into rb_ui_langs (lang.h); 0 the system's */
    int speech_rate;    /* the voice's pace, -100..100, 0 its normal */
} rb_ui_settings;

/* The board's input state machine (input.c). */
typedef enum {
    RB_UI_IDLE = 0, /* nothing selected */
    RB_UI_SELECTED, /* a piece is selected, its destinations shown */
    RB_UI_PRESSED,  /* button down on a piece, not yet moved 3 px */
    RB_UI_DRAGGING, /* the piece follows the pointer */
    RB_UI_PROMOTING /* the rook/bishop chooser is open */
} rb_ui_input_state;

typedef struct rb_ui_input {
    rb_ui_input_state state;
    int sel;               /* selected square, -1 for none */
    bool sel_was_selected; /* press landed on the already selected piece */
    rb_movelist moves;     /* legal moves of the selected piece */
    int hover;             /* square under the pointer, -1 off the board */
    int press_x, press_y;  /* output pixels where the button went down */
    int drag_x, drag_y;    /* where the dragged piece is drawn (output
                              pixels), set while RB_UI_DRAGGING only */
    int promo_to;          /* destination waiting for the chooser */
    int promo_hover;       /* 0 none, RB_ROOK or RB_BISHOP */
    char typed[8];         /* coordinate move being typed */
    int ntyped;
    Uint32 typed_ms;     /* app clock at the last typed key */
    bool premove_select; /* sel is the person's piece picked during the
                            computer's turn: its moves are a premove's */
    int focus;           /* the spoken mode's focus square, -1 before the first
                            arrow key (app/speak_keys.c) */
    bool focus_rings;    /* the arrows follow the rings, not the grid */
    int panel_focus;     /* the spoken mode's Tab: the panel button focused, -1 the board */
} rb_ui_input;

/* The piece sliding after a move (anim.c). */
typedef struct rb_ui_anim {
    bool active;
    rb_move move;
    rb_piece piece; /* the piece as it was before the move */
    Uint32 start_ms;
    Uint32 duration_ms;
} rb_ui_anim;

/* The modal dialogs; while one is open it gets every event. */
typedef enum {
    RB_UI_DIALOG_NONE = 0,
    RB_UI_DIALOG_NEW_GAME,
    RB_UI_DIALOG_SAVE,
    RB_UI_DIALOG_LOAD,
    RB_UI_DIALOG_SETTINGS,
    RB_UI_DIALOG_HELP,
    RB_UI_DIALOG_MESSAGE,
    RB_UI_DIALOG_WELCOME,
    RB_UI_DIALOG_ONLINE,  /* play online: signing in to a server, then its lobby */
    RB_UI_DIALOG_NET_HOST /* the host's waiting view: the invite code, the addresses, a knock */
} rb_ui_dialog_kind;

/* A yes/no question; the answer "yes" carries out what is asked. */
typedef enum {
    RB_UI_ASK_NONE = 0,   /* a message with only OK */
    RB_UI_ASK_RESIGN,     /* the resigner of rb_ui_session_resigner() resigns */
    RB_UI_ASK_DRAW,       /* the other human accepts a draw */
    RB_UI_ASK_RESUME,     /* keep the resumed game ("no": a new game) */
    RB_UI_ASK_OFFER_DRAW, /* the side to move offers a draw (confirmation) */
    RB_UI_ASK_REPLACE,    /* the pending game replaces the unfinished one */
    RB_UI_ASK_NEW_GAME,   /* the pending new game replaces the unfinished one */
    RB_UI_ASK_NET_HOST    /* hosting the pending network game replaces the unfinished one */
} rb_ui_ask;

/* Who plays a new game, as the new-game dialog offers it. */
typedef enum {
    RB_UI_VS_COMPUTER = 0,
    RB_UI_TWO_PLAYERS = 1,
    RB_UI_COMPUTERS = 2,
    RB_UI_NET_HOST = 3, /* host a network game: a friend joins with the code */
    RB_UI_NET_JOIN = 4  /* join one with a friend's invite code or address */
} rb_ui_new_mode;

/* One saved game in the load dialog's list. */
typedef struct rb_ui_game_entry {
    char name[256]; /* file name without the folder, ".pgn" included */
    time_t modified;
} rb_ui_game_entry;

/* The open dialog and what the player has entered in it. */
typedef struct rb_ui_dialog_state {
    rb_ui_dialog_kind kind;
    int hover;   /* control under the pointer (dialog ids), 0 none:
                    when it changes, the frame is drawn again */
    int pressed; /* control under the press, 0 none */
    int focus;   /* control with the keyboard focus (dialog ids),
                    ringed; Enter or Space activates it */

    /* message and question */
    char title[192];
    char text[768];
    char yes[96], no[96];
    rb_ui_ask ask;

    /* new game */
    bool from_editor;    /* from the position editor's position */
    bool replace_agreed; /* opened by "New game" in place of the game resumed:
                            the unfinished game is already let go, so
                            Start does not ask again */
    rb_ui_new_mode mode;
    int side; /* the human's side: 0 White, 1 Black, 2 random */
    int level[2];
    int time_choice;      /* index into rb_ui_tc_presets, or
                             RB_UI_TC_NPRESETS for the custom control */
    char time_custom[40]; /* the custom control as typed: "10+5", or
                             White's and Black's: "10+5 / 5+3" */
    char net_port[8];     /* hosting: the port to listen on, as typed */
    char net_code[160];   /* joining: the invite code or address, as typed */
    /* joining: the games found on the local network, copied from the
       browse (app/net_join.c) each round while the Join view is open;
       lan_state is an rb_net_lan_state, -1 before the first look */
    int lan_state;
    rb_net_lan_game lan[RB_UI_LAN_ROWS];
    int nlan;
    int joining;                         /* 0, or Join pressed: RB_UI_JOIN_CONNECTING or _WAITING */
    char join_host[RB_NET_NAME_MAX + 1]; /* the host's name when picked from the list, "" otherwise */

    /* save: the name is a text field; caret and anchor are byte offsets
       into it, the selection lies between them */
    char name[200];
    int caret, anchor;
    char where[RB_UI_DIALOG_WHERE_MAX]; /* where it goes, or that it replaces a game */
    char error[768];                    /* why the last save or load failed */

    /* load */
    rb_ui_game_entry *entries;
    int nentries;
    int selected; /* -1 for none */
    int scroll;   /* first row shown (clamped when drawn) */

    /* help: the page; settings: the tab's page (rb_ui_settings_page) */
    int page;

    /* a game read from a file or pasted, waiting for the answer to
       RB_UI_ASK_REPLACE (positions NULL when none); owned here */
    rb_game pending;
    rb_ui_player pending_players[2];
    char pending_name[256]; /* where it came from, for the question */
    /* a new game from the new-game dialog, waiting for the answer to
       RB_UI_ASK_NEW_GAME (the command's new_game fields) */
    struct {
        rb_ui_player players[2];
        rb_ui_time_control tc[2];
        int person;
        bool from_editor;
    } pending_new;
    /* a network game to host, waiting for the answer to RB_UI_ASK_NET_HOST
       (the command's net_open fields) */
    struct {
        int port, color;
        int64_t base_ms, inc_ms;
    } pending_host;
    char pending_note[768]; /* what went wrong reading it, shown once it is on the board */
} rb_ui_dialog_state;

/* The side panel's input state (its layout is the panel's own memory). */
typedef struct rb_ui_panel_state {
    int scroll;       /* first row of the move list shown */
    bool follow;      /* bring the current move into view */
    int hover_button; /* button under the pointer, -1 none, and */
    long hover_ply;   /* move of the list under it, -1 none: when
                         either changes, the frame is drawn again */
    int pressed;      /* button under a press, -1 none */
} rb_ui_panel_state;

/* When moves are shown (pace.c): the computer's answer waits until the
 * person's move has been seen, and a game between computers goes at a pace
 * a person can follow. */
typedef struct rb_ui_pacing {
    Uint32 moved_ms;  /* app clock when the last move was played */
    bool reply_ready; /* the computer's move, found and waiting */
    rb_move reply;
    size_t reply_ply; /* the ply of the game it answers */
    bool paused;      /* computer against computer: held */
    bool step;        /* while paused: show the next move when ready */
} rb_ui_pacing;
/* A refused move explained near the board (explain.c): the sentence
 * (explain_words.c) and what it points at, shown until until_ms. */
typedef struct rb_ui_explain_state {
    bool shown;
    char text[RB_UI_EXPLAIN_TEXT_MAX];
    rb_explain_reason reason;
    int from, to;   /* the attempt */
    int blocker;    /* blocked: the square in the way, else -1 */
    rb_path route;  /* blocked: the piece's route, origin first */
    int nattackers; /* king-attacked: each attacker's path to the king */
    rb_path attacks[RB_EXPLAIN_ATTACKERS_MAX];
    rb_bb squares;   /* the squares the reason concerns */
    Uint32 until_ms; /* SDL ticks when it goes */
} rb_ui_explain_state;

/* The board's symbols (symbols.c) that say what they mean when pointed at. */
typedef enum {
    RB_UI_SYMBOL_NONE = 0,
    RB_UI_SYMBOL_THRONE,     /* a king's winning square, the star */
    RB_UI_SYMBOL_TURN,       /* a square where the flow turns */
    RB_UI_SYMBOL_START_LINE, /* a king's dashed start line */
    RB_UI_SYMBOL_OUT_FLAG,   /* the pennant on a king: its out flag */
    RB_UI_SYMBOL_COUNT
} rb_ui_symbol;

/* The symbol under the pointer, and whether it has been pointed at long
 * enough (RB_UI_TIP_MS) to say what it means. */
#define RB_UI_TIP_MS 600
typedef struct rb_ui_tip_state {
    rb_ui_symbol symbol;
    int sq;    /* the square it is on (a start line: the square pointed at) */
    int color; /* whose throne, start line or flag */
    bool shown;
    Uint32 due_ms; /* SDL ticks when it shows */
} rb_ui_tip_state;

/* The Learn screen (learn.c): the lesson map or a stage being played,
 * over the whole window. The stage's position lives in the lesson session
 * (app->learn); board is a copy of it kept here so that the game's board
 * input and drawing (rb_ui_state_pos) take it as they take a puzzle's, and
 * the selection, drag and typed text are the game's (st->input). */
typedef enum { RB_UI_LEARN_OFF = 0, RB_UI_LEARN_MAP, RB_UI_LEARN_STAGE } rb_ui_learn_mode;
#define RB_UI_LEARN_TEXT_MAX 768
typedef struct rb_ui_learn_state {
    rb_ui_learn_mode mode;
    int chapter, stage;                 /* the stage played or last chosen, from 0 */
    rb_pos board;                       /* the stage's position as the session has it */
    rb_bb goal_stars;                   /* its stars still to land on (collect stages) */
    int hover;                          /* control under the pointer, 0 none */
    int scroll;                         /* the map: first chapter shown */
    char message[RB_UI_LEARN_TEXT_MAX]; /* what the last move brought */
    bool hint_shown;                    /* the hint's path is drawn */
    rb_path hint;
    int stars;      /* stars won on finishing, 0 until then */
    bool over;      /* done or failed: retry or go on */
    bool hint_used; /* a hint was shown this try: three stars are out of reach */
    rb_move last;   /* the last move on the lesson's board */
} rb_ui_learn_state;

/* The coach (coach.c): a hint (the best move for the person to move) or a
 * threat (the opponent's best reply if the person could pass), found on
 * the coach's own search thread and drawn over the board until the
 * position changes. */
typedef enum { RB_UI_COACH_NONE = 0, RB_UI_COACH_HINT, RB_UI_COACH_THREAT } rb_ui_coach_kind;
typedef struct rb_ui_coach_state {
    rb_ui_coach_kind asked; /* being searched for, NONE when idle */
    rb_ui_coach_kind shown; /* drawn over the board, NONE for nothing */
    rb_move move;           /* the hint or the threat, RB_MOVE_NONE for none */
    rb_path path;           /* its path, from the rules library */
    bool in_check;          /* a threat asked in check: the check is the threat */
    bool hint_used;         /* a hint was asked for the game at hint_ply: */
    size_t hint_ply;        /* the person's next move there is annotated */
    uint64_t hint_key;
} rb_ui_coach_state;

/* What the status line is about, when that can end: a hint or a threat
 * (it goes with the position it was for), or a typed move the rules refuse
 * (it goes with the next move, selection or key). Such a line is said
 * again in a new language; any other is left as it was said. */
typedef enum { RB_UI_STATUS_OTHER = 0, RB_UI_STATUS_COACH, RB_UI_STATUS_REFUSED } rb_ui_status_about;

typedef struct rb_ui_state {
    rb_game game;
    rb_ui_player players[2];
    bool flipped; /* Black at the bottom */
    rb_ui_settings settings;
    rb_ui_input input;
    rb_ui_anim anim;
    rb_ui_pacing pacing;
    rb_move premove;                     /* the person's move chosen during the computer's
                                            turn (generated as if it were theirs), played
                                            when the turn comes if still legal; 0 none */
    bool browsing;                       /* showing an earlier position from the move list:
                                            the board is read-only until the player goes
                                            back to the game (End) or undoes/redoes */
    char status[RB_UI_EXPLAIN_TEXT_MAX]; /* last message for the player (error, illegal move...):
                                 room for a refused move's whole explanation in any language */
    rb_ui_status_about status_about;     /* what it is about (rb_ui_state_say: other) */
    char refused[8];                     /* RB_UI_STATUS_REFUSED: the move as typed, */
    rb_explanation refusal;              /* and why the rules refuse it */
    rb_ui_dialog_state dialog;
    rb_ui_panel_state panel;
    unsigned changes;              /* counts changes of the game (apply.c) */
    rb_ui_clock clock;             /* the game's clocks (clock.h; untimed: base 0) */
    bool clock_low[2];             /* each side's low-time warning has sounded */
    bool minimised;                /* the window is minimised */
    bool game_set_aside;           /* a screen that sets the game aside is open: kept
                                      by rb_ui_apply from the table of screens */
    rb_ui_trainer_state trainer;   /* the puzzle trainer (trainer_state.h) */
    rb_ui_mistakes_state mistakes; /* learn from your mistakes (mistakes_state.h) */
    rb_ui_explain_state explain;
    rb_ui_tip_state tip;
    rb_ui_learn_state learn;
    rb_ui_coach_state coach;
    rb_ui_analysis_state analysis; /* the analysis board (analysis_state.h) */
    rb_ui_editor_state editor;     /* the position editor (editor_state.h) */
    rb_ui_net_state net;           /* a network game (net_state.h) */
    rb_ui_online_state online;     /* a server's lobby (online_state.h) */
} rb_ui_state;

/* ---- questions about the state (state.c); none changes anything ---- */

/* The position the board shows (the game's, the one browsed to, or the
 * puzzle trainer's). */
const rb_pos *rb_ui_state_pos(const rb_ui_state *st);
/* The game's own position, its end, even while an earlier one is browsed;
 * and its ply. */
const rb_pos *rb_ui_state_live_pos(const rb_ui_state *st);
size_t rb_ui_state_live_ply(const rb_ui_state *st);
/* True when the side to move in the game (not the one browsed) is played
 * by the computer. */
bool rb_ui_state_computer_to_move(const rb_ui_state *st);
/* True when one side is a person and the other the computer. */
bool rb_ui_state_vs_computer(const rb_ui_state *st);
/* True while a screen open over the game sets it aside, out of sight and
 * out of reach: the position editor (and the analysis board opened from
 * it), the puzzle trainer, learn from your mistakes, the lessons. The
 * game's clocks stand still and the computer's move waits meanwhile. Not
 * the analysis board opened over the game: it is allowed while a game goes
 * on only between people at one computer, it shows the game's own
 * positions, and looking into them there is thinking about the game,
 * which is what a clock counts; stopped, it would be a free pause with an
 * engine's help. Each screen's entry says whether it sets the game aside
 * (screen/screen.h); rb_ui_apply keeps the answer in game_set_aside. */
bool rb_ui_state_game_set_aside(const rb_ui_state *st);
/* True when the analysis board may open now: a game between people at
 * any time, any game once it is over; not while the computer plays a game
 * that goes on (its thinking would be helped), nor from the puzzle trainer
 * or the lessons. */
bool rb_ui_state_analysis_allowed(const rb_ui_state *st);
/* True when the position editor is open on a position that can be played
 * (a new game may start from it). */
bool rb_ui_state_editor_playable(const rb_ui_state *st);
/* True when the analysis board may open on the editor's position; else
 * why (translated) goes into why (may be NULL). */
bool rb_ui_state_editor_can_analyse(const rb_ui_state *st, char *why, size_t len);
/* True while an earlier position than the game's end is shown; the board
 * then shows rb_ui_state_pos() (which follows game.ply) read-only. */
bool rb_ui_state_browsing(const rb_ui_state *st);
/* True when the game has moves and no result yet: replacing it asks first. */
bool rb_ui_state_unfinished(const rb_ui_state *st);
/* True when a person may move on the board now (their turn, not browsing,
 * the game goes on; in the trainer: the puzzle waits for the solver). */
bool rb_ui_state_can_move(const rb_ui_state *st);
/* The number the move list gives the move leading to position ply (1..)
 * of g, and its colour: what every count of a game's moves says, so that
 * no view counts plies where the list counts moves. */
unsigned rb_ui_state_move_number(const rb_game *g, size_t ply, int *colour);
/* True when the person may choose a premove now: the computer is to move
 * against them, the setting is on and the game goes on. */
bool rb_ui_state_premove_allowed(const rb_ui_state *st);
/* The move the typed text names once it names one (from and to typed, a
 * legal move or, during the computer's turn, a premove), else
 * RB_MOVE_NONE; *wants_letter when it is a promotion still waiting for
 * its r or b. */
rb_move rb_ui_state_typed_move(const rb_ui_state *st, bool *wants_letter);
/* Empties the status line when it is about that (a hint, a refusal). */
void rb_ui_state_status_forget(rb_ui_state *st, rb_ui_status_about about);
/* Sets the status line (about nothing that ends by itself); an error is
 * also printed on stderr. */
void rb_ui_state_say(rb_ui_state *st, bool error, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
