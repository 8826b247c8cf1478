/*
 * netplay_main.c - rollerball-netplay: an engine plays one network game
 * from the command line.
 *
 *   rollerball-netplay --host [--port P] [--time-control 3+2] --engine CMD ...
 *   rollerball-netplay --join CODE --engine CMD ...
 *   rollerball-netplay --server HOST:PORT (--seek 3+2 | --accept-seek) --engine CMD ...
 *
 * Through a server the lobby (netplay_lobby.c) finds the game and gives
 * what an invite code gives, so the game is then played as a joiner's.
 *
 * The host prints "invite CODE" as its first line (flushed at once) and
 * waits for one joiner. Either side asks its engine (a child process that
 * speaks the engine protocol, driven by the match tool's code) for a move
 * whenever it is its turn, and when the game ends writes the record (--pgn)
 * and prints "result 1-0 (checkmate)". Scripts drive it, so what it prints
 * and its exit codes are fixed (docs/network.md): 0 the game ended, 1 the
 * other side could not be reached or refused us, 2 a wrong command line,
 * 3 the connection was lost and not resumed in time, 4 the engine failed;
 * every failure is one line on standard error.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_game.h"
#include "netplay_lobby.h"
#include "rb_net_sock.h"
#include "rb_notation.h"
#include "rb_pgn.h"
#include "rb_util_clock.h"
#include "rb_util_number.h"

#ifndef RB_VERSION
#define RB_VERSION "unknown"
#endif

enum { EXIT_GAME = 0, EXIT_UNREACHABLE = 1, EXIT_USAGE = 2, EXIT_LOST = 3, EXIT_ENGINE = 4 };

typedef struct options {
    bool host;
    const char *code;
    int port;
    const char *bind;
    const char *address;
    int64_t base_ms, inc_ms;
    const char *engine;
    int64_t movetime_ms;
    const char *pgn;
    const char *name;
    const char *start;
    int color;
    int64_t grace_ms;
    const char *save;
    bool resume;
    bool verbose;
    /* through a server */
    const char *server_host;
    int server_port;
    char server_buf[300];
    const char *password;
    bool do_register, trust_first, rated, accept_seek;
    const char *seek;
} options;

static void usage(FILE *to)
{
    fputs("usage: rollerball-netplay --host [--port P] [--time-control M+S] --engine CMD [options]\n"
          "       rollerball-netplay --join CODE --engine CMD [options]\n"
          "       rollerball-netplay --server HOST:PORT [--name N --password P [--register]]\n"
          "                          (--seek M+S [--rated] | --accept-seek) --engine CMD [options]\n"
          "\n"
          "Lets an engine (CMD, a command that speaks the Rollerball engine protocol, such as\n"
          "rollerball-engine) play one network game. The host prints 'invite CODE' first and\n"
          "waits for one joiner; the joiner gives that code. When the game ends each side\n"
          "prints 'result 1-0 (checkmate)' (or 0-1, 1/2-1/2, with the reason) and writes the\n"
          "record to --pgn FILE.\n"
          "\n"
          "  --port P            listen on port P (default 47474; 0: any free port)\n"
          "  --bind ADDRESS      listen on this IPv4 address only (default: every address)\n"
          "  --address ADDRESS   the address to put in the invite code (default: this\n"
          "                      machine's first network address)\n"
          "  --time-control M+S  M minutes each and S seconds a move (default: untimed)\n"
          "  --color white|black the host's colour (default white)\n"
          "  --start POSITION    the start position string (default the standard start)\n"
          "  --movetime MS       the engine's time a move (default 200; less when the clock is low)\n"
          "  --pgn FILE          write the record here\n"
          "  --name NAME         the name the other side sees (default: Engine)\n"
          "  --grace S           how long a lost connection may take to come back (default 60)\n"
          "  --save FILE         keep the game's state in FILE as it goes\n"
          "  --resume FILE       take the game saved in FILE up again after a restart (host:\n"
          "                      give the same --port; joiner: no --join needed)\n"
          "  --verbose           tell on standard error what happens\n"
          "  --server HOST:PORT  play through a server: log in as --name with --password\n"
          "                      (--register makes the account first; no --name: a guest),\n"
          "                      then --seek M+S (--rated for a rated game) or --accept-seek\n"
          "                      (take the first seek of another player)\n"
          "  --trust-first       a server's certificate seen for the first time is trusted\n"
          "\n"
          "Exit status: 0 the game ended; 1 the other side could not be reached or refused;\n"
          "2 a wrong command line; 3 the connection was lost and not resumed in time;\n"
          "4 the engine failed.\n",
          to);
}

