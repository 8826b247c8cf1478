/*
 * rating_main.c - rb_rating_calc, a small calculator over rb_rating for
 * whoever runs a server: what one game does to two ratings, with the PGN
 * tags the server writes, or what time away does to one RD.
 *
 *   rb_rating_calc game WHITE BLACK RESULT [WHITE_DAYS BLACK_DAYS]
 *   rb_rating_calc idle PLAYER DAYS
 *
 * A player is RATING/RD/VOLATILITY (1500/350/0.06) or "new" (a new
 * player); a result is 1-0, 0-1 or 1/2-1/2; days are the time since each
 * one's last rated game. The parameters are lichess's (rb_rating_lichess).
 * Exit status 0, or 2 with a message naming the argument that is wrong.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_rating.h"

#define MS_PER_DAY (24.0 * 60 * 60 * 1000)

static int usage(void)
{
    fprintf(stderr, "usage: rb_rating_calc game WHITE BLACK RESULT [WHITE_DAYS BLACK_DAYS]\n"
                    "       rb_rating_calc idle PLAYER DAYS\n"
                    "a player is RATING/RD/VOLATILITY (for example 1500/350/0.06) or new;\n"
                    "a result is 1-0, 0-1 or 1/2-1/2\n");
    return 2;
}

/* A finite decimal number and nothing else. */
static bool number(const char *text, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || !isfinite(v)) {
        return false;
    }
    *out = v;
    return true;
}

static bool player(const rb_rating_params *p, const char *text, rb_rating *out)
{
    if (strcmp(text, "new") == 0) {
        *out = rb_rating_new(p);
        return true;
    }
    char buf[100];
    if (strlen(text) >= sizeof buf) {
        return false;
    }
    strcpy(buf, text);
    char *rd = strchr(buf, '/');
    char *vol = rd ? strchr(rd + 1, '/') : NULL;
    if (!rd || !vol) {
        return false;
    }
    *rd++ = '\0';
    *vol++ = '\0';
    return number(buf, &out->rating) && number(rd, &out->rd) && number(vol, &out->vol) && out->rd > 0 && out->vol > 0;
}

static bool days(const char *text, int64_t *ms)
{
    double d;
    if (!number(text, &d) || d < 0 || d > 36500) {
        return false;
    }
    *ms = (int64_t)(d * MS_PER_DAY);
    return true;
}

static int bad(const char *what, const char *text)
{
    fprintf(stderr, "rb_rating_calc: '%s' is not %s\n", text, what);
    return 2;
}

static void show(const char *who, rb_rating before, rb_rating after, int diff)
{
    printf("%s %.1f/%.1f/%.5f -> %.1f/%.1f/%.5f (%+d)\n", who, before.rating, before.rd, before.vol, after.rating,
           after.rd, after.vol, diff);
}

int main(int argc, char **argv)
{
    rb_rating_params p = rb_rating_lichess();
    const char *player_form = "a player (RATING/RD/VOLATILITY with RD and volatility above 0, or new)";
    if (argc >= 2 && strcmp(argv[1], "idle") == 0 && argc == 4) {
        rb_rating r;
        int64_t ms;
        if (!player(&p, argv[2], &r)) {
            return bad(player_form, argv[2]);
        }
        if (!days(argv[3], &ms)) {
            return bad("a number of days from 0 to 36500", argv[3]);
        }
        rb_rating now = rb_rating_idle(&p, r, rb_rating_periods(&p, ms));
        printf("RD %.1f -> %.1f after %s days\n", r.rd, now.rd, argv[3]);
        return 0;
    }
    if (argc < 2 || strcmp(argv[1], "game") != 0 || (argc != 5 && argc != 7)) {
        return usage();
    }
    rb_rating_pairing g = {0};
    if (!player(&p, argv[2], &g.white)) {
        return bad(player_form, argv[2]);
    }
    if (!player(&p, argv[3], &g.black)) {
        return bad(player_form, argv[3]);
    }
    if (strcmp(argv[4], "1-0") == 0) {
        g.white_score = 1;
    } else if (strcmp(argv[4], "0-1") == 0) {
        g.white_score = 0;
    } else if (strcmp(argv[4], "1/2-1/2") == 0) {
        g.white_score = 0.5;
    } else {
        return bad("a result (1-0, 0-1 or 1/2-1/2)", argv[4]);
    }
    if (argc == 7 && !days(argv[5], &g.white_idle_ms)) {
        return bad("a number of days from 0 to 36500", argv[5]);
    }
    if (argc == 7 && !days(argv[6], &g.black_idle_ms)) {
        return bad("a number of days from 0 to 36500", argv[6]);
    }
    rb_rating_result r;
    if (rb_rating_game_result(&p, &g, &r) < 0) {
        fprintf(stderr, "rb_rating_calc: these ratings cannot be rated\n");
        return 2;
    }
    show("White", g.white, r.white, r.white_diff);
    show("Black", g.black, r.black, r.black_diff);
    printf("[WhiteRatingDiff \"%+d\"]\n[BlackRatingDiff \"%+d\"]\n", r.white_diff, r.black_diff);
    return 0;
}
