/*
 * server_main.c - rollerball-server, the program: its command line, the
 * signals that stop it cleanly, and the exit codes a service manager reads.
 *
 *   rollerball-server --init DIR
 *   rollerball-server --dir DIR [--port P]
 *   rollerball-server --dir DIR --export-pgn
 *
 * It runs in the foreground and logs to standard error with journald's
 * priority prefixes, as a systemd service expects; SIGTERM or SIGINT stop
 * it after every game is saved.
 */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_server.h"
#include "rb_util_number.h"
#include "server_log.h"

#ifndef RB_VERSION
#define RB_VERSION "unknown"
#endif

static volatile int stop_flag;

static void on_signal(int sig)
{
    (void)sig;
    stop_flag = 1;
}

static void usage(FILE *to)
{
    fputs("usage: rollerball-server --init DIR\n"
          "       rollerball-server --dir DIR [--port P]\n"
          "       rollerball-server --dir DIR --export-pgn\n"
          "\n"
          "A Rollerball server: a lobby where players meet (accounts, guests, seeks,\n"
          "challenges, invites) and the referee of their games, which it keeps in DIR.\n"
          "\n"
          "  --init DIR     make DIR with its configuration file (server.conf, every\n"
          "                 setting at its default) and an empty database (server.db)\n"
          "  --dir DIR      run the server of DIR in the foreground until SIGTERM\n"
          "  --port P       listen on port P instead of the configuration's (0: any free\n"
          "                 port, printed in the log)\n"
          "  --export-pgn   write every finished game as PGN to standard output (also\n"
          "                 while the server runs)\n"
          "  --help         this text;  --version  the version\n"
          "\n"
          "Without TLS the server listens only on the loopback (plain = yes).\n"
          "Exit status: 0 stopped cleanly, 1 it could not start, 2 a wrong command line.\n",
          to);
}

static int bad_usage(const char *what)
{
    fprintf(stderr, "rollerball-server: %s (see --help)\n", what);
    return 2;
}

int main(int argc, char **argv)
{
    const char *init = NULL, *dir = NULL;
    int port = -1;
    bool export_pgn = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            printf("rollerball-server %s\n", RB_VERSION);
            return 0;
        }
        if (strcmp(a, "--export-pgn") == 0) {
            export_pgn = true;
            continue;
        }
        if (i + 1 >= argc) {
            char m[120];
            snprintf(m, sizeof m, "%.60s needs a value, or is unknown", a);
            return bad_usage(m);
        }
        const char *v = argv[++i];
        if (strcmp(a, "--init") == 0) {
            init = v;
        } else if (strcmp(a, "--dir") == 0) {
            dir = v;
        } else if (strcmp(a, "--port") == 0) {
            if (!rb_util_parse_int(v, 0, 65535, &port)) {
                return bad_usage("--port takes a number from 0 to 65535");
            }
        } else {
            char m[120];
            snprintf(m, sizeof m, "unknown option %.60s", a);
            return bad_usage(m);
        }
    }
    char err[600];
    if (init != NULL) {
        if (dir != NULL || export_pgn || port >= 0) {
            return bad_usage("--init takes only the folder");
        }
        if (rb_server_init_dir(init, err, sizeof err) != 0) {
            fprintf(stderr, "rollerball-server: %s\n", err);
            return 1;
        }
        printf("made %s: edit %s/server.conf, then run rollerball-server --dir %s\n", init, init, init);
        return 0;
    }
    if (dir == NULL) {
        return bad_usage("give --init DIR or --dir DIR");
    }
    if (export_pgn) {
        int n = rb_server_export_pgn(dir, stdout, err, sizeof err);
        if (n < 0) {
            fprintf(stderr, "rollerball-server: %s\n", err);
            return 1;
        }
        return 0;
    }
    rb_server_settings set;
    rb_server_settings_defaults(&set);
    char conf[4096];
    snprintf(conf, sizeof conf, "%s/server.conf", dir);
    if (rb_server_settings_load(&set, conf, err, sizeof err) != 0) {
        rb_server_log(RB_LOG_ERR, "%s", err);
        return 1;
    }
    if (port >= 0) {
        set.port = port;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    rb_server *sv = rb_server_open(dir, &set, err, sizeof err);
    if (sv == NULL) {
        rb_server_log(RB_LOG_ERR, "%s", err);
        return 1;
    }
    rb_server_run(sv, &stop_flag);
    rb_server_log(RB_LOG_INFO, "stopping");
    rb_server_close(sv);
    return 0;
}
