/*
 * test_store_atomic_files.c - the game's files survive failed writes, and
 * reading refuses what is not a small text file.
 *
 * A failure in the middle of a write is made real with a file-size limit
 * (RLIMIT_FSIZE, which binds root too): the write stops part-way exactly as
 * on a full disk, and the old file must still be there, whole.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files/store.h"

static char dir[256];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/rb-store-test-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

/* Removes the folder and everything the tests left in it, folders made
 * unwritable included: the tests take permissions away on purpose. */
static int teardown(void **state)
{
    (void)state;
    char cmd[600];
    snprintf(cmd, sizeof cmd, "chmod -R u+rwx '%s' && rm -rf '%s'", dir, dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void path_in(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/%s", dir, name);
}

static int files_in_dir(void)
{
    int n = 0;
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] != '.') {
            n++;
        }
    }
    closedir(d);
    return n;
}

static void assert_file_holds(const char *path, const char *text)
{
    char *data = NULL, err[300];
    size_t len = 0;
    assert_int_equal(rb_ui_store_read(path, 1 << 20, &data, &len, err, sizeof err), 0);
    assert_int_equal(len, strlen(text));
    assert_string_equal(data, text);
    free(data);
}

static void a_write_replaces_the_file_and_reads_back(void **state)
{
    (void)state;
    char path[300], err[300];
    path_in(path, sizeof path, "game.pgn");
    assert_int_equal(rb_ui_store_write_atomic(path, "first", 5, err, sizeof err), 0);
    assert_file_holds(path, "first");
    assert_int_equal(rb_ui_store_write_atomic(path, "second text", 11, err, sizeof err), 0);
    assert_file_holds(path, "second text");
    /* No temporary file is left beside it. */
    assert_int_equal(files_in_dir(), 1);
}

static void a_write_cut_short_keeps_the_old_file(void **state)
{
    (void)state;
    char path[300], err[300];
    path_in(path, sizeof path, "autosave.pgn");
    const char *old = "[Event \"old game\"]\n\n1. c2-b3 *\n";
    assert_int_equal(rb_ui_store_write_atomic(path, old, strlen(old), err, sizeof err), 0);

    size_t big = 64 * 1024;
    char *data = malloc(big);
    assert_non_null(data);
    memset(data, 'x', big);

    struct rlimit saved, small;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &saved), 0);
    small = saved;
    small.rlim_cur = 4096; /* the write stops after 4 KB, as on a full disk */
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    err[0] = '\0';
    int rc = rb_ui_store_write_atomic(path, data, big, err, sizeof err);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &saved), 0);
    signal(SIGXFSZ, was);
    free(data);

    assert_int_equal(rc, -1);
    assert_non_null(strstr(err, "Could not save"));
    assert_non_null(strstr(err, "autosave.pgn"));
    assert_file_holds(path, old);
    assert_int_equal(files_in_dir(), 1); /* the partial temp file is gone */
}

static void a_write_into_a_missing_folder_says_so(void **state)
{
    (void)state;
    char path[300], err[300];
    path_in(path, sizeof path, "no-such-folder/game.pgn");
    assert_int_equal(rb_ui_store_write_atomic(path, "x", 1, err, sizeof err), -1);
    assert_non_null(strstr(err, "does not exist"));
}

static void a_write_over_a_folder_fails_and_leaves_it(void **state)
{
    (void)state;
    char path[300], inner[320], err[300];
    path_in(path, sizeof path, "games");
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(inner, sizeof inner, "%s/keep.pgn", path);
    assert_int_equal(rb_ui_store_write_atomic(inner, "kept", 4, err, sizeof err), 0);
    assert_int_equal(rb_ui_store_write_atomic(path, "data", 4, err, sizeof err), -1);
    assert_true(strlen(err) > 0);
    assert_file_holds(inner, "kept");
    assert_int_equal(files_in_dir(), 1); /* just the folder, no temp file */
}

