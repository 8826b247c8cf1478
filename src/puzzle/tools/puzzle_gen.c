/*
 * puzzle_gen.c - makes the puzzle file from engine self-play.
 *
 *   rollerball-puzzle-gen [--games N] [--seed S] [--jobs J] [--minutes M] [--out FILE]
 *   rollerball-puzzle-gen --verify FILE [--sample N] [--seed S]
 *   rollerball-puzzle-gen --rate FILE [--out FILE] [--stats]
 *
 * Each game starts from a few random moves (seeded by the game's number)
 * and is played by two engines of random levels at a modest node count, so
 * the games are varied and contain the mistakes that make puzzles. Every
 * position of a game is offered to rb_pcheck_find; a puzzle found is then
 * proved again by rb_pcheck_verify exactly as the tests do, and kept if it
 * passes and its position is new.
 *
 * A game's puzzles depend only on its number (every search starts from a
 * cleared engine), so the output is the same for the same --games and
 * --seed whatever the number of threads. With --minutes the run stops
 * starting games at the deadline and keeps the games before the first one
 * not finished, and says how many that was, so the run can be repeated.
 *
 * --rate rates a file's puzzles again (after a change of the rating
 * formula: the ratings are the generator's own, so the result is what a
 * new generation would give) and --stats prints what each rating rests on.
 *
 * The engine builds a table on its first search, so the main thread runs
 * one search before the worker threads start.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rb_core.h"
#include "rb_puzzle_check.h"
#include "rb_util_random.h"
#include "sparring.h"

#define MAX_PLIES 200
#define MAX_GAME_PUZZLES 32
#define PLAY_NODES 4000

typedef struct game_result {
    int count;
    rb_puzzle puzzles[MAX_GAME_PUZZLES];
    rb_pcheck_stats stats[MAX_GAME_PUZZLES];
    atomic_bool done;
} game_result;

typedef struct shared {
    int games;
    uint64_t seed;
    double deadline; /* monotonic seconds, 0 = none */
    atomic_int next;
    game_result *results;
    rb_pcheck_cfg find_cfg, check_cfg;
    atomic_uint_fast64_t nodes;
    atomic_int rejected;                    /* found but failed the second proof */
    atomic_int stages[2][RB_PCHECK_STAGES]; /* positions by where the search stopped, cp / forced win */
} shared;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void play_game(shared *sh, int g, rb_engine *player, rb_engine *checker)
{
    game_result *res = &sh->results[g];
    uint64_t rng = sh->seed * 0x100000001B3ull + (uint64_t)g;
    rb_util_splitmix64(&rng);
    /* Two to eight random plies, drawn like the engine tools' openings. */
    rb_pos pos;
    rb_spar_opening(&pos, &rng, 2 + (int)(rb_util_splitmix64(&rng) % 7));
    int level[2] = {4 + (int)(rb_util_splitmix64(&rng) % 6), 4 + (int)(rb_util_splitmix64(&rng) % 6)};
    rb_engine_new_game(player);
    rb_engine_set_seed(player, rb_util_splitmix64(&rng));
    uint64_t keys[MAX_PLIES + 1];
    size_t nkeys = 0;
    int skip_until = 0;
    for (int ply = 0; ply < MAX_PLIES && rb_pos_status(&pos) == RB_ONGOING; ply++) {
        int reps = 0;
        for (size_t i = 0; i < nkeys; i++) {
            reps += keys[i] == pos.key;
        }
        if (reps >= 2) {
            break;
        }
        if (ply >= skip_until && res->count < MAX_GAME_PUZZLES) {
            rb_puzzle p;
            rb_pcheck_stats st;
            if (rb_pcheck_find(checker, &pos, &sh->find_cfg, &p, &st)) {
                char why[200];
                if (rb_pcheck_verify(checker, &p, &sh->check_cfg, why, sizeof why) == 0) {
                    res->puzzles[res->count] = p;
                    res->stats[res->count++] = st;
                    skip_until = ply + p.nline; /* its own continuation is not a new puzzle */
                } else {
                    atomic_fetch_add(&sh->rejected, 1);
                    fprintf(stderr, "game %d ply %d: found but not proved again: %s\n", g, ply, why);
                }
            }
            atomic_fetch_add(&sh->nodes, st.nodes);
            atomic_fetch_add(&sh->stages[st.forced_win][st.stage], 1);
        }
        rb_engine_set_level(player, level[pos.side]);
        rb_limits lim;
        memset(&lim, 0, sizeof lim);
        lim.nodes = PLAY_NODES;
        rb_move m = rb_engine_search(player, &pos, keys, nkeys, &lim, NULL, NULL, NULL);
        if (m == RB_MOVE_NONE) {
            break;
        }
        keys[nkeys++] = pos.key;
        rb_pos_make(&pos, m, &pos);
    }
}

