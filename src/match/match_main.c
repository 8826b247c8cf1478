/*
 * match_main.c - the rollerball-match program: engines against each other.
 *
 * Reads the command line, makes the openings, runs games on a few worker
 * threads (each with its own pair of engine processes) and sums up the
 * results: wins, draws and losses of the first engine, the Elo difference
 * with its error bar and, on request, an SPRT verdict. Each opening is
 * played twice with colours swapped, so neither engine profits from a lucky
 * opening; the openings are random lines, or the lines of a book file
 * (--book), such as the balanced book in src/match/books/. The report also
 * gives White's score, which measures the first-move advantage in
 * self-play, and lists the openings the first engine lost with both
 * colours. With --sprt, no new games start once a bound is crossed.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_game.h"
#include "match_openings.h"
#include "match_stats.h"
#include "rb_core.h"
#include "rb_util_random.h"

typedef struct match {
    rb_engine_spec engine[2];
    rb_match_limits limits;
    int games;
    int concurrency;
    int opening_plies;
    const char *book_path;
    uint64_t seed;
    bool sprt;
    double elo0, elo1;
    const char *pgn_path;
    bool quiet;

    rb_opening *openings;
    FILE *pgn;

    pthread_mutex_t lock; /* guards everything below and the output */
    int next_game;
    int finished;
    bool stop;            /* the SPRT has decided, or the PGN file failed */
    bool pgn_failed;      /* a game could not be written: the run fails */
    rb_wdl score;         /* of engine 0 */
    rb_wdl white;         /* of the side playing White */
    double *points;       /* engine 0's score of each game, -1 until played */
    double *white_points; /* White's score of each game, -1 until played */
    int adjudicated;
    int forfeits[2];
} match;

static void usage(FILE *to)
{
    fputs("usage: rollerball-match --engine COMMAND [name=NAME] [option.NAME=VALUE ...]\n"
          "                        --engine COMMAND [name=NAME] [option.NAME=VALUE ...]\n"
          "                        [--games N] [--concurrency N] [--movetime MS] [--nodes N]\n"
          "                        [--nodes-spread PCT] [--depth N] [--margin MS] [--move-timeout MS]\n"
          "                        [--openings-plies N | --book FILE] [--seed N]\n"
          "                        [--adjudicate-after PLIES] [--sprt ELO0 ELO1] [--pgn FILE] [--quiet]\n"
          "\n"
          "Plays N games (default 2) between two engines speaking the Rollerball protocol,\n"
          "each opening twice with colours swapped, and reports the first engine's wins,\n"
          "draws and losses, the Elo difference, White's score and, with --sprt, the SPRT\n"
          "verdict (alpha = beta = 0.05). Openings are random lines of --openings-plies\n"
          "plies (default 4) from --seed, or the lines of a book FILE in order (one opening\n"
          "a line in coordinate moves, '#' starts a comment; src/match/books/balanced.txt\n"
          "holds balanced ones). --nodes-spread draws each move's node limit from N +/- PCT\n"
          "percent (from --seed), so deterministic engines vary their games.\n"
          "Games end by the rules only, unless --adjudicate-after\n"
          "draws them after that many plies. An engine that plays an illegal move, prints\n"
          "garbage, exceeds the move time plus the margin (default 1000 ms) or dies loses\n"
          "the game and is restarted.\n",
          to);
}

static bool parse_number(const char *text, int64_t min, int64_t max, int64_t *out)
{
    char *end;
    long long v = strtoll(text, &end, 10);
    if (end == text || *end != '\0' || v < min || v > max) {
        return false;
    }
    *out = v;
    return true;
}

static bool parse_real(const char *text, double *out)
{
    char *end;
    *out = strtod(text, &end);
    return end != text && *end == '\0';
}

