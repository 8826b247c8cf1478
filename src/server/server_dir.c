/*
 * server_dir.c - the server's folder: --init makes it (the configuration
 * file with every setting at its default, and an empty database at the
 * current schema), and --export-pgn reads every finished game out of it.
 *
 * The export opens the database read-only: in write-ahead-log mode a
 * reader sees the last commit and never blocks the running server. Rated
 * games get the rating tags as lichess writes them ([WhiteElo],
 * [BlackElo], [WhiteRatingDiff] "+7" / "-7"), added to the stored record
 * here, so the record kept is the one both players had.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rb_pgn.h"
#include "rb_server.h"
#include "rb_util_error.h"
#include "server_store.h"

int rb_server_init_dir(const char *dir, char *err, size_t errlen)
{
    if (mkdir(dir, 0750) != 0 && errno != EEXIST) {
        return rb_util_fail(err, errlen, "%s: %s", dir, strerror(errno));
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, RB_SERVER_CONF);
    struct stat st;
    if (stat(path, &st) != 0 && rb_server_settings_write_default(path, err, errlen) != 0) {
        return -1;
    }
    snprintf(path, sizeof path, "%s/%s", dir, RB_SERVER_DB);
    rb_store *store = rb_store_open(path, false, err, errlen);
    if (store == NULL) {
        return -1;
    }
    rb_store_close(store);
    return 0;
}

typedef struct export_ctx {
    FILE *out;
    int failed;
} export_ctx;

static void export_one(void *user, const rb_store_finished *f)
{
    export_ctx *x = user;
    if (!f->rated || !f->has_ratings) {
        fprintf(x->out, "%s\n", f->pgn);
        return;
    }
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error perr = {0};
    if (rb_pgn_read(f->pgn, strlen(f->pgn), &games, &n, &perr) != 1 || perr.line != 0) {
        fprintf(x->out, "%s\n", f->pgn); /* kept as it was stored */
        x->failed++;
        return;
    }
    char v[24];
    const char *names[2][2] = {{"WhiteElo", "WhiteRatingDiff"}, {"BlackElo", "BlackRatingDiff"}};
    for (int c = 0; c < 2; c++) {
        snprintf(v, sizeof v, "%d", f->elo[c]);
        rb_game_set_tag(&games[0], names[c][0], v);
        snprintf(v, sizeof v, "%+d", f->diff[c]);
        rb_game_set_tag(&games[0], names[c][1], v);
    }
    char *text = rb_pgn_write(&games[0]);
    fprintf(x->out, "%s\n", text ? text : f->pgn);
    free(text);
    for (size_t i = 0; i < n; i++) {
        rb_game_free(&games[i]);
    }
    free(games);
}

int rb_server_export_pgn(const char *dir, void *out_file, char *err, size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, RB_SERVER_DB);
    rb_store *store = rb_store_open(path, true, err, errlen);
    if (store == NULL) {
        return -1;
    }
    export_ctx x = {.out = out_file};
    int n = rb_store_games_finished(store, export_one, &x);
    if (n < 0) {
        rb_util_fail(err, errlen, "%s: %s", path, rb_store_error(store));
    }
    rb_store_close(store);
    return n;
}