static void *worker(void *arg)
{
    shared *sh = arg;
    rb_engine *player = rb_engine_new(8);
    rb_engine *checker = rb_engine_new(16);
    if (!player || !checker) {
        fprintf(stderr, "out of memory for the engines\n");
        exit(1);
    }
    for (;;) {
        if (sh->deadline > 0 && now_s() > sh->deadline) {
            break;
        }
        int g = atomic_fetch_add(&sh->next, 1);
        if (g >= sh->games) {
            break;
        }
        play_game(sh, g, player, checker);
        atomic_store(&sh->results[g].done, true);
    }
    rb_engine_free(player);
    rb_engine_free(checker);
    return NULL;
}

static void usage(void)
{
    fprintf(stderr, "usage: rollerball-puzzle-gen [--games N] [--seed S] [--jobs J] [--minutes M] [--out FILE]\n"
                    "       rollerball-puzzle-gen --verify FILE [--sample N] [--seed S]\n"
                    "       rollerball-puzzle-gen --rate FILE [--out FILE] [--stats]\n");
    exit(2);
}

/* Proves every puzzle of a file again (or a seeded sample); 0 if all pass. */
static int verify_file(const char *path, int sample, uint64_t seed)
{
    rb_puzzle_set set;
    char err[400];
    if (rb_puzzle_set_load(&set, path, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    rb_engine *e = rb_engine_new(16);
    rb_pcheck_cfg cfg;
    rb_pcheck_defaults(&cfg);
    cfg.slack = 50;
    double t0 = now_s();
    int bad = 0, checked = 0;
    uint64_t rng = seed;
    for (size_t i = 0; i < set.count; i++) {
        if (sample > 0 && (size_t)sample < set.count && rb_util_splitmix64(&rng) % set.count >= (uint64_t)sample) {
            continue;
        }
        checked++;
        if (rb_pcheck_verify(e, &set.items[i], &cfg, err, sizeof err) != 0) {
            printf("puzzle %d: %s\n", set.items[i].id, err);
            bad++;
        }
    }
    printf("%d puzzles checked, %d failed, %.1f s\n", checked, bad, now_s() - t0);
    rb_engine_free(e);
    rb_puzzle_set_free(&set);
    return bad ? 1 : 0;
}

/* Rates a file's puzzles again and writes the file back out with the new
 * ratings, comments kept. */
static int rate_file(const char *path, const char *out, bool stats)
{
    rb_puzzle_set set;
    char err[400];
    if (rb_puzzle_set_load(&set, path, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    FILE *in = fopen(path, "r");
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!in || !f) {
        fprintf(stderr, "cannot open %s\n", !in ? path : out);
        return 1;
    }
    char line[RB_PUZZLE_TEXT_MAX + 2];
    while (fgets(line, sizeof line, in) && line[0] == '#') {
        fputs(line, f);
    }
    fclose(in);
    rb_engine *e = rb_engine_new(16);
    rb_pcheck_cfg cfg;
    rb_pcheck_defaults(&cfg);
    int changed = 0, hist[8] = {0};
    for (size_t i = 0; i < set.count; i++) {
        rb_puzzle *p = &set.items[i];
        rb_pcheck_stats st;
        int rating = rb_pcheck_rate(e, p, &cfg, &st);
        if (stats) {
            char themes[64];
            rb_puzzle_themes_format(p->themes, themes, sizeof themes);
            fprintf(stderr, "%d\t%s\tmoves %d\tdepth %d\tnodes %" PRIu64 "\trating %d -> %d\n", p->id, themes,
                    (p->nline + 1) / 2, st.find_depth, st.find_nodes, p->rating, rating);
        }
        changed += rating != p->rating;
        p->rating = rating;
        int b = (rating - 500) / 250;
        hist[b < 0 ? 0 : b > 7 ? 7 : b]++;
        rb_puzzle_format_line(p, line, sizeof line);
        fprintf(f, "%s\n", line);
    }
    if (out) {
        fclose(f);
    }
    fprintf(stderr, "%zu puzzles, %d ratings changed; ratings:", set.count, changed);
    for (int b = 0; b < 8; b++) {
        fprintf(stderr, " %s%d:%d", b == 7 ? ">=" : "<", b == 7 ? 500 + 250 * 7 : 500 + 250 * (b + 1), hist[b]);
    }
    fprintf(stderr, "\n");
    rb_engine_free(e);
    rb_puzzle_set_free(&set);
    return 0;
}

int main(int argc, char **argv)
{
    int games = 100, jobs = 2, sample = 0;
    uint64_t seed = 1;
    double minutes = 0;
    const char *out = NULL, *verify = NULL, *rate = NULL;
    bool stats = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--stats") == 0) {
            stats = true;
            continue;
        }
        if (i + 1 >= argc) {
            usage();
        }
        if (strcmp(a, "--games") == 0) {
            games = atoi(argv[++i]);
        } else if (strcmp(a, "--seed") == 0) {
            seed = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(a, "--jobs") == 0) {
            jobs = atoi(argv[++i]);
        } else if (strcmp(a, "--minutes") == 0) {
            minutes = atof(argv[++i]);
        } else if (strcmp(a, "--out") == 0) {
            out = argv[++i];
        } else if (strcmp(a, "--verify") == 0) {
            verify = argv[++i];
        } else if (strcmp(a, "--rate") == 0) {
            rate = argv[++i];
        } else if (strcmp(a, "--sample") == 0) {
            sample = atoi(argv[++i]);
        } else {
            usage();
        }
    }
    if (verify) {
        return verify_file(verify, sample, seed);
    }
    if (rate) {
        return rate_file(rate, out, stats);
    }
    if (games < 1 || jobs < 1 || jobs > 64) {
        usage();
    }

    shared *sh = calloc(1, sizeof *sh);
    sh->results = calloc((size_t)games, sizeof *sh->results);
    if (!sh || !sh->results) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    sh->games = games;
    sh->seed = seed;
    rb_pcheck_defaults(&sh->find_cfg);
    sh->check_cfg = sh->find_cfg;
    sh->check_cfg.slack = 50;
    double t0 = now_s();
    sh->deadline = minutes > 0 ? t0 + minutes * 60.0 : 0;

    /* One search on this thread first: it builds the engine's shared
     * tables before any two threads could build them at once. */
    {
        rb_engine *warm = rb_engine_new(1);
        rb_pos start;
        rb_pos_start(&start);
        rb_limits lim;
        memset(&lim, 0, sizeof lim);
        lim.depth = 4;
        rb_engine_search(warm, &start, NULL, 0, &lim, NULL, NULL, NULL);
        rb_engine_free(warm);
    }
    pthread_t th[64];
    for (int j = 0; j < jobs; j++) {
        pthread_create(&th[j], NULL, worker, sh);
    }
    for (int j = 0; j < jobs; j++) {
        pthread_join(th[j], NULL);
    }
    int played = 0;
    while (played < games && atomic_load(&sh->results[played].done)) {
        played++;
    }

    /* Keep each position once, in game order. */
    uint64_t *seen = malloc(sizeof(uint64_t) * (size_t)played * MAX_GAME_PUZZLES + 1);
    size_t nseen = 0;
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f || !seen) {
        fprintf(stderr, "cannot write %s\n", out ? out : "stdout");
        return 1;
    }
    fprintf(f,
            "# Rollerball puzzles: one a line, tab-separated fields\n"
            "#   ID RATING THEMES POSITION SOLUTION ACCEPTED-REPLIES\n"
            "# (the format is described in src/puzzle/rb_puzzle.h).\n"
            "# Made by: rollerball-puzzle-gen --games %d --seed %" PRIu64 "\n"
            "# from engine self-play; every puzzle proved by rb_pcheck_verify.\n",
            played, seed);
    int count = 0, by_kind[4] = {0}, rebound = 0, hist[8] = {0};
    int next_id = 1;
    for (int g = 0; g < played; g++) {
        game_result *r = &sh->results[g];
        for (int k = 0; k < r->count; k++) {
            rb_puzzle *p = &r->puzzles[k];
            bool dup = false;
            for (size_t i = 0; i < nseen && !dup; i++) {
                dup = seen[i] == p->start.key;
            }
            if (dup) {
                continue;
            }
            seen[nseen++] = p->start.key;
            p->id = next_id++;
            char line[RB_PUZZLE_TEXT_MAX];
            rb_puzzle_format_line(p, line, sizeof line);
            fprintf(f, "%s\n", line);
            count++;
            by_kind[p->themes & RB_THEME_MATE ? 0 : p->themes & RB_THEME_THRONE ? 1 : 2]++;
            rebound += (p->themes & RB_THEME_REBOUND) != 0;
            int b = (p->rating - 500) / 250;
            hist[b < 0 ? 0 : b > 7 ? 7 : b]++;
        }
    }
    if (out) {
        fclose(f);
    }
    fprintf(stderr,
            "%d games played (of %d), %d puzzles: %d mate, %d throne, %d material; %d rebound; "
            "%d found but not proved again; %" PRIu64 " Mnodes; %.1f s\n",
            played, games, count, by_kind[0], by_kind[1], by_kind[2], rebound, atomic_load(&sh->rejected),
            (uint64_t)atomic_load(&sh->nodes) / 1000000, now_s() - t0);
    static const char *const stage_names[RB_PCHECK_STAGES] = {"nothing", "not confirmed", "not unique", "no line",
                                                              "found"};
    for (int w = 0; w < 2; w++) {
        fprintf(stderr, "%s:", w ? "positions with a forced win" : "other positions");
        for (int k = 0; k < RB_PCHECK_STAGES; k++) {
            fprintf(stderr, " %s %d", stage_names[k], atomic_load(&sh->stages[w][k]));
        }
        fprintf(stderr, "\n");
    }
    fprintf(stderr, "ratings:");
    for (int b = 0; b < 8; b++) {
        fprintf(stderr, " %s%d:%d", b == 7 ? ">=" : "<", b == 7 ? 500 + 250 * 7 : 500 + 250 * (b + 1), hist[b]);
    }
    fprintf(stderr, "\n");
    free(seen);
    free(sh->results);
    free(sh);
    return 0;
}