static int bad_usage(const char *fmt, const char *arg)
{
    fputs("rollerball-netplay: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (see --help)\n", stderr);
    return EXIT_USAGE;
}

/* "3+2": minutes (a whole or decimal number) and seconds. */
static bool parse_time_control(const char *text, int64_t *base, int64_t *inc)
{
    char *end;
    errno = 0;
    double minutes = strtod(text, &end);
    if (errno != 0 || end == text || *end != '+' || minutes < 0 || minutes > 600) {
        return false;
    }
    int secs;
    if (!rb_util_parse_int(end + 1, 0, 600, &secs)) {
        return false;
    }
    *base = (int64_t)(minutes * 60000.0 + 0.5);
    *inc = (int64_t)secs * 1000;
    return *base > 0;
}

static int parse_args(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->port = RB_NET_DEFAULT_PORT;
    o->movetime_ms = 200;
    o->grace_ms = 60000;
    bool join = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int n;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else if (strcmp(a, "--version") == 0) {
            printf("rollerball-netplay %s (protocol %d)\n", RB_VERSION, RB_NET_PROTO);
            exit(0);
        } else if (strcmp(a, "--host") == 0) {
            o->host = true;
            continue;
        } else if (strcmp(a, "--verbose") == 0) {
            o->verbose = true;
            continue;
        } else if (strcmp(a, "--register") == 0 || strcmp(a, "--trust-first") == 0 || strcmp(a, "--rated") == 0 ||
                   strcmp(a, "--accept-seek") == 0) {
            bool *flag = strcmp(a, "--register") == 0      ? &o->do_register
                         : strcmp(a, "--trust-first") == 0 ? &o->trust_first
                         : strcmp(a, "--rated") == 0       ? &o->rated
                                                           : &o->accept_seek;
            *flag = true;
            continue;
        }
        if (v == NULL) {
            return bad_usage("%s needs a value", a);
        }
        i++;
        if (strcmp(a, "--join") == 0) {
            join = true;
            o->code = v;
        } else if (strcmp(a, "--server") == 0) {
            const char *colon = strrchr(v, ':');
            if (colon == NULL || colon == v || (size_t)(colon - v) >= sizeof o->server_buf ||
                !rb_util_parse_int(colon + 1, 1, 65535, &n)) {
                return bad_usage("the server '%s' is not HOST:PORT", v);
            }
            snprintf(o->server_buf, sizeof o->server_buf, "%.*s", (int)(colon - v), v);
            o->server_host = o->server_buf;
            o->server_port = n;
        } else if (strcmp(a, "--password") == 0) {
            o->password = v;
        } else if (strcmp(a, "--seek") == 0) {
            int64_t b, c;
            if (!parse_time_control(v, &b, &c)) {
                return bad_usage("the seek '%s' is not MINUTES+SECONDS, such as 3+2", v);
            }
            o->seek = v;
        } else if (strcmp(a, "--port") == 0) {
            if (!rb_util_parse_int(v, 0, 65535, &n)) {
                return bad_usage("the port '%s' is not a number from 0 to 65535", v);
            }
            o->port = n;
        } else if (strcmp(a, "--bind") == 0) {
            o->bind = v;
        } else if (strcmp(a, "--address") == 0) {
            o->address = v;
        } else if (strcmp(a, "--time-control") == 0) {
            if (!parse_time_control(v, &o->base_ms, &o->inc_ms)) {
                return bad_usage("the time control '%s' is not MINUTES+SECONDS, such as 3+2", v);
            }
        } else if (strcmp(a, "--engine") == 0) {
            o->engine = v;
        } else if (strcmp(a, "--movetime") == 0) {
            if (!rb_util_parse_int(v, 1, 3600000, &n)) {
                return bad_usage("the move time '%s' is not a number of milliseconds", v);
            }
            o->movetime_ms = n;
        } else if (strcmp(a, "--pgn") == 0) {
            o->pgn = v;
        } else if (strcmp(a, "--name") == 0) {
            if (strlen(v) == 0 || strlen(v) > RB_NET_NAME_MAX) {
                return bad_usage("the name '%s' is empty or longer than 40 bytes", v);
            }
            o->name = v;
        } else if (strcmp(a, "--start") == 0) {
            o->start = v;
        } else if (strcmp(a, "--color") == 0) {
            if (strcmp(v, "white") != 0 && strcmp(v, "black") != 0) {
                return bad_usage("the colour '%s' is neither white nor black", v);
            }
            o->color = strcmp(v, "black") == 0 ? RB_BLACK : RB_WHITE;
        } else if (strcmp(a, "--save") == 0) {
            o->save = v;
        } else if (strcmp(a, "--resume") == 0) {
            o->save = v;
            o->resume = true;
        } else if (strcmp(a, "--grace") == 0) {
            if (!rb_util_parse_int(v, 1, 86400, &n)) {
                return bad_usage("the grace '%s' is not a number of seconds", v);
            }
            o->grace_ms = (int64_t)n * 1000;
        } else {
            return bad_usage("unknown option '%s'", a);
        }
    }
    if (o->server_host != NULL) {
        if (o->host || join || o->resume) {
            return bad_usage("%s", "--server plays through a server: without --host, --join or --resume");
        }
        if ((o->seek != NULL) == o->accept_seek) {
            return bad_usage("%s", "--server needs either --seek M+S or --accept-seek");
        }
        if (o->password != NULL && o->name == NULL) {
            return bad_usage("%s", "--password goes with --name");
        }
        if (o->name != NULL && o->password == NULL) {
            return bad_usage("%s", "--name on a server needs --password (or neither, for a guest)");
        }
        join = true; /* the lobby gives the code */
        o->code = "";
    } else if (o->password != NULL || o->seek != NULL || o->accept_seek || o->do_register || o->rated) {
        return bad_usage("%s", "--password, --seek, --accept-seek, --register and --rated need --server");
    }
    if (o->resume && !o->host && !join) {
        join = true; /* the saved game names its host */
    }
    if (o->host == join) {
        return bad_usage("%s", "give either --host or --join CODE");
    }
    if (o->engine == NULL) {
        return bad_usage("%s", "--engine CMD is missing");
    }
    if (join && o->code == NULL && !o->resume) {
        return bad_usage("%s", "--join needs the invite code");
    }
    if (join && (o->base_ms > 0 || o->start != NULL)) {
        return bad_usage("%s", "the host sets the time control and the start; the joiner takes them");
    }
    return -1;
}

