/*
 * netplay_lobby.h - rollerball-netplay's side of a server's lobby: log in
 * (or register, or come as a guest), seek a game or take one, and wait
 * until the server names the game.
 *
 * The lobby's answer is what a friend's invite code is in direct play: the
 * server's address and the seat's token, so the game itself is then played
 * by the same code as a joiner's, reconnections included. Blocking, with a
 * deadline: the program has nothing else to do until the game begins.
 */
#ifndef RB_NETPLAY_LOBBY_H
#define RB_NETPLAY_LOBBY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct rb_lobby_request {
    const char *host;
    int port;
    const char *name;     /* NULL or empty: a guest */
    const char *password; /* with name */
    bool do_register;
    const char *seek; /* "3+2" to seek, NULL to take someone else's seek */
    bool rated;
    const char *program;
    int wait_ms; /* for the game to be found */
    bool verbose;
} rb_lobby_request;

/* 0 with the invite code of the seat ("rb1:HOST:PORT:TOKEN") and the
 * colour, or -1 with err saying why (a refusal by the server is its words). */
int rb_lobby_find_game(const rb_lobby_request *rq, char *code, size_t codelen, char *err, size_t errlen);

#endif
