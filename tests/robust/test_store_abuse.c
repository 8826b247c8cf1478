/*
 * test_store_abuse.c - saved games survive the failures a player meets:
 * the program killed in the middle of a save, a disk that is really full, a
 * disk mounted read-only, a folder the player may not write to (even when
 * the game runs as root), and files far too big to be a game.
 *
 * The plain cases (a write cut short by a file-size limit, a missing
 * folder, binary files) are in tests/ui/test_store_atomic_files.c; these
 * need a second process. A full or read-only disk is a real tmpfs of 64 KB
 * mounted in a private mount namespace of a child process (as root, or in
 * a user namespace otherwise); where the system allows neither, those tests
 * are skipped. Children report with their exit status and a line on
 * stderr, because cmocka's assertions must only run in the test process.
 */
#define _GNU_SOURCE

#include "support.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "files/store.h"

#define CHILD_SKIP 77

static const char old_game[] = "[Event \"the game before\"]\n[Result \"*\"]\n\n1. c2-b3 e6-f5 *\n";

static char dir[256];

static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (d != NULL) {
        struct dirent *de;
        while ((de = readdir(d)) != NULL) {
            if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0) {
                continue;
            }
            char p[600];
            snprintf(p, sizeof p, "%s/%s", path, de->d_name);
            chmod(p, 0700);
            remove_tree(p);
        }
        closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/rb-robust-store-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    remove_tree(dir);
    return 0;
}

static int entries_in(const char *path)
{
    int n = 0;
    DIR *d = opendir(path);
    if (d == NULL) {
        return -1;
    }
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        n += de->d_name[0] != '.';
    }
    closedir(d);
    return n;
}

/* True when the file holds exactly text. */
static bool holds(const char *path, const char *text)
{
    char *data = NULL, err[300];
    size_t len = 0;
    if (rb_ui_store_read(path, 1 << 20, &data, &len, err, sizeof err) != 0) {
        fprintf(stderr, "reading back %s: %s\n", path, err);
        return false;
    }
    bool same = len == strlen(text) && memcmp(data, text, len) == 0;
    free(data);
    return same;
}

/* ---- children ---------------------------------------------------------- */

#define CHILD_CHECK(cond, ...)                                                                                         \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "line %d: %s: ", __LINE__, #cond);                                                         \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fputc('\n', stderr);                                                                                       \
            _exit(1);                                                                                                  \
        }                                                                                                              \
    } while (0)

/* Runs fn in a child and turns its exit into the test's outcome. */
static void run_child(void (*fn)(void))
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        fn();
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status) == CHILD_SKIP) {
        skip();
    }
    assert_int_equal(WEXITSTATUS(status), 0);
}

static bool write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        return false;
    }
    bool ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok;
}

/* In a child: a private mount namespace with a 64 KB tmpfs on dir/disk.
 * Exits with CHILD_SKIP where the system does not allow it. */
static void mount_tiny_disk(char *disk, size_t len)
{
    snprintf(disk, len, "%s/disk", dir);
    CHILD_CHECK(mkdir(disk, 0700) == 0, "%s", strerror(errno));
    if (unshare(CLONE_NEWNS) != 0) {
        /* Not root: become root of a user namespace of our own. */
        uid_t uid = geteuid();
        gid_t gid = getegid();
        if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) {
            fprintf(stderr, "no mount namespace here (%s): skipped\n", strerror(errno));
            _exit(CHILD_SKIP);
        }
        char map[64];
        snprintf(map, sizeof map, "0 %u 1", (unsigned)uid);
        bool ok = write_file("/proc/self/uid_map", map) && write_file("/proc/self/setgroups", "deny");
        snprintf(map, sizeof map, "0 %u 1", (unsigned)gid);
        ok = ok && write_file("/proc/self/gid_map", map);
        if (!ok) {
            fprintf(stderr, "cannot map ids in a user namespace: skipped\n");
            _exit(CHILD_SKIP);
        }
    }
    if (mount("none", "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
        mount("tmpfs", disk, "tmpfs", MS_NOSUID | MS_NODEV, "size=64k") != 0) {
        fprintf(stderr, "cannot mount a tmpfs (%s): skipped\n", strerror(errno));
        _exit(CHILD_SKIP);
    }
}

