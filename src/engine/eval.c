/*
 * eval.c - how good a position looks, without searching.
 *
 * Rollerball is a race as much as a fight: a king that reaches the enemy
 * king's start square after going round clockwise wins, and a pawn that
 * goes three quarters of the way round becomes a rook. So besides material
 * and mobility the evaluation measures each king's remaining route to its
 * throne (counting whether its out flag is set) and each pawn's remaining
 * route to promotion, with distances precomputed on the empty board.
 * Threats are read from exact attack sets (rebounds included) so a piece
 * hanging on a rebound line is seen like any other.
 *
 * Every term is computed per colour from tables built out of the rules
 * library's own geometry, so the evaluation is symmetric under the board's
 * 180-degree turn with the colours swapped (a test checks it).
 */
#include "eval.h"

#include "rb_engine.h"
#include "rb_fast.h"

#include <pthread.h>
#include <string.h>

#define RB_FAR 99

static const rb_eval_params default_params = {{
#define RB_EVAL_DEFAULT(name, value) value,
    RB_EVAL_PARAMS(RB_EVAL_DEFAULT)
#undef RB_EVAL_DEFAULT
}};

static const char *const param_names[RB_EP_COUNT] = {
#define RB_EVAL_NAME(name, value) #name,
    RB_EVAL_PARAMS(RB_EVAL_NAME)
#undef RB_EVAL_NAME
};

void rb_eval_params_default(rb_eval_params *p)
{
    *p = default_params;
}

const char *rb_eval_param_name(int index)
{
    return index >= 0 && index < RB_EP_COUNT ? param_names[index] : "";
}

int rb_eval_param_find(const char *name)
{
    for (int i = 0; i < RB_EP_COUNT; i++) {
        if (strcmp(param_names[i], name) == 0) {
            return i;
        }
    }
    return -1;
}

/* ---- geometry tables, built once from the rules library ---------------- */

static int route_dist[2][2][RB_NSQ];       /* [colour][flag set][square] */
static int pawn_dist[2][RB_NSQ];           /* [colour][square] */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static const int dir_df[4] = {0, 1, 0, -1}; /* north east south west */
static const int dir_dr[4] = {1, 0, -1, 0};

/* Whether color's flag is set after its king moves from -> to. */
static int next_flag(int color, int from, int to, int flag)
{
    return (rb_out_after_king_move(flag ? rb_out_flag(color) : 0, color, from, to) & rb_out_flag(color)) != 0;
}

static void build_tables(void)
{
    /* King routes: relax "one step, then the rest" until nothing changes. */
    for (int c = 0; c < 2; c++) {
        int throne = rb_throne_sq(c);
        for (int f = 0; f < 2; f++) {
            for (int sq = 0; sq < RB_NSQ; sq++) {
                route_dist[c][f][sq] = RB_FAR;
            }
        }
        for (bool changed = true; changed;) {
            changed = false;
            for (int f = 0; f < 2; f++) {
                for (int sq = 0; sq < RB_NSQ; sq++) {
                    int best = route_dist[c][f][sq];
                    for (rb_bb z = rb_king_steps(sq); z; z &= z - 1) {
                        int t = rb_lsb(z), nf = next_flag(c, sq, t, f);
                        int d = t == throne ? (nf ? 1 : RB_FAR) : 1 + route_dist[c][nf][t];
                        if (d < best) {
                            best = d;
                        }
                    }
                    if (best < route_dist[c][f][sq]) {
                        route_dist[c][f][sq] = best;
                        changed = true;
                    }
                }
            }
        }
    }

    /* Pawn routes: a pawn steps to the three squares ahead in its zone's
     * forward direction, whatever its colour. */
    for (int c = 0; c < 2; c++) {
        rb_bb promo = rb_promotion_bb(c);
        for (int sq = 0; sq < RB_NSQ; sq++) {
            pawn_dist[c][sq] = (promo >> sq) & 1 ? 0 : RB_FAR;
        }
        for (bool changed = true; changed;) {
            changed = false;
            for (int sq = 0; sq < RB_NSQ; sq++) {
                if ((promo >> sq) & 1) {
                    continue;
                }
                int d = rb_sq_forward(sq), f = rb_sq_file(sq) + dir_df[d], r = rb_sq_rank(sq) + dir_dr[d];
                int side_df = dir_dr[d] != 0, side_dr = dir_df[d] != 0; /* perpendicular */
                for (int k = -1; k <= 1; k++) {
                    int t = rb_sq_at(f + k * side_df, r + k * side_dr);
                    if (t >= 0 && pawn_dist[c][t] + 1 < pawn_dist[c][sq]) {
                        pawn_dist[c][sq] = pawn_dist[c][t] + 1;
                        changed = true;
                    }
                }
            }
        }
    }
}