static void a_read_only_folder_is_reported(void **state)
{
    (void)state;
    if (geteuid() == 0) {
        /* Root writes anywhere; the cut-short test above covers failure. */
        skip();
    }
    char sub[300], path[320], err[300];
    path_in(sub, sizeof sub, "locked");
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(path, sizeof path, "%s/settings.conf", sub);
    assert_int_equal(rb_ui_store_write_atomic(path, "old", 3, err, sizeof err), 0);
    assert_int_equal(chmod(sub, 0500), 0);
    assert_int_equal(rb_ui_store_write_atomic(path, "new", 3, err, sizeof err), -1);
    assert_non_null(strstr(err, "permission denied"));
    chmod(sub, 0700);
    assert_file_holds(path, "old");
}

static void reading_a_missing_file_names_it(void **state)
{
    (void)state;
    char path[300], err[300];
    char *data = (char *)1;
    size_t len = 7;
    path_in(path, sizeof path, "nothing.pgn");
    assert_int_equal(rb_ui_store_read(path, 1000, &data, &len, err, sizeof err), -1);
    assert_null(data);
    assert_non_null(strstr(err, "nothing.pgn"));
    assert_non_null(strstr(err, "no such file"));
}

static void reading_refuses_a_file_over_the_cap(void **state)
{
    (void)state;
    char path[300], err[300];
    path_in(path, sizeof path, "big.pgn");
    char text[2001];
    memset(text, 'a', 2000);
    text[2000] = '\0';
    assert_int_equal(rb_ui_store_write_atomic(path, text, 2000, err, sizeof err), 0);
    char *data = NULL;
    size_t len = 0;
    assert_int_equal(rb_ui_store_read(path, 1999, &data, &len, err, sizeof err), -1);
    assert_null(data);
    assert_non_null(strstr(err, "too big"));
    /* Exactly at the cap is fine. */
    assert_int_equal(rb_ui_store_read(path, 2000, &data, &len, err, sizeof err), 0);
    assert_int_equal(len, 2000);
    assert_int_equal(data[2000], '\0');
    free(data);
}

static void reading_refuses_binary_content(void **state)
{
    (void)state;
    char path[300], err[300];
    path_in(path, sizeof path, "image.pgn");
    const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    assert_int_equal(rb_ui_store_write_atomic(path, png, sizeof png - 1, err, sizeof err), 0);
    char *data = NULL;
    size_t len = 0;
    assert_int_equal(rb_ui_store_read(path, 1 << 20, &data, &len, err, sizeof err), -1);
    assert_null(data);
    assert_non_null(strstr(err, "not a text file"));

    /* A NUL byte alone is enough. */
    assert_int_equal(rb_ui_store_write_atomic(path, "1. c2b3\0 e7f7", 13, err, sizeof err), 0);
    assert_int_equal(rb_ui_store_read(path, 1 << 20, &data, &len, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a text file"));
}

static void reading_takes_utf8_and_crlf_text(void **state)
{
    (void)state;
    char path[300], err[300];
    path_in(path, sizeof path, "utf8.pgn");
    const char *text = "[White \"Jos\xc3\xa9\"]\r\n\r\n1. c2-b3 *\r\n";
    assert_int_equal(rb_ui_store_write_atomic(path, text, strlen(text), err, sizeof err), 0);
    assert_file_holds(path, text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_write_replaces_the_file_and_reads_back, setup, teardown),
        cmocka_unit_test_setup_teardown(a_write_cut_short_keeps_the_old_file, setup, teardown),
        cmocka_unit_test_setup_teardown(a_write_into_a_missing_folder_says_so, setup, teardown),
        cmocka_unit_test_setup_teardown(a_write_over_a_folder_fails_and_leaves_it, setup, teardown),
        cmocka_unit_test_setup_teardown(a_read_only_folder_is_reported, setup, teardown),
        cmocka_unit_test_setup_teardown(reading_a_missing_file_names_it, setup, teardown),
        cmocka_unit_test_setup_teardown(reading_refuses_a_file_over_the_cap, setup, teardown),
        cmocka_unit_test_setup_teardown(reading_refuses_binary_content, setup, teardown),
        cmocka_unit_test_setup_teardown(reading_takes_utf8_and_crlf_text, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
