/*
 * test_protocol_probe.c - the endgame tables through the protocol:
 * setoption name TablebasePath, the probe command's exact form, the score
 * and tbhits of a search in the tables, and a missing or damaged table
 * said once, with its file's name, while the engine goes on without it.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proto_harness.h"
#include "rb_tb.h"

/* The three-man tables, computed into a fresh folder. */
static void make_tables(char *dir, size_t len)
{
    snprintf(dir, len, "/tmp/rb_probe_test_XXXXXX");
    assert_non_null(mkdtemp(dir));
    rb_tb *tb = rb_tb_open("");
    rb_tb_set sets[8];
    int n = rb_tb_all_sets(3, sets, 8);
    for (int i = 0; i < n; i++) {
        char err[512], path[600];
        uint8_t *values = rb_tb_generate(tb, &sets[i], 2, NULL, NULL, NULL, err, sizeof err);
        assert_non_null(values);
        snprintf(path, sizeof path, "%.500s/%.15s%s", dir, sets[i].name, RB_TB_EXT);
        assert_int_equal(rb_tb_write(path, &sets[i], values, err, sizeof err), 0);
        rb_tb_adopt(tb, &sets[i], values);
    }
    rb_tb_free(tb);
}

static void remove_tables(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void send_path(harness *h, const char *dir)
{
    char line[700];
    snprintf(line, sizeof line, "setoption name TablebasePath value %s", dir);
    harness_send(h, line);
}

static void probe_lists_the_position_and_every_move(void **state)
{
    (void)state;
    char dir[64];
    make_tables(dir, sizeof dir);
    harness *h = harness_new();
    send_path(h, dir);
    harness_send(h, "position fen 7/7/2xxx2/2xxx2/2xxx2/3R2k/K6 w Kk 0 1");
    char fen[128];
    assert_string_equal(harness_d(h, "Fen:", fen, sizeof fen), "7/7/2xxx2/2xxx2/2xxx2/3R2k/K6 w Kk 0 1");
    size_t from = harness_count(h);
    harness_send(h, "probe");
    /* White: Ka1, Rd2; Black: Kg2; the rook's side wins in nine plies */
    assert_string_equal(harness_line(h, from), "tb position win 9");
    rb_pos pos;
    rb_test_parse(&pos, "7/7/2xxx2/2xxx2/2xxx2/3R2k/K6 w Kk 0 1");
    rb_movelist list;
    rb_gen_legal(&pos, &list);
    assert_int_equal(harness_count(h) - from, (size_t)list.count + 1);
    assert_string_equal(harness_line(h, from + 1), "tb move a1b1 win 9");
    for (size_t i = from + 1; i < harness_count(h); i++) {
        assert_memory_equal(harness_line(h, i), "tb move ", 8);
    }
    /* a move that wins at once is win 1 */
    harness_send(h, "position fen 7/2K4/2xxx2/2xxx2/2xxx2/7/k6 w K 0 1");
    from = harness_count(h);
    harness_send(h, "probe");
    assert_string_equal(harness_line(h, from), "tb position win 1");
    assert_string_equal(harness_line(h, from + 1), "tb move c6d6 win 1");
    /* more men than any table holds */
    harness_send(h, "position startpos");
    from = harness_count(h);
    harness_send(h, "probe");
    assert_int_equal(harness_count(h) - from, 1);
    assert_string_equal(harness_line(h, from), "tb position none");
    harness_free(h);
    remove_tables(dir);
}

static void a_search_in_the_tables_scores_the_win_and_counts_hits(void **state)
{
    (void)state;
    char dir[64];
    make_tables(dir, sizeof dir);
    harness *h = harness_new();
    send_path(h, dir);
    harness_send(h, "position fen 7/7/2xxx2/2xxx2/2xxx2/3R2k/K6 w Kk 0 1");
    size_t from = harness_count(h);
    harness_send(h, "go depth 4");
    assert_true(harness_wait(h, from, "bestmove", 10000) >= 0);
    bool seen = false;
    for (size_t i = from; i < harness_count(h); i++) {
        const char *l = harness_line(h, i);
        if (strncmp(l, "info depth 4 ", 13) == 0) {
            seen =
                strstr(l, " score win 5 ") != NULL && strstr(l, " tbhits ") != NULL && strstr(l, " tbhits 0") == NULL;
        }
    }
    assert_true(seen);
    assert_string_equal(harness_line(h, harness_count(h) - 1), "bestmove a1b1");
    harness_free(h);
    remove_tables(dir);
}

static void a_damaged_table_is_named_once_and_the_engine_goes_on(void **state)
{
    (void)state;
    char dir[64], path[128];
    make_tables(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/KRvK.rbt", dir);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, 1000, SEEK_SET);
    int c = fgetc(f);
    fseek(f, 1000, SEEK_SET);
    fputc(c ^ 1, f);
    fclose(f);
    harness *h = harness_new();
    send_path(h, dir);
    harness_send(h, "position fen 7/7/2xxx2/2xxx2/2xxx2/3R2k/K6 w Kk 0 1");
    size_t from = harness_count(h);
    harness_send(h, "probe");
    assert_string_equal(harness_line(h, from), "tb position none");
    char want[256];
    snprintf(want, sizeof want,
             "info string error: %s: is damaged (its checksum does not match); the table is not used", path);
    assert_string_equal(harness_line(h, from + 1), want);
    from = harness_count(h);
    harness_send(h, "probe");
    assert_int_equal(harness_count(h) - from, 1); /* said once */
    harness_send(h, "go depth 3");
    rb_proto_wait(h->proto);
    assert_memory_equal(harness_line(h, harness_count(h) - 1), "bestmove ", 9);
    /* the other tables still answer */
    harness_send(h, "position fen 7/2K4/2xxx2/2xxx2/2xxx2/7/k6 w K 0 1");
    from = harness_count(h);
    harness_send(h, "probe");
    assert_string_equal(harness_line(h, from), "tb position win 1");
    harness_free(h);
    remove_tables(dir);
}

static void a_folder_without_tables_is_said_once(void **state)
{
    (void)state;
    harness *h = harness_new();
    size_t from = harness_count(h);
    send_path(h, "/nonexistent/rollerball tables");
    assert_int_equal(harness_count(h) - from, 1);
    assert_string_equal(harness_line(h, from), "info string no endgame tables in '/nonexistent/rollerball tables'; "
                                               "the engine searches endings as any position");
    from = harness_count(h);
    harness_send(h, "probe");
    assert_int_equal(harness_count(h) - from, 1);
    assert_string_equal(harness_line(h, from), "tb position none");
    harness_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(probe_lists_the_position_and_every_move),
        cmocka_unit_test(a_search_in_the_tables_scores_the_win_and_counts_hits),
        cmocka_unit_test(a_damaged_table_is_named_once_and_the_engine_goes_on),
        cmocka_unit_test(a_folder_without_tables_is_said_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
