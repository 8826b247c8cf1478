/*
 * test_tls_sessions.c - the TLS transport as a server and its clients see
 * it: a handshake and data both ways with a self-made certificate, the
 * key pinned on first contact and a changed one refused with a message
 * that says so, a wrong host name refused, a plain-text client refused
 * cleanly (and told why), and reads and writes that would wait coming back
 * as RB_TLS_AGAIN without losing a byte. Both ends run in this one thread
 * on non-blocking sockets, as they would in a poll loop.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rb_tls.h"

typedef struct {
    char dir[512], other_dir[512];
    char cert[600], key[600], other_cert[600], other_key[600];
    char known[600];
    rb_tls_server_creds *creds, *other_creds;
} fixture;

static void nonblocking(int fd)
{
    assert_int_equal(fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK), 0);
}

static void make_pair(int fds[2])
{
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    nonblocking(fds[0]);
    nonblocking(fds[1]);
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    char err[300] = "";
    snprintf(f->dir, sizeof f->dir, "%s/tls-%ld", RB_TEST_TMP, (long)getpid());
    snprintf(f->other_dir, sizeof f->other_dir, "%s/tls-%ld-other", RB_TEST_TMP, (long)getpid());
    snprintf(f->cert, sizeof f->cert, "%s/%s", f->dir, RB_TLS_CERT_FILE);
    snprintf(f->key, sizeof f->key, "%s/%s", f->dir, RB_TLS_KEY_FILE);
    snprintf(f->other_cert, sizeof f->other_cert, "%s/%s", f->other_dir, RB_TLS_CERT_FILE);
    snprintf(f->other_key, sizeof f->other_key, "%s/%s", f->other_dir, RB_TLS_KEY_FILE);
    snprintf(f->known, sizeof f->known, "%s/pins/known-servers", f->dir);
    if (rb_tls_make_self_signed(f->dir, "localhost", err, sizeof err) < 0 ||
        rb_tls_make_self_signed(f->other_dir, "localhost", err, sizeof err) < 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    f->creds = rb_tls_server_creds_load(f->cert, f->key, err, sizeof err);
    f->other_creds = rb_tls_server_creds_load(f->other_cert, f->other_key, err, sizeof err);
    if (!f->creds || !f->other_creds) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    rb_tls_server_creds_free(f->creds);
    rb_tls_server_creds_free(f->other_creds);
    const char *files[] = {f->cert, f->key, f->other_cert, f->other_key, f->known};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        unlink(files[i]);
    }
    char pins[700];
    snprintf(pins, sizeof pins, "%s/pins", f->dir);
    rmdir(pins);
    rmdir(f->dir);
    rmdir(f->other_dir);
    free(f);
    return 0;
}

/* Waits a little for either socket to be ready for what its side wants. */
static void wait_either(int a_fd, const rb_tls *a, int b_fd, const rb_tls *b)
{
    struct pollfd p[2] = {{.fd = a_fd, .events = (short)(a && rb_tls_wants_write(a) ? POLLOUT : POLLIN)},
                          {.fd = b_fd, .events = (short)(b && rb_tls_wants_write(b) ? POLLOUT : POLLIN)}};
    poll(p, 2, 100);
}

/* Runs both handshakes to their end: 1 both done, else -1 with each side's
 * message (an empty one for the side that did not fail). */
static int both_handshakes(rb_tls *client, int cfd, rb_tls *server, int sfd, char *cerr, char *serr)
{
    int c = RB_TLS_AGAIN, s = RB_TLS_AGAIN;
    cerr[0] = serr[0] = '\0';
    for (int round = 0; round < 1000 && (c == RB_TLS_AGAIN || s == RB_TLS_AGAIN); round++) {
        if (c == RB_TLS_AGAIN) {
            c = rb_tls_handshake(client, cerr, 600);
        }
        if (s == RB_TLS_AGAIN) {
            s = rb_tls_handshake(server, serr, 600);
        }
        if (c == -1 || s == -1) {
            /* One side has given up: the other sees the end at once. */
            if (c == RB_TLS_AGAIN) {
                shutdown(sfd, SHUT_RDWR);
                c = rb_tls_handshake(client, cerr, 600);
            }
            break;
        }
        wait_either(cfd, client, sfd, server);
    }
    if (c != 1 || s != 1) {
        print_message("client: %s\nserver: %s\n", cerr, serr);
    }
    return c == 1 && s == 1 ? 1 : -1;
}

