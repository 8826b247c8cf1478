/*
 * engine_lab.c - measuring the engine: speed, self-play matches, the level
 * ladder and weight tuning, all in one process without the text protocol.
 *
 *   rollerball-engine-lab bench [depth]
 *   rollerball-engine-lab go <position> <ms>       search and print each iteration
 *   rollerball-engine-lab depth1s                  depth reached in 1 s from the start
 *   rollerball-engine-lab threads [depth] [threads] [hash MiB]
 *                                                  time to a depth and nodes per second,
 *                                                  one thread against several (lab_threads.c)
 *   rollerball-engine-lab greedy <pairs> <nodes>   full strength vs a one-ply greedy player
 *   rollerball-engine-lab versus <level> random|greedy1|greedy2 <pairs> [nodes] [seed]
 *                                                  one level against a simple player
 *   rollerball-engine-lab ladder <pairs> [from] [to] [level-10 nodes] [seed]
 *                                                  each level against the one below
 *   rollerball-engine-lab legal <games>            self-play, every move checked by the rules
 *   rollerball-engine-lab feature <name> <pairs> <nodes>  without a search feature vs with it
 *   rollerball-engine-lab param <NAME> <mg> <eg> <pairs> <nodes>
 *                                                  one weight pair changed vs defaults
 *   rollerball-engine-lab tune <rounds> <pairs> <nodes>   coordinate search over the weights
 *                                                  (rollerball-tune fits them to game results)
 *   rollerball-engine-lab winfit <games> <nodes> [seed] [sample.txt]
 *                                                  fit the score-to-winning-chance constant; writes
 *                                                  every 8th scored position with its result
 *   rollerball-engine-lab winrefit <nodes> <sample.txt>...
 *                                                  fit the constant to written positions, searched again
 *
 * Games are played in pairs from the same opening (a few random plies from
 * the start) with colours swapped. Games longer than 300 plies are
 * adjudicated as draws; this is a measuring option only, never a rule.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"
#include "lab_threads.h"
#include "rb_notation.h"
#include "movepick.h"
#include "sparring.h"
#include "rb_util_elo.h"
#include "rb_util_random.h"

#define MAX_GAME_PLIES RB_SPAR_MAX_PLIES

typedef rb_spar_player player;

/* Plays one game; returns 1 if white wins, -1 black, 0 draw. */
static int play_game(const rb_pos *start, player *white, player *black, int *plies)
{
    int r = rb_spar_game(start, white, black, plies);
    if (r == 2) {
        fprintf(stderr, "illegal move from a player\n");
        exit(2);
    }
    return r;
}

typedef struct tally {
    int wins, losses, draws;
} tally;

/* a plays both colours against b from `pairs` openings. */
static tally match(player *a, player *b, int pairs, uint64_t seed, bool verbose)
{
    tally t = {0, 0, 0};
    uint64_t rng = seed;
    long total_plies = 0;
    for (int i = 0; i < pairs; i++) {
        rb_pos start;
        rb_spar_opening(&start, &rng, 4 + (int)(rb_util_splitmix64(&rng) % 3));
        for (int c = 0; c < 2; c++) {
            int plies;
            int r = c == 0 ? play_game(&start, a, b, &plies) : -play_game(&start, b, a, &plies);
            total_plies += plies;
            if (r > 0) {
                t.wins++;
            } else if (r < 0) {
                t.losses++;
            } else {
                t.draws++;
            }
        }
        if (verbose && (i + 1) % 10 == 0) {
            fprintf(stderr, "  %d pairs: +%d -%d =%d\n", i + 1, t.wins, t.losses, t.draws);
        }
    }
    if (verbose) {
        fprintf(stderr, "  average game length %.1f plies\n", (double)total_plies / (2.0 * pairs));
    }
    return t;
}

