/*
 * net_lan.c - games on the local network over Avahi (rb_net_lan.h).
 *
 * Avahi's threaded poll runs the client, the browser, one resolver per
 * service seen and the entry group of our announcement on a thread of its
 * own; its callbacks run with the poll's lock held. Our list and state sit
 * behind a mutex of ours, always taken after the poll's lock and never the
 * other way round, so the callers' copies never wait on the network. The
 * client itself is made on the poll's thread too (from a timeout due at
 * once), so opening never waits on the system bus either.
 *
 * Built without Avahi, the same functions keep the state "unavailable".
 */
#include "rb_net_lan.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_net_text.h"

void rb_net_lan_clean(const char *in, size_t n, char *out, size_t max)
{
    size_t k = 0;
    /* a NUL inside is cut there: nothing after it is shown */
    while (k < n && k < max && in[k] != '\0') {
        out[k] = in[k];
        k++;
    }
    if (k == max && k < n && in[k] != '\0') {
        /* cut between characters, not inside one */
        while (k > 0 && ((unsigned char)in[k] & 0xc0) == 0x80) {
            k--;
        }
    }
    out[k] = '\0';
    rb_net_clean(out, max);
    if (out[0] == '\0' && max >= 1) {
        out[0] = '?';
        out[1] = '\0';
    }
}

const char *rb_net_lan_state_text(rb_net_lan_state state)
{
    switch (state) {
    case RB_NET_LAN_STARTING: return "looking for games on the local network";
    case RB_NET_LAN_READY: return "looking for games on the local network (Avahi is running)";
    case RB_NET_LAN_NO_DAEMON:
        return "the Avahi daemon is not running, so games on the local network cannot be found or announced";
    case RB_NET_LAN_UNAVAILABLE:
        return "this build has no Avahi, so games on the local network cannot be found or announced";
    case RB_NET_LAN_FAILED: return "finding games on the local network failed";
    default: return "unknown state";
    }
}

#ifndef RB_HAVE_AVAHI

struct rb_net_lan {
    int unused;
};

rb_net_lan *rb_net_lan_open(void)
{
    return calloc(1, sizeof(rb_net_lan));
}

void rb_net_lan_close(rb_net_lan *lan)
{
    free(lan);
}

rb_net_lan_state rb_net_lan_status(const rb_net_lan *lan)
{
    (void)lan;
    return RB_NET_LAN_UNAVAILABLE;
}

const char *rb_net_lan_detail(const rb_net_lan *lan, char *buf, size_t size)
{
    (void)lan;
    if (size > 0) {
        buf[0] = '\0';
    }
    return buf;
}

int rb_net_lan_games(rb_net_lan *lan, rb_net_lan_game *out, int max)
{
    (void)lan;
    (void)out;
    (void)max;
    return 0;
}

unsigned rb_net_lan_generation(const rb_net_lan *lan)
{
    (void)lan;
    return 0;
}

int rb_net_lan_announce(rb_net_lan *lan, const char *player_name, int port, char *err, size_t errlen)
{
    (void)lan;
    (void)player_name;
    (void)port;
    snprintf(err, errlen, "%s", rb_net_lan_state_text(RB_NET_LAN_UNAVAILABLE));
    return -1;
}

void rb_net_lan_withdraw(rb_net_lan *lan)
{
    (void)lan;
}

bool rb_net_lan_announced(const rb_net_lan *lan)
{
    (void)lan;
    return false;
}

#else

#include <net/if.h>
#include <sys/time.h>

#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/domain.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-common/thread-watch.h>

/* A service as one interface and protocol resolved it: the same game is
 * often seen over IPv4 and IPv6 and on several interfaces, and the list a
 * caller gets keeps one of them. */
typedef struct lan_entry {
    AvahiIfIndex iface;
    AvahiProtocol proto;
    char service[AVAHI_LABEL_MAX]; /* the instance name as it came, for removal */
    char domain[AVAHI_DOMAIN_NAME_MAX];
    rb_net_lan_game game;
    bool link_local;
} lan_entry;

struct rb_net_lan {
    AvahiThreadedPoll *poll;
    /* owned by the poll's thread (touched elsewhere only under its lock) */
    AvahiClient *client;
    AvahiServiceBrowser *browser;
    AvahiEntryGroup *group;
    char ann_name[AVAHI_LABEL_MAX]; /* the name announced now (after any clash) */
    /* behind mu */
    pthread_mutex_t mu;
    rb_net_lan_state state;
    char detail[160];
    lan_entry entries[RB_NET_LAN_GAMES_MAX * 2];
    int n_entries;
    unsigned generation;
    bool want_announce;
    char want_name[RB_NET_NAME_MAX + 1];
    int want_port;
    bool announced;
};

