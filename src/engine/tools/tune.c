/*
 * tune.c - rollerball-tune: fits the evaluation's weights to game results
 * (Texel tuning) and writes them back in eval.h's own table form.
 *
 *   rollerball-tune --data FILE [--epochs N] [--rate R] [--seed S]
 *                   [--validation PCT] [--threads N] [--limit N]
 *                   [--log-every N] [--without NAMES] [--rook-cp CP]
 *                   [--from-hand-set] [--material R,B,P] [--refit-k-every N]
 *                   [--out FILE] [--write-header EVAL_H]
 *
 * FILE holds one quiet position a line, "<position string>;<result>",
 * the result 1, 0.5 or 0 for White. Each position's trace is computed once
 * (rb_eval_trace_of); tuner.c fits K for the starting weights (the table
 * as built, or with --from-hand-set the hand-set weights the evaluation had
 * before tuning) and then every weight at once (each
 * piece type's home-zone reference stays 0). The result is then scaled so
 * that the rook's middlegame value is --rook-cp (500, as before tuning),
 * with K scaled back, which changes no prediction and keeps the scale the
 * centipawns the search and the puzzles were built on; --without NAME,NAME,... (a
 * name ending in '*' names every weight it begins) sets weights to 0 and
 * keeps them there, to measure what a term is worth. --material R,B,P holds
 * the rook, bishop and pawn at those centipawns in both phases instead:
 * then the material sets the scale, K is fitted again every --refit-k-every
 * epochs (25) as the other weights move, nothing is scaled at the end, and
 * every weight reads as what it adds to a position whose pieces are worth
 * what a person counts them. Without it the material moves with the rest
 * and pays for what other terms say (a pawn below zero in the middlegame,
 * its route's bonus making up for it), which predicts as well but reads
 * as nonsense term by term. The tuned table is printed
 * (and written to --out); --write-header rewrites the numbers of each
 * X(NAME, mg, eg) line of the given eval.h in place, keeping its comments.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "rb_engine.h"
#include "rb_util_number.h"
#include "tuner.h"

typedef struct options {
    const char *data, *out, *header, *without;
    bool hand_set, fix_material;
    int epochs, validation, threads, log_every, refit_k_every;
    double rate, limit, rook_cp;
    double material[3]; /* rook, bishop, pawn with --material */
    unsigned long long seed;
} options;

static void usage(FILE *f)
{
    fprintf(f, "usage: rollerball-tune --data FILE [--epochs N] [--rate R] [--seed S] [--validation PCT]\n"
               "                       [--threads N] [--limit N] [--log-every N] [--without NAMES]\n"
               "                       [--rook-cp CP] [--from-hand-set] [--material R,B,P]\n"
               "                       [--refit-k-every N]\n"
               "                       [--out FILE] [--write-header EVAL_H]\n"
               "Fits the evaluation's weights to the results of FILE's positions (one\n"
               "\"<position string>;<result>\" a line, result 1, 0.5 or 0 for White).\n");
}

static bool number(const char *text, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !(v >= lo && v <= hi)) {
        return false;
    }
    *out = v;
    return true;
}

/* "R,B,P": three centipawn values, each from 1 to 5000. */
static bool parse_material(const char *text, double *out)
{
    char buf[64];
    if (strlen(text) >= sizeof buf) {
        return false;
    }
    snprintf(buf, sizeof buf, "%s", text);
    char *part = buf;
    for (int i = 0; i < 3; i++) {
        char *comma = strchr(part, ',');
        if ((i < 2) != (comma != NULL)) {
            return false;
        }
        if (comma != NULL) {
            *comma = '\0';
        }
        if (!number(part, 1, 5000, &out[i])) {
            return false;
        }
        part = comma != NULL ? comma + 1 : NULL;
    }
    return true;
}

