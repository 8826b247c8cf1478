/*
 * engine_lab.c - measuring the engine: speed, self-play matches, the level
 * ladder and weight tuning, all in one process without the text protocol.
 *
 *   rollerball-engine-lab bench [depth]
 *   rollerball-engine-lab go <position> <ms>       search and print each iteration
 *   rollerball-engine-lab depth1s                  depth reached in 1 s from the start
 *   rollerball-engine-lab greedy <pairs> <nodes>   full strength vs a one-ply greedy player
 *   rollerball-engine-lab ladder <pairs> [from] [to] [level-10 nodes]
 *                                                  each level against the one below
 *   rollerball-engine-lab legal <games>            self-play, every move checked by the rules
 *   rollerball-engine-lab feature <name> <pairs> <nodes>  without a search feature vs with it
 *   rollerball-engine-lab param <NAME> <value> <pairs> <nodes>  one weight changed vs defaults
 *   rollerball-engine-lab tune <rounds> <pairs> <nodes>   coordinate search over the weights
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
#include "rb_notation.h"
#include "rb_util_elo.h"
#include "rb_util_random.h"

#define MAX_GAME_PLIES 300

typedef struct player {
    rb_engine *e;
    int greedy;      /* 1: one-ply greedy, no engine */
    uint64_t nodes;  /* node limit per move */
} player;

/* One ply deep: the move after which the static evaluation is best; a
 * move that wins at once is taken. */
static rb_move greedy_move(const rb_pos *pos, uint64_t *rng)
{
    rb_movelist list;
    rb_gen_legal(pos, &list);
    rb_move best = RB_MOVE_NONE;
    int best_score = -RB_INF - 1;
    for (int i = 0; i < list.count; i++) {
        rb_pos child;
        rb_pos_make(pos, list.moves[i], &child);
        rb_status st = rb_pos_status(&child);
        int score;
        if (st == RB_CHECKMATE || st == RB_THRONE) {
            score = RB_INF;
        } else if (st == RB_STALEMATE) {
            score = 0;
        } else {
            score = -rb_eval(&child) + (int)(rb_util_splitmix64(rng) % 5);
        }
        if (score > best_score) {
            best_score = score;
            best = list.moves[i];
        }
    }
    return best;
}

/* Plays one game; returns 1 if white wins, -1 black, 0 draw. */
static int play_game(const rb_pos *start, player *white, player *black, uint64_t *rng, int *plies)
{
    static uint64_t keys[MAX_GAME_PLIES + 16];
    rb_pos pos = *start;
    size_t n = 0;
    player *side[2] = {white, black};
    if (white->e) rb_engine_new_game(white->e);
    if (black->e) rb_engine_new_game(black->e);
    for (int ply = 0; ply < MAX_GAME_PLIES; ply++) {
        rb_status st = rb_pos_status(&pos);
        if (st == RB_CHECKMATE || st == RB_THRONE) {
            *plies = ply;
            return pos.side == RB_WHITE ? -1 : 1;
        }
        if (st == RB_STALEMATE) {
            *plies = ply;
            return 0;
        }
        int reps = 0;
        for (size_t i = 0; i < n; i++) {
            reps += keys[i] == pos.key;
        }
        if (reps >= 2) {
            *plies = ply;
            return 0;
        }
        player *p = side[pos.side];
        rb_move m;
        if (p->greedy) {
            m = greedy_move(&pos, rng);
        } else {
            rb_limits lim = {0};
            lim.nodes = p->nodes;
            m = rb_engine_search(p->e, &pos, keys, n, &lim, NULL, NULL, NULL);
        }
        if (rb_move_find(&pos, RB_MOVE_FROM(m), RB_MOVE_TO(m), RB_MOVE_PROMO(m)) != m) {
            fprintf(stderr, "illegal move from the engine\n");
            exit(2);
        }
        keys[n++] = pos.key;
        rb_pos_make(&pos, m, &pos);
    }
    *plies = MAX_GAME_PLIES;
    return 0;
}