/* Elo difference and its 95% error bar from a score. */
static void report(const char *what, tally t)
{
    int n = t.wins + t.losses + t.draws;
    double score = (t.wins + 0.5 * t.draws) / n;
    double w = (double)t.wins / n, d = (double)t.draws / n, l = (double)t.losses / n;
    double var = w * pow(1 - score, 2) + d * pow(0.5 - score, 2) + l * pow(0 - score, 2);
    double se = sqrt(var / n);
    double clamp = score < 0.001 ? 0.001 : score > 0.999 ? 0.999 : score;
    double elo = rb_util_elo_from_score(clamp);
    double lo = score - 1.96 * se, hi = score + 1.96 * se;
    /* the score's own interval, within 0..100% */
    double score_lo = lo < 0 ? 0 : lo, score_hi = hi > 1 ? 1 : hi;
    lo = lo < 0.001 ? 0.001 : lo > 0.999 ? 0.999 : lo;
    hi = hi < 0.001 ? 0.001 : hi > 0.999 ? 0.999 : hi;
    double elo_lo = rb_util_elo_from_score(lo), elo_hi = rb_util_elo_from_score(hi);
    printf("%s: %d games +%d -%d =%d  score %.1f%% (95%%: %.1f .. %.1f%%)  Elo %+.0f (95%%: %+.0f .. %+.0f)\n", what, n,
           t.wins, t.losses, t.draws, 100 * score, 100 * score_lo, 100 * score_hi, elo, elo_lo, elo_hi);
    fflush(stdout);
}

static rb_engine *new_engine(void)
{
    rb_engine *e = rb_engine_new(8);
    if (e == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return e;
}

static double points(tally t)
{
    return t.wins + 0.5 * t.draws;
}

static void print_info(const rb_search_info *info, void *user)
{
    (void)user;
    printf("depth %d %s %d nodes %llu time %lld pv", info->depth,
           info->kind == RB_SCORE_CP    ? "cp"
           : info->kind == RB_SCORE_WIN ? "win"
                                        : "loss",
           info->score, (unsigned long long)info->nodes, (long long)info->time_ms);
    for (int i = 0; i < info->pvlen; i++) {
        char buf[RB_MOVE_TEXT_MAX];
        rb_move_to_coord(info->pv[i], buf);
        printf(" %s", buf);
    }
    printf("\n");
}

static void keep_first_second(const rb_search_info *info, void *user)
{
    rb_search_info *within = user;
    if (info->time_ms <= 1000 && info->depth > within->depth) {
        *within = *info;
    }
}

/* ---- winfit: the constant of the winning-chance curve -------------------
 *
 * Self-play at a fixed node count from random openings; every searched
 * position gives a pair (score in centipawns from White's view, the game's
 * result for White as 1, 1/2 or 0). The expected result from a score is
 * modelled as 1 / (1 + exp(-k * cp)), the same curve as the winning chance
 * 2 / (1 + exp(-k * cp)) - 1 on the -1..1 scale, and k is the maximum
 * likelihood fit (draws count as half a win and half a loss). Forced wins
 * and losses are left out: the curve is about ordinary scores.
 *
 * A sample of the positions with their games' results can be written out
 * (one in WINFIT_SAMPLE_EVERY, "position<TAB>result" a line): the engine's
 * test of the constant searches them again with the evaluation of the day
 * and fits k to them, so a change of the evaluation's scale that leaves
 * RB_REVIEW_K behind fails there. */

#define WINFIT_SAMPLE_EVERY 8

typedef struct fit_sample {
    rb_pos pos;
    size_t point; /* its fit_point, which gets the result */
} fit_sample;

typedef struct fit_point {
    int cp;        /* White's view */
    double result; /* for White */
    int game;
} fit_point;

/* The negative log-likelihood's first and second derivatives in k. */
static void fit_derivatives(const fit_point *pts, size_t n, double k, double *d1, double *d2)
{
    *d1 = 0;
    *d2 = 0;
    for (size_t i = 0; i < n; i++) {
        double x = pts[i].cp;
        double p = 1.0 / (1.0 + exp(-k * x));
        *d1 += (p - pts[i].result) * x;
        *d2 += p * (1 - p) * x * x;
    }
}

static double fit_k(const fit_point *pts, size_t n)
{
    double k = 0.004; /* near where chess engines land; Newton's steps converge from here */
    for (int it = 0; it < 50; it++) {
        double d1, d2;
        fit_derivatives(pts, n, k, &d1, &d2);
        if (d2 <= 0) {
            break;
        }
        double step = d1 / d2;
        k -= step;
        if (fabs(step) < 1e-9) {
            break;
        }
    }
    return k;
}

/* Writes the sampled positions and their results; 0, or -1 after saying why. */
static int winfit_write_sample(const char *path, const fit_sample *samples, size_t nsamples, const fit_point *pts)
{
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "cannot write %s\n", path);
        return -1;
    }
    for (size_t i = 0; i < nsamples; i++) {
        char fen[128];
        rb_pos_format(&samples[i].pos, fen, sizeof fen);
        fprintf(f, "%s\t%.1f\n", fen, pts[samples[i].point].result);
    }
    if (fclose(f) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        return -1;
    }
    return 0;
}