static void set_state(rb_net_lan *lan, rb_net_lan_state s, int error)
{
    pthread_mutex_lock(&lan->mu);
    lan->state = s;
    if (s == RB_NET_LAN_FAILED && error != 0) {
        snprintf(lan->detail, sizeof lan->detail, "%s", avahi_strerror(error));
    }
    pthread_mutex_unlock(&lan->mu);
}

static bool is_no_daemon(int error)
{
    return error == AVAHI_ERR_NO_DAEMON || error == AVAHI_ERR_DBUS_ERROR || error == AVAHI_ERR_DISCONNECTED;
}

/* ---- the announcement (on the poll's thread) ---- */

static void publish(rb_net_lan *lan, AvahiClient *c);

static void group_cb(AvahiEntryGroup *g, AvahiEntryGroupState state, void *data)
{
    rb_net_lan *lan = data;
    if (state == AVAHI_ENTRY_GROUP_ESTABLISHED) {
        pthread_mutex_lock(&lan->mu);
        lan->announced = true;
        pthread_mutex_unlock(&lan->mu);
    } else if (state == AVAHI_ENTRY_GROUP_COLLISION) {
        /* another game on the network has this name: take the next free one */
        char *alt = avahi_alternative_service_name(lan->ann_name);
        if (alt != NULL) {
            snprintf(lan->ann_name, sizeof lan->ann_name, "%s", alt);
            avahi_free(alt);
        }
        avahi_entry_group_reset(g);
        publish(lan, avahi_entry_group_get_client(g));
    } else if (state == AVAHI_ENTRY_GROUP_FAILURE) {
        pthread_mutex_lock(&lan->mu);
        lan->announced = false;
        snprintf(lan->detail, sizeof lan->detail, "%s",
                 avahi_strerror(avahi_client_errno(avahi_entry_group_get_client(g))));
        pthread_mutex_unlock(&lan->mu);
    } else {
        pthread_mutex_lock(&lan->mu);
        lan->announced = false;
        pthread_mutex_unlock(&lan->mu);
    }
}

/* Registers what is wanted (or withdraws it), with the client running. */
static void publish(rb_net_lan *lan, AvahiClient *c)
{
    pthread_mutex_lock(&lan->mu);
    bool want = lan->want_announce;
    int port = lan->want_port;
    lan->announced = false;
    pthread_mutex_unlock(&lan->mu);

    if (lan->group != NULL) {
        avahi_entry_group_reset(lan->group);
    }
    if (!want || c == NULL || avahi_client_get_state(c) != AVAHI_CLIENT_S_RUNNING) {
        return;
    }
    if (lan->group == NULL) {
        lan->group = avahi_entry_group_new(c, group_cb, lan);
        if (lan->group == NULL) {
            goto failed;
        }
    }
    char proto[16];
    snprintf(proto, sizeof proto, "proto=%d", RB_NET_PROTO);
    /* the TXT record names the protocol only: never the invite's token */
    int rc = avahi_entry_group_add_service(lan->group, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, 0, lan->ann_name,
                                           RB_NET_LAN_TYPE, NULL, NULL, (uint16_t)port, proto, NULL);
    if (rc == AVAHI_ERR_COLLISION) {
        char *alt = avahi_alternative_service_name(lan->ann_name);
        if (alt != NULL) {
            snprintf(lan->ann_name, sizeof lan->ann_name, "%s", alt);
            avahi_free(alt);
        }
        rc = avahi_entry_group_add_service(lan->group, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, 0, lan->ann_name,
                                           RB_NET_LAN_TYPE, NULL, NULL, (uint16_t)port, proto, NULL);
    }
    if (rc < 0 || (rc = avahi_entry_group_commit(lan->group)) < 0) {
        pthread_mutex_lock(&lan->mu);
        snprintf(lan->detail, sizeof lan->detail, "%s", avahi_strerror(rc));
        pthread_mutex_unlock(&lan->mu);
    }
    return;
failed:
    pthread_mutex_lock(&lan->mu);
    snprintf(lan->detail, sizeof lan->detail, "%s", avahi_strerror(avahi_client_errno(c)));
    pthread_mutex_unlock(&lan->mu);
}

/* ---- the list (on the poll's thread) ---- */

