/*
 * panel.c - the side panel: whose turn, the game's state in words, the
 * computer's thinking, the move list, browsing, and the game's buttons.
 *
 * The panel is laid out afresh on every draw from its rectangle (beside the
 * board in a wide window, below it in a tall one) and keeps the rectangles
 * it drew, which is what clicks are tested against: there is no separate
 * widget tree to keep in step with the picture.
 *
 * The panel is a view: it draws from const state, and its buttons, keys
 * and move list turn into commands (browse, undo, new game, ...); its own
 * input state (hover, press, scroll) is in rb_ui_panel_state. The
 * rectangles and the move texts are the picture's memory, not state.
 *
 * Browsing is the game record's own cursor (rb_game_goto): looking at an
 * earlier position loses nothing, the moves after it stay as the redo
 * tail. While browsing the board takes no moves, so only an explicit undo
 * makes a take-back; End returns to the game.
 */
#include "panel/panel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "media/assets.h"
#include "panel/clock_view.h"
#include "kit/draw.h"
#include "words/i18n.h"
#include "panel/material.h"
#include "state/pace.h"
#include "files/prefs.h"
#include "computer/coach.h"
#include "computer/review.h"
#include "panel/review_view.h"
#include "state/session.h"
#include "kit/text.h"
#include "kit/widget.h"
#include "computer/worker.h"

typedef enum {
    PB_MOVE_NOW,
    PB_PAUSE,
    PB_STEP,
    PB_FIRST,
    PB_PREV,
    PB_NEXT,
    PB_LAST,
    PB_NEW,
    PB_UNDO,
    PB_REDO,
    PB_FLIP,
    PB_RESIGN,
    PB_DRAW,
    PB_SAVE,
    PB_LOAD,
    PB_SETTINGS,
    PB_HELP,
    PB_PUZZLES,
    PB_HINT,
    PB_THREAT,
    PB_REVIEW,
    PB_MISTAKES,
    PB_ANALYSE,
    PB_EDIT,
    /* a network game's own (net_state.h), shown only in one */
    PB_NET_TAKEBACK,
    PB_NET_ABORT,
    PB_NET_REMATCH,
    PB_NET_ACCEPT,
    PB_NET_DECLINE,
    PB_NET_CHAT,
    PB_NET_CLAIM_WIN,
    PB_NET_CLAIM_DRAW,
    PB_COUNT
} panel_button;

/* The labels in English (tests and tools find a button by them); drawn
 * translated. The arrows are symbols, the same in every language. */
static const char *const panel_labels[PB_COUNT] = {
    /* TRANSLATORS: a button of the panel: the computer plays its move at once */
    N_("Move now"),
    N_("Pause"),
    N_("Step"),
    "|\u25C0",
    "\u25C0",
    "\u25B6",
    "\u25B6|",
    /* TRANSLATORS: buttons of the panel; keep them short (a panel column holds two or three) */
    N_("New"),
    N_("Undo"),
    N_("Redo"),
    N_("Flip"),
    N_("Resign"),
    N_("Offer draw"),
    N_("Save"),
    N_("Load"),
    N_("Settings"),
    N_("Help"),
    N_("Puzzles"),
    N_("Hint"),
    N_("Threat"),
    N_("Review"),
    N_("Mistakes"),
    N_("Analyse"),
    N_("Set up"),
    /* TRANSLATORS: buttons of the panel in a network game: ask the other player to take a move back, end the game
       unplayed, play again with colours swapped, answer their offer, show or hide their chat, claim the game when
       they stayed away */
    N_("Takeback"),
    N_("Abort"),
    N_("Rematch"),
    N_("Accept"),
    N_("Decline"),
    N_("Show chat"),
    N_("Claim win"),
    N_("Claim draw"),
};

#define PANEL_GAME_BUTTONS (PB_COUNT - PB_NEW)

struct rb_ui_panel {
    char (*moves)[RB_MOVE_TEXT_MAX]; /* display form of each recorded move */
    size_t nmoves, cap;
    unsigned changes; /* rb_ui_state.changes the texts were made for */

    /* What the last draw put where. */
    SDL_Rect rect;
    SDL_Rect button[PB_COUNT];
    bool shown[PB_COUNT];
    bool enabled[PB_COUNT];
    SDL_Rect list;           /* the move list's area */
    SDL_Rect words;          /* the header's block for the state and the last message */
    SDL_Rect chat;           /* a network game's chat field, or empty */
    int row_h, num_w, col_w; /* its rows and columns */
    int scroll;              /* first row shown */
    int visible;             /* rows that fitted */
    int mouse_x, mouse_y;    /* the pointer, as the last event left it */
    bool busy;               /* the computer was thinking at the last draw */
};

int rb_ui_panel_init(rb_app *app, char *err, size_t errlen)
{
    struct rb_ui_panel *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errlen, "%s", _("Out of memory for the panel."));
        return -1;
    }
    p->mouse_x = p->mouse_y = -1;
    app->panel = p;
    app->state.panel = (rb_ui_panel_state){.follow = true, .hover_button = -1, .hover_ply = -1, .pressed = -1};
    return 0;
}

void rb_ui_panel_free(rb_app *app)
{
    struct rb_ui_panel *p = app->panel;
    if (!p) {
        return;
    }
    free(p->moves);
    free(p);
    app->panel = NULL;
}

bool rb_ui_panel_button_rect(const rb_app *app, const char *label, SDL_Rect *r)
{
    const struct rb_ui_panel *p = app->panel;
    for (int i = 0; p && i < PB_COUNT; i++) {
        if (p->shown[i] && strcmp(panel_labels[i], label) == 0) {
            *r = p->button[i];
            return true;
        }
    }
    return false;
}

/* Refreshes the move texts from the record when the game changed. */
static void panel_refresh_moves(struct rb_ui_panel *p, const rb_ui_state *st)
{
    const rb_game *g = &st->game;
    if (p->changes == st->changes && p->nmoves == g->length) {
        return;
    }
    if (g->length > p->cap) {
        size_t ncap = g->length + 64;
        void *nm = realloc(p->moves, ncap * sizeof *p->moves);
        if (!nm) {
            p->nmoves = 0;
            return;
        }
        p->moves = nm;
        p->cap = ncap;
    }
    for (size_t i = 0; i < g->length; i++) {
        rb_move_to_display(&g->positions[i], g->moves[i], p->moves[i]);
    }
    p->nmoves = g->length;
    p->changes = st->changes;
}

/* ---- words for the state of the game ---------------------------------- */

/* The tag names of a game record: never translated. */
static const char *const panel_color_name[2] = {"White", "Black"};

/* Whole sentences for each side, so a language may inflect them as it
 * needs instead of gluing a colour name into a frame. */
static const char *panel_winner_text(rb_result r)
{
    switch (r) {
    case RB_RESULT_WHITE: return _("White wins.");
    case RB_RESULT_BLACK: return _("Black wins.");
    case RB_RESULT_DRAW: return _("Draw.");
    default: return "";
    }
}