static int winfit(int games, uint64_t nodes, uint64_t seed, const char *sample_path)
{
    size_t cap = 1024, n = 0, scap = 256, nsamples = 0;
    fit_point *pts = malloc(cap * sizeof *pts);
    fit_sample *samples = malloc(scap * sizeof *samples);
    if (pts == NULL || samples == NULL) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    rb_engine *e = new_engine();
    uint64_t rng = seed;
    int white = 0, black = 0, draws = 0;
    for (int g = 0; g < games; g++) {
        static uint64_t keys[MAX_GAME_PLIES + 16];
        rb_pos pos;
        rb_spar_opening(&pos, &rng, 4 + (int)(rb_util_splitmix64(&rng) % 5));
        rb_engine_new_game(e);
        size_t first = n, nkeys = 0;
        double result = 0.5;
        for (int ply = 0; ply < MAX_GAME_PLIES; ply++) {
            rb_status st = rb_pos_status(&pos);
            if (st == RB_CHECKMATE || st == RB_THRONE) {
                result = pos.side == RB_WHITE ? 0.0 : 1.0;
                break;
            }
            int reps = 0;
            for (size_t i = 0; i < nkeys; i++) {
                reps += keys[i] == pos.key;
            }
            if (st == RB_STALEMATE || reps >= 2) {
                break;
            }
            rb_limits lim = {0};
            lim.nodes = nodes;
            rb_search_info info;
            rb_move m = rb_engine_search(e, &pos, keys, nkeys, &lim, NULL, NULL, &info);
            if (info.kind == RB_SCORE_CP) {
                if (n == cap) {
                    cap *= 2;
                    fit_point *more = realloc(pts, cap * sizeof *pts);
                    if (more == NULL) {
                        fprintf(stderr, "out of memory\n");
                        return 1;
                    }
                    pts = more;
                }
                pts[n].cp = pos.side == RB_WHITE ? info.score : -info.score;
                pts[n].game = g;
                if (n % WINFIT_SAMPLE_EVERY == 0) {
                    if (nsamples == scap) {
                        scap *= 2;
                        fit_sample *more = realloc(samples, scap * sizeof *samples);
                        if (more == NULL) {
                            fprintf(stderr, "out of memory\n");
                            return 1;
                        }
                        samples = more;
                    }
                    samples[nsamples++] = (fit_sample){pos, n};
                }
                n++;
            }
            keys[nkeys++] = pos.key;
            rb_pos_make(&pos, m, &pos);
        }
        for (size_t i = first; i < n; i++) {
            pts[i].result = result;
        }
        white += result == 1.0;
        black += result == 0.0;
        draws += result == 0.5;
        if ((g + 1) % 50 == 0) {
            fprintf(stderr, "  %d games, %zu positions, k so far %.6f\n", g + 1, n, fit_k(pts, n));
        }
    }
    if (sample_path != NULL && winfit_write_sample(sample_path, samples, nsamples, pts) != 0) {
        return 1;
    }
    free(samples);
    double k = fit_k(pts, n);
    printf("winfit: %d games (White +%d, Black +%d, =%d) at %llu nodes a move, %zu positions\n", games, white, black,
           draws, (unsigned long long)nodes, n);
    /* The spread of k: refit on games drawn with replacement (positions of
     * one game are not independent, so whole games are resampled). */
    size_t *first_of = malloc(((size_t)games + 1) * sizeof *first_of);
    fit_point *sample = malloc(n * sizeof *sample);
    double boot[200];
    int nboot = 0;
    if (first_of != NULL && sample != NULL) {
        for (size_t i = 0, g = 0; g <= (size_t)games; g++) {
            while (i < n && pts[i].game < (int)g) {
                i++;
            }
            first_of[g] = i;
        }
        uint64_t brng = seed ^ 0x5bd1e995u;
        for (; nboot < 200; nboot++) {
            size_t m = 0;
            for (int g = 0; g < games; g++) {
                size_t pick = rb_util_splitmix64(&brng) % (uint64_t)games;
                for (size_t i = first_of[pick]; i < first_of[pick + 1] && m < n; i++) {
                    sample[m++] = pts[i];
                }
            }
            boot[nboot] = fit_k(sample, m);
        }
        for (int i = 1; i < nboot; i++) { /* insertion sort: 200 values */
            double v = boot[i];
            int j = i;
            for (; j > 0 && boot[j - 1] > v; j--) {
                boot[j] = boot[j - 1];
            }
            boot[j] = v;
        }
        printf("k = %.5f per centipawn (95%% of resampled fits within %.5f .. %.5f); lichess's chess value is "
               "0.00368\n",
               k, boot[5], boot[194]);
    } else {
        printf("k = %.5f per centipawn\n", k);
    }
    free(first_of);
    free(sample);
    /* How well the curve fits: the results seen against those it predicts. */
    static const int edges[] = {-100000, -400, -200, -100, -50, -20, 20, 50, 100, 200, 400, 100000};
    printf("  score (cp, White)   positions  White's result  curve\n");
    for (size_t b = 0; b + 1 < sizeof edges / sizeof edges[0]; b++) {
        double seen = 0, want = 0;
        int count = 0;
        for (size_t i = 0; i < n; i++) {
            if (pts[i].cp >= edges[b] && pts[i].cp < edges[b + 1]) {
                count++;
                seen += pts[i].result;
                want += 1.0 / (1.0 + exp(-k * pts[i].cp));
            }
        }
        if (count > 0) {
            printf("  %6d .. %-6d    %9d  %14.3f  %5.3f\n", edges[b], edges[b + 1], count, seen / count, want / count);
        }
    }
    for (int cp = 25; cp <= 400; cp *= 2) {
        printf("  %+4d cp: winning chance %+.2f\n", cp, 2.0 / (1.0 + exp(-k * cp)) - 1.0);
    }
    free(pts);
    rb_engine_free(e);
    return 0;
}