static void entry_remove(rb_net_lan *lan, AvahiIfIndex iface, AvahiProtocol proto, const char *service,
                         const char *domain)
{
    pthread_mutex_lock(&lan->mu);
    for (int i = 0; i < lan->n_entries;) {
        lan_entry *e = &lan->entries[i];
        if (e->iface == iface && e->proto == proto && strcmp(e->service, service) == 0 &&
            strcmp(e->domain, domain) == 0) {
            lan->entries[i] = lan->entries[--lan->n_entries];
            lan->generation++;
        } else {
            i++;
        }
    }
    pthread_mutex_unlock(&lan->mu);
}

static void entry_put(rb_net_lan *lan, const lan_entry *in)
{
    pthread_mutex_lock(&lan->mu);
    int i = 0;
    while (i < lan->n_entries &&
           !(lan->entries[i].iface == in->iface && lan->entries[i].proto == in->proto &&
             strcmp(lan->entries[i].service, in->service) == 0 && strcmp(lan->entries[i].domain, in->domain) == 0)) {
        i++;
    }
    if (i < (int)(sizeof lan->entries / sizeof lan->entries[0])) {
        lan->entries[i] = *in;
        if (i == lan->n_entries) {
            lan->n_entries++;
        }
        lan->generation++;
    }
    pthread_mutex_unlock(&lan->mu);
}

static int txt_proto(AvahiStringList *txt)
{
    AvahiStringList *item = avahi_string_list_find(txt, "proto");
    char *key = NULL, *value = NULL;
    int proto = 0;
    if (item != NULL && avahi_string_list_get_pair(item, &key, &value, NULL) == 0 && value != NULL) {
        char clean[16];
        rb_net_lan_clean(value, strlen(value), clean, sizeof clean - 1);
        int64_t v;
        if (rb_net_parse_i64(clean, 1, 1000, &v)) {
            proto = (int)v;
        }
    }
    avahi_free(key);
    avahi_free(value);
    return proto;
}

static void resolve_cb(AvahiServiceResolver *r, AvahiIfIndex iface, AvahiProtocol proto, AvahiResolverEvent event,
                       const char *name, const char *type, const char *domain, const char *host_name,
                       const AvahiAddress *a, uint16_t port, AvahiStringList *txt, AvahiLookupResultFlags flags,
                       void *data)
{
    (void)type;
    (void)host_name;
    rb_net_lan *lan = data;
    if (event == AVAHI_RESOLVER_FOUND && a != NULL && port != 0 && !(flags & AVAHI_LOOKUP_RESULT_OUR_OWN)) {
        lan_entry e;
        memset(&e, 0, sizeof e);
        e.iface = iface;
        e.proto = proto;
        snprintf(e.service, sizeof e.service, "%s", name);
        snprintf(e.domain, sizeof e.domain, "%s", domain);
        rb_net_lan_clean(name, strlen(name), e.game.name, RB_NET_NAME_MAX);
        char addr[AVAHI_ADDRESS_STR_MAX];
        avahi_address_snprint(addr, sizeof addr, a);
        e.link_local = a->proto == AVAHI_PROTO_INET6 && a->data.ipv6.address[0] == 0xfe &&
                       (a->data.ipv6.address[1] & 0xc0) == 0x80;
        char ifname[IF_NAMESIZE] = "";
        if (e.link_local && if_indextoname((unsigned)iface, ifname) != NULL) {
            snprintf(e.game.host, sizeof e.game.host, "%s%%%s", addr, ifname); /* the scope, to connect */
        } else {
            snprintf(e.game.host, sizeof e.game.host, "%s", addr);
        }
        e.game.port = port;
        e.game.proto = txt_proto(txt);
        entry_put(lan, &e);
    }
    avahi_service_resolver_free(r);
}

static void browse_cb(AvahiServiceBrowser *b, AvahiIfIndex iface, AvahiProtocol proto, AvahiBrowserEvent event,
                      const char *name, const char *type, const char *domain, AvahiLookupResultFlags flags, void *data)
{
    (void)flags;
    rb_net_lan *lan = data;
    switch (event) {
    case AVAHI_BROWSER_NEW:
        /* a resolver that cannot be made loses only this game */
        (void)avahi_service_resolver_new(avahi_service_browser_get_client(b), iface, proto, name, type, domain,
                                         AVAHI_PROTO_UNSPEC, 0, resolve_cb, lan);
        break;
    case AVAHI_BROWSER_REMOVE: entry_remove(lan, iface, proto, name, domain); break;
    case AVAHI_BROWSER_FAILURE:
        set_state(lan, RB_NET_LAN_FAILED, avahi_client_errno(avahi_service_browser_get_client(b)));
        break;
    default: break;
    }
}

/* ---- the client (on the poll's thread) ---- */