/* Reads the command line into m; false after printing what is wrong. */
static bool parse_args(match *m, int argc, char **argv)
{
    int engines = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        int64_t v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else if (strcmp(a, "--quiet") == 0) {
            m->quiet = true;
            continue;
        }
        if (strncmp(a, "--", 2) != 0) {
            /* name=... and option.X=Y belong to the engine named last. */
            rb_engine_spec *e = engines > 0 ? &m->engine[engines - 1] : NULL;
            const char *eq = strchr(a, '=');
            if (e == NULL || eq == NULL) {
                fprintf(stderr, "rollerball-match: unexpected argument '%s'\n", a);
                return false;
            }
            if (strncmp(a, "name=", 5) == 0) {
                e->name = a + 5;
            } else if (strncmp(a, "option.", 7) == 0 && eq > a + 7 && e->noptions == RB_MATCH_OPTIONS_MAX) {
                fprintf(stderr, "rollerball-match: '%s': at most %d options per engine\n", a, RB_MATCH_OPTIONS_MAX);
                return false;
            } else if (strncmp(a, "option.", 7) == 0 && eq > a + 7) {
                size_t n = (size_t)(eq - (a + 7));
                char *name = malloc(n + 1);
                if (name == NULL) {
                    return false;
                }
                memcpy(name, a + 7, n);
                name[n] = '\0';
                e->option_name[e->noptions] = name;
                e->option_value[e->noptions++] = eq + 1;
            } else {
                fprintf(stderr, "rollerball-match: '%s': expected name=NAME or option.NAME=VALUE\n", a);
                return false;
            }
            continue;
        }
        if (value == NULL) {
            fprintf(stderr, "rollerball-match: %s needs a value\n", a);
            return false;
        }
        i++;
        bool ok = true;
        if (strcmp(a, "--engine") == 0) {
            if (engines == 2) {
                fprintf(stderr, "rollerball-match: exactly two engines play a match\n");
                return false;
            }
            m->engine[engines++].command = value;
        } else if (strcmp(a, "--games") == 0) {
            ok = parse_number(value, 1, 1000000, &v);
            m->games = (int)v;
        } else if (strcmp(a, "--concurrency") == 0) {
            ok = parse_number(value, 1, 64, &v);
            m->concurrency = (int)v;
        } else if (strcmp(a, "--movetime") == 0) {
            ok = parse_number(value, 1, INT64_C(86400000), &m->limits.movetime_ms);
        } else if (strcmp(a, "--nodes") == 0) {
            ok = parse_number(value, 1, INT64_C(1000000000000), &v);
            m->limits.nodes = (uint64_t)v;
        } else if (strcmp(a, "--nodes-spread") == 0) {
            ok = parse_number(value, 0, 99, &v);
            m->limits.nodes_spread_pct = (int)v;
        } else if (strcmp(a, "--book") == 0) {
            m->book_path = value;
        } else if (strcmp(a, "--depth") == 0) {
            ok = parse_number(value, 1, 127, &v);
            m->limits.depth = (int)v;
        } else if (strcmp(a, "--margin") == 0) {
            ok = parse_number(value, 0, INT64_C(3600000), &m->limits.margin_ms);
        } else if (strcmp(a, "--move-timeout") == 0) {
            ok = parse_number(value, 1, INT64_C(86400000), &m->limits.move_timeout_ms);
        } else if (strcmp(a, "--openings-plies") == 0) {
            ok = parse_number(value, 0, RB_OPENING_PLIES_MAX, &v);
            m->opening_plies = (int)v;
        } else if (strcmp(a, "--seed") == 0) {
            ok = parse_number(value, 0, INT64_MAX, &v);
            m->seed = (uint64_t)v;
        } else if (strcmp(a, "--adjudicate-after") == 0) {
            ok = parse_number(value, 1, 100000, &v);
            m->limits.adjudicate_after = (int)v;
        } else if (strcmp(a, "--pgn") == 0) {
            m->pgn_path = value;
        } else if (strcmp(a, "--sprt") == 0) {
            ok = i + 1 < argc && parse_real(value, &m->elo0) && parse_real(argv[i + 1], &m->elo1) && m->elo1 > m->elo0;
            i++;
            m->sprt = true;
            if (!ok) {
                fprintf(stderr, "rollerball-match: --sprt needs two numbers ELO0 < ELO1\n");
                return false;
            }
        } else {
            fprintf(stderr, "rollerball-match: unknown option '%s' (see --help)\n", a);
            return false;
        }
        if (!ok) {
            fprintf(stderr, "rollerball-match: bad value '%s' for %s\n", value, a);
            return false;
        }
    }
    if (engines != 2) {
        fprintf(stderr, "rollerball-match: give two engines with --engine (see --help)\n");
        return false;
    }
    if (m->limits.nodes_spread_pct > 0 && m->limits.nodes == 0) {
        fprintf(stderr, "rollerball-match: --nodes-spread needs --nodes\n");
        return false;
    }
    if (m->limits.movetime_ms == 0 && m->limits.nodes == 0 && m->limits.depth == 0) {
        m->limits.movetime_ms = 100;
    }
    for (int i = 0; i < 2; i++) {
        if (m->engine[i].name == NULL) {
            m->engine[i].name = i == 0 ? "engine1" : "engine2";
        }
    }
    return true;
}