static void full_disk_child(void)
{
    char disk[300], path[340], err[300];
    mount_tiny_disk(disk, sizeof disk);
    snprintf(path, sizeof path, "%s/autosave.pgn", disk);
    CHILD_CHECK(rb_ui_store_write_atomic(path, old_game, strlen(old_game), err, sizeof err) == 0, "%s", err);

    size_t big = 256 * 1024; /* four times the disk */
    char *data = malloc(big);
    CHILD_CHECK(data != NULL, "out of memory");
    memset(data, '1', big);
    err[0] = '\0';
    int rc = rb_ui_store_write_atomic(path, data, big, err, sizeof err);
    free(data);
    CHILD_CHECK(rc == -1, "a save four times the size of the disk succeeded");
    CHILD_CHECK(strstr(err, "the disk is full") != NULL, "message: '%s'", err);
    CHILD_CHECK(strstr(err, "autosave.pgn") != NULL, "message: '%s'", err);
    CHILD_CHECK(holds(path, old_game), "the previous save is damaged");
    CHILD_CHECK(entries_in(disk) == 1, "%d files on the disk: the temporary file was left", entries_in(disk));

    /* The space of the failed attempt was given back: saving works again. */
    const char *next = "1. c2-b3 *\n";
    CHILD_CHECK(rb_ui_store_write_atomic(path, next, strlen(next), err, sizeof err) == 0, "%s", err);
    CHILD_CHECK(holds(path, next), "the save after the full disk is wrong");
}

static void a_full_disk_refuses_the_save_and_keeps_the_old_file(void **state)
{
    (void)state;
    run_child(full_disk_child);
}

static void read_only_disk_child(void)
{
    char disk[300], path[340], err[300];
    mount_tiny_disk(disk, sizeof disk);
    snprintf(path, sizeof path, "%s/game.pgn", disk);
    CHILD_CHECK(rb_ui_store_write_atomic(path, old_game, strlen(old_game), err, sizeof err) == 0, "%s", err);
    if (mount(NULL, disk, NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) != 0) {
        fprintf(stderr, "cannot remount read-only (%s): skipped\n", strerror(errno));
        _exit(CHILD_SKIP);
    }
    err[0] = '\0';
    CHILD_CHECK(rb_ui_store_write_atomic(path, "1. c2-b3 *\n", 11, err, sizeof err) == -1, "saved on a read-only disk");
    CHILD_CHECK(strstr(err, "read-only") != NULL, "message: '%s'", err);
    CHILD_CHECK(holds(path, old_game), "the previous save is damaged");
}

static void a_read_only_disk_refuses_the_save_with_a_message(void **state)
{
    (void)state;
    run_child(read_only_disk_child);
}

static void locked_folder_child(void)
{
    char sub[300], path[340], err[300];
    snprintf(sub, sizeof sub, "%s/locked", dir);
    snprintf(path, sizeof path, "%s/settings.conf", sub);
    CHILD_CHECK(mkdir(sub, 0755) == 0, "%s", strerror(errno));
    CHILD_CHECK(rb_ui_store_write_atomic(path, old_game, strlen(old_game), err, sizeof err) == 0, "%s", err);
    CHILD_CHECK(chmod(path, 0644) == 0 && chmod(sub, 0555) == 0 && chmod(dir, 0755) == 0, "chmod");
    /* Root writes anywhere: play an ordinary user for the rest. */
    CHILD_CHECK(setgid(65534) == 0 && setuid(65534) == 0, "dropping root: %s", strerror(errno));
    err[0] = '\0';
    CHILD_CHECK(rb_ui_store_write_atomic(path, "new", 3, err, sizeof err) == -1, "saved into a locked folder");
    CHILD_CHECK(strstr(err, "permission denied") != NULL, "message: '%s'", err);
    CHILD_CHECK(holds(path, old_game), "the previous file is damaged");
    CHILD_CHECK(entries_in(sub) == 1, "a temporary file appeared");
}

static void a_locked_folder_refuses_the_save_even_for_root(void **state)
{
    (void)state;
    if (geteuid() != 0) {
        skip(); /* tests/ui/test_store_atomic_files.c covers ordinary users */
    }
    run_child(locked_folder_child);
}

/* ---- killed in the middle of a save ------------------------------------ */

/* The name of a temporary file of the store's beside path, if any. */
static bool find_temp(const char *name, char *found, size_t len)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    bool any = false;
    struct dirent *de;
    size_t n = strlen(name);
    while ((de = readdir(d)) != NULL) {
        if (strncmp(de->d_name, name, n) == 0 && strncmp(de->d_name + n, ".tmp-", 5) == 0) {
            snprintf(found, len, "%s/%s", dir, de->d_name);
            any = true;
        }
    }
    closedir(d);
    return any;
}