/* winrefit: the positions winfit wrote (of several runs together), searched
 * again at nodes with the engine of the day, and k fitted to them. */
static int winrefit(uint64_t nodes, int nfiles, char **files)
{
    size_t cap = 1024, n = 0, lines = 0;
    fit_point *pts = malloc(cap * sizeof *pts);
    rb_engine *e = new_engine();
    if (pts == NULL) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    for (int f = 0; f < nfiles; f++) {
        FILE *in = fopen(files[f], "r");
        if (in == NULL) {
            fprintf(stderr, "cannot read %s\n", files[f]);
            return 1;
        }
        char line[256];
        while (fgets(line, sizeof line, in) != NULL) {
            lines++;
            char *tab = strchr(line, '\t');
            if (tab != NULL) {
                *tab = '\0';
            }
            rb_pos pos;
            char err[200];
            if (tab == NULL || rb_pos_parse(&pos, line, err, sizeof err) != 0) {
                fprintf(stderr, "%s:%zu: not a position and a result\n", files[f], lines);
                fclose(in);
                return 1;
            }
            rb_limits lim = {0};
            lim.nodes = nodes;
            rb_search_info info;
            rb_engine_new_game(e);
            rb_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &info);
            if (info.kind != RB_SCORE_CP) {
                continue;
            }
            if (n == cap) {
                cap *= 2;
                fit_point *more = realloc(pts, cap * sizeof *pts);
                if (more == NULL) {
                    fprintf(stderr, "out of memory\n");
                    fclose(in);
                    return 1;
                }
                pts = more;
            }
            pts[n].cp = pos.side == RB_WHITE ? info.score : -info.score;
            pts[n].result = strtod(tab + 1, NULL);
            pts[n].game = 0;
            n++;
        }
        fclose(in);
    }
    printf("winrefit: %zu positions read, %zu scored at %llu nodes: k = %.5f per centipawn\n", lines, n,
           (unsigned long long)nodes, fit_k(pts, n));
    free(pts);
    rb_engine_free(e);
    return 0;
}