size_t rb_ui_panel_status_text(const rb_ui_state *st, char *buf, size_t len)
{
    const rb_game *g = &st->game;
    const rb_pos *pos = rb_game_pos(g);
    rb_result r = rb_game_result(g);
    int loser = pos->side;
    switch (rb_game_ending(g)) {
    case RB_END_CHECKMATE:
        /* TRANSLATORS: %s is "White wins." or "Black wins." */
        return (size_t)snprintf(buf, len, _("Checkmate. %s"), panel_winner_text(r));
    case RB_END_THRONE:
        return (size_t)snprintf(buf, len, "%s %s",
                                loser == RB_BLACK ? _("White's king reached the throne.")
                                                  : _("Black's king reached the throne."),
                                panel_winner_text(r));
    case RB_END_STALEMATE:
        return (size_t)snprintf(buf, len, "%s",
                                loser == RB_WHITE ? _("Stalemate: White cannot move. Draw.")
                                                  : _("Stalemate: Black cannot move. Draw."));
    case RB_END_REPETITION:
        return (size_t)snprintf(buf, len, "%s", _("Draw by repetition: the same position came up three times."));
    case RB_END_RESIGNATION:
        return (size_t)snprintf(buf, len, "%s %s",
                                (g->resigned & 1) == RB_WHITE ? _("White resigned.") : _("Black resigned."),
                                panel_winner_text(r));
    case RB_END_AGREEMENT: return (size_t)snprintf(buf, len, "%s", _("Draw by agreement."));
    case RB_END_TIME_FORFEIT:
        return (size_t)snprintf(buf, len, "%s %s",
                                (g->resigned & 1) == RB_WHITE ? _("White ran out of time.")
                                                              : _("Black ran out of time."),
                                panel_winner_text(r));
    case RB_END_NONE: break;
    }
    if (rb_pos_in_check(pos)) {
        return (size_t)snprintf(buf, len, "%s",
                                pos->side == RB_WHITE ? _("White is in check.") : _("Black is in check."));
    }
    buf[0] = '\0';
    return 0;
}

int rb_ui_panel_disc_colour(const rb_ui_state *st)
{
    /* the game's own, also while an earlier position is shown */
    size_t ply = rb_ui_state_live_ply(st);
    if (rb_game_ending_at(&st->game, ply) == RB_END_NONE) {
        return rb_ui_state_live_pos(st)->side;
    }
    switch (rb_game_result_at(&st->game, ply)) {
    case RB_RESULT_WHITE: return RB_WHITE;
    case RB_RESULT_BLACK: return RB_BLACK;
    default: return 2;
    }
}

size_t rb_ui_panel_viewing_text(const rb_ui_state *st, char *buf, size_t len)
{
    const rb_game *g = &st->game;
    if (g->ply == 0) {
        return (size_t)snprintf(buf, len, "%s", _("Viewing the start position. End returns to the last move."));
    }
    int colour, last_colour;
    unsigned n = rb_ui_state_move_number(g, g->ply, &colour);
    unsigned last = rb_ui_state_move_number(g, g->length, &last_colour);
    /* TRANSLATORS: "Viewing move 12 (White) of 30." The first %u is the move
       number, the second the number of the last move; End is the key. */
    return (size_t)snprintf(buf, len,
                            colour == RB_WHITE ? _("Viewing move %u (White) of %u. End returns to the last move.")
                                               : _("Viewing move %u (Black) of %u. End returns to the last move."),
                            n, last);
}

/* The name a game record gives a side (its White or Black tag), or NULL
 * when the record has none worth showing: absent, unknown ("?") or one of
 * the placeholders this program writes for its own players. */
static const char *panel_recorded_name(const rb_game *g, int color)
{
    const char *name = rb_game_tag(g, panel_color_name[color]);
    if (rb_ui_prefs_is_our_name(name)) {
        return NULL;
    }
    return name;
}

/* Copies a name from a game file into buf. A name too long for it is cut
 * between characters, never inside a UTF-8 sequence (the font would draw
 * the broken end as a box), and ends in an ellipsis. */
static void panel_copy_name(char *buf, size_t len, const char *name)
{
    static const char ellipsis[] = "\u2026";
    size_t n = strlen(name);
    if (n < len) {
        memcpy(buf, name, n + 1);
        return;
    }
    if (len < sizeof ellipsis) {
        buf[0] = '\0';
        return;
    }
    size_t keep = len - sizeof ellipsis;
    while (keep > 0 && ((unsigned char)name[keep] & 0xC0) == 0x80) {
        keep--;
    }
    memcpy(buf, name, keep);
    memcpy(buf + keep, ellipsis, sizeof ellipsis);
}

size_t rb_ui_panel_net_text(const rb_ui_state *st, char *buf, size_t len)
{
    const rb_ui_net_state *n = &st->net;
    buf[0] = '\0';
    if (!n->active) {
        return 0;
    }
    size_t at = 0;
#define NET_ADD(...)                                                                                                   \
    do {                                                                                                               \
        if (at < len) {                                                                                                \
            int w_ = snprintf(buf + at, len - at, __VA_ARGS__);                                                        \
            at += w_ > 0 ? (size_t)w_ : 0;                                                                             \
        }                                                                                                              \
    } while (0)
    if (!n->started) {
        if (n->host) {
            /* The code itself is in the waiting view over the board. */
            NET_ADD("%s", _("Hosting: waiting for a friend to join."));
        } else if (n->link_error[0]) {
            /* TRANSLATORS: why the host cannot be reached, from the network library (in English); it keeps trying */
            NET_ADD(_("The host cannot be reached (%s); trying again..."), n->link_error);
        } else {
            NET_ADD("%s", _("Connecting to the host..."));
        }
        return at < len ? at : len - 1;
    }
    const char *them = n->names[n->color ^ 1];
    if (n->finished) {
        /* TRANSLATORS: %s is the other player's name */
        NET_ADD(_("%s: not connected"), them);
    } else if (n->lost) {
        /* TRANSLATORS: %s is the other player's name; the clock keeps running meanwhile */
        NET_ADD(_("%s: reconnecting..."), them);
    } else if (n->lag_ms >= 0) {
        /* TRANSLATORS: the other player's name, then the round trip of the connection in milliseconds */
        NET_ADD(_("%s: connected, lag %d ms"), them, (int)n->lag_ms);
    } else {
        NET_ADD(_("%s: connected"), them);
    }
    if (n->rated) {
        /* a rated game through a server: both ratings, and at the end how they moved */
        const char *names[2] = {n->names[0], n->names[1]};
        if (n->has_diff) {
            /* TRANSLATORS: a rated game's end: White's name, new rating, change (+12), then Black's */
            NET_ADD(_("\nRated: %s %d (%+d), %s %d (%+d)"), names[0], n->elo[0] + n->diff[0], n->diff[0], names[1],
                    n->elo[1] + n->diff[1], n->diff[1]);
        } else {
            /* TRANSLATORS: a rated game: White's name and rating, then Black's */
            NET_ADD(_("\nRated: %s %d, %s %d"), names[0], n->elo[0], names[1], n->elo[1]);
        }
    }
    static const char *const offers[] = {N_("Draw offered."), N_("Takeback asked."), N_("Takeback asked."),
                                         N_("Rematch offered.")};
    if (n->their_offer >= 0 && n->their_offer < 4) {
        /* TRANSLATORS: the other player's name, then what they offer ("Draw offered.") */
        NET_ADD(_(" \u2014 %s: %s"), them, _(offers[n->their_offer]));
    } else if (n->my_offer >= 0 && n->my_offer < 4) {
        /* TRANSLATORS: what the person offered ("Draw offered."), waiting for the other player's answer */
        NET_ADD(_(" \u2014 you: %s"), _(offers[n->my_offer]));
    }
    for (int i = 0; i < n->nchat; i++) {
        NET_ADD("\n%s", n->chat[i]);
    }
    if (!n->chat_in && n->chat_hidden > 0) {
        NET_ADD("\n%s", _("(chat hidden: Show chat to read it)"));
    }
#undef NET_ADD
    return at < len ? at : len - 1;
}

