/*
 * online_server.h - a real rollerball-server for the online tests: made
 * with --init in a temporary folder, kept on the loopback (with TLS and its
 * self-made certificate, or plain in the development mode), with a cheap
 * password hash so registering takes milliseconds, started as a child
 * process on a free port read back from its log, stopped with SIGTERM.
 * Header-only: each test that needs a server includes it once.
 */
#ifndef RB_TEST_ONLINE_SERVER_H
#define RB_TEST_ONLINE_SERVER_H

#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef RB_SERVER_PROGRAM
#error "RB_SERVER_PROGRAM names the rollerball-server to test against"
#endif

typedef struct online_server {
    char dir[256]; /* the temporary folder: srv/ the server's, data/ the clients' */
    char srv[300];
    char log[320];
    pid_t pid;
    int port;
    bool plain;
} online_server;

static int online_run(const char *cmd)
{
    int rc = system(cmd);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* Makes the folder and the server's configuration: 0, or -1. */
static int online_server_init(online_server *s, bool plain)
{
    memset(s, 0, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "/tmp/rb-online-XXXXXX");
    if (mkdtemp(s->dir) == NULL) {
        return -1;
    }
    snprintf(s->srv, sizeof s->srv, "%s/srv", s->dir);
    snprintf(s->log, sizeof s->log, "%s/server.log", s->dir);
    s->plain = plain;
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "'%s' --init '%s' >/dev/null 2>&1", RB_SERVER_PROGRAM, s->srv);
    if (online_run(cmd) != 0) {
        return -1;
    }
    char conf[400];
    snprintf(conf, sizeof conf, "%s/server.conf", s->srv);
    FILE *f = fopen(conf, "a");
    if (f == NULL) {
        return -1;
    }
    fprintf(f, "bind = 127.0.0.1\nplain = %s\npwhash_ops = 1\npwhash_mem_kib = 64\ngrace_seconds = 60\n",
            plain ? "yes" : "no");
    fclose(f);
    return 0;
}

/* Starts it (again, on the same port after the first start): 0, or -1. */
static int online_server_start(online_server *s)
{
    FILE *old = fopen(s->log, "w");
    if (old != NULL) {
        fclose(old);
    }
    pid_t pid = fork();
    if (pid < 0) {
        return -1;
    }
    if (pid == 0) {
        FILE *e = freopen(s->log, "a", stderr);
        (void)e;
        char port[16];
        snprintf(port, sizeof port, "%d", s->port);
        execl(RB_SERVER_PROGRAM, RB_SERVER_PROGRAM, "--dir", s->srv, "--port", port, (char *)NULL);
        _exit(127);
    }
    s->pid = pid;
    for (int i = 0; i < 250; i++) { /* the log names the port once it listens */
        FILE *f = fopen(s->log, "r");
        char line[600];
        while (f != NULL && fgets(line, sizeof line, f) != NULL) {
            const char *p = strstr(line, "listening on ");
            const char *q = p != NULL ? strstr(p, " port ") : NULL;
            if (q != NULL) {
                s->port = atoi(q + 6);
                fclose(f);
                return 0;
            }
        }
        if (f != NULL) {
            fclose(f);
        }
        struct timespec ts = {0, 20 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    return -1;
}

static void online_server_kill(online_server *s, int sig)
{
    if (s->pid > 0) {
        kill(s->pid, sig);
        waitpid(s->pid, NULL, 0);
        s->pid = 0;
    }
}

/* The finished games as --export-pgn writes them (malloc'd), or NULL. */
static char *online_server_export(const online_server *s)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "'%s' --dir '%s' --export-pgn 2>/dev/null", RB_SERVER_PROGRAM, s->srv);
    FILE *p = popen(cmd, "r");
    if (p == NULL) {
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    size_t r;
    while (text != NULL && (r = fread(text + n, 1, cap - n - 1, p)) > 0) {
        n += r;
        if (cap - n < 2) {
            char *t = realloc(text, cap *= 2);
            if (t == NULL) {
                free(text);
                text = NULL;
            } else {
                text = t;
            }
        }
    }
    pclose(p);
    if (text != NULL) {
        text[n] = '\0';
    }
    return text;
}

static void online_server_done(online_server *s)
{
    online_server_kill(s, SIGTERM);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", s->dir);
    (void)online_run(cmd);
}

#endif