static void client_cb(AvahiClient *c, AvahiClientState state, void *data);

static void forget_client(rb_net_lan *lan)
{
    /* freeing the client frees its browser, resolvers and group */
    if (lan->client != NULL) {
        avahi_client_free(lan->client);
    }
    lan->client = NULL;
    lan->browser = NULL;
    lan->group = NULL;
    pthread_mutex_lock(&lan->mu);
    if (lan->n_entries > 0) {
        lan->generation++;
    }
    lan->n_entries = 0;
    lan->announced = false;
    pthread_mutex_unlock(&lan->mu);
}

static void start_client(rb_net_lan *lan)
{
    int error = 0;
    /* NO_FAIL: with no daemon the client waits for one, and takes up its
     * work when the daemon starts (or starts again) */
    AvahiClient *c = avahi_client_new(avahi_threaded_poll_get(lan->poll), AVAHI_CLIENT_NO_FAIL, client_cb, lan, &error);
    if (c == NULL) {
        set_state(lan, is_no_daemon(error) ? RB_NET_LAN_NO_DAEMON : RB_NET_LAN_FAILED, error);
        return;
    }
    lan->client = c;
}

static void client_cb(AvahiClient *c, AvahiClientState state, void *data)
{
    rb_net_lan *lan = data;
    if (lan->client == NULL) {
        lan->client = c; /* called from within avahi_client_new */
    }
    switch (state) {
    case AVAHI_CLIENT_S_RUNNING:
        if (lan->browser == NULL) {
            lan->browser = avahi_service_browser_new(c, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, RB_NET_LAN_TYPE, NULL, 0,
                                                     browse_cb, lan);
            if (lan->browser == NULL) {
                set_state(lan, RB_NET_LAN_FAILED, avahi_client_errno(c));
                return;
            }
        }
        set_state(lan, RB_NET_LAN_READY, 0);
        publish(lan, c);
        break;
    case AVAHI_CLIENT_S_COLLISION:
    case AVAHI_CLIENT_S_REGISTERING:
        /* the daemon renames this host: announce again once it runs */
        if (lan->group != NULL) {
            avahi_entry_group_reset(lan->group);
        }
        break;
    case AVAHI_CLIENT_CONNECTING: set_state(lan, RB_NET_LAN_NO_DAEMON, 0); break;
    case AVAHI_CLIENT_FAILURE:
        if (avahi_client_errno(c) == AVAHI_ERR_DISCONNECTED) {
            /* the daemon went away: wait for it to come back */
            forget_client(lan);
            set_state(lan, RB_NET_LAN_NO_DAEMON, 0);
            start_client(lan);
        } else {
            set_state(lan, RB_NET_LAN_FAILED, avahi_client_errno(c));
        }
        break;
    }
}

static void start_cb(AvahiTimeout *t, void *data)
{
    rb_net_lan *lan = data;
    avahi_threaded_poll_get(lan->poll)->timeout_free(t);
    start_client(lan);
}

/* ---- the callers' side ---- */

rb_net_lan *rb_net_lan_open(void)
{
    rb_net_lan *lan = calloc(1, sizeof *lan);
    if (lan == NULL) {
        return NULL;
    }
    pthread_mutex_init(&lan->mu, NULL);
    lan->state = RB_NET_LAN_STARTING;
    lan->poll = avahi_threaded_poll_new();
    if (lan->poll == NULL) {
        lan->state = RB_NET_LAN_FAILED;
        snprintf(lan->detail, sizeof lan->detail, "%s", avahi_strerror(AVAHI_ERR_NO_MEMORY));
        return lan;
    }
    struct timeval now;
    gettimeofday(&now, NULL);
    const AvahiPoll *api = avahi_threaded_poll_get(lan->poll);
    if (api->timeout_new(api, &now, start_cb, lan) == NULL || avahi_threaded_poll_start(lan->poll) < 0) {
        avahi_threaded_poll_free(lan->poll);
        lan->poll = NULL;
        lan->state = RB_NET_LAN_FAILED;
        snprintf(lan->detail, sizeof lan->detail, "%s", "the thread of the network's list could not start");
    }
    return lan;
}

void rb_net_lan_close(rb_net_lan *lan)
{
    if (lan == NULL) {
        return;
    }
    if (lan->poll != NULL) {
        avahi_threaded_poll_stop(lan->poll);
        /* the poll's thread is gone: freeing the client withdraws the
         * announcement with it */
        if (lan->client != NULL) {
            avahi_client_free(lan->client);
        }
        avahi_threaded_poll_free(lan->poll);
    }
    pthread_mutex_destroy(&lan->mu);
    free(lan);
}

