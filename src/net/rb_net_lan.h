/*
 * rb_net_lan.h - games on the local network: finding them and announcing
 * one, with DNS-SD (service type "_rollerball._tcp") over Avahi.
 *
 * A window opens one rb_net_lan when it shows its Join screen (to list the
 * games found) or hosts (to announce its game), and polls it each frame:
 * nothing here blocks, because Avahi runs on a threaded poll of its own and
 * every call only takes a lock and copies. The list is a copy, so a caller
 * never holds a pointer the Avahi thread may change.
 *
 * What arrives from the network is a stranger's: a name and an address are
 * cut to their bounds and cleaned of control characters and broken UTF-8,
 * and are only ever shown or connected to, never used as a path, a format
 * or a command. An announcement carries the player's name and the
 * protocol version only, never the invite's token: a joiner who picked a
 * game from the list knocks, and the host's person lets them in or not
 * (rb_net_peer.h).
 *
 * Built without Avahi (no libavahi-client at build time), or with no
 * daemon running, it still opens and says so through its state, so a
 * front end shows one sentence and goes on with invite codes. No SDL.
 */
#ifndef RB_NET_LAN_H
#define RB_NET_LAN_H

#include <stdbool.h>
#include <stddef.h>

#include "rb_net_invite.h"
#include "rb_net_wire.h"

#define RB_NET_LAN_TYPE "_rollerball._tcp"
#define RB_NET_LAN_GAMES_MAX 64 /* games kept in the list; more are ignored */
#define RB_NET_LAN_ADDR_MAX 64  /* bytes of an address as text (IPv6 with its scope) */

typedef enum {
    RB_NET_LAN_STARTING = 0, /* talking to the daemon */
    RB_NET_LAN_READY,        /* browsing (and announcing, when asked) */
    RB_NET_LAN_NO_DAEMON,    /* the Avahi daemon (or the system bus) is not running */
    RB_NET_LAN_UNAVAILABLE,  /* this build has no Avahi */
    RB_NET_LAN_FAILED,       /* something else went wrong: rb_net_lan_detail says what */
    RB_NET_LAN_STATE_COUNT
} rb_net_lan_state;

typedef struct rb_net_lan_game {
    char name[RB_NET_NAME_MAX + 1];     /* the host player's name, cleaned */
    char host[RB_NET_LAN_ADDR_MAX + 1]; /* the host's address as text, IPv6 without brackets */
    int port;
    int proto; /* the protocol version announced; 0 when not said */
} rb_net_lan_game;

typedef struct rb_net_lan rb_net_lan;

/* Starts browsing; never blocks. NULL only when memory runs out; every
 * other trouble is a state. */
rb_net_lan *rb_net_lan_open(void);
/* Withdraws any announcement and stops; NULL is allowed. */
void rb_net_lan_close(rb_net_lan *lan);

rb_net_lan_state rb_net_lan_status(const rb_net_lan *lan);
/* An English sentence for a state, for logs and the command line; a
 * window words the state itself, in the player's language. */
const char *rb_net_lan_state_text(rb_net_lan_state state);
/* The daemon's own words when FAILED (or when an announcement failed),
 * copied to buf; empty otherwise. Returns buf. */
const char *rb_net_lan_detail(const rb_net_lan *lan, char *buf, size_t size);

/* Copies at most max of the games found now into out (sorted by name,
 * then address) and returns how many; thread-safe. The own announcement
 * is left out. */
int rb_net_lan_games(rb_net_lan *lan, rb_net_lan_game *out, int max);
/* Counts changes to the list, so a caller copies it only when it moved. */
unsigned rb_net_lan_generation(const rb_net_lan *lan);

/* Announces a game hosted on port under player_name (cleaned and cut to
 * RB_NET_NAME_MAX; on a name clash the daemon's next free name is taken).
 * Replaces an earlier announcement. 0, or -1 with err saying why not (not
 * ready, no Avahi, a bad port); when the daemon is still starting the
 * announcement is made once it is ready. */
int rb_net_lan_announce(rb_net_lan *lan, const char *player_name, int port, char *err, size_t errlen);
/* Stops announcing (a game began, or hosting stopped). */
void rb_net_lan_withdraw(rb_net_lan *lan);
/* Whether the announcement is registered with the daemon now. */
bool rb_net_lan_announced(const rb_net_lan *lan);

/* Pure helpers, also for tests: cleans a name or TXT value from the
 * network into out (cut to max bytes between characters, control
 * characters and broken UTF-8 become '?'; empty becomes "?"). */
void rb_net_lan_clean(const char *in, size_t n, char *out, size_t max);

#endif
