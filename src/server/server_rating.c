/*
 * server_rating.c - a rated game's ratings, the moment it ends, as lichess
 * rates: each player against the other's rating before the game, with the
 * rating deviation grown by the time since their last rated game
 * (src/rating, Glicko-2 with lichess's parameters).
 *
 * The ratings before the game go into the game's row as [WhiteElo] and
 * [BlackElo], the differences as [WhiteRatingDiff] and [BlackRatingDiff],
 * and each player's new rating into their account and the history, in the
 * transaction that stores the game's end.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <time.h>

#include "rb_rating.h"
#include "server_internal.h"
#include "server_log.h"

static int64_t wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void rb_srv_rate_game(rb_server *sv, const sgame *g, int result)
{
    if (!g->row.rated || g->row.account[0] == 0 || g->row.account[1] == 0 || result == RB_RESULT_NONE) {
        return;
    }
    rb_rating_params params = rb_rating_lichess();
    rb_rating before[2];
    int64_t idle[2], now = wall_ms();
    for (int c = 0; c < 2; c++) {
        int64_t last = 0;
        before[c] = rb_rating_new(&params);
        if (rb_store_rating_get(sv->store, g->row.account[c], &before[c].rating, &before[c].rd, &before[c].vol,
                                &last) != 1) {
            before[c] = rb_rating_new(&params);
            last = 0;
        }
        idle[c] = last > 0 ? now - last : 0;
    }
    rb_rating_pairing pairing = {.white = before[0],
                                 .black = before[1],
                                 .white_idle_ms = idle[0],
                                 .black_idle_ms = idle[1],
                                 .white_score = result == RB_RESULT_WHITE  ? 1.0
                                                : result == RB_RESULT_DRAW ? 0.5
                                                                           : 0.0};
    rb_rating_result out;
    if (rb_rating_game_result(&params, &pairing, &out) != 0) {
        rb_server_log(RB_LOG_ERR, "game %" PRId64 ": the ratings could not be computed", g->row.id);
        return;
    }
    rb_rating after[2] = {out.white, out.black};
    for (int c = 0; c < 2; c++) {
        if (rb_store_rating_set(sv->store, g->row.account[c], g->row.id, after[c].rating, after[c].rd, after[c].vol,
                                now) != 0) {
            rb_server_log(RB_LOG_ERR, "game %" PRId64 ": a rating was not stored: %s", g->row.id,
                          rb_store_error(sv->store));
        }
    }
    int shown[2] = {rb_rating_shown(before[0].rating), rb_rating_shown(before[1].rating)};
    if (rb_store_game_ratings(sv->store, g->row.id, shown[0], shown[1], out.white_diff, out.black_diff) != 0) {
        rb_server_log(RB_LOG_ERR, "game %" PRId64 ": its ratings were not stored: %s", g->row.id,
                      rb_store_error(sv->store));
    }
    for (int c = 0; c < 2; c++) {
        rb_srv_tell_account(sv, g->row.account[c], "rated %" PRId64 " %d %d %+d %+d", g->row.id, shown[0], shown[1],
                            out.white_diff, out.black_diff);
    }
}

int rb_srv_shown_rating(rb_server *sv, int64_t account)
{
    rb_rating_params params = rb_rating_lichess();
    rb_rating r = rb_rating_new(&params);
    int64_t last = 0;
    if (account == 0 || rb_store_rating_get(sv->store, account, &r.rating, &r.rd, &r.vol, &last) != 1) {
        r = rb_rating_new(&params);
    }
    return rb_rating_shown(r.rating);
}
