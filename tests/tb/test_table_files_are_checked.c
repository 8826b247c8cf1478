/*
 * test_table_files_are_checked.c - a table file is read back as written,
 * and one whose header, size or checksum is wrong is refused with a
 * message naming the file; a store without a table says none and names
 * the damaged one.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rb_tb.h"
#include "tb_fixture.h"

typedef struct files {
    char dir[64], path[128];
    rb_tb_set set;
    uint8_t *values;
} files;

static int setup(void **state)
{
    files *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/rb_tb_files_XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    rb_tb *tb = rb_tb_open("");
    fixture_ensure_name(tb, "KRvK");
    char err[256];
    rb_tb_set_parse(&f->set, "KRvK", err, sizeof err);
    f->values = malloc(f->set.size);
    memcpy(f->values, rb_tb_values(tb, &f->set), f->set.size);
    rb_tb_free(tb);
    snprintf(f->path, sizeof f->path, "%s/KRvK.rbt", f->dir);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    files *f = *state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    assert_int_equal(system(cmd), 0);
    free(f->values);
    free(f);
    return 0;
}

static void write_good(files *f)
{
    char err[512];
    assert_int_equal(rb_tb_write(f->path, &f->set, f->values, err, sizeof err), 0);
}

static void poke(const char *path, long at, int value)
{
    FILE *fp = fopen(path, "r+b");
    assert_non_null(fp);
    fseek(fp, at, SEEK_SET);
    fputc(value, fp);
    fclose(fp);
}

static void refused(files *f, const char *why)
{
    char err[1024];
    uint8_t *v = rb_tb_read(f->path, &f->set, err, sizeof err);
    assert_null(v);
    assert_non_null(strstr(err, f->path));
    if (strstr(err, why) == NULL) {
        fail_msg("'%s' does not say '%s'", err, why);
    }
}

static void a_table_reads_back_as_written(void **state)
{
    files *f = *state;
    write_good(f);
    char err[512];
    uint8_t *v = rb_tb_read(f->path, &f->set, err, sizeof err);
    assert_non_null(v);
    assert_memory_equal(v, f->values, f->set.size);
    free(v);
}

static void a_wrong_header_or_checksum_is_refused_with_the_name(void **state)
{
    files *f = *state;
    write_good(f);
    poke(f->path, 0, 'X');
    refused(f, "wrong magic");
    write_good(f);
    poke(f->path, 8, 9);
    refused(f, "wrong version");
    write_good(f);
    poke(f->path, 17, 'B');
    refused(f, "another material set");
    write_good(f);
    poke(f->path, 33, 0x55);
    refused(f, "other rules");
    write_good(f);
    poke(f->path, RB_TB_HEADER_SIZE + 12345, 0x77);
    refused(f, "checksum");
    write_good(f);
    assert_int_equal(truncate(f->path, RB_TB_HEADER_SIZE + 1000), 0);
    refused(f, "truncated");
    write_good(f);
    FILE *fp = fopen(f->path, "ab");
    fputc(0, fp);
    fclose(fp);
    refused(f, "bytes after");
    assert_int_equal(truncate(f->path, 10), 0);
    refused(f, "shorter than a table's header");
    remove(f->path);
    refused(f, "cannot read");
}

static void a_store_goes_on_without_a_damaged_table(void **state)
{
    files *f = *state;
    write_good(f);
    /* a four-man table makes the store expect the smaller ones */
    char four[160];
    snprintf(four, sizeof four, "%s/KRvKR.rbt", f->dir);
    FILE *fp = fopen(four, "wb");
    fclose(fp);
    poke(f->path, RB_TB_HEADER_SIZE + 5, 0x33);
    rb_tb *tb = rb_tb_open(f->dir);
    assert_int_equal(rb_tb_max_men(tb), 4);
    rb_pos pos;
    rb_test_parse(&pos, "7/7/2xxx2/2xxx2/2xxx2/3R2k/K6 w Kk 0 1");
    assert_int_equal(rb_tb_probe(tb, &pos), RB_TB_NONE);
    assert_non_null(strstr(rb_tb_problem(tb), f->path));
    assert_non_null(strstr(rb_tb_problem(tb), "checksum"));
    rb_tb_free(tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_table_reads_back_as_written, setup, teardown),
        cmocka_unit_test_setup_teardown(a_wrong_header_or_checksum_is_refused_with_the_name, setup, teardown),
        cmocka_unit_test_setup_teardown(a_store_goes_on_without_a_damaged_table, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
