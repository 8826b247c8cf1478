/*
 * addrs.c - the host's addresses, named and sorted (addrs.h).
 *
 * A home router hands out private addresses (192.168.x, 10.x,
 * 172.16-31.x), which is where a friend in the same house connects; an
 * address of the carriers' shared range (100.64.0.0/10) is a VPN's or a
 * provider's behind its own router, and a link-local one (169.254.x) a
 * cable with no router. Read from the address alone: nothing here looks
 * at the network.
 */
#define _POSIX_C_SOURCE 200809L

#include "net/addrs.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

#include "rb_net_sock.h"

rb_ui_addr_kind rb_ui_addr_kind_of(const char *ipv4)
{
    struct in_addr a;
    if (ipv4 == NULL || inet_pton(AF_INET, ipv4, &a) != 1) {
        return RB_UI_ADDR_PUBLIC;
    }
    uint32_t v = ntohl(a.s_addr);
    unsigned b0 = v >> 24, b1 = (v >> 16) & 0xff;
    if (b0 == 127) {
        return RB_UI_ADDR_LOOPBACK;
    }
    if (b0 == 10 || (b0 == 172 && b1 >= 16 && b1 <= 31) || (b0 == 192 && b1 == 168)) {
        return RB_UI_ADDR_LAN;
    }
    if (b0 == 100 && b1 >= 64 && b1 <= 127) {
        return RB_UI_ADDR_SHARED;
    }
    if (b0 == 169 && b1 == 254) {
        return RB_UI_ADDR_LINK_LOCAL;
    }
    return RB_UI_ADDR_PUBLIC;
}

/* Lower first: the order a friend would try them in. */
static int addr_rank(int kind)
{
    switch ((rb_ui_addr_kind)kind) {
    case RB_UI_ADDR_LAN: return 0;
    case RB_UI_ADDR_PUBLIC: return 1;
    case RB_UI_ADDR_SHARED: return 2;
    case RB_UI_ADDR_LINK_LOCAL: return 3;
    case RB_UI_ADDR_LOOPBACK:
    default: return 4;
    }
}

void rb_ui_net_addrs_sort(char addrs[][RB_UI_ADDR_TEXT], int kinds[], int n)
{
    for (int i = 0; i < n; i++) {
        kinds[i] = (int)rb_ui_addr_kind_of(addrs[i]);
    }
    /* Insertion sort: a handful of entries, and stable. */
    for (int i = 1; i < n; i++) {
        char text[RB_UI_ADDR_TEXT];
        int kind = kinds[i], j = i;
        memcpy(text, addrs[i], sizeof text);
        while (j > 0 && addr_rank(kinds[j - 1]) > addr_rank(kind)) {
            memcpy(addrs[j], addrs[j - 1], sizeof text);
            kinds[j] = kinds[j - 1];
            j--;
        }
        memcpy(addrs[j], text, sizeof text);
        kinds[j] = kind;
    }
}

int rb_ui_net_addrs_local(char addrs[][RB_UI_ADDR_TEXT], int kinds[], int max)
{
    int n = rb_net_local_addresses(addrs, max);
    if (n <= 0) {
        snprintf(addrs[0], RB_UI_ADDR_TEXT, "127.0.0.1");
        n = 1;
    }
    rb_ui_net_addrs_sort(addrs, kinds, n);
    return n;
}