static int parse_args(int argc, char **argv, options *o)
{
    *o = (options){NULL, NULL, NULL, NULL, false, false, 400, 10, 2, 1, 25, 2.0, 2000.0, 500.0, {0, 0, 0}, 1};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        double d;
        if (strcmp(a, "--help") == 0) {
            usage(stdout);
            exit(0);
        }
        if (strcmp(a, "--from-hand-set") == 0) {
            o->hand_set = true;
            continue;
        }
        if (v == NULL) {
            fprintf(stderr, "rollerball-tune: %s needs a value\n", a);
            return -1;
        }
        bool ok = true;
        if (strcmp(a, "--data") == 0) {
            o->data = v;
        } else if (strcmp(a, "--out") == 0) {
            o->out = v;
        } else if (strcmp(a, "--write-header") == 0) {
            o->header = v;
        } else if (strcmp(a, "--without") == 0) {
            o->without = v;
        } else if (strcmp(a, "--epochs") == 0) {
            ok = rb_util_parse_int(v, 1, 1000000, &o->epochs);
        } else if (strcmp(a, "--validation") == 0) {
            ok = rb_util_parse_int(v, 0, 90, &o->validation);
        } else if (strcmp(a, "--threads") == 0) {
            ok = rb_util_parse_int(v, 1, 64, &o->threads);
        } else if (strcmp(a, "--log-every") == 0) {
            ok = rb_util_parse_int(v, 1, 1000000, &o->log_every);
        } else if (strcmp(a, "--rate") == 0) {
            ok = number(v, 1e-6, 1000, &o->rate);
        } else if (strcmp(a, "--limit") == 0) {
            ok = number(v, 1, 30000, &o->limit);
        } else if (strcmp(a, "--refit-k-every") == 0) {
            ok = rb_util_parse_int(v, 1, 1000000, &o->refit_k_every);
        } else if (strcmp(a, "--material") == 0) {
            ok = parse_material(v, o->material);
            o->fix_material = true;
        } else if (strcmp(a, "--rook-cp") == 0) {
            ok = number(v, 1, 5000, &o->rook_cp);
        } else if (strcmp(a, "--seed") == 0) {
            ok = number(v, 0, 1e18, &d) && (o->seed = (unsigned long long)d, true);
        } else {
            fprintf(stderr, "rollerball-tune: unknown option %s\n", a);
            usage(stderr);
            return -1;
        }
        if (!ok) {
            fprintf(stderr, "rollerball-tune: %s: '%s' is not a valid value\n", a, v);
            return -1;
        }
        i++;
    }
    if (o->data == NULL) {
        fprintf(stderr, "rollerball-tune: --data FILE is required\n");
        usage(stderr);
        return -1;
    }
    return 0;
}

/* Reads FILE into the set, one trace a position. */
static int read_data(const char *path, rb_tune_set *set)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "rollerball-tune: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    char line[512];
    long lineno = 0;
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f) != NULL) {
        lineno++;
        size_t len = strlen(line);
        if (len > 0 && line[len - 1] != '\n' && !feof(f)) {
            fprintf(stderr, "%s:%ld: line too long\n", path, lineno);
            rc = -1;
            break;
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0') {
            continue;
        }
        char *semi = strrchr(line, ';');
        if (semi == NULL) {
            fprintf(stderr, "%s:%ld: no ';' between the position and the result\n", path, lineno);
            rc = -1;
            break;
        }
        *semi = '\0';
        const char *res = semi + 1;
        double result = strcmp(res, "1") == 0 ? 1.0 : strcmp(res, "0.5") == 0 ? 0.5 : strcmp(res, "0") == 0 ? 0.0 : -1;
        if (result < 0) {
            fprintf(stderr, "%s:%ld: result '%s' is not 1, 0.5 or 0\n", path, lineno, res);
            rc = -1;
            break;
        }
        rb_pos pos;
        char err[160];
        if (rb_pos_parse(&pos, line, err, sizeof err) != 0) {
            fprintf(stderr, "%s:%ld: %s\n", path, lineno, err);
            rc = -1;
            break;
        }
        rb_eval_trace t;
        rb_eval_trace_of(&pos, &t);
        if (rb_tune_set_add(set, t.coef, t.phase, result) != 0) {
            fprintf(stderr, "%s:%ld: out of memory\n", path, lineno);
            rc = -1;
        }
    }
    fclose(f);
    if (rc == 0 && set->n == 0) {
        fprintf(stderr, "rollerball-tune: %s holds no positions\n", path);
        rc = -1;
    }
    return rc;
}

