/*
 * test_net_addrs.c - the machine's addresses the host shows a friend: each
 * is a written IPv4 address a friend could type, none is the loopback
 * (useless to another machine), the list agrees with the system's own, and
 * a short list takes the first of the full one.
 */
#include "support.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <string.h>

#include "rb_net_sock.h"

/* How many non-loopback IPv4 addresses the system itself reports. */
static int system_count(void)
{
    struct ifaddrs *list = NULL;
    int n = 0;
    assert_int_equal(getifaddrs(&list), 0);
    for (struct ifaddrs *i = list; i != NULL; i = i->ifa_next) {
        if (i->ifa_addr != NULL && i->ifa_addr->sa_family == AF_INET) {
            const struct sockaddr_in *a = (const struct sockaddr_in *)(const void *)i->ifa_addr;
            n += (ntohl(a->sin_addr.s_addr) >> 24) != 127;
        }
    }
    freeifaddrs(list);
    return n;
}

static void every_address_is_one_a_friend_can_type(void **state)
{
    (void)state;
    char out[16][64];
    memset(out, 0, sizeof out);
    int n = rb_net_local_addresses(out, 16);
    assert_true(n >= 0 && n <= 16);
    assert_int_equal(n, system_count() < 16 ? system_count() : 16);
    for (int i = 0; i < n; i++) {
        struct in_addr a;
        assert_int_equal(inet_pton(AF_INET, out[i], &a), 1);
        assert_int_not_equal(ntohl(a.s_addr) >> 24, 127);
    }
}

static void a_short_list_takes_the_first_addresses(void **state)
{
    (void)state;
    char all[16][64], one[1][64], none[1][64] = {"untouched"};
    int n = rb_net_local_addresses(all, 16);
    assert_int_equal(rb_net_local_addresses(none, 0), 0);
    assert_string_equal(none[0], "untouched");
    int m = rb_net_local_addresses(one, 1);
    assert_int_equal(m, n > 0 ? 1 : 0);
    if (m == 1) {
        assert_string_equal(one[0], all[0]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_address_is_one_a_friend_can_type),
        cmocka_unit_test(a_short_list_takes_the_first_addresses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