void rb_ui_panel_player_text(const rb_ui_state *st, int color, char *buf, size_t len)
{
    const rb_ui_player *pl = &st->players[color];
    bool other_human = st->players[color ^ 1].kind == RB_UI_HUMAN;
    const char *recorded = panel_recorded_name(&st->game, color);
    if (pl->kind == RB_UI_COMPUTER) {
        /* TRANSLATORS: who plays a side; %d is the level, 1 to 10 */
        snprintf(buf, len, _("Computer, level %d"), pl->level);
    } else if (recorded) { /* a loaded game shows who played it */
        panel_copy_name(buf, len, recorded);
    } else {
        /* TRANSLATORS: who plays a side: "Player" when two people play, "You" against the computer */
        snprintf(buf, len, "%s", other_human ? _("Player") : _("You"));
    }
}

/* ---- layout ------------------------------------------------------------ */

/* Whether the game on the board has ended: then the buttons that serve
 * only a game going on (resign, offer a draw, hint, threat, and the
 * computer's row) give way, and the review's graph and the move list have
 * their room. */
static bool panel_game_over(const rb_ui_state *st)
{
    return rb_game_result_at(&st->game, st->game.length) != RB_RESULT_NONE;
}

/* The game's buttons shown, in order, into list; returns how many. */
/* Whether button b has a place in a network game now: the coach, the
 * analysis board and the other screens give way to the network game's own
 * buttons while it goes on. */
static bool panel_net_button(const rb_ui_state *st, int b)
{
    const rb_ui_net_state *n = &st->net;
    bool on = n->started && !n->over && !panel_game_over(st);
    switch (b) {
    case PB_UNDO:
    case PB_REDO:
    case PB_HINT:
    case PB_THREAT:
    case PB_PUZZLES:
    case PB_REVIEW:
    case PB_MISTAKES:
    case PB_ANALYSE:
    case PB_EDIT:
    case PB_LOAD: return !on;
    case PB_NET_TAKEBACK: return on && st->game.length > 0;
    case PB_NET_ABORT: return on && st->game.length < 2;
    case PB_NET_REMATCH: return n->started && n->over && n->connected && !n->finished;
    case PB_NET_ACCEPT:
    case PB_NET_DECLINE: return n->their_offer >= 0;
    case PB_NET_CHAT: return n->started && !n->finished;
    case PB_NET_CLAIM_WIN:
    case PB_NET_CLAIM_DRAW: return on && n->grace_over;
    default: return true;
    }
}

static int panel_game_buttons(const rb_ui_state *st, int *list)
{
    bool over = panel_game_over(st);
    int n = 0;
    for (int b = PB_NEW; b < PB_NEW + PANEL_GAME_BUTTONS; b++) {
        if (over && (b == PB_RESIGN || b == PB_DRAW || b == PB_HINT || b == PB_THREAT)) {
            continue;
        }
        if (st->net.active ? !panel_net_button(st, b) : b >= PB_NET_TAKEBACK) {
            continue;
        }
        list[n++] = b;
    }
    return n;
}

typedef struct panel_metrics {
    int px, small, big; /* text sizes */
    int pad, gap, btn_h;
} panel_metrics;

static panel_metrics panel_measure(const rb_app *app)
{
    panel_metrics m;
    m.px = rb_ui_widget_font_px(app);
    m.small = m.px * 7 / 8;
    m.big = m.px * 9 / 8;
    m.pad = m.px * 3 / 4;
    m.gap = m.px / 3;
    m.btn_h = m.px * 2;
    return m;
}

/* The game's buttons take as many columns (two to five) as their labels, in
 * the language shown, fit at full size; when two columns would leave the
 * move list less than three lines (a small window, many buttons), or too
 * little for the review's graph above three lines, a third column is taken
 * as long as the labels fit it drawn a quarter smaller, as a button draws a
 * label a little too long for it. extra is what the review wants above the
 * list (0 without one). */
static int panel_button_cols(rb_app *app, const panel_metrics *m, const int *buttons, int count, int width,
                             int height_left, int extra)
{
    int widest = rb_ui_text_width(app, _("Hide threat"), m->px, false);
    for (int i = 0; i < count; i++) {
        int w = rb_ui_text_width(app, _(panel_labels[buttons[i]]), m->px, false);
        widest = w > widest ? w : widest;
    }
    for (int cols = 5; cols >= 2; cols--) {
        int room = (width - (cols - 1) * m->gap) / cols - m->px / 2; /* the label's room in a button */
        if (widest <= room) {
            return cols;
        }
        if (cols == 3) {
            int rows2 = (count + 1) / 2;
            int list_h = height_left - rows2 * (m->btn_h + m->gap) - m->pad - m->btn_h - m->gap;
            /* Beside a review, three whole rows of the list (panel_move_list's). */
            int lines = 3 * rb_ui_text_line_height(app, m->px) + (extra > 0 ? 3 * (m->px / 4) + extra : 0);
            if (list_h < lines && widest * 3 / 4 <= room) {
                return 3;
            }
        }
    }
    return 2;
}

/* Lays out cols x rows buttons in area: the count buttons of list, or
 * when list is NULL first..first+count-1. */
static void panel_grid(struct rb_ui_panel *p, SDL_Rect area, const int *list, int first, int count, int cols, int gap,
                       int btn_h)
{
    int w = (area.w - (cols - 1) * gap) / cols;
    for (int i = 0; i < count; i++) {
        int r = i / cols, c = i % cols, b = list != NULL ? list[i] : first + i;
        p->button[b] = (SDL_Rect){area.x + c * (w + gap), area.y + r * (btn_h + gap), w, btn_h};
        p->shown[b] = true;
    }
}

/* ---- drawing ----------------------------------------------------------- */

void rb_ui_panel_turn_text(const rb_ui_state *st, char *buf, size_t len)
{
    size_t ply = rb_ui_state_live_ply(st);
    if (rb_game_ending_at(&st->game, ply) != RB_END_NONE) {
        /* TRANSLATORS: %s is the result as on a score sheet: 1-0, 0-1 or 1/2-1/2 */
        snprintf(buf, len, _("Game over: %s"), rb_result_text(rb_game_result_at(&st->game, ply)));
    } else {
        snprintf(buf, len, "%s", rb_ui_state_live_pos(st)->side == RB_WHITE ? _("White to move") : _("Black to move"));
    }
}

/* The computer's row: what it is doing, and its buttons (Move now against
 * a person; Pause/Resume and Step in a game between computers). The row is
 * there for the whole game whenever a computer plays, its buttons always in
 * the same place (disabled when they do nothing), so nothing moves under
 * the pointer when the computer starts or stops thinking. */