/* A game that cannot be written (disk full, out of memory) ends the match:
 * playing on would only produce results nobody can check. Called with the
 * lock held. */
static void write_pgn(match *m, rb_game *game, int index, const rb_outcome *o, bool first_white)
{
    if (m->pgn == NULL || m->pgn_failed) {
        return;
    }
    char round[32];
    snprintf(round, sizeof round, "%d", index + 1);
    rb_game_set_tag(game, "Event", "Rollerball engine match");
    rb_game_set_tag(game, "Round", round);
    rb_game_set_tag(game, "White", m->engine[first_white ? 0 : 1].name);
    rb_game_set_tag(game, "Black", m->engine[first_white ? 1 : 0].name);
    /* The record knows the endings of the rules and of people (resignation,
     * agreement); a forfeit is written as a resignation, an adjudication as
     * an agreement, and these tags say what really happened. */
    if (o->forfeit_color >= 0) {
        rb_game_set_tag(game, "Forfeit", o->reason);
        rb_game_set_tag(game, "ForfeitKind", o->termination);
    }
    if (o->adjudicated) {
        rb_game_set_tag(game, "Adjudication", o->reason);
    }
    char *text = rb_pgn_write(game);
    const char *why = "out of memory";
    errno = 0;
    bool written = text != NULL && fputs(text, m->pgn) != EOF && fputs("\n", m->pgn) != EOF && fflush(m->pgn) == 0;
    if (text != NULL) {
        why = errno != 0 ? strerror(errno) : "write error";
    }
    free(text);
    if (!written) {
        fprintf(stderr, "rollerball-match: cannot write game %d to %s: %s; stopping the match\n", index + 1,
                m->pgn_path, why);
        m->pgn_failed = true;
        m->stop = true;
    }
}

static void record(match *m, int index, rb_game *game, const rb_outcome *o)
{
    bool first_white = index % 2 == 0;
    int first_color = first_white ? RB_WHITE : RB_BLACK;
    pthread_mutex_lock(&m->lock);
    double white_points = o->result == RB_RESULT_DRAW ? 0.5 : o->result == RB_RESULT_WHITE ? 1.0 : 0.0;
    m->white_points[index] = white_points;
    m->points[index] = first_color == RB_WHITE ? white_points : 1.0 - white_points;
    if (o->result == RB_RESULT_DRAW) {
        m->white.draws++;
    } else if (o->result == RB_RESULT_WHITE) {
        m->white.wins++;
    } else {
        m->white.losses++;
    }
    if (o->result == RB_RESULT_DRAW) {
        m->score.draws++;
    } else if ((o->result == RB_RESULT_WHITE) == (first_color == RB_WHITE)) {
        m->score.wins++;
    } else {
        m->score.losses++;
    }
    m->adjudicated += o->adjudicated;
    if (o->forfeit_color >= 0) {
        m->forfeits[o->forfeit_color == first_color ? 0 : 1]++;
    }
    m->finished++;
    if (!m->quiet) {
        /* The running total too, so a long match cut short still says
         * where it stood. */
        printf("Game %d/%d (opening %d, %zu plies): %s - %s %s (%s)  %s so far: +%d =%d -%d\n", index + 1, m->games,
               index / 2 + 1, game->ply, m->engine[first_white ? 0 : 1].name, m->engine[first_white ? 1 : 0].name,
               rb_result_text(o->result), o->reason, m->engine[0].name, m->score.wins, m->score.draws, m->score.losses);
        fflush(stdout);
    }
    write_pgn(m, game, index, o, first_white);
    if (m->sprt) {
        double lower, upper;
        rb_sprt_bounds(0.05, 0.05, &lower, &upper);
        double llr = rb_sprt_llr(m->score, m->elo0, m->elo1);
        m->stop = m->stop || rb_sprt_verdict_of(llr, lower, upper) != RB_SPRT_CONTINUE;
    }
    pthread_mutex_unlock(&m->lock);
}