static void random_opening(rb_pos *pos, uint64_t *rng, int plies)
{
    for (;;) {
        rb_pos_start(pos);
        bool ok = true;
        for (int i = 0; i < plies && ok; i++) {
            rb_movelist list;
            if (rb_gen_legal(pos, &list) == 0) {
                ok = false;
                break;
            }
            rb_pos_make(pos, list.moves[rb_util_splitmix64(rng) % (uint64_t)list.count], pos);
        }
        if (ok && rb_pos_status(pos) == RB_ONGOING) {
            return;
        }
    }
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
        random_opening(&start, &rng, 4 + (int)(rb_util_splitmix64(&rng) % 3));
        for (int c = 0; c < 2; c++) {
            int plies;
            int r = c == 0 ? play_game(&start, a, b, &rng, &plies) : -play_game(&start, b, a, &rng, &plies);
            total_plies += plies;
            if (r > 0) t.wins++;
            else if (r < 0) t.losses++;
            else t.draws++;
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
    lo = lo < 0.001 ? 0.001 : lo > 0.999 ? 0.999 : lo;
    hi = hi < 0.001 ? 0.001 : hi > 0.999 ? 0.999 : hi;
    double elo_lo = rb_util_elo_from_score(lo), elo_hi = rb_util_elo_from_score(hi);
    printf("%s: +%d -%d =%d  score %.1f%%  Elo %+.0f (95%%: %+.0f .. %+.0f)\n", what, t.wins, t.losses,
           t.draws, 100 * score, elo, elo_lo, elo_hi);
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
           info->kind == RB_SCORE_CP ? "cp" : info->kind == RB_SCORE_WIN ? "win" : "loss", info->score,
           (unsigned long long)info->nodes, (long long)info->time_ms);
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
        printf("bench: %llu nodes %lld ms %llu nps (processor time %.3f s: %.0f nps)\n",
               (unsigned long long)nodes, (long long)ms, (unsigned long long)nps, cpu,
               cpu > 0 ? (double)nodes / cpu : 0.0);
        rb_engine_free(e);
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
        printf("1 s from the start: depth %d, %llu nodes, %lld ms\n", within.depth,
               (unsigned long long)within.nodes, (long long)within.time_ms);
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
        player a = {new_engine(), 0, strtoull(argv[3], NULL, 10)}, b = {NULL, 1, 0};
        report("full strength vs greedy", match(&a, &b, atoi(argv[2]), 7, true));
    } else if (strcmp(cmd, "ladder") == 0 && argc > 2) {
        int pairs = atoi(argv[2]), from = argc > 3 ? atoi(argv[3]) : 2, to = argc > 4 ? atoi(argv[4]) : 10;
        uint64_t top = argc > 5 ? strtoull(argv[5], NULL, 10) : 1200000;
        for (int lv = from < 2 ? 2 : from; lv <= to && lv <= RB_LEVEL_MAX; lv++) {
            /* level 10 has no cap of its own: it gets a fixed node budget */
            player a = {new_engine(), 0, lv == RB_LEVEL_MAX ? top : 0}, b = {new_engine(), 0, 0};
            rb_engine_set_level(a.e, lv);
            rb_engine_set_level(b.e, lv - 1);
            rb_engine_set_seed(a.e, 11 * lv);
            rb_engine_set_seed(b.e, 13 * lv);
            char what[64];
            snprintf(what, sizeof what, "level %d vs level %d", lv, lv - 1);
            report(what, match(&a, &b, pairs, 1000 + lv, true));
            rb_engine_free(a.e);
            rb_engine_free(b.e);
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
            random_opening(&pos, &rng, (int)(rb_util_splitmix64(&rng) % 4));
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
        printf("legal: %d games, %llu moves, every one legal; %d ended by the rules, %d cut at %d plies\n",
               games, (unsigned long long)moves, decided, games - decided, MAX_GAME_PLIES);
        rb_engine_free(e);
    } else if (strcmp(cmd, "feature") == 0 && argc > 4) {
        player a = {new_engine(), 0, strtoull(argv[4], NULL, 10)}, b = {new_engine(), 0, a.nodes};
        if (strcmp(argv[2], "null") == 0) a.e->no_null = true;
        else if (strcmp(argv[2], "lmr") == 0) a.e->no_lmr = true;
        else if (strcmp(argv[2], "rfp") == 0) a.e->no_rfp = true;
        else {
            fprintf(stderr, "features: null lmr rfp\n");
            return 1;
        }
        report("without vs with", match(&a, &b, atoi(argv[3]), 99, true));
    } else if (strcmp(cmd, "param") == 0 && argc > 5) {
        int idx = rb_eval_param_find(argv[2]);
        if (idx < 0) {
            fprintf(stderr, "no weight named %s\n", argv[2]);
            return 1;
        }
        player a = {new_engine(), 0, strtoull(argv[5], NULL, 10)}, b = {new_engine(), 0, a.nodes};
        rb_eval_params p;
        rb_eval_params_default(&p);
        p.v[idx] = atoi(argv[3]);
        rb_engine_set_params(a.e, &p);
        report("changed vs default", match(&a, &b, atoi(argv[4]), 5, true));
    } else if (strcmp(cmd, "tune") == 0 && argc > 4) {
        /* Coordinate search: nudge one weight up and down by a fifth (at
         * least 2) and keep the change if it scores better against the
         * current best over the same openings. */
        int rounds = atoi(argv[2]), pairs = atoi(argv[3]);
        uint64_t nodes = strtoull(argv[4], NULL, 10);
        rb_eval_params best;
        rb_eval_params_default(&best);
        player a = {new_engine(), 0, nodes}, b = {new_engine(), 0, nodes};
        uint64_t seed = 1;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < RB_EP_COUNT; i++) {
                int step = abs(best.v[i]) / 5 < 2 ? 2 : abs(best.v[i]) / 5;
                for (int sgn = -1; sgn <= 1; sgn += 2) {
                    rb_eval_params trial = best;
                    trial.v[i] += sgn * step;
                    rb_engine_set_params(a.e, &trial);
                    rb_engine_set_params(b.e, &best);
                    tally t = match(&a, &b, pairs, seed++, false);
                    printf("round %d %s %d -> %d: +%d -%d =%d\n", r, rb_eval_param_name(i), best.v[i],
                           trial.v[i], t.wins, t.losses, t.draws);
                    fflush(stdout);
                    if (points(t) > pairs + pairs * 0.08) { /* > 54% */
                        best = trial;
                        break;
                    }
                }
            }
            printf("after round %d:", r);
            for (int i = 0; i < RB_EP_COUNT; i++) {
                printf(" %s=%d", rb_eval_param_name(i), best.v[i]);
            }
            printf("\n");
            fflush(stdout);
        }
    } else {
        fprintf(stderr, "usage: see the comment at the top of engine_lab.c\n");
        return 1;
    }
    return 0;
}