static void panel_computer_row(rb_app *app, const rb_ui_state *st, const panel_metrics *m, SDL_Rect row)
{
    const rb_ui_theme *t = app->theme;
    struct rb_ui_panel *p = app->panel;
    bool watching = rb_ui_pace_watching(st);
    int first = watching ? PB_PAUSE : PB_MOVE_NOW, last = watching ? PB_STEP : PB_MOVE_NOW;
    int x = row.x + row.w;
    for (int b = last; b >= first; b--) {
        /* Pause turns into Resume: room for the longer word. */
        int lw = rb_ui_text_width(app, _(panel_labels[b]), m->px, false);
        if (b == PB_PAUSE) {
            int rw = rb_ui_text_width(app, _("Resume"), m->px, false);
            lw = rw > lw ? rw : lw;
        }
        int bw = lw + m->px * 2;
        x -= bw;
        p->button[b] = (SDL_Rect){x, row.y, bw, row.h};
        p->shown[b] = true;
        x -= m->gap;
    }
    char think[192] = "";
    rb_search_info info;
    if (st->pacing.reply_ready && rb_ui_state_browsing(st)) {
        snprintf(think, sizeof think, "%s", _("Computer has moved"));
    } else if (rb_ui_worker_busy(app)) {
        if (rb_ui_worker_progress(app, &info) && info.depth > 0) {
            /* TRANSLATORS: %d is how many moves deep the search has looked */
            snprintf(think, sizeof think, _("Computer thinking\u2026 depth %d"), info.depth);
        } else {
            snprintf(think, sizeof think, "%s", _("Computer thinking\u2026"));
        }
    } else if (watching && st->pacing.paused) {
        snprintf(think, sizeof think, "%s", _("Paused"));
    }
    if (think[0] && x > row.x) {
        SDL_Rect clip = {row.x, row.y, x - row.x, row.h};
        SDL_RenderSetClipRect(app->renderer, &clip);
        rb_ui_text_draw(app, think, m->px, false, t->text, row.x, row.y + row.h / 2, RB_UI_ALIGN_LEFT);
        SDL_RenderSetClipRect(app->renderer, NULL);
    }
}

/* The widest a material count can be: five pieces and "+13". */
static int panel_material_room(rb_app *app, const panel_metrics *m, int icon)
{
    return icon + 4 * (icon * 3 / 5) + m->gap + rb_ui_text_width(app, "+13", m->small, true);
}

/* The pieces colour is up by, drawn small in the other side's colours
 * (the pieces it has taken), then "+3" when it is ahead; right-aligned at
 * right, in a line of height lh whose top is y. */
static void panel_material(rb_app *app, const panel_metrics *m, int right, int y, int lh, int color,
                           const rb_ui_material *mat)
{
    char ahead[16] = "";
    if (mat->ahead[color] > 0) {
        snprintf(ahead, sizeof ahead, "+%d", mat->ahead[color]);
    }
    /* A little taller than the line, centred on it. */
    int icon = lh * 6 / 5, step = icon * 3 / 5;
    int n = 0, kinds = 0;
    for (int type = RB_ROOK; type <= RB_PAWN; type++) {
        n += mat->up[color][type];
        kinds += mat->up[color][type] > 0;
    }
    int text_w = rb_ui_text_width(app, ahead, m->small, true);
    /* Pieces of a kind overlap; kinds stand apart. */
    int pieces_w = n > 0 ? icon + (n - kinds) * step + (kinds - 1) * (icon - icon / 8) : 0;
    int x = right - text_w - (text_w > 0 && n > 0 ? m->gap : 0) - pieces_w;
    char err[RB_UI_PATH_MAX + 200];
    if (n > 0 && rb_ui_assets_size_set(app, &app->pieces.material, icon, err, sizeof err) == 0) {
        bool first = true;
        for (int type = RB_ROOK; type <= RB_PAWN; type++) {
            for (int k = 0; k < mat->up[color][type]; k++) {
                if (!first) {
                    x += k == 0 ? icon - icon / 8 : step;
                }
                first = false;
                SDL_Rect dst = {x, y + (lh - icon) / 2, icon, icon};
                if (color == RB_WHITE) { /* Black's pieces stand out from a dark panel on a light disc */
                    rb_ui_draw_disc(
                        app->renderer, (SDL_FPoint){(float)x + (float)icon / 2, (float)dst.y + (float)icon / 2},
                        (float)icon * 0.45f, rb_ui_widget_mix(app->theme->panel_bg, app->theme->text, 0.55f));
                }
                SDL_RenderCopy(app->renderer, app->pieces.material.tex[color ^ 1][type], NULL, &dst);
            }
        }
    }
    if (text_w > 0) {
        rb_ui_text_draw(app, ahead, m->small, true, app->theme->text, right, y + lh / 2, RB_UI_ALIGN_RIGHT);
    }
}

/* One player's row: "White: You" and, at the right of the same line (or
 * of a line of its own when the name leaves no room for the largest count),
 * the material count. Its height depends on the name only, so the panel
 * does not move when pieces are taken. Returns the y below it. */
static int panel_player_row(rb_app *app, const rb_ui_state *st, const panel_metrics *m, SDL_Rect col, int y, int color,
                            const rb_ui_material *mat)
{
    char name[64], line[160];
    rb_ui_panel_player_text(st, color, name, sizeof name);
    if (color == RB_WHITE) {
        /* TRANSLATORS: who plays White: "You", "Computer, level 4" or a name */
        snprintf(line, sizeof line, _("White: %s"), name);
    } else {
        /* TRANSLATORS: who plays Black: "You", "Computer, level 4" or a name */
        snprintf(line, sizeof line, _("Black: %s"), name);
    }
    int lh = rb_ui_text_line_height(app, m->small);
    int room = panel_material_room(app, m, lh * 6 / 5);
    bool beside = rb_ui_text_width(app, line, m->small, false) + m->gap + room <= col.w;
    int name_w = beside ? col.w - room - m->gap : col.w;
    int top = y;
    y += rb_ui_text_draw_wrapped(app, line, m->small, false, app->theme->text_dim, col.x, y, name_w);
    if (!beside) {
        top = y;
        y += lh;
    }
    SDL_Rect box = rb_ui_text_box_begin(app, (SDL_Rect){col.x + col.w - room, top, room, lh});
    panel_material(app, m, col.x + col.w, top, lh, color, mat);
    rb_ui_text_box_end(app, box);
    return y;
}

/* The header: whose turn, who plays, then a block of fixed height for the
 * game's state, browsing and the last message, then the computer's row.
 * Its height depends on the players only, never on what is said, so the
 * move list and the buttons stay where they are while a game goes on. */
static int panel_header(rb_app *app, const rb_ui_state *st, const panel_metrics *m, SDL_Rect col, int y)
{
    const rb_ui_theme *t = app->theme;
    char line[384];

    /* Whose turn: a disc in the side's colour (its outline keeps it
     * visible on any background), then the words. When the game is over
     * the disc is the winner's (grey for a draw) and the words the result. */
    int lh = rb_ui_text_line_height(app, m->big);
    SDL_FPoint c = {(float)(col.x + m->big / 2), (float)(y + lh / 2)};
    static const SDL_Color disc[3] = {{250, 250, 245, 255}, {15, 15, 15, 255}, {128, 128, 128, 255}};
    rb_ui_draw_disc(app->renderer, c, (float)m->big * 0.5f, (SDL_Color){128, 128, 128, 255});
    rb_ui_draw_disc(app->renderer, c, (float)m->big * 0.5f - 1.5f, disc[rb_ui_panel_disc_colour(st)]);
    rb_ui_panel_turn_text(st, line, sizeof line);
    int turn_x = col.x + m->big + m->gap * 2;
    int turn_px = rb_ui_text_fit_px(app, line, m->big, true, col.x + col.w - turn_x, m->small);
    rb_ui_text_draw(app, line, turn_px, true, t->text, turn_x, y + lh / 2, RB_UI_ALIGN_LEFT);
    y += lh;

    rb_ui_material mat;
    rb_ui_material_count(rb_ui_state_pos(st), &mat);
    for (int side = RB_WHITE; side <= RB_BLACK; side++) {
        y = panel_player_row(app, st, m, col, y, side, &mat);
    }
    y += m->gap;

    /* A block of fixed height for the words (panel_words), drawn once the
     * move list below it is. */
    int block_h = rb_ui_text_line_height(app, m->px) + 2 * rb_ui_text_line_height(app, m->small);
    /* A network game's lines (the connection, an offer, the last chat
     * lines) stay for the whole game, not for a moment as a message does:
     * they get room of their own, up to four lines, so that they do not
     * lie over the moves. */
    char net[1400];
    if (rb_ui_panel_net_text(st, net, sizeof net) > 0) {
        int net_h = rb_ui_text_wrapped_height(app, net, m->small, false, col.w);
        int most = 4 * rb_ui_text_line_height(app, m->small);
        block_h += net_h < most ? net_h : most;
    }
    app->panel->words = (SDL_Rect){col.x, y, col.w, block_h};
    y += block_h;

    if ((st->players[RB_WHITE].kind == RB_UI_COMPUTER || st->players[RB_BLACK].kind == RB_UI_COMPUTER) &&
        !panel_game_over(st)) {
        y += m->gap;
        panel_computer_row(app, st, m, (SDL_Rect){col.x, y, col.w, m->btn_h});
        y += m->btn_h;
    }
    return y + m->pad / 2;
}

