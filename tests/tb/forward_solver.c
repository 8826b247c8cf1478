/*
 * forward_solver.c - the plain forward fixed-point solver (see the header).
 *
 * Naive index: ((((wk * 40 + bk) * 40 + p1) * 40 + p2) * 2 + side) * 4 +
 * flags, the pieces ordered by a code of colour, type and, for bishops, the
 * colour of their squares; equal pieces stand in rising square order, so
 * each position has one index. The moves of each position are listed once
 * (as the index of the position they lead to, or the fixed value of a
 * position of another material), then the passes only read those lists.
 */
#include "forward_solver.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define FS_MAX_SETS 64
#define EXIT_BIT 0x80000000u
#define FS_BIT(sq) ((rb_bb)1 << (sq))

struct fs_result {
    int n;                /* pieces other than kings */
    int code[FS_MAX_MEN]; /* their codes, falling */
    uint64_t size;
    uint8_t *vals;
};

struct fs_solver {
    int nres;
    fs_result *res[FS_MAX_SETS];
};

static int light(int sq)
{
    return (rb_sq_file(sq) + rb_sq_rank(sq)) & 1;
}

static int piece_code(const rb_pos *pos, int sq)
{
    rb_piece p = pos->board[sq];
    int type = RB_TYPE(p);
    return RB_COLOR(p) * 16 + type * 2 + (type == RB_BISHOP ? light(sq) : 0);
}

/* The material of pos: codes of the pieces other than kings, falling. */
static int material(const rb_pos *pos, int code[FS_MAX_MEN], int sqs[FS_MAX_MEN])
{
    int n = 0;
    for (int s = 0; s < RB_NSQ; s++) {
        if (pos->board[s] != RB_EMPTY && RB_TYPE(pos->board[s]) != RB_KING && n < FS_MAX_MEN) {
            int c = piece_code(pos, s), j = n++;
            /* insertion: falling codes, rising squares among equals */
            while (j > 0 && code[j - 1] < c) {
                code[j] = code[j - 1];
                sqs[j] = sqs[j - 1];
                j--;
            }
            code[j] = c;
            sqs[j] = s;
        }
    }
    return n;
}

fs_solver *fs_new(void)
{
    return calloc(1, sizeof(fs_solver));
}

void fs_free(fs_solver *s)
{
    if (s == NULL) {
        return;
    }
    for (int i = 0; i < s->nres; i++) {
        free(s->res[i]->vals);
        free(s->res[i]);
    }
    free(s);
}

static int64_t naive_index(const rb_pos *pos, int n, const int sqs[FS_MAX_MEN])
{
    int64_t ix = pos->king[RB_WHITE] * 40 + pos->king[RB_BLACK];
    for (int i = 0; i < n; i++) {
        ix = ix * 40 + sqs[i];
    }
    return (ix * 2 + pos->side) * 4 + (pos->out & 3);
}

static rb_piece piece_of_code(int code)
{
    return RB_PIECE(code / 16, (code % 16) / 2);
}

/* The position at a naive index, false when there is none. */
static bool naive_pos(const fs_result *r, uint64_t ix, rb_pos *pos)
{
    int out = (int)(ix & 3), side = (int)((ix >> 2) & 1);
    ix >>= 3;
    int sqs[FS_MAX_MEN];
    for (int i = r->n - 1; i >= 0; i--) {
        sqs[i] = (int)(ix % 40);
        ix /= 40;
    }
    int bk = (int)(ix % 40), wk = (int)(ix / 40);
    rb_bb used = FS_BIT(wk) | FS_BIT(bk);
    if (wk == bk) {
        return false;
    }
    for (int i = 0; i < r->n; i++) {
        if (used & FS_BIT(sqs[i])) {
            return false;
        }
        used |= FS_BIT(sqs[i]);
        int c = r->code[i];
        if ((c % 16) / 2 == RB_BISHOP && (c & 1) != light(sqs[i])) {
            return false;
        }
        if (i > 0 && r->code[i - 1] == c && sqs[i - 1] > sqs[i]) {
            return false;
        }
    }
    rb_pos_clear(pos);
    rb_pos_put(pos, wk, RB_PIECE(RB_WHITE, RB_KING));
    rb_pos_put(pos, bk, RB_PIECE(RB_BLACK, RB_KING));
    for (int i = 0; i < r->n; i++) {
        rb_pos_put(pos, sqs[i], piece_of_code(r->code[i]));
    }
    rb_pos_set_side(pos, side);
    rb_pos_set_out(pos, out);
    rb_pos_verdict v;
    return rb_pos_validate(pos, &v) == RB_POS_VALID;
}

static fs_result *solve(fs_solver *s, const int code[FS_MAX_MEN], int n);

static fs_result *find(fs_solver *s, const int code[FS_MAX_MEN], int n)
{
    for (int i = 0; i < s->nres; i++) {
        if (s->res[i]->n == n && memcmp(s->res[i]->code, code, sizeof(int) * (size_t)n) == 0) {
            return s->res[i];
        }
    }
    return solve(s, code, n);
}