/* Moves len bytes from one side to the other, both non-blocking: the
 * writer writes until it would wait, then the reader reads until it would;
 * returns how many writes had to wait. */
static int transfer(rb_tls *from, int from_fd, rb_tls *to, int to_fd, const unsigned char *data, size_t len,
                    unsigned char *got)
{
    size_t sent = 0, received = 0;
    int waits = 0;
    char err[600] = "";
    for (int round = 0; round < 100000 && received < len; round++) {
        bool moved = false;
        while (sent < len) {
            size_t chunk = len - sent < 16384 ? len - sent : 16384;
            ssize_t n = rb_tls_write(from, data + sent, chunk, err, sizeof err);
            if (n == RB_TLS_AGAIN) {
                waits++;
                break;
            }
            assert_true(n > 0);
            sent += (size_t)n;
            moved = true;
        }
        while (received < len) {
            ssize_t n = rb_tls_read(to, got + received, len - received, err, sizeof err);
            if (n == RB_TLS_AGAIN) {
                break;
            }
            assert_true(n > 0);
            received += (size_t)n;
            moved = true;
        }
        if (!moved) {
            wait_either(from_fd, from, to_fd, to);
        }
    }
    assert_int_equal(received, len);
    assert_memory_equal(got, data, len);
    return waits;
}

static rb_tls *client_for(const fixture *f, int fd, rb_tls_check check, const char *host, unsigned port)
{
    char err[600] = "";
    rb_tls_client_opts o = {.host = host, .port = port, .check = check, .ca_file = f->cert, .known_servers = f->known};
    rb_tls *t = rb_tls_client_new(&o, fd, err, sizeof err);
    if (!t) {
        fail_msg("%s", err);
    }
    return t;
}

static void a_handshake_carries_lines_both_ways(void **state)
{
    fixture *f = *state;
    int fds[2];
    make_pair(fds);
    char cerr[600], serr[600];
    rb_tls *client = client_for(f, fds[0], RB_TLS_VERIFY, "localhost", 7000);
    rb_tls *server = rb_tls_server_new(f->creds, fds[1], serr, sizeof serr);
    assert_non_null(server);
    /* Before anything arrives, both sides wait. */
    assert_int_equal(rb_tls_handshake(server, serr, sizeof serr), RB_TLS_AGAIN);
    assert_false(rb_tls_wants_write(server));
    assert_int_equal(both_handshakes(client, fds[0], server, fds[1], cerr, serr), 1);
    assert_string_equal(cerr, "");
    assert_true(strncmp(rb_tls_peer_fingerprint(client), "SHA256:", 7) == 0);

    char buf[64];
    assert_int_equal(rb_tls_read(server, buf, sizeof buf, serr, sizeof serr), RB_TLS_AGAIN);
    const char *hello = "hello proto=1 name=Ann\n", *welcome = "welcome proto=1\n";
    assert_int_equal(rb_tls_write(client, hello, strlen(hello), cerr, sizeof cerr), (ssize_t)strlen(hello));
    unsigned char got[64];
    transfer(server, fds[1], client, fds[0], (const unsigned char *)welcome, strlen(welcome), got);
    ssize_t n = RB_TLS_AGAIN;
    for (int i = 0; i < 100 && n == RB_TLS_AGAIN; i++) {
        n = rb_tls_read(server, buf, sizeof buf, serr, sizeof serr);
    }
    assert_int_equal(n, (ssize_t)strlen(hello));
    assert_memory_equal(buf, hello, strlen(hello));

    /* The client says goodbye: the server reads the end of the session. */
    rb_tls_free(client);
    close(fds[0]);
    n = RB_TLS_AGAIN;
    for (int i = 0; i < 100 && n == RB_TLS_AGAIN; i++) {
        n = rb_tls_read(server, buf, sizeof buf, serr, sizeof serr);
    }
    assert_int_equal(n, 0);
    rb_tls_free(server);
    close(fds[1]);
}