/* Sets to 0 and fixes every weight a comma-separated list names (NAME,
 * or PREFIX* for all that begin so); -1 when a name matches none. */
static int remove_weights(const char *list, double *w, bool *fixed)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *name = buf, *next; name != NULL; name = next) {
        next = strchr(name, ',');
        if (next != NULL) {
            *next++ = '\0';
        }
        size_t len = strlen(name);
        bool prefix = len > 0 && name[len - 1] == '*';
        int found = 0;
        for (int i = 0; i < RB_EP_COUNT; i++) {
            const char *n = rb_eval_param_name(i);
            if (prefix ? strncmp(n, name, len - 1) == 0 : strcmp(n, name) == 0) {
                w[2 * i] = w[2 * i + 1] = 0;
                fixed[2 * i] = fixed[2 * i + 1] = true;
                found++;
            }
        }
        if (found == 0) {
            fprintf(stderr, "rollerball-tune: --without: no weight named %s\n", name);
            return -1;
        }
    }
    return 0;
}

static void print_table(FILE *f, const double *w)
{
    fprintf(f, "#define RB_EVAL_PARAMS(X) \\\n");
    for (int i = 0; i < RB_EP_COUNT; i++) {
        fprintf(f, "    X(%s, %ld, %ld)%s\n", rb_eval_param_name(i), lround(w[2 * i]), lround(w[2 * i + 1]),
                i + 1 < RB_EP_COUNT ? " \\" : "");
    }
}

/* Rewrites the numbers of every "X(NAME, mg, eg)" line of the header,
 * keeping everything else, through a temporary file renamed over it. */