/* The words in the header's block: the state (check in the check colour
 * so it does not rest on colour alone: the words say it), browsing, the
 * last message. A message longer than the block has room for (a parse
 * error quoting a line of a game file, in a long language) goes on over
 * the top of the move list, down to bottom at most, on the panel's
 * colour, for as long as it is shown: the list and the buttons stay where
 * they are, and the message is whole. Returns the bottom of what it
 * covered. */
static int panel_words(rb_app *app, const rb_ui_state *st, const panel_metrics *m, SDL_Rect block, int bottom)
{
    const rb_ui_theme *t = app->theme;
    const rb_game *g = &st->game;
    char state[384], viewing[384];
    bool over = rb_game_ending_at(g, rb_ui_state_live_ply(st)) != RB_END_NONE;
    bool has_state = rb_ui_panel_status_text(st, state, sizeof state) > 0;
    bool browsing = rb_ui_state_browsing(st);
    if (browsing) {
        rb_ui_panel_viewing_text(st, viewing, sizeof viewing);
    }
    char net[1400];
    bool has_net = rb_ui_panel_net_text(st, net, sizeof net) > 0;
    /* A long state (or a long translation) a size smaller, to leave the
     * block a line for browsing or a message. */
    int size = m->px;
    if (has_state && rb_ui_text_wrapped_height(app, state, size, true, block.w) >
                         rb_ui_text_line_height(app, m->px) + rb_ui_text_line_height(app, m->small)) {
        size = m->small;
    }
    int need = (has_state ? rb_ui_text_wrapped_height(app, state, size, true, block.w) : 0) +
               (browsing ? rb_ui_text_wrapped_height(app, viewing, m->small, false, block.w) : 0) +
               (has_net ? rb_ui_text_wrapped_height(app, net, m->small, false, block.w) : 0) +
               (st->status[0] ? rb_ui_text_wrapped_height(app, st->status, m->small, false, block.w) : 0);
    SDL_Rect area = block;
    if (need > block.h && bottom > block.y + block.h) {
        area.h = (need < bottom - block.y ? need : bottom - block.y);
        rb_ui_draw_rect(app->renderer, (SDL_Rect){block.x, block.y + block.h, block.w, area.h - block.h}, t->panel_bg);
    }
    SDL_RenderSetClipRect(app->renderer, &area);
    int by = block.y;
    if (has_state) {
        bool check = !over && rb_pos_in_check(rb_game_pos(g));
        SDL_Color ink = check ? t->check_glow : t->text;
        ink.a = 255;
        by += rb_ui_text_draw_wrapped(app, state, size, true, ink, block.x, by, block.w);
    }
    if (browsing) {
        by += rb_ui_text_draw_wrapped(app, viewing, m->small, false, t->text_dim, block.x, by, block.w);
    }
    if (has_net) {
        by += rb_ui_text_draw_wrapped(app, net, m->small, false, t->text, block.x, by, block.w);
    }
    if (st->status[0]) {
        rb_ui_text_draw_wrapped(app, st->status, m->small, false, t->text_dim, block.x, by, block.w);
    }
    SDL_RenderSetClipRect(app->renderer, NULL);
    return area.y + area.h;
}

/* Row and column of move k in the list (two moves a row, White's left). */
static void panel_move_cell(const rb_game *g, size_t k, size_t *row, int *colour)
{
    int first = g->positions[0].side;
    *row = (k + (size_t)first) / 2;
    *colour = first ^ (int)(k & 1);
}

/* The result, when the record ends in one, goes in the cell after the
 * last move ("1-0", "0-1", "1/2-1/2"), as in a printed score sheet. */
static bool panel_has_result(const rb_game *g)
{
    return rb_game_result_at(g, g->length) != RB_RESULT_NONE;
}

static size_t panel_rows(const rb_game *g)
{
    if (g->length == 0) {
        return 0;
    }
    size_t row;
    int c;
    panel_move_cell(g, g->length - 1 + (panel_has_result(g) ? 1 : 0), &row, &c);
    return row + 1;
}

/* The first row of the list to show: the state's scroll, moved to bring
 * the current move into view when it should follow, kept inside the list. */
static int panel_first_row(const rb_ui_state *st, int rows, int visible)
{
    const rb_game *g = &st->game;
    int scroll = st->panel.scroll;
    if (st->panel.follow) {
        size_t row = 0;
        int c;
        if (g->ply > 0) {
            panel_move_cell(g, g->ply - 1, &row, &c);
        }
        if ((int)row < scroll) {
            scroll = (int)row;
        }
        if ((int)row >= scroll + visible) {
            scroll = (int)row - visible + 1;
        }
    }
    if (scroll > rows - visible) {
        scroll = rows - visible;
    }
    return scroll < 0 ? 0 : scroll;
}

/* "No moves yet." in the empty list, from top down (below a message that
 * goes on over the list's top), or nothing when it has no room there: a
 * line half under the message would be neither read nor hidden. */
static void panel_no_moves(rb_app *app, const panel_metrics *m, SDL_Rect area, int top)
{
    const rb_ui_theme *t = app->theme;
    const char *text = _("No moves yet.");
    int width = area.w - m->gap * 4;
    int y = top + m->gap;
    if (y + rb_ui_text_wrapped_height(app, text, m->small, false, width) > area.y + area.h) {
        return;
    }
    rb_ui_text_draw_wrapped(app, text, m->small, false, t->text_dim, area.x + m->gap * 2, y, width);
}