static void ensure_tables(void)
{
    pthread_once(&tables_once, build_tables);
}

int rb_eval_route_distance(int color, int sq, int flag_set)
{
    ensure_tables();
    return route_dist[color & 1][flag_set ? 1 : 0][sq];
}

int rb_eval_pawn_distance(int color, int sq)
{
    ensure_tables();
    return pawn_dist[color & 1][sq];
}

/* ---- the evaluation ---------------------------------------------------- */

/*
 * Bit counting: the evaluation counts a dozen sets per position. Where the
 * compiler can build a second copy of the evaluation for processors with a
 * popcount instruction (chosen once at load time), the builtin counts with
 * it; without such a copy the builtin would be a library call on every
 * processor, so the sets are counted inline by halving instead.
 */
/* GCC only: clang 14 does not emit the resolver for a function with
 * clones that another file calls. Not under ThreadSanitizer: the loader
 * runs the resolver before the sanitizer's runtime is ready, and its
 * instrumented code crashes there. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__has_attribute) && \
    !defined(__SANITIZE_THREAD__)
#if __has_attribute(target_clones)
#define RB_EVAL_CLONES __attribute__((target_clones("popcnt", "default")))
#define RB_EVAL_INLINE static inline __attribute__((always_inline))
#define RB_EVAL_POPCNT
#endif
#endif
#ifndef RB_EVAL_CLONES
#define RB_EVAL_CLONES
#define RB_EVAL_INLINE static inline
#endif

RB_EVAL_INLINE int count(rb_bb b)
{
#ifdef RB_EVAL_POPCNT
    return __builtin_popcountll(b);
#else
    b = b - ((b >> 1) & 0x5555555555555555ull);
    b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((b * 0x0101010101010101ull) >> 56);
#endif
}

typedef struct side_info {
    rb_bb all;          /* every square the side attacks */
    rb_bb by_pawn;      /* attacked by a pawn */
    rb_bb by_minor;     /* attacked by a pawn or bishop */
    int mobility;       /* rooks and bishops, weighted */
} side_info;

/* Piece by piece type, with the rules library's own reach functions
 * (rb_fast.h) so that each set is computed inline without a type dispatch. */
RB_EVAL_INLINE void gather(const rb_pos *pos, int c, const rb_eval_params *p, side_info *s)
{
    rb_bb own = pos->by_color[c], occ = own | pos->by_color[c ^ 1];
    rb_bb all = 0, by_pawn = 0, by_minor;
    int mobility = 0;
    for (rb_bb b = own & pos->by_type[RB_PAWN]; b; b &= b - 1) {
        by_pawn |= rb_pawn_targets(rb_lsb(b));
    }
    by_minor = by_pawn;
    for (rb_bb b = own & pos->by_type[RB_BISHOP]; b; b &= b - 1) {
        rb_bb a = rb_bishop_reach(rb_lsb(b), occ);
        by_minor |= a;
        mobility += p->v[RB_EP_MOB_BISHOP] * count(a & ~own);
    }
    all = by_minor;
    for (rb_bb b = own & pos->by_type[RB_ROOK]; b; b &= b - 1) {
        rb_bb a = rb_rook_reach(rb_lsb(b), occ);
        all |= a;
        mobility += p->v[RB_EP_MOB_ROOK] * count(a & ~own);
    }
    for (rb_bb b = own & pos->by_type[RB_KING]; b; b &= b - 1) {
        all |= rb_king_steps(rb_lsb(b));
    }
    s->all = all;
    s->by_pawn = by_pawn;
    s->by_minor = by_minor;
    s->mobility = mobility;
}