static void say(const options *o, const char *fmt, const char *a, const char *b)
{
    if (o->verbose) {
        fputs("rollerball-netplay: ", stderr);
        fprintf(stderr, fmt, a, b);
        fputc('\n', stderr);
    }
}

static int fail(int code, const char *fmt, const char *a, const char *b)
{
    fputs("rollerball-netplay: ", stderr);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return code;
}

static bool write_record(const options *o, const rb_game *g)
{
    if (o->pgn == NULL || g == NULL) {
        return true;
    }
    char *text = rb_pgn_write(g);
    FILE *f = text != NULL ? fopen(o->pgn, "w") : NULL;
    bool ok = f != NULL && fputs(text, f) >= 0;
    ok = f != NULL && fclose(f) == 0 && ok;
    free(text);
    return ok;
}

/* The state for --save, written beside and renamed over, so a crash
 * leaves the old state or the new, never half of one. The joiner's code
 * goes first, for --resume. */
static void save_state(const options *o, const rb_net_peer *peer, const char *code)
{
    if (o->save == NULL) {
        return;
    }
    char *text = rb_net_peer_save(peer);
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.new", o->save);
    FILE *f = text != NULL ? fopen(tmp, "w") : NULL;
    bool ok = f != NULL && fprintf(f, "%s\n%s", code, text) >= 0;
    ok = f != NULL && fclose(f) == 0 && ok;
    if (ok) {
        ok = rename(tmp, o->save) == 0;
    }
    if (!ok) {
        remove(tmp);
    }
    free(text);
}