static void a_wrong_host_name_is_refused(void **state)
{
    fixture *f = *state;
    int fds[2];
    make_pair(fds);
    char cerr[600], serr[600];
    rb_tls *client = client_for(f, fds[0], RB_TLS_VERIFY, "rollerball.example.org", 7000);
    rb_tls *server = rb_tls_server_new(f->creds, fds[1], serr, sizeof serr);
    assert_int_equal(both_handshakes(client, fds[0], server, fds[1], cerr, serr), -1);
    assert_non_null(strstr(cerr, "REFUSED"));
    assert_non_null(strstr(cerr, "rollerball.example.org"));
    assert_non_null(strstr(cerr, "name"));
    rb_tls_free(client);
    rb_tls_free(server);
    close(fds[0]);
    close(fds[1]);
}

static void a_certificate_no_authority_signed_is_refused(void **state)
{
    fixture *f = *state;
    int fds[2];
    make_pair(fds);
    char cerr[600] = "", serr[600];
    /* The system's trust, which knows nothing of a self-made certificate. */
    rb_tls_client_opts o = {.host = "localhost", .port = 7000, .check = RB_TLS_VERIFY};
    rb_tls *client = rb_tls_client_new(&o, fds[0], cerr, sizeof cerr);
    if (client) {
        rb_tls *server = rb_tls_server_new(f->creds, fds[1], serr, sizeof serr);
        assert_int_equal(both_handshakes(client, fds[0], server, fds[1], cerr, serr), -1);
        rb_tls_free(client);
        rb_tls_free(server);
    }
    /* Refused either way, with a reason. */
    assert_non_null(strstr(cerr, client ? "cannot be trusted" : "trust"));
    close(fds[0]);
    close(fds[1]);
}

/* A trust-first connection to the server with creds; the handshake's
 * result, with the client's message in cerr. */
static int trust_first(const fixture *f, const rb_tls_server_creds *creds, unsigned port, char *cerr, bool *pinned_now)
{
    int fds[2];
    make_pair(fds);
    char serr[600];
    rb_tls *client = client_for(f, fds[0], RB_TLS_TRUST_FIRST, "localhost", port);
    rb_tls *server = rb_tls_server_new(creds, fds[1], serr, sizeof serr);
    int r = both_handshakes(client, fds[0], server, fds[1], cerr, serr);
    *pinned_now = r == 1 && rb_tls_pinned_now(client);
    rb_tls_free(client);
    rb_tls_free(server);
    close(fds[0]);
    close(fds[1]);
    return r;
}

static char *read_file(const char *path)
{
    static char buf[4096];
    FILE *fp = fopen(path, "r");
    size_t n = fp ? fread(buf, 1, sizeof buf - 1, fp) : 0;
    buf[n] = '\0';
    if (fp) {
        fclose(fp);
    }
    return buf;
}

