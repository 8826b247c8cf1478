/*
 * tb_store.c - a directory of tables, read when first probed, and the
 * probe itself.
 *
 * The engine probes from several search threads at once, so the hot path
 * takes no lock: the store has a fixed array of entries, an entry is
 * filled in under the lock and published with a release store of its
 * state, and a probe reads the state with acquire. A table that is missing
 * or damaged is remembered as such (and its problem kept for the caller to
 * say once), so it is never looked for again.
 */
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_tb.h"

#define STORE_MAX 512
enum { ENTRY_EMPTY = 0, ENTRY_READY = 1, ENTRY_ABSENT = 2 };

typedef struct entry {
    uint8_t count[2][RB_TB_KINDS];
    rb_tb_set *set;
    uint8_t *values;
    int state;
} entry;

struct rb_tb {
    char dir[4096];
    pthread_mutex_t lock;
    int n; /* entries in use (read with acquire) */
    entry entries[STORE_MAX];
    int max_men;
    char problem[512];
    uint64_t hits;
};

static int scan_max_men(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        return 0;
    }
    int best = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name), ext = strlen(RB_TB_EXT);
        if (len <= ext || len - ext >= RB_TB_NAME_MAX || strcmp(e->d_name + len - ext, RB_TB_EXT) != 0) {
            continue;
        }
        char name[RB_TB_NAME_MAX], err[256];
        memcpy(name, e->d_name, len - ext);
        name[len - ext] = '\0';
        rb_tb_set set;
        if (rb_tb_set_parse(&set, name, err, sizeof err) == 0 && set.men > best) {
            best = set.men;
        }
    }
    closedir(d);
    return best;
}

rb_tb *rb_tb_open(const char *dir)
{
    rb_tb *tb = calloc(1, sizeof *tb);
    if (tb == NULL) {
        return NULL;
    }
    snprintf(tb->dir, sizeof tb->dir, "%s", dir ? dir : "");
    pthread_mutex_init(&tb->lock, NULL);
    tb->max_men = dir && *dir ? scan_max_men(dir) : 0;
    return tb;
}

void rb_tb_free(rb_tb *tb)
{
    if (tb == NULL) {
        return;
    }
    for (int i = 0; i < tb->n; i++) {
        free(tb->entries[i].set);
        free(tb->entries[i].values);
    }
    pthread_mutex_destroy(&tb->lock);
    free(tb);
}

const char *rb_tb_dir(const rb_tb *tb)
{
    return tb->dir;
}

int rb_tb_max_men(rb_tb *tb)
{
    return __atomic_load_n(&tb->max_men, __ATOMIC_RELAXED);
}

const char *rb_tb_problem(rb_tb *tb)
{
    pthread_mutex_lock(&tb->lock);
    const char *p = tb->problem;
    pthread_mutex_unlock(&tb->lock);
    return p;
}

uint64_t rb_tb_hits(const rb_tb *tb)
{
    return __atomic_load_n(&tb->hits, __ATOMIC_RELAXED);
}

static entry *find(rb_tb *tb, const uint8_t *count)
{
    int n = __atomic_load_n(&tb->n, __ATOMIC_ACQUIRE);
    for (int i = 0; i < n; i++) {
        if (memcmp(tb->entries[i].count, count, sizeof tb->entries[i].count) == 0) {
            return &tb->entries[i];
        }
    }
    return NULL;
}

/* Under the lock: the entry for count, added if new (NULL when full). */
static entry *add(rb_tb *tb, const uint8_t *count)
{
    entry *e = find(tb, count);
    if (e != NULL || tb->n == STORE_MAX) {
        return e;
    }
    e = &tb->entries[tb->n];
    memset(e, 0, sizeof *e);
    memcpy(e->count, count, sizeof e->count);
    e->set = malloc(sizeof *e->set);
    if (e->set == NULL) {
        return NULL;
    }
    rb_tb_set_make(e->set, count);
    __atomic_store_n(&tb->n, tb->n + 1, __ATOMIC_RELEASE);
    return e;
}

void rb_tb_adopt(rb_tb *tb, const rb_tb_set *set, uint8_t *values)
{
    pthread_mutex_lock(&tb->lock);
    entry *e = add(tb, &set->count[0][0]);
    if (e == NULL) {
        free(values);
    } else {
        free(e->values);
        e->values = values;
        __atomic_store_n(&e->state, ENTRY_READY, __ATOMIC_RELEASE);
        if (set->men > tb->max_men) {
            __atomic_store_n(&tb->max_men, set->men, __ATOMIC_RELAXED);
        }
    }
    pthread_mutex_unlock(&tb->lock);
}

static const uint8_t *load(rb_tb *tb, const uint8_t *count, const rb_tb_set **set)
{
    entry *e = find(tb, count);
    if (e != NULL) {
        int state = __atomic_load_n(&e->state, __ATOMIC_ACQUIRE);
        if (state != ENTRY_EMPTY) {
            *set = e->set;
            return state == ENTRY_READY ? e->values : NULL;
        }
    }
    pthread_mutex_lock(&tb->lock);
    e = add(tb, count);
    const uint8_t *values = NULL;
    if (e != NULL) {
        if (__atomic_load_n(&e->state, __ATOMIC_ACQUIRE) == ENTRY_EMPTY) {
            char path[4200], err[4400];
            snprintf(path, sizeof path, "%.4000s/%.15s%s", tb->dir, e->set->name, RB_TB_EXT);
            e->values = tb->dir[0] ? rb_tb_read(path, e->set, err, sizeof err) : NULL;
            if (e->values == NULL && tb->dir[0] && tb->problem[0] == '\0' && e->set->men <= tb->max_men) {
                /* A set smaller than the largest present should be there:
                 * its absence or damage is worth saying. */
                snprintf(tb->problem, sizeof tb->problem, "%.500s", err);
            }
            __atomic_store_n(&e->state, e->values ? ENTRY_READY : ENTRY_ABSENT, __ATOMIC_RELEASE);
        }
        *set = e->set;
        values = e->values;
    }
    pthread_mutex_unlock(&tb->lock);
    return values;
}