rb_net_lan_state rb_net_lan_status(const rb_net_lan *lan)
{
    rb_net_lan *m = (rb_net_lan *)lan; /* the lock is not the caller's business */
    pthread_mutex_lock(&m->mu);
    rb_net_lan_state s = m->state;
    pthread_mutex_unlock(&m->mu);
    return s;
}

const char *rb_net_lan_detail(const rb_net_lan *lan, char *buf, size_t size)
{
    rb_net_lan *m = (rb_net_lan *)lan;
    pthread_mutex_lock(&m->mu);
    snprintf(buf, size, "%s", m->detail);
    pthread_mutex_unlock(&m->mu);
    return buf;
}

unsigned rb_net_lan_generation(const rb_net_lan *lan)
{
    rb_net_lan *m = (rb_net_lan *)lan;
    pthread_mutex_lock(&m->mu);
    unsigned g = m->generation;
    pthread_mutex_unlock(&m->mu);
    return g;
}

/* IPv4 first, then a routable IPv6 address, then the loopback (the game is
 * on this computer: another address of it is as good, and shows where it
 * is), then a link-local one. */
static int entry_rank(const lan_entry *e)
{
    if (strncmp(e->game.host, "127.", 4) == 0 || strcmp(e->game.host, "::1") == 0) {
        return 2;
    }
    return strchr(e->game.host, ':') == NULL ? 0 : e->link_local ? 3 : 1;
}

static int game_cmp(const void *a, const void *b)
{
    const rb_net_lan_game *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c != 0 ? c : strcmp(x->host, y->host);
}

int rb_net_lan_games(rb_net_lan *lan, rb_net_lan_game *out, int max)
{
    if (max <= 0) {
        return 0;
    }
    int n = 0;
    pthread_mutex_lock(&lan->mu);
    for (int i = 0; i < lan->n_entries; i++) {
        const lan_entry *e = &lan->entries[i];
        /* the best of the entries of the same service */
        bool best = true;
        for (int j = 0; j < lan->n_entries && best; j++) {
            const lan_entry *o = &lan->entries[j];
            if (j == i || strcmp(o->service, e->service) != 0 || strcmp(o->domain, e->domain) != 0) {
                continue;
            }
            int ro = entry_rank(o), re = entry_rank(e);
            if (ro < re || (ro == re && j < i)) {
                best = false;
            }
        }
        if (best && n < max) {
            out[n++] = e->game;
        }
    }
    pthread_mutex_unlock(&lan->mu);
    qsort(out, (size_t)n, sizeof *out, game_cmp);
    return n;
}

int rb_net_lan_announce(rb_net_lan *lan, const char *player_name, int port, char *err, size_t errlen)
{
    if (port < 1 || port > 65535) {
        snprintf(err, errlen, "the port %d is not from 1 to 65535", port);
        return -1;
    }
    rb_net_lan_state s = rb_net_lan_status(lan);
    if (s == RB_NET_LAN_NO_DAEMON || s == RB_NET_LAN_FAILED || lan->poll == NULL) {
        snprintf(err, errlen, "%s", rb_net_lan_state_text(s));
        return -1;
    }
    char name[RB_NET_NAME_MAX + 1];
    rb_net_lan_clean(player_name != NULL ? player_name : "", player_name != NULL ? strlen(player_name) : 0, name,
                     RB_NET_NAME_MAX);
    avahi_threaded_poll_lock(lan->poll);
    pthread_mutex_lock(&lan->mu);
    lan->want_announce = true;
    lan->want_port = port;
    snprintf(lan->want_name, sizeof lan->want_name, "%s", name);
    lan->detail[0] = '\0';
    pthread_mutex_unlock(&lan->mu);
    snprintf(lan->ann_name, sizeof lan->ann_name, "%s", name);
    publish(lan, lan->client);
    avahi_threaded_poll_unlock(lan->poll);
    return 0;
}

void rb_net_lan_withdraw(rb_net_lan *lan)
{
    if (lan->poll == NULL) {
        return;
    }
    avahi_threaded_poll_lock(lan->poll);
    pthread_mutex_lock(&lan->mu);
    lan->want_announce = false;
    pthread_mutex_unlock(&lan->mu);
    publish(lan, lan->client);
    avahi_threaded_poll_unlock(lan->poll);
}

bool rb_net_lan_announced(const rb_net_lan *lan)
{
    rb_net_lan *m = (rb_net_lan *)lan;
    pthread_mutex_lock(&m->mu);
    bool a = m->announced;
    pthread_mutex_unlock(&m->mu);
    return a;
}

#endif