static void *worker(void *arg)
{
    match *m = arg;
    rb_player *players = calloc(2, sizeof *players);
    if (players == NULL) {
        fprintf(stderr, "rollerball-match: out of memory for a game thread\n");
        return NULL;
    }
    for (int i = 0; i < 2; i++) {
        players[i].spec = &m->engine[i];
        players[i].proc.pid = 0;
    }
    for (;;) {
        pthread_mutex_lock(&m->lock);
        int index = m->stop || m->next_game >= m->games ? -1 : m->next_game++;
        pthread_mutex_unlock(&m->lock);
        if (index < 0) {
            break;
        }
        bool first_white = index % 2 == 0;
        rb_game game;
        rb_pos start;
        rb_pos_start(&start);
        if (rb_game_init(&game, &start) != 0) {
            fprintf(stderr, "rollerball-match: out of memory for game %d\n", index + 1);
            break;
        }
        rb_outcome outcome;
        rb_match_limits limits = m->limits;
        uint64_t game_seed = m->seed ^ (0x5851F42D4C957F2Dull * (uint64_t)(index + 1));
        limits.spread_seed = rb_util_splitmix64(&game_seed);
        rb_match_play(&players[first_white ? 0 : 1], &players[first_white ? 1 : 0], &m->openings[index / 2], &limits,
                      &game, &outcome);
        record(m, index, &game, &outcome);
        rb_game_free(&game);
    }
    rb_player_stop(&players[0]);
    rb_player_stop(&players[1]);
    free(players);
    return NULL;
}