static void panel_move_list(rb_app *app, const rb_ui_state *st, const panel_metrics *m, SDL_Rect area)
{
    struct rb_ui_panel *p = app->panel;
    const rb_ui_theme *t = app->theme;
    const rb_game *g = &st->game;
    panel_refresh_moves(p, st);

    rb_ui_draw_rect(app->renderer, area, rb_ui_widget_mix(t->panel_bg, t->background, 0.5f));
    p->list = area;
    p->row_h = rb_ui_text_line_height(app, m->px) + m->px / 4;
    p->num_w = rb_ui_text_width(app, "888.", m->px, false) + m->gap * 2;
    p->col_w = (area.w - p->num_w) / 2;
    int visible = area.h / p->row_h;
    if (visible < 1) {
        visible = 1;
    }
    int rows = (int)panel_rows(g);

    p->visible = visible;
    p->scroll = panel_first_row(st, rows, visible);
    if (g->length == 0) {
        panel_no_moves(app, m, area, area.y);
        return;
    }

    SDL_RenderSetClipRect(app->renderer, &area);
    int first = g->positions[0].side;
    unsigned moveno0 = g->positions[0].moveno ? g->positions[0].moveno : 1;
    for (int r = p->scroll; r < rows && r < p->scroll + visible; r++) {
        int y = area.y + (r - p->scroll) * p->row_h;
        int cy = y + p->row_h / 2;
        if (r % 2) {
            rb_ui_draw_rect(app->renderer, (SDL_Rect){area.x, y, area.w, p->row_h},
                            rb_ui_widget_mix(t->panel_bg, t->background, 0.25f));
        }
        char num[16];
        snprintf(num, sizeof num, "%u.", moveno0 + (unsigned)r);
        rb_ui_text_draw(app, num, m->px, false, t->text_dim, area.x + p->num_w - m->gap, cy, RB_UI_ALIGN_RIGHT);
        for (int c = 0; c < 2; c++) {
            long k = 2L * r + c - first;
            int x = area.x + p->num_w + c * p->col_w;
            if (k < 0) {
                rb_ui_text_draw(app, "\u2026", m->px, false, t->text_dim, x + m->gap, cy, RB_UI_ALIGN_LEFT);
                continue;
            }
            if ((size_t)k == g->length && panel_has_result(g)) {
                rb_ui_text_draw(app, rb_result_text(rb_game_result_at(g, g->length)), m->px, true, t->text, x + m->gap,
                                cy, RB_UI_ALIGN_LEFT);
                break;
            }
            if ((size_t)k >= g->length) {
                break;
            }
            bool current = (size_t)k + 1 == g->ply;
            bool ahead = (size_t)k >= g->ply; /* the redo tail / browsed-past moves */
            SDL_Rect cell = {x, y, p->col_w, p->row_h};
            if (current) {
                SDL_Color hl = t->path;
                hl.a = 255;
                rb_ui_draw_rect(app->renderer, cell, hl);
            } else if (rb_ui_widget_point_in(cell, p->mouse_x, p->mouse_y)) {
                rb_ui_draw_rect(app->renderer, cell, rb_ui_widget_mix(t->panel_bg, t->text, 0.15f));
            }
            SDL_Color ink = current ? (SDL_Color){255, 255, 255, 255} : ahead ? t->text_dim : t->text;
            rb_ui_text_draw(app, p->moves[k], m->px, current, ink, x + m->gap, cy, RB_UI_ALIGN_LEFT);
            rb_ui_review_view_mark(app, g, (size_t)k, p->moves[k], current, x + m->gap, cy, m->px);
        }
    }
    SDL_RenderSetClipRect(app->renderer, NULL);

    /* A scroll bar when the list is longer than its area. */
    if (rows > visible) {
        int bar_h = area.h * visible / rows;
        int bar_y = area.y + (area.h - bar_h) * p->scroll / (rows - visible);
        rb_ui_draw_rect(app->renderer, (SDL_Rect){area.x + area.w - m->gap, bar_y, m->gap, bar_h},
                        rb_ui_widget_mix(t->panel_bg, t->text, 0.45f));
    }
}

static void panel_update_enabled(struct rb_ui_panel *p, const rb_ui_state *st)
{
    /* p->busy: set by the caller from the computer player. */
    const rb_game *g = &st->game;
    bool goes_on = rb_game_ending(g) == RB_END_NONE;
    bool any_human = st->players[0].kind == RB_UI_HUMAN || st->players[1].kind == RB_UI_HUMAN;
    for (int i = 0; i < PB_COUNT; i++) {
        p->enabled[i] = true;
    }
    p->enabled[PB_FIRST] = p->enabled[PB_PREV] = g->ply > 0;
    p->enabled[PB_NEXT] = p->enabled[PB_LAST] = g->ply < g->length;
    p->enabled[PB_UNDO] = g->ply > 0;
    p->enabled[PB_REDO] = g->ply < g->length;
    p->enabled[PB_RESIGN] = goes_on && any_human && !rb_ui_state_browsing(st);
    p->enabled[PB_DRAW] = rb_ui_session_can_offer_draw(st);
    p->enabled[PB_MOVE_NOW] = p->busy;
    p->enabled[PB_STEP] = st->pacing.paused && goes_on;
    p->enabled[PB_HINT] = p->enabled[PB_THREAT] = rb_ui_coach_allowed(st, NULL, 0);
    p->enabled[PB_ANALYSE] = rb_ui_state_analysis_allowed(st);
    if (st->net.active) { /* the other side must be there to hear it */
        bool on = st->net.started && !st->net.over && goes_on && !st->net.lost;
        p->enabled[PB_RESIGN] = on;
        p->enabled[PB_DRAW] = on && st->net.my_offer < 0;
        p->enabled[PB_NET_TAKEBACK] = on && st->net.my_offer < 0;
        p->enabled[PB_NET_REMATCH] = st->net.my_offer < 0;
    }
}

/* The chat field: the line being typed, or, while the keys are the
 * board's, how to reach it. */
static void panel_chat_field(rb_app *app, const rb_ui_state *st, const panel_metrics *m, SDL_Rect r)
{
    const rb_ui_net_state *n = &st->net;
    if (n->typing || n->draft[0]) {
        rb_ui_widget_edit(app, r, n->draft, m->small, n->typing, n->draft_caret, n->draft_anchor);
        return;
    }
    rb_ui_widget_field(app, r, "", m->small, false);
    /* TRANSLATORS: the empty chat field of a network game: Enter (or a click) puts the keys in it */
    const char *hint = _("Chat: press Enter or click here");
    int w = r.w - m->px;
    SDL_Rect box = rb_ui_text_box_begin(app, (SDL_Rect){r.x + m->px / 2, r.y, w, r.h});
    int px = rb_ui_text_fit_px(app, hint, m->small, false, w, m->small * 3 / 4);
    rb_ui_text_draw(app, hint, px, false, app->theme->text_dim, r.x + m->px / 2, r.y + r.h / 2, RB_UI_ALIGN_LEFT);
    rb_ui_text_box_end(app, box);
}

bool rb_ui_panel_chat_rect(const rb_app *app, SDL_Rect *r)
{
    const struct rb_ui_panel *p = app->panel;
    if (p == NULL || p->chat.w <= 0) {
        return false;
    }
    *r = p->chat;
    return true;
}

