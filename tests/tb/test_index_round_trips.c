/*
 * test_index_round_trips.c - the sets and their index: the 25 sets of up
 * to four men in an order that computes each after what it leads into,
 * names parsed and refused, every index of every set decoded and encoded
 * back to itself, and a position and its 180-degree turn with the colours
 * swapped given the same value.
 */
#include "support.h"

#include <string.h>

#include "tb_check.h"
#include "tb_fixture.h"

static void the_sets_come_in_an_order_that_can_be_computed(void **state)
{
    (void)state;
    rb_tb_set sets[32];
    int n = rb_tb_all_sets(4, sets, 32);
    assert_int_equal(n, 25);
    assert_string_equal(sets[0].name, "KvK");
    for (int i = 0; i < n; i++) {
        rb_tb_set succ[64];
        int m = rb_tb_successor_sets(&sets[i], succ, 64);
        for (int j = 0; j < m; j++) {
            int k = 0;
            while (k < i && strcmp(sets[k].name, succ[j].name) != 0) {
                k++;
            }
            if (k == i) {
                fail_msg("%s leads into %s, which comes later", sets[i].name, succ[j].name);
            }
        }
    }
}

static void set_names_are_read_and_bad_ones_refused(void **state)
{
    (void)state;
    rb_tb_set s;
    char err[256];
    assert_int_equal(rb_tb_set_parse(&s, "KRRvKR", err, sizeof err), 0);
    assert_int_equal(s.men, 5);
    assert_false(s.symmetric);
    assert_int_equal(rb_tb_set_parse(&s, "KPvKP", err, sizeof err), 0);
    assert_true(s.symmetric);
    assert_int_equal(s.nstm, 1);
    const char *bad[] = {"KRv", "KXvK", "RvK", "KRKvK", "KPPPvK", "KRRRvKRR", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(rb_tb_set_parse(&s, bad[i], err, sizeof err), -1);
        assert_true(strlen(err) > 10);
    }
}

static void every_index_decodes_and_encodes_back(void **state)
{
    (void)state;
    rb_tb_set sets[32];
    int n = rb_tb_all_sets(4, sets, 32);
    for (int i = 0; i < n; i++) {
        uint64_t step = sets[i].size > 3000000 ? 31 : 3, placed = 0;
        for (uint64_t ix = 0; ix < sets[i].size; ix += step) {
            rb_tb_place p;
            if (!rb_tb_decode(&sets[i], ix, &p)) {
                continue;
            }
            placed++;
            int64_t back = rb_tb_encode(&sets[i], &p);
            if (back != (int64_t)ix) {
                fail_msg("%s: index %llu encodes back as %lld", sets[i].name, (unsigned long long)ix, (long long)back);
            }
        }
        assert_true(placed > 0);
    }
}

static void a_turned_position_has_the_same_value(void **state)
{
    (void)state;
    rb_tb *tb = fixture_store(false);
    rb_tb_set sets[8];
    int n = rb_tb_all_sets(3, sets, 8);
    uint64_t checked = 0;
    for (int i = 0; i < n; i++) {
        fixture_ensure(tb, &sets[i]);
        const uint8_t *values = rb_tb_values(tb, &sets[i]);
        for (uint64_t ix = 0; ix < sets[i].size; ix += 3) {
            rb_tb_place p;
            if (values[ix] == RB_TB_NONE || !rb_tb_decode(&sets[i], ix, &p)) {
                continue;
            }
            rb_pos pos, turned;
            rb_tb_place_to_pos(&sets[i], &p, &pos);
            rb_tb_turn_pos(&pos, &turned);
            assert_int_equal(rb_tb_probe(tb, &pos), values[ix]);
            assert_int_equal(rb_tb_probe(tb, &turned), values[ix]);
            checked++;
        }
    }
    assert_true(checked > 100000);
    rb_tb_free(tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_sets_come_in_an_order_that_can_be_computed),
        cmocka_unit_test(set_names_are_read_and_bad_ones_refused),
        cmocka_unit_test(every_index_decodes_and_encodes_back),
        cmocka_unit_test(a_turned_position_has_the_same_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