static void the_first_contact_pins_the_key_and_a_changed_one_is_refused(void **state)
{
    fixture *f = *state;
    char cerr[600];
    bool pinned;
    unlink(f->known);
    assert_int_equal(trust_first(f, f->creds, 7000, cerr, &pinned), 1);
    assert_true(pinned);
    char first[4096];
    snprintf(first, sizeof first, "%s", read_file(f->known));
    assert_true(strncmp(first, "localhost:7000 SHA256:", 22) == 0);
    struct stat st;
    assert_int_equal(stat(f->known, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);

    /* Again: known, accepted, nothing written. */
    assert_int_equal(trust_first(f, f->creds, 7000, cerr, &pinned), 1);
    assert_false(pinned);
    assert_string_equal(read_file(f->known), first);

    /* Another key under the same name and port: refused loudly. */
    assert_int_equal(trust_first(f, f->other_creds, 7000, cerr, &pinned), -1);
    assert_non_null(strstr(cerr, "REFUSED"));
    assert_non_null(strstr(cerr, "localhost:7000"));
    assert_non_null(strstr(cerr, "changed its key"));
    assert_non_null(strstr(cerr, f->known));
    assert_string_equal(read_file(f->known), first);

    /* A host name in capitals is the same server. */
    int fds[2];
    make_pair(fds);
    char serr[600];
    rb_tls *client = client_for(f, fds[0], RB_TLS_TRUST_FIRST, "LocalHost", 7000);
    rb_tls *server = rb_tls_server_new(f->other_creds, fds[1], serr, sizeof serr);
    assert_int_equal(both_handshakes(client, fds[0], server, fds[1], cerr, serr), -1);
    assert_non_null(strstr(cerr, "changed its key"));
    rb_tls_free(client);
    rb_tls_free(server);
    close(fds[0]);
    close(fds[1]);

    /* The other key on another port is another server: pinned beside. */
    assert_int_equal(trust_first(f, f->other_creds, 7001, cerr, &pinned), 1);
    assert_true(pinned);
    assert_non_null(strstr(read_file(f->known), "localhost:7001 SHA256:"));
    assert_int_equal(trust_first(f, f->creds, 7000, cerr, &pinned), 1);
}

static void a_plain_text_client_is_refused_and_told_why(void **state)
{
    fixture *f = *state;
    int fds[2];
    make_pair(fds);
    char serr[600] = "";
    rb_tls *server = rb_tls_server_new(f->creds, fds[1], serr, sizeof serr);
    const char *hello = "hello proto=1 program=rollerball/1.1.0\n";
    assert_int_equal(write(fds[0], hello, strlen(hello)), (ssize_t)strlen(hello));
    assert_int_equal(rb_tls_handshake(server, serr, sizeof serr), -1);
    assert_non_null(strstr(serr, "plain text"));
    assert_non_null(strstr(serr, "hello proto=1"));
    char line[200] = "";
    ssize_t n = read(fds[0], line, sizeof line - 1);
    assert_true(n > 0);
    assert_true(strncmp(line, "error ", 6) == 0);
    assert_non_null(strstr(line, "TLS"));
    rb_tls_free(server);
    close(fds[0]);
    close(fds[1]);
}

static void a_tls_client_to_a_plain_text_server_is_refused(void **state)
{
    fixture *f = *state;
    int fds[2];
    make_pair(fds);
    char cerr[600] = "";
    rb_tls *client = client_for(f, fds[0], RB_TLS_VERIFY, "localhost", 7000);
    int r = RB_TLS_AGAIN;
    bool answered = false;
    for (int i = 0; i < 100 && r == RB_TLS_AGAIN; i++) {
        r = rb_tls_handshake(client, cerr, sizeof cerr);
        char junk[4096];
        if (!answered && read(fds[1], junk, sizeof junk) > 0) {
            const char *line = "error move: the ply 'x' is not a number from 0 to 100000\n";
            assert_true(write(fds[1], line, strlen(line)) > 0);
            answered = true;
        }
    }
    assert_int_equal(r, -1);
    assert_true(strstr(cerr, "TLS") != NULL);
    rb_tls_free(client);
    close(fds[0]);
    close(fds[1]);
}

static void reads_and_writes_that_would_wait_lose_nothing(void **state)
{
    fixture *f = *state;
    /* Over 127.0.0.1. */
    int lfd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(lfd >= 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t alen = sizeof a;
    assert_int_equal(bind(lfd, (struct sockaddr *)&a, sizeof a), 0);
    assert_int_equal(listen(lfd, 1), 0);
    assert_int_equal(getsockname(lfd, (struct sockaddr *)&a, &alen), 0);
    int cfd = socket(AF_INET, SOCK_STREAM, 0);
    assert_int_equal(connect(cfd, (struct sockaddr *)&a, sizeof a), 0);
    int sfd = accept(lfd, NULL, NULL);
    assert_true(sfd >= 0);
    /* Lines go out as they are written, as the server sends them. */
    int one = 1;
    setsockopt(cfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    setsockopt(sfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    nonblocking(cfd);
    nonblocking(sfd);

    char cerr[600], serr[600];
    rb_tls *client = client_for(f, cfd, RB_TLS_VERIFY, "localhost", ntohs(a.sin_port));
    rb_tls *server = rb_tls_server_new(f->creds, sfd, serr, sizeof serr);
    assert_int_equal(both_handshakes(client, cfd, server, sfd, cerr, serr), 1);

    /* More than the sockets hold, so writes must wait for the reader. */
    size_t len = 16 << 20;
    unsigned char *data = malloc(len), *got = malloc(len);
    for (size_t i = 0; i < len; i++) {
        data[i] = (unsigned char)(i * 131 + (i >> 9));
    }
    int waits_up = transfer(client, cfd, server, sfd, data, len, got);
    int waits_down = transfer(server, sfd, client, cfd, data, len, got);
    print_message("writes that had to wait: %d client to server, %d server to client\n", waits_up, waits_down);
    assert_true(waits_up > 0 && waits_down > 0);
    assert_false(rb_tls_pending(server));
    free(data);
    free(got);
    rb_tls_free(client);
    rb_tls_free(server);
    close(cfd);
    close(sfd);
    close(lfd);
}

static void bad_files_and_existing_keys_are_named(void **state)
{
    fixture *f = *state;
    char err[600] = "";
    assert_null(rb_tls_server_creds_load("/nonexistent/cert.pem", f->key, err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/cert.pem"));
    /* A key that is not the certificate's. */
    assert_null(rb_tls_server_creds_load(f->cert, f->other_key, err, sizeof err));
    assert_non_null(strstr(err, f->cert));
    /* A certificate is never made over an existing key. */
    assert_int_equal(rb_tls_make_self_signed(f->dir, "localhost", err, sizeof err), -1);
    assert_non_null(strstr(err, "already exists"));
    assert_int_equal(rb_tls_make_self_signed(f->dir, "bad host", err, sizeof err), -1);
    struct stat st;
    assert_int_equal(stat(f->key, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
}

static void the_known_servers_live_in_the_users_data_folder(void **state)
{
    (void)state;
    char path[600], err[300];
    setenv("XDG_DATA_HOME", "/home/ann/.data", 1);
    assert_int_equal(rb_tls_known_servers_path(path, sizeof path, err, sizeof err), 0);
    assert_string_equal(path, "/home/ann/.data/rollerball/rollerball/known-servers");
    setenv("XDG_DATA_HOME", "relative", 1);
    setenv("HOME", "/home/bob", 1);
    assert_int_equal(rb_tls_known_servers_path(path, sizeof path, err, sizeof err), 0);
    assert_string_equal(path, "/home/bob/.local/share/rollerball/rollerball/known-servers");
    unsetenv("XDG_DATA_HOME");
    unsetenv("HOME");
    assert_int_equal(rb_tls_known_servers_path(path, sizeof path, err, sizeof err), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_handshake_carries_lines_both_ways),
        cmocka_unit_test(a_wrong_host_name_is_refused),
        cmocka_unit_test(a_certificate_no_authority_signed_is_refused),
        cmocka_unit_test(the_first_contact_pins_the_key_and_a_changed_one_is_refused),
        cmocka_unit_test(a_plain_text_client_is_refused_and_told_why),
        cmocka_unit_test(a_tls_client_to_a_plain_text_server_is_refused),
        cmocka_unit_test(reads_and_writes_that_would_wait_lose_nothing),
        cmocka_unit_test(bad_files_and_existing_keys_are_named),
        cmocka_unit_test(the_known_servers_live_in_the_users_data_folder),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