static int finish(const options *o, rb_net_peer *peer)
{
    char result[96];
    rb_net_peer_result_text(peer, result, sizeof result);
    if (!write_record(o, rb_net_peer_game(peer))) {
        fprintf(stderr, "rollerball-netplay: cannot write the record to %s: %s\n", o->pgn, strerror(errno));
    }
    printf("result %s\n", result);
    fflush(stdout);
    return EXIT_GAME;
}

/* The engine thinking on a position, so the connection is served (pings
 * answered, messages resent) while it does. */
typedef struct thinking {
    bool on;
    size_t ply;
    uint64_t key;
} thinking;

/* Asks the engine for a move, or plays the move it answered: 0 (thinking,
 * or done), or -1 when the engine failed (why says how). An answer for a
 * position the game has left (a takeback, the host's record) is dropped. */
static int engine_turn(const options *o, rb_player *player, rb_net_peer *peer, thinking *t, char *why, size_t whylen)
{
    const rb_game *g = rb_net_peer_game(peer);
    if (!t->on) {
        rb_match_limits lim = {.movetime_ms = o->movetime_ms, .margin_ms = 2000};
        int me = rb_net_peer_color(peer);
        int64_t left = rb_net_peer_clock(peer, me, rb_util_now_ms());
        if (rb_net_clock_timed(rb_net_peer_clocks(peer))) {
            int64_t share = left / 30 + rb_net_peer_clocks(peer)->inc_ms / 2;
            lim.movetime_ms = share < lim.movetime_ms ? share : lim.movetime_ms;
            lim.movetime_ms = lim.movetime_ms > 10 ? lim.movetime_ms : 10;
        }
        if (rb_player_start_move(player, g, &lim, 0, why, whylen) != RB_ASK_WAITING) {
            return -1;
        }
        *t = (thinking){true, g->ply, rb_game_pos(g)->key};
        return 0;
    }
    char text[64], err[200];
    rb_ask_status st = rb_player_poll_move(player, rb_util_now_ms() + 5, text, sizeof text, why, whylen);
    if (st == RB_ASK_WAITING) {
        return 0;
    }
    t->on = false;
    if (st != RB_ASK_MOVE) {
        return -1;
    }
    if (rb_net_peer_over(peer) || g->ply != t->ply || rb_game_pos(g)->key != t->key) {
        return 0;
    }
    rb_move m;
    if (rb_move_parse_coord(rb_game_pos(g), text, &m, err, sizeof err) != 0) {
        snprintf(why, whylen, "it played '%.20s': %.150s", text, err);
        return -1;
    }
    return rb_net_peer_move(peer, m, rb_util_now_ms(), why, whylen);
}

