/*
 * lan_words.c - the local network's list and the knock in the player's
 * words (lan_words.h). Every sentence is a whole template for the
 * translators, with its placeholders in the order the code fills them.
 */
#include "words/lan_words.h"

#include <stdio.h>
#include <string.h>

#include "words/i18n.h"

const char *rb_ui_lan_words_state(rb_net_lan_state state)
{
    switch (state) {
    case RB_NET_LAN_STARTING: return _("Looking for games on this network…");
    case RB_NET_LAN_READY: return _("Games on this network:");
    case RB_NET_LAN_NO_DAEMON:
        return _("Games on this network cannot be found: the Avahi service (avahi-daemon) is not running. An invite "
                 "code still works.");
    case RB_NET_LAN_UNAVAILABLE:
        return _("This build of Rollerball cannot find games on the network. An invite code still works.");
    case RB_NET_LAN_FAILED:
    default: return _("Finding games on this network failed. An invite code still works.");
    }
}

size_t rb_ui_lan_words_game(const rb_net_lan_game *game, char *buf, size_t len)
{
    bool v6 = strchr(game->host, ':') != NULL;
    char where[RB_NET_LAN_ADDR_MAX + 16];
    snprintf(where, sizeof where, "%s%s%s:%d", v6 ? "[" : "", game->host, v6 ? "]" : "", game->port);
    /* TRANSLATORS: a game found on the local network: the host player's name, then the address and port */
    int n = snprintf(buf, len, _("%s — %s"), game->name, where);
    return n < 0 ? 0 : (size_t)n;
}

size_t rb_ui_lan_words_knock(const char *name, const char *addr, char *buf, size_t len)
{
    int n;
    if (addr != NULL && addr[0] != '\0') {
        /* TRANSLATORS: someone without the invite code asks to join: their name, then their address */
        n = snprintf(buf, len, _("%s (%s) asks to join your game."), name, addr);
    } else {
        n = snprintf(buf, len, _("%s asks to join your game."), name);
    }
    return n < 0 ? 0 : (size_t)n;
}

const char *rb_ui_lan_words_let_in(void)
{
    return _("Let in");
}

const char *rb_ui_lan_words_turn_away(void)
{
    return _("Turn away");
}

size_t rb_ui_lan_words_waiting(const char *host_name, char *buf, size_t len)
{
    int n;
    if (host_name != NULL && host_name[0] != '\0') {
        /* TRANSLATORS: the joiner knocked; the host player's name */
        n = snprintf(buf, len, _("Waiting for %s to let you in…"), host_name);
    } else {
        n = snprintf(buf, len, "%s", _("Waiting for the host to let you in…"));
    }
    return n < 0 ? 0 : (size_t)n;
}

const char *rb_ui_lan_words_refusal(const char *code)
{
    if (strcmp(code, "refused") == 0) {
        return _("The host turned you away.");
    }
    if (strcmp(code, "unanswered") == 0) {
        return _("The host did not answer in time.");
    }
    if (strcmp(code, "busy") == 0) {
        return _("The host is busy: a game is under way, or many asked to join at once. Try again later.");
    }
    if (strcmp(code, "token") == 0) {
        return _("This host lets in only a friend with the invite code: ask for it.");
    }
    return NULL;
}