int main(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : "bench";
    if (strcmp(cmd, "bench") == 0) {
        rb_engine *e = rb_engine_new(16);
        uint64_t nodes;
        int64_t ms;
        clock_t cpu0 = clock();
        uint64_t nps = rb_engine_bench(e, argc > 2 ? atoi(argv[2]) : 0, &nodes, &ms);
        double cpu = (double)(clock() - cpu0) / CLOCKS_PER_SEC;
        /* processor time as well: other programs on a shared machine slow
         * the wall clock, not the work done */
        printf("bench: %llu nodes %lld ms %llu nps (processor time %.3f s: %.0f nps)\n", (unsigned long long)nodes,
               (long long)ms, (unsigned long long)nps, cpu, cpu > 0 ? (double)nodes / cpu : 0.0);
        rb_engine_free(e);
    } else if (strcmp(cmd, "threads") == 0) {
        return rb_lab_threads(argc > 2 ? atoi(argv[2]) : 18, argc > 3 ? atoi(argv[3]) : 2,
                              argc > 4 ? atoi(argv[4]) : 64);
    } else if (strcmp(cmd, "depth1s") == 0) {
        /* The deepest iteration finished within the first second; the
         * search runs on past it (a fixed move time would stop starting
         * iterations early to save time). */
        rb_engine *e = rb_engine_new(64);
        rb_pos pos;
        rb_pos_start(&pos);
        rb_limits lim = {0};
        lim.movetime_ms = 3000;
        rb_search_info within = {0};
        rb_engine_search(e, &pos, NULL, 0, &lim, keep_first_second, &within, NULL);
        printf("1 s from the start: depth %d, %llu nodes, %lld ms\n", within.depth, (unsigned long long)within.nodes,
               (long long)within.time_ms);
        rb_engine_free(e);
    } else if (strcmp(cmd, "go") == 0 && argc > 3) {
        rb_engine *e = rb_engine_new(64);
        rb_pos pos;
        char err[200];
        if (rb_pos_parse(&pos, argv[2], err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            return 1;
        }
        rb_limits lim = {0};
        lim.movetime_ms = atoi(argv[3]);
        rb_engine_search(e, &pos, NULL, 0, &lim, print_info, NULL, NULL);
        rb_engine_free(e);
    } else if (strcmp(cmd, "greedy") == 0 && argc > 3) {
        player a = {RB_SPAR_ENGINE, new_engine(), strtoull(argv[3], NULL, 10), 0}, b = {RB_SPAR_GREEDY1, NULL, 0, 7};
        report("full strength vs greedy", match(&a, &b, atoi(argv[2]), 7, true));
    } else if (strcmp(cmd, "versus") == 0 && argc > 4) {
        /* one level against a simple player */
        int lv = atoi(argv[2]), pairs = atoi(argv[4]);
        rb_spar_kind kind = strcmp(argv[3], "random") == 0    ? RB_SPAR_RANDOM
                            : strcmp(argv[3], "greedy1") == 0 ? RB_SPAR_GREEDY1
                            : strcmp(argv[3], "greedy2") == 0 ? RB_SPAR_GREEDY2
                                                              : RB_SPAR_ENGINE;
        if (kind == RB_SPAR_ENGINE || lv < RB_LEVEL_MIN || lv > RB_LEVEL_MAX || pairs < 1) {
            fprintf(stderr, "versus <level 1..10> random|greedy1|greedy2 <pairs> [nodes] [seed]\n");
            return 1;
        }
        player a = {RB_SPAR_ENGINE, new_engine(), argc > 5 ? strtoull(argv[5], NULL, 10) : 0, 0};
        /* another seed gives other openings and other choices on both sides */
        uint64_t seed = argc > 6 ? strtoull(argv[6], NULL, 10) : 0;
        player b = {kind, NULL, 0, 17 + seed};
        rb_engine_set_level(a.engine, lv);
        rb_engine_set_seed(a.engine, 23 + seed);
        char what[64];
        snprintf(what, sizeof what, "level %d vs %s", lv, argv[3]);
        report(what, match(&a, &b, pairs, 2000 + (uint64_t)lv + 100 * seed, true));
        rb_engine_free(a.engine);
    } else if (strcmp(cmd, "ladder") == 0 && argc > 2) {
        int pairs = atoi(argv[2]), from = argc > 3 ? atoi(argv[3]) : 2, to = argc > 4 ? atoi(argv[4]) : 10;
        uint64_t top = argc > 5 ? strtoull(argv[5], NULL, 10) : 1200000;
        /* another seed gives other openings and other choices, so that
         * runs can be added together */
        uint64_t seed = argc > 6 ? strtoull(argv[6], NULL, 10) : 0;
        for (int lv = from < 2 ? 2 : from; lv <= to && lv <= RB_LEVEL_MAX; lv++) {
            /* level 10 has no cap of its own: it gets a fixed node budget */
            player a = {RB_SPAR_ENGINE, new_engine(), lv == RB_LEVEL_MAX ? top : 0, 0},
                   b = {RB_SPAR_ENGINE, new_engine(), 0, 0};
            rb_engine_set_level(a.engine, lv);
            rb_engine_set_level(b.engine, lv - 1);
            rb_engine_set_seed(a.engine, 11 * lv + 1000 * seed);
            rb_engine_set_seed(b.engine, 13 * lv + 1000 * seed);
            char what[64];
            snprintf(what, sizeof what, "level %d vs level %d", lv, lv - 1);
            report(what, match(&a, &b, pairs, 1000 + (uint64_t)lv + 100 * seed, true));
            rb_engine_free(a.engine);
            rb_engine_free(b.engine);
        }
    } else if (strcmp(cmd, "legal") == 0 && argc > 2) {
        /* Self-play at every level and many small budgets; each move is
         * looked up in the rules library's own list of legal moves, and
         * "no move" must come exactly when the game is over. */
        int games = atoi(argv[2]);
        rb_engine *e = new_engine();
        uint64_t rng = 12345, moves = 0;
        int decided = 0;
        for (int g = 0; g < games; g++) {
            static uint64_t keys[MAX_GAME_PLIES + 16];
            rb_pos pos;
            rb_spar_opening(&pos, &rng, (int)(rb_util_splitmix64(&rng) % 4));
            rb_engine_new_game(e);
            rb_engine_set_seed(e, (uint64_t)g);
            size_t n = 0;
            for (int ply = 0; ply < MAX_GAME_PLIES; ply++) {
                int reps = 0;
                for (size_t i = 0; i < n; i++) {
                    reps += keys[i] == pos.key;
                }
                rb_movelist list;
                rb_gen_legal(&pos, &list);
                rb_engine_set_level(e, 1 + (int)(rb_util_splitmix64(&rng) % RB_LEVEL_MAX));
                rb_limits lim = {0};
                lim.nodes = 100 + rb_util_splitmix64(&rng) % 3000;
                rb_move m = rb_engine_search(e, &pos, keys, n, &lim, NULL, NULL, NULL);
                bool found = false;
                for (int i = 0; i < list.count; i++) {
                    found = found || list.moves[i] == m;
                }
                if (list.count == 0 || rb_pos_status(&pos) != RB_ONGOING) {
                    if (m != RB_MOVE_NONE || list.count != 0) {
                        fprintf(stderr, "game %d: a move where the game is over\n", g);
                        return 2;
                    }
                    decided++;
                    break;
                }
                if (!found) {
                    char fen[RB_POS_TEXT_MAX];
                    rb_pos_format(&pos, fen, sizeof fen);
                    fprintf(stderr, "game %d: illegal move in %s\n", g, fen);
                    return 2;
                }
                if (reps >= 2) {
                    decided++;
                    break;
                }
                keys[n++] = pos.key;
                rb_pos_make(&pos, m, &pos);
                moves++;
            }
        }
        printf("legal: %d games, %llu moves, every one legal; %d ended by the rules, %d cut at %d plies\n", games,
               (unsigned long long)moves, decided, games - decided, MAX_GAME_PLIES);
        rb_engine_free(e);
    } else if (strcmp(cmd, "feature") == 0 && argc > 4) {
        player a = {RB_SPAR_ENGINE, new_engine(), strtoull(argv[4], NULL, 10), 0},
               b = {RB_SPAR_ENGINE, new_engine(), a.nodes, 0};
        if (strcmp(argv[2], "null") == 0) {
            a.engine->no_null = true;
        } else if (strcmp(argv[2], "lmr") == 0) {
            a.engine->no_lmr = true;
        } else if (strcmp(argv[2], "rfp") == 0) {
            a.engine->no_rfp = true;
        } else if (strcmp(argv[2], "selective") == 0) {
            a.engine->no_selective = true;
        } else {
            fprintf(stderr, "features: null lmr rfp selective\n");
            return 1;
        }
        report("without vs with", match(&a, &b, atoi(argv[3]), 99, true));
    } else if (strcmp(cmd, "param") == 0 && argc > 6) {
        int idx = rb_eval_param_find(argv[2]);
        if (idx < 0) {
            fprintf(stderr, "no weight named %s\n", argv[2]);
            return 1;
        }
        player a = {RB_SPAR_ENGINE, new_engine(), strtoull(argv[6], NULL, 10), 0},
               b = {RB_SPAR_ENGINE, new_engine(), a.nodes, 0};
        rb_eval_params p;
        rb_eval_params_default(&p);
        rb_eval_param_set(&p, idx, atoi(argv[3]), atoi(argv[4]));
        rb_engine_set_params(a.engine, &p);
        report("changed vs default", match(&a, &b, atoi(argv[5]), 5, true));
    } else if (strcmp(cmd, "tune") == 0 && argc > 4) {
        /* Coordinate search: nudge one half of a weight pair up and down
         * by a fifth (at least 2) and keep the change if it scores better
         * against the current best over the same openings. */
        int rounds = atoi(argv[2]), pairs = atoi(argv[3]);
        uint64_t nodes = strtoull(argv[4], NULL, 10);
        rb_eval_params best;
        rb_eval_params_default(&best);
        player a = {RB_SPAR_ENGINE, new_engine(), nodes, 0}, b = {RB_SPAR_ENGINE, new_engine(), nodes, 0};
        uint64_t seed = 1;
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < 2 * RB_EP_COUNT; k++) {
                int i = k / 2, half = k % 2;
                int mg = rb_eval_param_mg(&best, i), eg = rb_eval_param_eg(&best, i);
                int value = half ? eg : mg;
                int step = abs(value) / 5 < 2 ? 2 : abs(value) / 5;
                for (int sgn = -1; sgn <= 1; sgn += 2) {
                    rb_eval_params trial = best;
                    rb_eval_param_set(&trial, i, half ? mg : mg + sgn * step, half ? eg + sgn * step : eg);
                    rb_engine_set_params(a.engine, &trial);
                    rb_engine_set_params(b.engine, &best);
                    tally t = match(&a, &b, pairs, seed++, false);
                    printf("round %d %s.%s %d -> %d: +%d -%d =%d\n", r, rb_eval_param_name(i), half ? "eg" : "mg",
                           value, value + sgn * step, t.wins, t.losses, t.draws);
                    fflush(stdout);
                    if (points(t) > pairs + pairs * 0.08) { /* > 54% */
                        best = trial;
                        break;
                    }
                }
            }
            printf("after round %d:", r);
            for (int i = 0; i < RB_EP_COUNT; i++) {
                printf(" %s=%d,%d", rb_eval_param_name(i), rb_eval_param_mg(&best, i), rb_eval_param_eg(&best, i));
            }
            printf("\n");
            fflush(stdout);
        }
    } else if (strcmp(cmd, "winfit") == 0 && argc > 3) {
        return winfit(atoi(argv[2]), strtoull(argv[3], NULL, 10), argc > 4 ? strtoull(argv[4], NULL, 10) : 2024,
                      argc > 5 ? argv[5] : NULL);
    } else if (strcmp(cmd, "winrefit") == 0 && argc > 3) {
        return winrefit(strtoull(argv[2], NULL, 10), argc - 3, argv + 3);
    } else {
        fprintf(stderr, "usage: see the comment at the top of engine_lab.c\n");
        return 1;
    }
    return 0;
}