int fs_value(fs_solver *s, const rb_pos *pos)
{
    int code[FS_MAX_MEN], sqs[FS_MAX_MEN];
    int n = material(pos, code, sqs);
    fs_result *r = find(s, code, n);
    return r ? r->vals[naive_index(pos, n, sqs)] : 0;
}

void fs_solve_material_of(fs_solver *s, const rb_pos *pos)
{
    int code[FS_MAX_MEN], sqs[FS_MAX_MEN];
    find(s, code, material(pos, code, sqs));
}

static bool is_win(int v)
{
    return v >= 2 && (v - 2) % 2 == 1;
}

static bool is_loss(int v)
{
    return v >= 2 && (v - 2) % 2 == 0;
}

static fs_result *solve(fs_solver *s, const int code[FS_MAX_MEN], int n)
{
    if (s->nres == FS_MAX_SETS) {
        return NULL;
    }
    fs_result *r = calloc(1, sizeof *r);
    r->n = n;
    memcpy(r->code, code, sizeof(int) * (size_t)n);
    r->size = 40 * 40 * 8;
    for (int i = 0; i < n; i++) {
        r->size *= 40;
    }
    r->vals = calloc(r->size, 1);
    s->res[s->nres++] = r;

    /* Every position's moves, once. */
    size_t npos = 0, cappos = 1024, nkids = 0, capkids = 8192;
    uint32_t *where = malloc(cappos * sizeof *where), *first = malloc((cappos + 1) * sizeof *first);
    uint32_t *kids = malloc(capkids * sizeof *kids);
    int maxexit = 0;
    for (uint64_t ix = 0; ix < r->size; ix++) {
        rb_pos pos;
        if (!naive_pos(r, ix, &pos)) {
            continue;
        }
        rb_status st = rb_pos_status(&pos);
        if (st == RB_THRONE || st == RB_CHECKMATE) {
            r->vals[ix] = 2;
            continue;
        }
        r->vals[ix] = 1;
        if (st == RB_STALEMATE) {
            continue;
        }
        rb_movelist list;
        rb_gen_legal(&pos, &list);
        if (npos + 1 >= cappos) {
            cappos *= 2;
            where = realloc(where, cappos * sizeof *where);
            first = realloc(first, (cappos + 1) * sizeof *first);
        }
        where[npos] = (uint32_t)ix;
        first[npos] = (uint32_t)nkids;
        npos++;
        for (int i = 0; i < list.count; i++) {
            rb_pos child;
            rb_pos_make(&pos, list.moves[i], &child);
            int ccode[FS_MAX_MEN], csqs[FS_MAX_MEN];
            int cn = material(&child, ccode, csqs);
            uint32_t k;
            if (cn == n && memcmp(ccode, code, sizeof(int) * (size_t)n) == 0) {
                k = (uint32_t)naive_index(&child, cn, csqs);
            } else {
                int v = fs_value(s, &child);
                k = EXIT_BIT | (uint32_t)v;
                maxexit = v > maxexit ? v : maxexit;
            }
            if (nkids == capkids) {
                capkids *= 2;
                kids = realloc(kids, capkids * sizeof *kids);
            }
            kids[nkids++] = k;
        }
    }
    first[npos] = (uint32_t)nkids;

    /* The passes: each reads only what earlier passes decided. */
    uint32_t *change = malloc((npos + 1) * sizeof *change);
    uint8_t *newval = malloc(npos + 1);
    int quiet = 0;
    for (int k = 1; k < 254; k++) {
        size_t nchange = 0;
        for (size_t p = 0; p < npos; p++) {
            if (r->vals[where[p]] != 1) {
                continue;
            }
            bool win = false, all_lose = true;
            int longest = -1;
            for (uint32_t j = first[p]; j < first[p + 1]; j++) {
                int cv = (kids[j] & EXIT_BIT) ? (int)(kids[j] & 0xff) : r->vals[kids[j]];
                if (is_loss(cv) && cv - 2 == k - 1) {
                    win = true;
                }
                if (is_win(cv)) {
                    longest = cv - 2 > longest ? cv - 2 : longest;
                } else {
                    all_lose = false;
                }
            }
            if (win) {
                change[nchange] = (uint32_t)p;
                newval[nchange++] = (uint8_t)(2 + k);
            } else if (all_lose && longest == k - 1) {
                change[nchange] = (uint32_t)p;
                newval[nchange++] = (uint8_t)(2 + k);
            }
        }
        for (size_t i = 0; i < nchange; i++) {
            r->vals[where[change[i]]] = newval[i];
        }
        quiet = nchange ? 0 : quiet + 1;
        if (quiet >= 2 && k > maxexit) {
            break;
        }
    }
    free(change);
    free(newval);
    free(where);
    free(first);
    free(kids);
    return r;
}