const uint8_t *rb_tb_values(rb_tb *tb, const rb_tb_set *set)
{
    const rb_tb_set *s;
    return load(tb, &set->count[0][0], &s);
}

static bool counts_of(const rb_pos *pos, uint8_t count[2][RB_TB_KINDS], bool *mirrored)
{
    if (rb_popcount(pos->by_type[RB_KING]) != 2 || pos->board[pos->king[0]] != RB_PIECE(RB_WHITE, RB_KING) ||
        pos->board[pos->king[1]] != RB_PIECE(RB_BLACK, RB_KING)) {
        return false;
    }
    memset(count, 0, 2 * RB_TB_KINDS);
    for (int c = 0; c < 2; c++) {
        rb_bb own = pos->by_color[c];
        count[c][RB_TB_ROOK] = (uint8_t)rb_popcount(own & pos->by_type[RB_ROOK]);
        count[c][RB_TB_PAWN] = (uint8_t)rb_popcount(own & pos->by_type[RB_PAWN]);
        for (rb_bb b = own & pos->by_type[RB_BISHOP]; b; b &= b - 1) {
            int s = rb_lsb(b);
            count[c][((rb_sq_file(s) + rb_sq_rank(s)) & 1) ? RB_TB_LIGHT : RB_TB_DARK]++;
        }
    }
    int a = 0, b = 0;
    for (int k = 0; k < RB_TB_KINDS; k++) {
        a += count[0][k];
        b += count[1][k];
    }
    int cmp = a - b;
    for (int k = 0; k < RB_TB_KINDS && cmp == 0; k++) {
        cmp = count[0][k] - count[1][k];
    }
    *mirrored = cmp < 0;
    if (*mirrored) {
        uint8_t t[RB_TB_KINDS];
        memcpy(t, count[0], sizeof t);
        memcpy(count[0], count[1], sizeof t);
        memcpy(count[1], t, sizeof t);
    }
    return true;
}

int rb_tb_probe(rb_tb *tb, const rb_pos *pos)
{
    int men = rb_popcount(pos->by_color[0] | pos->by_color[1]);
    if (men > rb_tb_max_men(tb)) {
        return RB_TB_NONE;
    }
    uint8_t count[2][RB_TB_KINDS];
    bool mirrored;
    if (!counts_of(pos, count, &mirrored)) {
        return RB_TB_NONE;
    }
    const rb_tb_set *set = NULL;
    const uint8_t *values = load(tb, &count[0][0], &set);
    if (values == NULL) {
        return RB_TB_NONE;
    }
    rb_pos turned;
    if (mirrored) {
        rb_tb_turn_pos(pos, &turned);
        pos = &turned;
    }
    rb_tb_place p;
    if (!rb_tb_place_from_pos(set, pos, &p)) {
        return RB_TB_NONE;
    }
    int64_t ix = rb_tb_encode(set, &p);
    if (ix < 0) {
        return RB_TB_NONE;
    }
    int v = values[ix];
    if (v != RB_TB_NONE) {
        __atomic_fetch_add(&tb->hits, 1, __ATOMIC_RELAXED);
    }
    return v;
}

rb_status rb_tb_line_end(rb_tb *tb, const rb_pos *pos)
{
    rb_pos cur = *pos;
    int v = rb_tb_probe(tb, &cur);
    if (v < 2) {
        return RB_ONGOING;
    }
    /* Each ply the distance falls by one, so the walk ends within it. */
    for (int ply = 0; ply <= rb_tb_distance(v) + 1; ply++) {
        rb_status st = rb_pos_status(&cur);
        if (st != RB_ONGOING) {
            return st == RB_STALEMATE ? RB_ONGOING : st;
        }
        rb_tb_move_value mv[RB_MAX_MOVES];
        if (rb_tb_probe_moves(tb, &cur, mv, RB_MAX_MOVES) <= 0) {
            return RB_ONGOING;
        }
        rb_pos_make(&cur, mv[0].move, &cur);
    }
    return RB_ONGOING;
}

int rb_tb_probe_moves(rb_tb *tb, const rb_pos *pos, rb_tb_move_value *out, int max)
{
    if (rb_tb_probe(tb, pos) == RB_TB_NONE) {
        return -1;
    }
    rb_movelist list;
    rb_gen_legal(pos, &list);
    int n = 0;
    for (int i = 0; i < list.count && n < max; i++) {
        rb_pos child;
        rb_pos_make(pos, list.moves[i], &child);
        int v = rb_tb_probe(tb, &child);
        if (v == RB_TB_NONE) {
            return -1;
        }
        rb_tb_move_value mv = {list.moves[i], rb_tb_parent_of(v)};
        int j = n++;
        while (j > 0 && rb_tb_compare(out[j - 1].value, mv.value) < 0) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = mv;
    }
    return n;
}