RB_EVAL_INLINE int throne_term(const rb_pos *pos, int c, const side_info *enemy, const rb_eval_params *p)
{
    int flag = (pos->out & rb_out_flag(c)) != 0;
    int d = route_dist[c][flag][pos->king[c]];
    int score;
    switch (d) {
    case 1: score = p->v[RB_EP_THRONE_1]; break;
    case 2: score = p->v[RB_EP_THRONE_2]; break;
    case 3: score = p->v[RB_EP_THRONE_3]; break;
    case 4: score = p->v[RB_EP_THRONE_4]; break;
    default: score = d < 12 ? p->v[RB_EP_THRONE_FAR] * (12 - d) : 0; break;
    }
    if (d <= 2 && !((enemy->all >> rb_throne_sq(c)) & 1)) {
        score += p->v[RB_EP_THRONE_OPEN];
    }
    return score;
}

RB_EVAL_INLINE int side_score(const rb_pos *pos, int c, const side_info *us, const side_info *them,
                      const rb_eval_params *p)
{
    int score = us->mobility;
    rb_bb own = pos->by_color[c], enemy = pos->by_color[c ^ 1];

    score += p->v[RB_EP_ROOK] * count(own & pos->by_type[RB_ROOK]);
    score += p->v[RB_EP_BISHOP] * count(own & pos->by_type[RB_BISHOP]);
    for (rb_bb b = own & pos->by_type[RB_PAWN]; b; b &= b - 1) {
        int d = pawn_dist[c][rb_lsb(b)];
        score += p->v[RB_EP_PAWN] + p->v[RB_EP_PAWN_STEP] * (d < 10 ? 10 - d : 0);
        if (d == 1) {
            score += p->v[RB_EP_PAWN_NEXT];
        }
    }

    score += throne_term(pos, c, them, p);

    /* Threats we make: enemy pieces we attack that are loose or worth more
     * than a cheap attacker. */
    rb_bb targets = enemy & ~pos->by_type[RB_KING] & us->all;
    score += p->v[RB_EP_THREAT_HANGING] * count(targets & ~them->all);
    score += p->v[RB_EP_THREAT_LESSER] *
             count(targets & them->all &
                         ((pos->by_type[RB_ROOK] & us->by_minor) | (pos->by_type[RB_BISHOP] & us->by_pawn)));

    /* King: room to move and pressure around it. */
    rb_bb zone = rb_king_steps(pos->king[c]);
    score += p->v[RB_EP_MOB_KING] * count(zone & ~own & ~them->all);
    score -= p->v[RB_EP_KING_ZONE] * count(zone & them->all);
    return score;
}

RB_EVAL_CLONES int rb_eval_attacks(const rb_pos *pos, const rb_eval_params *p, rb_bb attacks[2])
{
    ensure_tables();
    side_info info[2];
    gather(pos, RB_WHITE, p, &info[RB_WHITE]);
    gather(pos, RB_BLACK, p, &info[RB_BLACK]);
    int white = side_score(pos, RB_WHITE, &info[RB_WHITE], &info[RB_BLACK], p);
    int black = side_score(pos, RB_BLACK, &info[RB_BLACK], &info[RB_WHITE], p);
    int score = pos->side == RB_WHITE ? white - black : black - white;
    attacks[RB_WHITE] = info[RB_WHITE].all;
    attacks[RB_BLACK] = info[RB_BLACK].all;
    return score + p->v[RB_EP_TEMPO];
}

int rb_eval_with(const rb_pos *pos, const rb_eval_params *p)
{
    rb_bb unused[2];
    return rb_eval_attacks(pos, p, unused);
}

int rb_eval(const rb_pos *pos)
{
    return rb_eval_with(pos, &default_params);
}