void rb_ui_panel_draw(rb_app *app, const rb_ui_state *st, SDL_Rect rect)
{
    struct rb_ui_panel *p = app->panel;
    const rb_ui_theme *t = app->theme;
    rb_ui_draw_rect(app->renderer, rect, t->panel_bg);
    if (!p) {
        return;
    }
    p->rect = rect;
    memset(p->shown, 0, sizeof p->shown);
    p->busy = rb_ui_worker_busy(app);
    panel_update_enabled(p, st);
    p->enabled[PB_REVIEW] = rb_ui_review_can_start(app);
    p->enabled[PB_MISTAKES] = rb_ui_review_mistakes_open_now(st);
    panel_metrics m = panel_measure(app);

    /* A short, wide panel (below the board) gets two columns: the state
     * and the buttons on the left, the move list on the right. */
    bool two_cols = rect.w > rect.h * 3 / 2 && rect.w >= 30 * m.px;
    SDL_Rect left = {rect.x + m.pad, rect.y + m.pad, rect.w - 2 * m.pad, rect.h - 2 * m.pad};
    SDL_Rect right = left;
    if (two_cols) {
        left.w = (rect.w - 3 * m.pad) * 11 / 20;
        right.x = left.x + left.w + m.pad;
        right.w = rect.x + rect.w - m.pad - right.x;
    }

    int y = rb_ui_clock_view_draw(app, st, left, left.y);
    y = panel_header(app, st, &m, left, y);

    /* Below the board the move list has a column of its own. */
    int buttons[PANEL_GAME_BUTTONS];
    int nbuttons = panel_game_buttons(st, buttons);
    int cols = panel_button_cols(app, &m, buttons, nbuttons, left.w, two_cols ? left.h * 4 : left.y + left.h - y,
                                 rb_ui_review_view_wanted(app, st, m.px));
    int rows = (nbuttons + cols - 1) / cols;
    int grid_h = rows * m.btn_h + (rows - 1) * m.gap;
    SDL_Rect grid = {left.x, left.y + left.h - grid_h, left.w, grid_h};
    panel_grid(p, grid, buttons, 0, nbuttons, cols, m.gap, m.btn_h);
    /* A network game's chat field over the buttons, next to Show chat;
     * what is above moves up by its height. */
    p->chat = (SDL_Rect){0, 0, 0, 0};
    if (st->net.active && st->net.started && !st->net.finished) {
        p->chat = (SDL_Rect){left.x, grid.y - m.gap - m.btn_h, left.w, m.btn_h};
        panel_chat_field(app, st, &m, p->chat);
        grid.y = p->chat.y; /* the room above ends over the field */
    }

    /* Browsing buttons under the move list. */
    SDL_Rect list, nav;
    if (two_cols) {
        nav = (SDL_Rect){right.x, right.y + right.h - m.btn_h, right.w, m.btn_h};
        panel_grid(p, nav, NULL, PB_FIRST, 4, 4, m.gap, m.btn_h);
        list = (SDL_Rect){right.x, right.y, right.w, nav.y - m.gap - right.y};
    } else {
        nav = (SDL_Rect){left.x, grid.y - m.pad - m.btn_h, left.w, m.btn_h};
        panel_grid(p, nav, NULL, PB_FIRST, 4, 4, m.gap, m.btn_h);
        list = (SDL_Rect){left.x, y, left.w, nav.y - m.gap - y};
    }
    list = rb_ui_review_view_draw(app, st, list, m.px);
    if (list.h >= m.px) {
        panel_move_list(app, st, &m, list);
    } else {
        p->list = (SDL_Rect){0, 0, 0, 0};
    }
    /* The words last, so a long message may go on over the move list and,
     * in the smallest windows, the browsing buttons, which are left out
     * while it covers them (in two columns: over the room above the
     * buttons). */
    int covered = panel_words(app, st, &m, p->words, two_cols ? grid.y - m.gap : nav.y + nav.h);
    if (st->game.length == 0 && list.h >= m.px && covered > list.y) {
        /* the message went on over the empty list: its words again below it */
        SDL_Rect rest = {list.x, covered, list.w, list.y + list.h - covered};
        if (rest.h > 0) {
            rb_ui_draw_rect(app->renderer, rest, rb_ui_widget_mix(t->panel_bg, t->background, 0.5f));
            panel_no_moves(app, &m, list, covered);
        }
    }
    if (!two_cols && covered > nav.y) {
        for (int i = PB_FIRST; i < PB_FIRST + 4; i++) {
            p->shown[i] = false;
        }
    }

    for (int i = 0; i < PB_COUNT; i++) {
        if (!p->shown[i]) {
            continue;
        }
        bool hovered = rb_ui_widget_point_in(p->button[i], p->mouse_x, p->mouse_y);
        const char *label = i == PB_PAUSE && st->pacing.paused ? _("Resume") : _(panel_labels[i]);
        if (i == PB_NET_CHAT && st->net.chat_in) {
            label = _("Mute chat");
        }
        if (i == PB_THREAT && (st->coach.asked == RB_UI_COACH_THREAT || st->coach.shown == RB_UI_COACH_THREAT)) {
            label = _("Hide threat");
        }
        rb_ui_widget_button(app, p->button[i], label, m.px, p->enabled[i], hovered, i == PB_MOVE_NOW || i == PB_PAUSE);
    }
}

/* ---- input ------------------------------------------------------------ */

/* Browsing to ply: a command when there is somewhere to go. */
static rb_ui_cmd panel_goto(const rb_ui_state *st, long ply)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (ply < 0 || (size_t)ply > st->game.length || (size_t)ply == st->game.ply) {
        return cmd;
    }
    cmd.kind = RB_UI_CMD_BROWSE;
    cmd.browse.ply = (int)ply;
    return cmd;
}

static rb_ui_cmd panel_open(rb_ui_dialog_kind kind)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
    cmd.open_dialog.dialog = kind;
    return cmd;
}

static rb_ui_cmd panel_click(const rb_ui_state *st, int b)
{
    const rb_game *g = &st->game;
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    switch ((panel_button)b) {
    case PB_MOVE_NOW: return rb_ui_cmd_of(RB_UI_CMD_MOVE_NOW);
    case PB_PAUSE:
        cmd.kind = RB_UI_CMD_PAUSE;
        cmd.pause.on = !st->pacing.paused;
        return cmd;
    case PB_STEP: return rb_ui_cmd_of(RB_UI_CMD_STEP);
    case PB_FIRST: return panel_goto(st, 0);
    case PB_PREV: return panel_goto(st, (long)g->ply - 1);
    case PB_NEXT: return panel_goto(st, (long)g->ply + 1);
    case PB_LAST: return panel_goto(st, (long)g->length);
    case PB_NEW: return panel_open(RB_UI_DIALOG_NEW_GAME);
    case PB_UNDO: return rb_ui_cmd_of(RB_UI_CMD_UNDO);
    case PB_REDO: return rb_ui_cmd_of(RB_UI_CMD_REDO);
    case PB_FLIP: return rb_ui_cmd_of(RB_UI_CMD_FLIP);
    case PB_RESIGN:
        cmd.kind = RB_UI_CMD_ASK;
        cmd.ask.question = RB_UI_ASK_RESIGN;
        return cmd;
    case PB_DRAW: /* an offer is made only once confirmed */
        cmd.kind = RB_UI_CMD_ASK;
        cmd.ask.question = RB_UI_ASK_OFFER_DRAW;
        return cmd;
    case PB_SAVE: return panel_open(RB_UI_DIALOG_SAVE);
    case PB_LOAD: return panel_open(RB_UI_DIALOG_LOAD);
    case PB_SETTINGS: return panel_open(RB_UI_DIALOG_SETTINGS);
    case PB_HELP: return panel_open(RB_UI_DIALOG_HELP);
    case PB_PUZZLES: return rb_ui_cmd_of(RB_UI_CMD_PUZZLE_OPEN);
    case PB_HINT: return rb_ui_cmd_of(RB_UI_CMD_HINT);
    case PB_THREAT: /* a button stays down: it toggles what t shows while held */
        cmd.kind = RB_UI_CMD_THREAT;
        cmd.threat.show = st->coach.asked != RB_UI_COACH_THREAT && st->coach.shown != RB_UI_COACH_THREAT;
        return cmd;
    case PB_REVIEW: return rb_ui_cmd_of(RB_UI_CMD_REVIEW);
    case PB_MISTAKES: return rb_ui_cmd_of(RB_UI_CMD_MISTAKES_OPEN);
    case PB_ANALYSE: return rb_ui_cmd_of(RB_UI_CMD_ANALYSIS_OPEN);
    case PB_EDIT: return rb_ui_cmd_of(RB_UI_CMD_EDITOR_OPEN);
    case PB_NET_TAKEBACK:
    case PB_NET_REMATCH:
        cmd.kind = RB_UI_CMD_NET_OFFER;
        cmd.net_offer.kind = b == PB_NET_REMATCH ? RB_UI_NET_OFFER_REMATCH : RB_UI_NET_OFFER_TAKEBACK;
        return cmd;
    case PB_NET_ABORT: return rb_ui_cmd_of(RB_UI_CMD_NET_ABORT);
    case PB_NET_ACCEPT:
    case PB_NET_DECLINE:
        cmd.kind = RB_UI_CMD_NET_ANSWER;
        cmd.net_answer.yes = b == PB_NET_ACCEPT;
        return cmd;
    case PB_NET_CHAT:
        cmd.kind = RB_UI_CMD_NET_MUTE;
        cmd.net_mute.on = !st->net.chat_in;
        return cmd;
    case PB_NET_CLAIM_WIN:
    case PB_NET_CLAIM_DRAW:
        cmd.kind = RB_UI_CMD_NET_CLAIM;
        cmd.net_claim.kind = b == PB_NET_CLAIM_WIN ? RB_UI_NET_CLAIM_WIN : RB_UI_NET_CLAIM_DRAW;
        return cmd;
    case PB_COUNT: break;
    }
    return cmd;
}

