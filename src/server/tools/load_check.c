/*
 * load_check.c - after a load run, the database against the players: every
 * game's finished record (as --export-pgn writes it) must have the same
 * moves and result as both players' records, and must hold every move the
 * server had acknowledged to either of them, however often it was killed.
 * A player whose record the server replaced (a resync) would agree with a
 * database that lost a move, so the acknowledged moves are kept apart as
 * they were acknowledged, and compared too.
 */
#define _GNU_SOURCE

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "rb_pgn.h"
#include "rb_server.h"

static const rb_game *find(const rb_game *db, size_t n, int64_t id)
{
    char want[32];
    snprintf(want, sizeof want, "%lld", (long long)id);
    for (size_t i = 0; i < n; i++) {
        const char *tag = rb_game_tag(&db[i], "GameId");
        if (tag != NULL && strcmp(tag, want) == 0) {
            return &db[i];
        }
    }
    return NULL;
}

static bool same_moves(const rb_move *a, size_t na, const rb_move *b, size_t nb)
{
    return na == nb && memcmp(a, b, na * sizeof *a) == 0;
}

int load_check(const load_opts *o, const char *dir, const load_game *games, load_check_result *c, char *err,
               size_t errlen)
{
    memset(c, 0, sizeof *c);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (out == NULL) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int n = rb_server_export_pgn(dir, out, err, errlen);
    fclose(out);
    rb_game *db = NULL;
    size_t ndb = 0;
    rb_pgn_error perr = {0};
    if (n < 0 || (n > 0 && rb_pgn_read(text, len, &db, &ndb, &perr) < 0) || perr.line != 0) {
        if (n >= 0) {
            snprintf(err, errlen, "the export does not read as PGN: line %d: %s", perr.line, perr.message);
        }
        free(text);
        return -1;
    }
    free(text);
    for (int g = 0; g < o->games; g++) {
        const rb_game *rec = find(db, ndb, games[g].id);
        if (rec == NULL) {
            fprintf(stderr, "game %lld: not among the database's finished games\n", (long long)games[g].id);
            c->disagreements++;
            continue;
        }
        c->games++;
        c->moves += (int)rec->length;
        for (int s = 0; s < 2; s++) {
            const load_side *sd = &games[g].side[s];
            const rb_game *mine = rb_net_peer_game(sd->peer);
            char result[64];
            rb_net_peer_result_text(sd->peer, result, sizeof result);
            const char *db_result = rb_result_text(rb_game_result(rec));
            if (mine == NULL || !same_moves(mine->moves, mine->length, rec->moves, rec->length) ||
                strncmp(result, db_result, strlen(db_result)) != 0 || result[strlen(db_result)] != ' ') {
                fprintf(stderr, "game %lld: %s's record (%zu plies, %s) and the database's (%zu plies, %s) differ\n",
                        (long long)games[g].id, s == 0 ? "White" : "Black", mine ? mine->length : 0, result,
                        rec->length, db_result);
                c->disagreements++;
            }
            c->acknowledged += (int)sd->ncommitted;
            size_t k = 0;
            while (k < sd->ncommitted && k < rec->length && sd->committed[k] == rec->moves[k]) {
                k++;
            }
            if (k < sd->ncommitted) {
                fprintf(stderr, "game %lld: %zu of the moves acknowledged to %s are not in the database\n",
                        (long long)games[g].id, sd->ncommitted - k, s == 0 ? "White" : "Black");
                c->lost += (int)(sd->ncommitted - k);
            }
        }
    }
    for (size_t i = 0; i < ndb; i++) {
        rb_game_free(&db[i]);
    }
    free(db);
    return 0;
}
