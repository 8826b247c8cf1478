/*
 * net_play.h - a network game in the window: the connection (net/link.h)
 * carried into the game, and the person's moves and offers carried to it.
 *
 * apply.c hands every command of a network game here first
 * (rb_ui_net_play_filter): my moves go to the peer before the board takes
 * them, what a network game does not allow (undo, hints, the analysis
 * board...) is refused with a word, a resignation or draw offer goes to the
 * other side. The loop polls the connection each round (rb_ui_net_play_tick)
 * and each event comes back as RB_UI_CMD_NET_EVENT, so the game changes in
 * rb_ui_apply only, as for any other move.
 */
#ifndef RB_UI_NET_PLAY_H
#define RB_UI_NET_PLAY_H

#include "state/cmd.h"
#include "state/window.h"

/* How often the loop looks at the connection while a network game is on. */
#define RB_UI_NET_POLL_MS 20

typedef struct rb_ui_net_start {
    bool host;
    int port;              /* host: 0 any free one */
    const char *bind;      /* host: NULL every address */
    const char *advertise; /* host: the address in the invite (NULL: the first found) */
    const char *code;      /* joiner: the invite code */
    const char *name;      /* the name the other side sees (NULL: the system's user name) */
    int color;             /* host: the host's colour */
    int64_t base_ms, inc_ms;
    int64_t grace_ms; /* 0: the protocol's default */
    bool server;      /* joiner: a server's game, code the seat's from its lobby (app/online.c) */
    bool tls;         /* ...over TLS, the server's key pinned */
} rb_ui_net_start;

/* Opens a network game: the host listens and shows the invite code, the
 * joiner starts connecting. 0, or -1 with err saying why (translated). */
int rb_ui_net_play_open(rb_app *app, const rb_ui_net_start *how, char *err, size_t errlen);
/* Takes up a network game saved at the last quit (rb_ui_net_play_saved):
 * 0, or -1 with err. */
int rb_ui_net_play_resume(rb_app *app, const char *saved, char *err, size_t errlen);
/* The saved form of the network game on (NULL when none or out of memory);
 * the caller frees it. */
char *rb_ui_net_play_saved(const rb_app *app);
/* Closes the connection; the game stays on the board. With leave, the
 * other side is told goodbye and the saved network game is forgotten;
 * without (the window closes), the game is kept to be taken up again at
 * the next start. */
void rb_ui_net_play_close(rb_app *app, bool leave);
/* At the start: takes up the network game the last run left unfinished,
 * if there is one (true). */
bool rb_ui_net_play_resume_saved(rb_app *app);

/* One round of the connection: its events applied, the clocks shown as
 * the host's say. Returns the ms until the next round (RB_UI_PACE_NEVER
 * when no network game is on). */
Uint32 rb_ui_net_play_tick(rb_app *app);

/* A command in a network game, before apply.c's own handling: true when
 * it was handled here (its result in *rc). */
bool rb_ui_net_play_filter(rb_app *app, const rb_ui_cmd *cmd, int *rc);
/* The network game's own commands (RB_UI_CMD_NET_*). */
int rb_ui_net_play_apply(rb_app *app, const rb_ui_cmd *cmd);

#endif