static void a_kill_in_the_middle_of_a_save_keeps_the_previous_file(void **state)
{
    (void)state;
    char path[300], err[300], temp[600];
    snprintf(path, sizeof path, "%s/game.pgn", dir);
    assert_int_equal(rb_ui_store_write_atomic(path, old_game, strlen(old_game), err, sizeof err), 0);

    /* The child saves 256 MB, which takes long enough to be caught
     * part-way; the parent kills it once the temporary file has grown. */
    size_t big = (size_t)256 << 20;
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char *data = malloc(big);
        if (data == NULL) {
            _exit(3);
        }
        memset(data, 'x', big);
        rb_ui_store_write_atomic(path, data, big, err, sizeof err);
        _exit(0);
    }
    struct timespec pause = {0, 200000};
    struct stat st;
    bool caught = false;
    for (int i = 0; i < 200000 && !caught; i++) {
        caught = find_temp("game.pgn", temp, sizeof temp) && stat(temp, &st) == 0 && st.st_size > (1 << 20);
        if (!caught) {
            if (waitpid(pid, NULL, WNOHANG) == pid) {
                fail_msg("the save finished before it could be killed");
            }
            nanosleep(&pause, NULL);
        }
    }
    assert_true(caught);
    assert_int_equal(kill(pid, SIGKILL), 0);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), SIGKILL);

    /* The game the player had saved before is there, whole; what was cut
     * off is only ever in the temporary file. */
    assert_true(holds(path, old_game));
    assert_true(stat(temp, &st) == 0 && (size_t)st.st_size < big);

    /* And the next save works and replaces it. A fresh leftover is kept
     * (another copy of the game may still be writing it)... */
    const char *next = "1. c2-b3 e6-f5 2. b3-b4 *\n";
    assert_int_equal(rb_ui_store_write_atomic(path, next, strlen(next), err, sizeof err), 0);
    assert_true(holds(path, next));
    assert_int_equal(stat(temp, &st), 0);

    /* ...but once it is old, the next save clears it away. */
    struct timespec old[2] = {{time(NULL) - 3600, 0}, {time(NULL) - 3600, 0}};
    assert_int_equal(utimensat(AT_FDCWD, temp, old, 0), 0);
    assert_int_equal(rb_ui_store_write_atomic(path, next, strlen(next), err, sizeof err), 0);
    assert_true(stat(temp, &st) != 0 && errno == ENOENT);
}

/* ---- files too big to be a game ---------------------------------------- */

static long peak_rss_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

static void a_huge_file_is_refused_in_bounded_time_and_memory(void **state)
{
    (void)state;
    char path[300], err[300];
    snprintf(path, sizeof path, "%s/huge.pgn", dir);

    /* 100 MB of text that looks like moves all the way. */
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    static const char moves[] = "1. c2-b3 e6-f5 2. b3-c3 f5-e6 3. c3-b3 e6-f5 ";
    size_t total = 0;
    while (total < (size_t)100 << 20) {
        assert_int_equal(fwrite(moves, 1, sizeof moves - 1, f), sizeof moves - 1);
        total += sizeof moves - 1;
    }
    assert_int_equal(fclose(f), 0);

    long before = peak_rss_kb();
    time_t start = time(NULL);
    char *data = (char *)1;
    size_t len = 9;
    assert_int_equal(rb_ui_store_read(path, 1 << 20, &data, &len, err, sizeof err), -1);
    assert_null(data);
    assert_non_null(strstr(err, "too big"));
    assert_non_null(strstr(err, "huge.pgn"));
    /* Only about the cap was read: the peak grew by a few MB at most,
     * nowhere near the file's 100 MB, and it took no time to speak of. */
    assert_true(peak_rss_kb() - before < 16 * 1024);
    assert_true(time(NULL) - start < 10);

    /* A sparse file of the same size (all NUL bytes) too. */
    snprintf(path, sizeof path, "%s/sparse.pgn", dir);
    int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0600);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, (off_t)100 << 20), 0);
    close(fd);
    assert_int_equal(rb_ui_store_read(path, 1 << 20, &data, &len, err, sizeof err), -1);
    assert_non_null(strstr(err, "too big"));
}

/* A name that is not a regular file is refused rather than waited on. */
static void a_device_or_folder_is_refused(void **state)
{
    (void)state;
    char *data = NULL, err[300];
    size_t len = 0;
    /* An endless device is cut at the cap like any big file. */
    assert_int_equal(rb_ui_store_read("/dev/zero", 1 << 20, &data, &len, err, sizeof err), -1);
    assert_null(data);
    assert_true(strlen(err) > 0);
    assert_int_equal(rb_ui_store_read(dir, 1 << 20, &data, &len, err, sizeof err), -1);
    assert_non_null(strstr(err, "folder"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_full_disk_refuses_the_save_and_keeps_the_old_file, setup, teardown),
        cmocka_unit_test_setup_teardown(a_read_only_disk_refuses_the_save_with_a_message, setup, teardown),
        cmocka_unit_test_setup_teardown(a_locked_folder_refuses_the_save_even_for_root, setup, teardown),
        cmocka_unit_test_setup_teardown(a_kill_in_the_middle_of_a_save_keeps_the_previous_file, setup, teardown),
        cmocka_unit_test_setup_teardown(a_huge_file_is_refused_in_bounded_time_and_memory, setup, teardown),
        cmocka_unit_test_setup_teardown(a_device_or_folder_is_refused, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