int rb_ui_panel_button_count(void)
{
    return PB_COUNT;
}

bool rb_ui_panel_button_usable(const rb_app *app, int i, const char **label)
{
    const struct rb_ui_panel *p = app->panel;
    if (!p || i < 0 || i >= PB_COUNT || !p->shown[i] || !p->enabled[i] || (i >= PB_FIRST && i <= PB_LAST)) {
        return false;
    }
    *label = _(panel_labels[i]);
    return true;
}

rb_ui_cmd rb_ui_panel_button_press(const rb_app *app, int i)
{
    const char *label;
    return rb_ui_panel_button_usable(app, i, &label) ? panel_click(&app->state, i) : rb_ui_cmd_of(RB_UI_CMD_NONE);
}

/* Browsing: -2 the start, -1 one move back, 1 one forward, 2 the end; the
 * command, or none when there is nowhere to go. */
static rb_ui_cmd panel_browse(const rb_ui_state *st, int delta_or_end)
{
    const rb_game *g = &st->game;
    switch (delta_or_end) {
    case -2: return panel_goto(st, 0);
    case -1: return panel_goto(st, (long)g->ply - 1);
    case 1: return panel_goto(st, (long)g->ply + 1);
    case 2: return panel_goto(st, (long)g->length);
    default: return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
}

int rb_ui_panel_drawn_scroll(const rb_app *app)
{
    return app->panel ? app->panel->scroll : app->state.panel.scroll;
}

/* The move under a point of the list, as a ply to go to; -1 if none. */
static long panel_move_at(const rb_app *app, int x, int y)
{
    const struct rb_ui_panel *p = app->panel;
    const rb_game *g = &app->state.game;
    if (!p) {
        return -1;
    }
    if (!rb_ui_widget_point_in(p->list, x, y) || p->row_h <= 0 || p->col_w <= 0) {
        return -1;
    }
    int col = (x - p->list.x - p->num_w);
    if (col < 0) {
        return -1;
    }
    col /= p->col_w;
    if (col > 1) {
        return -1;
    }
    long row = p->scroll + (y - p->list.y) / p->row_h;
    long k = 2 * row + col - g->positions[0].side;
    if (k < 0 || (size_t)k >= g->length) {
        return -1;
    }
    return k + 1;
}

bool rb_ui_panel_move_rect(const rb_app *app, size_t ply, SDL_Rect *r)
{
    const struct rb_ui_panel *p = app->panel;
    const rb_game *g = &app->state.game;
    if (!p || ply < 1 || ply > g->length || p->row_h <= 0 || p->list.w <= 0) {
        return false;
    }
    size_t row;
    int colour;
    panel_move_cell(g, ply - 1, &row, &colour);
    int col = colour; /* White's moves on the left */
    long vis_row = (long)row - p->scroll;
    if (vis_row < 0 || (vis_row + 1) * p->row_h > p->list.h) {
        return false;
    }
    *r = (SDL_Rect){p->list.x + p->num_w + col * p->col_w, p->list.y + (int)vis_row * p->row_h, p->col_w, p->row_h};
    return true;
}

static int panel_button_at(const rb_app *app, int x, int y)
{
    const struct rb_ui_panel *p = app->panel;
    for (int i = 0; i < PB_COUNT; i++) {
        if (p->shown[i] && rb_ui_widget_point_in(p->button[i], x, y)) {
            return i;
        }
    }
    return -1;
}

rb_ui_cmd rb_ui_panel_event(rb_app *app, const SDL_Event *ev, bool *used)
{
    struct rb_ui_panel *p = app->panel;
    rb_ui_state *st = &app->state;
    rb_ui_panel_state *ps = &st->panel;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    *used = false;
    if (!p) {
        return none;
    }
    if (ev->type == SDL_MOUSEMOTION) {
        p->mouse_x = ev->motion.x;
        p->mouse_y = ev->motion.y;
    } else if (ev->type == SDL_MOUSEBUTTONDOWN) {
        p->mouse_x = ev->button.x;
        p->mouse_y = ev->button.y;
    }
    switch (ev->type) {
    case SDL_KEYDOWN:
        if (ev->key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) {
            return none;
        }
        switch (ev->key.keysym.sym) {
        case SDLK_LEFT: *used = true; return panel_browse(st, -1);
        case SDLK_RIGHT: *used = true; return panel_browse(st, 1);
        case SDLK_HOME: *used = true; return panel_browse(st, -2);
        case SDLK_END: *used = true; return panel_browse(st, 2);
        default: return none;
        }
    case SDL_MOUSEMOTION:
        ps->hover_button = panel_button_at(app, ev->motion.x, ev->motion.y);
        ps->hover_ply = panel_move_at(app, ev->motion.x, ev->motion.y);
        *used = rb_ui_widget_point_in(p->rect, ev->motion.x, ev->motion.y);
        return none;
    case SDL_MOUSEBUTTONDOWN: {
        int x = ev->button.x, y = ev->button.y;
        ps->hover_button = panel_button_at(app, x, y);
        ps->hover_ply = panel_move_at(app, x, y);
        if (!rb_ui_widget_point_in(p->rect, x, y)) {
            return none;
        }
        *used = true;
        if (ev->button.button != SDL_BUTTON_LEFT) {
            return none;
        }
        ps->pressed = ps->hover_button;
        return panel_goto(st, ps->hover_ply);
    }
    case SDL_MOUSEBUTTONUP: {
        int x = ev->button.x, y = ev->button.y;
        int b = ps->pressed;
        ps->pressed = -1;
        if (ev->button.button != SDL_BUTTON_LEFT) {
            *used = rb_ui_widget_point_in(p->rect, x, y);
            return none;
        }
        *used = b >= 0 || rb_ui_widget_point_in(p->rect, x, y);
        if (b >= 0 && panel_button_at(app, x, y) == b && p->enabled[b]) {
            return panel_click(st, b);
        }
        return none;
    }
    case SDL_MOUSEWHEEL:
        if (rb_ui_widget_point_in(p->list, p->mouse_x, p->mouse_y)) {
            int dy = ev->wheel.y;
            if (ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED) {
                dy = -dy;
            }
            ps->scroll = p->scroll - dy * 2;
            ps->follow = false;
            *used = true;
        }
        return none;
    default: return none;
    }
}