static void report(const match *m)
{
    rb_wdl s = m->score;
    int n = rb_wdl_games(s);
    printf("\nEngines: %s (%s) vs %s (%s)\n", m->engine[0].name, m->engine[0].command, m->engine[1].name,
           m->engine[1].command);
    printf("Games: %d  Wins: %d  Draws: %d  Losses: %d  Score: %.1f%%\n", n, s.wins, s.draws, s.losses,
           100.0 * rb_wdl_score(s));
    char adjudication[48] = "adjudication off";
    if (m->limits.adjudicate_after > 0) {
        snprintf(adjudication, sizeof adjudication, "after %d plies", m->limits.adjudicate_after);
    }
    printf("Adjudicated draws: %d (%s)  Forfeits: %s %d, %s %d\n", m->adjudicated, adjudication, m->engine[0].name,
           m->forfeits[0], m->engine[1].name, m->forfeits[1]);
    /* The intervals count a colour pair as one sample (see rb_pair_score). */
    double mean, half;
    if (rb_pair_score(m->points, m->games, &mean, &half)) {
        printf("Score by colour pairs: %.1f%% +/- %.1f%% (95%%)\n", 100.0 * mean, 100.0 * half);
    }
    /* An opening lost with both colours is a position the first engine
     * misjudges whichever side it takes: worth a look. */
    int lost[16];
    int nlost = rb_pairs_lost_twice(m->points, m->games, lost, 16);
    printf("Openings lost with both colours by %s: %d", m->engine[0].name, nlost);
    for (int i = 0; i < nlost && i < 16; i++) {
        printf("%s%d", i == 0 ? " (" : ", ", lost[i]);
    }
    printf("%s\n", nlost == 0 ? "" : nlost > 16 ? ", ...)" : ")");
    printf("White: %d wins, %d draws, %d losses  White's score: %.1f%%", m->white.wins, m->white.draws, m->white.losses,
           100.0 * rb_wdl_score(m->white));
    if (rb_pair_score(m->white_points, m->games, &mean, &half)) {
        printf(" +/- %.1f%% (95%%, by colour pairs)", 100.0 * half);
    }
    printf("\n");
    double elo, margin;
    if (rb_wdl_elo(s, &elo, &margin)) {
        printf("Elo difference: %+.1f +/- %.1f (95%%)\n", elo, margin);
    } else {
        /* A score of 0% or 100% puts the difference at infinity. */
        printf("Elo difference: undefined (%s%s)\n",
               n == 0        ? "no games"
               : s.wins == n ? m->engine[0].name
                             : m->engine[1].name,
               n == 0 ? "" : " won every game");
    }
    if (m->sprt) {
        double lower, upper;
        rb_sprt_bounds(0.05, 0.05, &lower, &upper);
        double llr = rb_sprt_llr(s, m->elo0, m->elo1);
        printf("SPRT: elo0 %.1f elo1 %.1f alpha 0.05 beta 0.05  LLR %.3f  bounds [%.3f, %.3f]  %s\n", m->elo0, m->elo1,
               llr, lower, upper, rb_sprt_verdict_name(rb_sprt_verdict_of(llr, lower, upper)));
    }
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN); /* a dead engine shows as a failed write */
    static match m;
    m.games = 2;
    m.concurrency = 1;
    m.opening_plies = 4;
    m.seed = 1;
    m.limits.margin_ms = 1000;
    m.limits.move_timeout_ms = 60000;
    if (!parse_args(&m, argc, argv)) {
        return 2;
    }

    /* Fail early, with the reason, when an engine cannot even start. */
    for (int i = 0; i < 2; i++) {
        rb_player probe = {.spec = &m.engine[i]};
        char err[256];
        if (!rb_player_ensure(&probe, err, sizeof err)) {
            fprintf(stderr, "rollerball-match: engine %s ('%s') did not start: %s\n", m.engine[i].name,
                    m.engine[i].command, err);
            return 2;
        }
        rb_player_stop(&probe);
    }

    int pairs = (m.games + 1) / 2;
    m.openings = calloc((size_t)pairs, sizeof *m.openings);
    m.points = malloc((size_t)m.games * sizeof *m.points);
    m.white_points = malloc((size_t)m.games * sizeof *m.white_points);
    if (m.openings == NULL || m.points == NULL || m.white_points == NULL) {
        fprintf(stderr, "rollerball-match: out of memory for %d games\n", m.games);
        return 1;
    }
    for (int i = 0; i < m.games; i++) {
        m.points[i] = m.white_points[i] = -1.0;
    }
    size_t made = 0;
    if (m.book_path != NULL) {
        rb_opening *book;
        char err[512];
        if (rb_openings_read(m.book_path, &book, &made, err, sizeof err) != 0) {
            fprintf(stderr, "rollerball-match: %s\n", err);
            return 2;
        }
        if (made < (size_t)pairs && !m.quiet) {
            printf("The book has %zu openings for %d colour pairs: they repeat in order.\n", made, pairs);
        }
        made = made < (size_t)pairs ? made : (size_t)pairs;
        memcpy(m.openings, book, made * sizeof *book);
        free(book);
    } else {
        made = rb_openings_make(m.seed, m.opening_plies, m.openings, (size_t)pairs);
    }
    for (size_t i = made; i < (size_t)pairs; i++) {
        m.openings[i] = m.openings[i % (made > 0 ? made : 1)];
    }
    if (m.pgn_path != NULL) {
        m.pgn = fopen(m.pgn_path, "w");
        if (m.pgn == NULL) {
            fprintf(stderr, "rollerball-match: cannot write %s: %s\n", m.pgn_path, strerror(errno));
            return 2;
        }
    }

    pthread_mutex_init(&m.lock, NULL);
    int threads = m.concurrency < m.games ? m.concurrency : m.games;
    pthread_t tid[64];
    int started = 0;
    for (; started < threads; started++) {
        int code = pthread_create(&tid[started], NULL, worker, &m);
        if (code != 0) {
            /* The threads already running play all the games. */
            fprintf(stderr, "rollerball-match: only %d of %d game threads started: %s\n", started, threads,
                    strerror(code));
            break;
        }
    }
    if (started == 0) {
        return 1;
    }
    for (int i = 0; i < started; i++) {
        pthread_join(tid[i], NULL);
    }
    report(&m);
    int status = 0;
    if (m.pgn != NULL && fclose(m.pgn) != 0 && !m.pgn_failed) {
        fprintf(stderr, "rollerball-match: cannot write %s: %s\n", m.pgn_path, strerror(errno));
        m.pgn_failed = true;
    }
    if (m.pgn_failed) {
        status = 1;
    }
    for (int i = 0; i < 2; i++) {
        for (int k = 0; k < m.engine[i].noptions; k++) {
            free((char *)m.engine[i].option_name[k]);
        }
    }
    free(m.openings);
    free(m.points);
    free(m.white_points);
    pthread_mutex_destroy(&m.lock);
    return status;
}