static int write_header(const char *path, const double *w)
{
    FILE *in = fopen(path, "r");
    if (in == NULL) {
        fprintf(stderr, "rollerball-tune: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *out = fopen(tmp, "w");
    if (out == NULL) {
        fprintf(stderr, "rollerball-tune: cannot write %s: %s\n", tmp, strerror(errno));
        fclose(in);
        return -1;
    }
    char line[1024];
    int replaced = 0;
    while (fgets(line, sizeof line, in) != NULL) {
        char *x = strstr(line, "X("), *comma = x ? strchr(x, ',') : NULL, *close = x ? strchr(x, ')') : NULL;
        int idx = -1;
        if (x != NULL && comma != NULL && close != NULL && comma < close && strspn(line, " ") == (size_t)(x - line)) {
            char name[64];
            size_t n = (size_t)(comma - x - 2);
            if (n < sizeof name) {
                memcpy(name, x + 2, n);
                name[n] = '\0';
                idx = rb_eval_param_find(name);
            }
        }
        if (idx < 0) {
            fputs(line, out);
            continue;
        }
        fprintf(out, "%.*sX(%s, %ld, %ld)%s", (int)(x - line), line, rb_eval_param_name(idx), lround(w[2 * idx]),
                lround(w[2 * idx + 1]), close + 1);
        replaced++;
    }
    fclose(in);
    if (fclose(out) != 0 || replaced != RB_EP_COUNT) {
        fprintf(stderr, "rollerball-tune: %s: found %d of the %d weights' lines; left unchanged\n", path, replaced,
                RB_EP_COUNT);
        remove(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        fprintf(stderr, "rollerball-tune: cannot replace %s: %s\n", path, strerror(errno));
        return -1;
    }
    printf("wrote the tuned weights into %s\n", path);
    return 0;
}

int main(int argc, char **argv)
{
    options o;
    if (parse_args(argc, argv, &o) != 0) {
        return 2;
    }
    rb_tune_set all, train, valid;
    rb_tune_set_init(&all, RB_EP_COUNT, RB_PHASE_MAX);
    if (read_data(o.data, &all) != 0) {
        return 1;
    }
    if (rb_tune_set_split(&all, o.seed, o.validation, &train, &valid) != 0) {
        fprintf(stderr, "rollerball-tune: out of memory\n");
        return 1;
    }
    printf("%zu positions (%zu features): %zu to train on, %zu held out (seed %llu)\n", all.n, all.nfeat, train.n,
           valid.n, o.seed);
    rb_tune_set_free(&all);

    double w[2 * RB_EP_COUNT];
    bool fixed[2 * RB_EP_COUNT] = {false};
    rb_eval_params p;
    if (o.hand_set) {
        rb_eval_params_hand_set(&p);
    } else {
        rb_eval_params_default(&p);
    }
    for (int i = 0; i < RB_EP_COUNT; i++) {
        w[2 * i] = rb_eval_param_mg(&p, i);
        w[2 * i + 1] = rb_eval_param_eg(&p, i);
    }
    /* The zone references stay 0: material already counts each piece. */
    const int refs[] = {RB_EP_ZONE_KING_HOME_OUT, RB_EP_ZONE_ROOK_HOME_OUT, RB_EP_ZONE_BISHOP_HOME_OUT};
    for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++) {
        fixed[2 * refs[i]] = fixed[2 * refs[i] + 1] = true;
    }

    if (o.fix_material) {
        const int material[] = {RB_EP_ROOK, RB_EP_BISHOP, RB_EP_PAWN};
        for (int i = 0; i < 3; i++) {
            w[2 * material[i]] = w[2 * material[i] + 1] = o.material[i];
            fixed[2 * material[i]] = fixed[2 * material[i] + 1] = true;
        }
        printf("material held at rook %g, bishop %g, pawn %g; K refitted every %d epochs\n", o.material[0],
               o.material[1], o.material[2], o.refit_k_every);
    }
    if (o.without != NULL && remove_weights(o.without, w, fixed) != 0) {
        return 2;
    }
    double k = rb_tune_fit_k(&train, w, o.threads);
    double before = rb_tune_error(&train, w, k, o.threads), before_valid = rb_tune_error(&valid, w, k, o.threads);
    printf("K = %.6f; with the current weights: training error %.6f, held-out error %.6f\n", k, before, before_valid);
    rb_tune_options opt = {o.epochs, o.rate, o.threads,   fixed,
                           o.limit,  stdout, o.log_every, o.fix_material ? o.refit_k_every : 0};
    double after = rb_tune_run(&train, &valid, w, &k, &opt);
    /* The scale: the evaluation only meets the results through K * eval,
     * so multiplying every weight by s and dividing K by s changes no
     * prediction. The weights are scaled so that the rook's middlegame
     * value is --rook-cp (500, as before tuning): the search's margins,
     * the puzzles' thresholds and a reader's sense of a score stay where
     * they were. */
    if (o.fix_material) {
        printf("material held, so nothing is scaled: K = %.6f\n", k);
    } else {
        double scale = o.rook_cp / w[2 * RB_EP_ROOK];
        for (int i = 0; i < 2 * RB_EP_COUNT; i++) {
            w[i] *= scale;
        }
        k /= scale;
        printf("scaled by %.4f so that ROOK is %g in the middlegame: K = %.6f\n", scale, o.rook_cp, k);
    }
    double after_valid = rb_tune_error(&valid, w, k, o.threads);
    after = rb_tune_error(&train, w, k, o.threads);
    printf("after %d epochs: training error %.6f (was %.6f), held-out error %.6f (was %.6f)\n", o.epochs, after, before,
           after_valid, before_valid);
    print_table(stdout, w);
    int rc = 0;
    if (o.out != NULL) {
        FILE *f = fopen(o.out, "w");
        if (f == NULL) {
            fprintf(stderr, "rollerball-tune: cannot write %s: %s\n", o.out, strerror(errno));
            rc = 1;
        } else {
            print_table(f, w);
            fclose(f);
        }
    }
    if (o.header != NULL && write_header(o.header, w) != 0) {
        rc = 1;
    }
    rb_tune_set_free(&train);
    rb_tune_set_free(&valid);
    return rc;
}
