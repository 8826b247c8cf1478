/*
 * addrs.h - the host's addresses as a friend would use them: the machine's
 * own list (rb_net_local_addresses), each named for the network it is on,
 * the one a friend at home or at work reaches first, so that the invite
 * code carries it and the waiting view can say which is which. No SDL.
 */
#ifndef RB_UI_NET_ADDRS_H
#define RB_UI_NET_ADDRS_H

/* The kinds, in the numbers of the window's state (state/net_state.h),
 * which app/ checks are the same. */
typedef enum {
    RB_UI_ADDR_LAN = 0,    /* a private network's: a friend at home or at work */
    RB_UI_ADDR_PUBLIC,     /* reachable from the Internet, as far as the address says */
    RB_UI_ADDR_SHARED,     /* a carrier's or a VPN's shared range (100.64.0.0/10) */
    RB_UI_ADDR_LINK_LOCAL, /* 169.254.x: a cable between two computers, no router */
    RB_UI_ADDR_LOOPBACK    /* this computer only */
} rb_ui_addr_kind;

#define RB_UI_ADDRS_MAX 4
#define RB_UI_ADDR_TEXT 64

/* What kind of address an IPv4 address in text is (rb_ui_addr_kind);
 * text that is no IPv4 address counts as public. */
rb_ui_addr_kind rb_ui_addr_kind_of(const char *ipv4);
/* Sorts n addresses (and their kinds, filled here) as a friend would try
 * them: the local network's, then public ones, the shared ranges,
 * link-local ones, the loopback; in the system's order within a kind. */
void rb_ui_net_addrs_sort(char addrs[][RB_UI_ADDR_TEXT], int kinds[], int n);
/* The machine's addresses a friend might reach, sorted so; when it has
 * none, the loopback alone. Returns how many (1 to max). */
int rb_ui_net_addrs_local(char addrs[][RB_UI_ADDR_TEXT], int kinds[], int max);

#endif