int main(int argc, char **argv)
{
    options o;
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0) {
        return rc;
    }
    signal(SIGPIPE, SIG_IGN);
    char err[400];
    char server_code[RB_NET_INVITE_MAX];
    if (o.server_host != NULL) {
        rb_lobby_request rq = {.host = o.server_host,
                               .port = o.server_port,
                               .name = o.name,
                               .password = o.password,
                               .do_register = o.do_register,
                               .seek = o.seek,
                               .rated = o.rated,
                               .program = "rollerball-netplay/" RB_VERSION,
                               .wait_ms = 600000,
                               .verbose = o.verbose};
        if (rb_lobby_find_game(&rq, server_code, sizeof server_code, err, sizeof err) != 0) {
            return fail(EXIT_UNREACHABLE, "%s%s", err, "");
        }
        o.code = server_code;
    }
    if (o.name == NULL) {
        o.name = "Engine";
    }

    rb_engine_spec spec = {.name = "engine", .command = o.engine};
    rb_player player = {.spec = &spec};
    if (!rb_player_new_game(&player, err, sizeof err)) {
        return fail(EXIT_ENGINE, "cannot start the engine '%s': %s", o.engine, err);
    }

    rb_net_config cfg;
    rb_net_config_defaults(&cfg, o.host);
    snprintf(cfg.name, sizeof cfg.name, "%s", o.name);
    snprintf(cfg.program, sizeof cfg.program, "rollerball-netplay/%s", RB_VERSION);
    cfg.grace_ms = o.grace_ms;
    rb_net_invite inv = {0};
    if (o.host) {
        uint8_t bytes[16];
        uint64_t game_token;
        if (!rb_net_random_bytes(bytes, sizeof bytes) || !rb_net_random_bytes(&game_token, sizeof game_token)) {
            rb_player_stop(&player);
            return fail(EXIT_UNREACHABLE, "%s%s", "the system gave no random numbers for the invite", "");
        }
        rb_net_token_from_bytes(bytes, inv.token);
        cfg.game_token = game_token;
        cfg.base_ms = o.base_ms;
        cfg.inc_ms = o.inc_ms;
        cfg.host_color = o.color;
        if (o.start != NULL) {
            snprintf(cfg.start, sizeof cfg.start, "%s", o.start);
        }
    } else if (rb_net_invite_parse(o.code, &inv, err, sizeof err) != 0) {
        rb_player_stop(&player);
        return fail(EXIT_UNREACHABLE, "the invite code is wrong: %s%s", err, "");
    }
    snprintf(cfg.token, sizeof cfg.token, "%s", inv.token);
    rb_net_peer *peer = NULL;
    char saved_code[RB_NET_INVITE_MAX + 8] = "";
    if (o.resume) {
        FILE *f = fopen(o.save, "r");
        static char text[1 << 21];
        size_t n = f != NULL ? fread(text, 1, sizeof text - 1, f) : 0;
        if (f != NULL) {
            fclose(f);
        }
        text[n] = '\0';
        char *body = strchr(text, '\n');
        if (f == NULL || body == NULL || (size_t)(body - text) >= sizeof saved_code) {
            rb_player_stop(&player);
            return fail(EXIT_USAGE, "cannot read the saved game %s%s", o.save, "");
        }
        memcpy(saved_code, text, (size_t)(body - text));
        if (!o.host && rb_net_invite_parse(saved_code, &inv, err, sizeof err) != 0) {
            rb_player_stop(&player);
            return fail(EXIT_USAGE, "the saved game's invite code is wrong: %s%s", err, "");
        }
        snprintf(cfg.token, sizeof cfg.token, "%s", inv.token);
        peer = rb_net_peer_restore(&cfg, body + 1, rb_util_now_ms(), err, sizeof err);
        if (peer != NULL && o.host) {
            /* the host's code is the saved token's */
            rb_net_invite_parse(saved_code, &inv, err, sizeof err);
        }
    } else {
        peer = rb_net_peer_new(&cfg, err, sizeof err);
    }
    if (peer == NULL) {
        rb_player_stop(&player);
        return fail(EXIT_USAGE, "%s%s", err, "");
    }

    rb_net_session s;
    if (o.host) {
        if (rb_net_session_host(&s, peer, o.bind, o.port, err, sizeof err) != 0) {
            rb_net_peer_free(peer);
            rb_player_stop(&player);
            return fail(EXIT_UNREACHABLE, "%s%s", err, "");
        }
        char addr[4][64];
        const char *where = o.address != NULL ? o.address : o.bind;
        if (where == NULL) {
            where = rb_net_local_addresses(addr, 4) > 0 ? addr[0] : "127.0.0.1";
        }
        snprintf(inv.host, sizeof inv.host, "%s", where);
        inv.port = s.port;
        char code[RB_NET_INVITE_MAX];
        rb_net_invite_format(&inv, code, sizeof code);
        snprintf(saved_code, sizeof saved_code, "%s", code);
        printf("invite %s\n", code);
        fflush(stdout);
    } else {
        rb_net_invite_format(&inv, saved_code, sizeof saved_code);
        if (rb_net_session_join(&s, peer, inv.host, inv.port, 5000, err, sizeof err) != 0) {
            if (!o.resume) {
                rb_net_peer_free(peer);
                rb_player_stop(&player);
                return fail(EXIT_UNREACHABLE, "%s%s", err, "");
            }
            s.reconnect = true; /* the host may be restarting too: keep trying */
        }
    }

    int status = -1;
    int64_t joined_by = rb_util_now_ms() + 10000; /* the joiner's wait for the welcome */
    int64_t settled_at = 0, bye_at = 0;
    int unacked_saved = -1;
    thinking think = {0};
    while (status < 0) {
        rb_net_session_poll(&s, think.on ? 1 : 5);
        int64_t now = rb_util_now_ms();
        rb_net_event ev;
        bool any = false;
        while (status < 0 && rb_net_peer_poll(peer, &ev)) {
            any = true;
            switch (ev.type) {
            case RB_NET_EV_STARTED: say(&o, "the game starts: %s", ev.text, ""); break;
            case RB_NET_EV_LOST: say(&o, "%s%s", ev.text, ""); break;
            case RB_NET_EV_RESUMED: say(&o, "%s%s", ev.text, ""); break;
            case RB_NET_EV_REFUSED: say(&o, "a move was refused: %s%s", ev.text, ""); break;
            case RB_NET_EV_GRACE_OVER:
                write_record(&o, rb_net_peer_game(peer));
                snprintf(err, sizeof err, "%" PRId64, o.grace_ms / 1000);
                status = fail(EXIT_LOST, "the connection was lost and not resumed within %s s%s", err, "");
                break;
            case RB_NET_EV_BYE:
                if (rb_net_peer_over(peer)) {
                    status = finish(&o, peer);
                } else if (!rb_net_peer_started(peer) || ev.mine) {
                    status =
                        fail(EXIT_UNREACHABLE,
                             ev.mine ? "the other side was sent away: %s%s" : "refused by the host: %s", ev.text, "");
                } else {
                    write_record(&o, rb_net_peer_game(peer));
                    status = fail(EXIT_LOST, "the other side left the game: %s%s", ev.text, "");
                }
                break;
            default: break;
            }
        }
        if (any || rb_net_peer_unacked(peer) != unacked_saved) {
            save_state(&o, peer, saved_code);
            unacked_saved = rb_net_peer_unacked(peer);
        }
        if (status >= 0) {
            break;
        }
        if (!o.host && !rb_net_peer_started(peer) && now > joined_by) {
            status = fail(EXIT_UNREACHABLE, "no answer from the host at %s%s", o.code, "");
            break;
        }
        bool my_turn = rb_net_peer_started(peer) && !rb_net_peer_over(peer) &&
                       rb_game_pos(rb_net_peer_game(peer))->side == rb_net_peer_color(peer);
        if ((my_turn || think.on) && engine_turn(&o, &player, peer, &think, err, sizeof err) != 0 &&
            !rb_net_peer_over(peer)) {
            char ignored[100];
            rb_net_peer_resign(peer, rb_util_now_ms(), ignored, sizeof ignored);
            for (int i = 0; i < 100 && rb_net_peer_unacked(peer) > 0; i++) {
                rb_net_session_poll(&s, 10);
            }
            write_record(&o, rb_net_peer_game(peer));
            status = fail(EXIT_ENGINE, "the engine failed: %s%s", err, "");
            break;
        }
        if (rb_net_peer_over(peer)) {
            /* Done once the other side has every message of ours; then say
             * goodbye and give the line a moment to carry it. */
            if (rb_net_peer_settled(peer) && settled_at == 0) {
                settled_at = now;
                rb_net_peer_bye(peer, "done", "good game");
            }
            if (settled_at == 0 && bye_at == 0) {
                bye_at = now + 10000; /* unacknowledged this long: finish anyway */
            }
            if ((settled_at != 0 && (rb_net_session_flushed(&s) || now - settled_at > 2000)) ||
                (bye_at != 0 && now > bye_at)) {
                status = finish(&o, peer);
            }
        }
    }
    rb_net_session_close(&s);
    rb_net_peer_free(peer);
    rb_player_stop(&player);
    return status;
}
