/*
 * rb_rating.h - Glicko-2 ratings, as the server keeps them for its players.
 *
 * The arithmetic is Glickman's "Example of the Glicko-2 system": a player
 * is a rating, a rating deviation (RD, how unsure the rating is) and a
 * volatility (how erratic the player is). The parameters are a value, not
 * a global, so the server and the tests can each hold their own; the
 * defaults are lichess's (rb_rating_lichess), and a rating period is what
 * lichess makes of it: every game is rated at once, as a period of its own,
 * and a player's RD grows with the days since their last rated game
 * (0.21436 periods a day) instead of with a count of empty periods.
 *
 * Pure: no clock (times are passed in as milliseconds), no I/O, no SDL.
 */
#ifndef RB_RATING_H
#define RB_RATING_H

#include <stddef.h>
#include <stdint.h>

/* A player's rating on the Glicko scale (1500 the centre). */
typedef struct {
    double rating;
    double rd;  /* rating deviation, Glicko scale */
    double vol; /* volatility, Glicko-2 scale */
} rb_rating;

/* How ratings move. */
typedef struct {
    double start_rating, start_rd, start_vol; /* a new player */
    double tau;                               /* how fast volatility may change */
    double min_rd, max_rd;                    /* RD is kept within these after every step */
    double max_vol;                           /* volatility is kept at or below this */
    double min_rating, max_rating;            /* the rating is kept within these */
    double periods_per_day;                   /* how inactivity turns into rating periods */
} rb_rating_params;

/* One game of a rating period, seen from the player rated. */
typedef struct {
    double opp_rating, opp_rd; /* the opponent's rating and RD before the game */
    double score;              /* 1 a win, 0.5 a draw, 0 a loss */
} rb_rating_game;

/* lichess's parameters: a new player at 1500, RD 500, volatility 0.09;
 * tau 0.75; RD within 45..500; volatility at most 0.1; ratings within
 * 400..4000; 0.21436 rating periods a day (an RD of 60 grows to about 110
 * in a year without games). */
rb_rating_params rb_rating_lichess(void);

/* A new player. */
rb_rating rb_rating_new(const rb_rating_params *params);

/* How many rating periods idle_ms milliseconds without a rated game are
 * (negative times count as none). */
double rb_rating_periods(const rb_rating_params *params, int64_t idle_ms);

/* The player after `periods` rating periods without a game: the RD grows
 * as Glickman's step 6 makes it grow (sqrt(phi^2 + periods * sigma^2)), up
 * to max_rd; rating and volatility do not change. */
rb_rating rb_rating_idle(const rb_rating_params *params, rb_rating player, double periods);

/* One rating period: the player's games (n may be 0), `periods` rating
 * periods after the last one (Glickman's example is 1; lichess's per-game
 * update passes the time since the player's last game, through
 * rb_rating_periods). Returns 0 and writes *out, or -1 when an input is not
 * a rating (not finite, RD or volatility not positive, a score outside
 * 0..1) or the volatility does not converge; *out is then the player
 * unchanged. */
int rb_rating_update(const rb_rating_params *params, rb_rating player, const rb_rating_game *games, size_t n,
                     double periods, rb_rating *out);

/* A rated game between two players, each rated against the other's rating
 * before the game, as lichess rates a game the moment it ends. */
typedef struct {
    rb_rating white, black;               /* before the game */
    int64_t white_idle_ms, black_idle_ms; /* since each one's last rated game; 0 for a first game */
    double white_score;                   /* 1, 0.5 or 0 */
} rb_rating_pairing;

typedef struct {
    rb_rating white, black; /* after the game */
    int white_diff;         /* [WhiteRatingDiff]: the rounded rating after minus the rounded rating before */
    int black_diff;         /* [BlackRatingDiff] */
} rb_rating_result;

/* Rates one game; 0, or -1 as rb_rating_update. */
int rb_rating_game_result(const rb_rating_params *params, const rb_rating_pairing *game, rb_rating_result *out);

/* A rating rounded as people see it (1464.06 -> 1464). */
int rb_rating_shown(double rating);

#endif
