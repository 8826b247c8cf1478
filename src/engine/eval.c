/*
 * eval.c - how good a position looks, without searching.
 *
 * Rollerball is a race as much as a fight: a king that reaches the enemy
 * king's start square after going round clockwise wins, and a pawn that
 * goes three quarters of the way round becomes a rook. So besides material
 * and mobility the evaluation measures each king's remaining route to its
 * throne (counting whether its out flag is set) and who wins the race of
 * the two kings, and each pawn's real remaining route to promotion (its
 * own pieces in the way) and whether the enemy king can still catch it,
 * the ring's "rule of the square". Threats and mobility are read from
 * exact attack sets (rebounds included) so a piece hanging on a rebound
 * line is seen like any other, and the squares a rook or bishop reaches
 * only after its rebound count on their own.
 *
 * Every weight is a (middlegame, endgame) pair; the phase, read from the
 * rooks and bishops left, blends the two sums. The evaluation is written
 * once, as features counted per colour: the search's path adds each count
 * times its packed weight pair, and the trace (rb_eval_trace_of, for the
 * tuner and the tests) records the counts themselves. The same inline code
 * serves both, and the search's copy is compiled with the trace pointer a
 * constant NULL, so it costs nothing. Where several weights always count
 * together (a piece's material and its zone, a pawn's material and its
 * route) the search adds one sum the parameters keep ready, and the trace
 * counts them apart; the trace's test holds the two equal.
 *
 * Every term is computed per colour from tables built out of the rules
 * library's own geometry, so the evaluation is symmetric under the board's
 * 180-degree turn with the colours swapped (a test checks it).
 */
#include "eval.h"

#include "rb_engine.h"
#include "rb_fast.h"
#include "rb_util_assert.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#define RB_FAR RB_EVAL_FAR

static const rb_eval_params default_weights = {
    .w =
        {
#define RB_EVAL_DEFAULT(name, mg, eg) RB_EVAL_PACK((mg), (eg)),
            RB_EVAL_PARAMS(RB_EVAL_DEFAULT)
#undef RB_EVAL_DEFAULT
        },
    .empty_board_routes = false,
};

static const char *const param_names[RB_EP_COUNT] = {
#define RB_EVAL_NAME(name, mg, eg) #name,
    RB_EVAL_PARAMS(RB_EVAL_NAME)
#undef RB_EVAL_NAME
};

static inline void ensure_tables(void);
static void derive_sums(rb_eval_params *p);
static void derive_sums_from_tables(rb_eval_params *p);

/* The default weights with their sums, made once with the tables. */
static rb_eval_params default_params;

void rb_eval_params_default(rb_eval_params *p)
{
    ensure_tables();
    *p = default_params;
}

int rb_eval_param_mg(const rb_eval_params *p, int index)
{
    RB_ASSERT(index >= 0 && index < RB_EP_COUNT);
    return rb_eval_pair_mg(p->w[index]);
}

int rb_eval_param_eg(const rb_eval_params *p, int index)
{
    RB_ASSERT(index >= 0 && index < RB_EP_COUNT);
    return rb_eval_pair_eg(p->w[index]);
}

void rb_eval_param_set(rb_eval_params *p, int index, int mg, int eg)
{
    RB_ASSERT(index >= 0 && index < RB_EP_COUNT);
    RB_ASSERT_MSG(mg > INT16_MIN && mg < INT16_MAX && eg > INT16_MIN && eg < INT16_MAX,
                  "a weight fits its half of the packed pair");
    p->w[index] = rb_eval_pack(mg, eg);
    derive_sums(p);
}

void rb_eval_params_hand_set(rb_eval_params *p)
{
    static const struct {
        int index, value;
    } hand_set[] = {
        {RB_EP_ROOK, 500},     {RB_EP_BISHOP, 330},     {RB_EP_PAWN, 110},          {RB_EP_MOB_ROOK, 5},
        {RB_EP_MOB_BISHOP, 6}, {RB_EP_MOB_KING, 3},     {RB_EP_PAWN_STEP, 10},      {RB_EP_PAWN_NEXT, 50},
        {RB_EP_THRONE_1, 160}, {RB_EP_THRONE_2, 80},    {RB_EP_THRONE_3, 40},       {RB_EP_THRONE_4, 20},
        {RB_EP_THRONE_FAR, 3}, {RB_EP_THRONE_OPEN, 60}, {RB_EP_THREAT_HANGING, 40}, {RB_EP_THREAT_LESSER, 30},
        {RB_EP_KING_ZONE, -8}, {RB_EP_TEMPO, 12},
    };
    memset(p, 0, sizeof *p);
    p->empty_board_routes = true;
    for (size_t i = 0; i < sizeof hand_set / sizeof hand_set[0]; i++) {
        p->w[hand_set[i].index] = rb_eval_pack(hand_set[i].value, hand_set[i].value);
    }
    derive_sums(p);
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

static int route_dist[2][2][RB_NSQ];   /* [colour][flag set][square] */
static int pawn_dist[2][RB_NSQ];       /* [colour][square] */
static rb_bb pawn_cone[2][RB_NSQ];     /* [colour][square]: every square on a shortest route */
static rb_bb pawn_layer[2][RB_FAR];    /* [colour][d]: the squares d pawn moves from promotion */
static int promo_king_dist[2][RB_NSQ]; /* [pawn colour][king square]: king steps to its nearest promotion square */
static int zone_of[2][RB_NSQ];         /* [colour][square]: rb_eval_zone */
static rb_bb rook_after[RB_NSQ][2], bishop_after[RB_NSQ][2]; /* each ray's squares past its turn */
static rb_bb king_shortcuts[2][2][RB_NSQ]; /* [colour][flag set][square]: the steps that shorten the route */
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

    /* The steps that bring a king nearer its throne, for the test of a
     * blocked king: one mask read instead of a walk over its steps. */
    for (int c = 0; c < 2; c++) {
        int throne = rb_throne_sq(c);
        for (int f = 0; f < 2; f++) {
            for (int sq = 0; sq < RB_NSQ; sq++) {
                for (rb_bb z = rb_king_steps(sq); z; z &= z - 1) {
                    int t = rb_lsb(z), nf = next_flag(c, sq, t, f);
                    int rest = t == throne ? (nf ? 0 : RB_FAR) : route_dist[c][nf][t];
                    if (rest < route_dist[c][f][sq]) {
                        king_shortcuts[c][f][sq] |= RB_BIT(t);
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

/* King steps between two squares on the empty board, by relaxation. */
static void build_king_tables(void)
{
    static int king_dist[RB_NSQ][RB_NSQ];
    for (int a = 0; a < RB_NSQ; a++) {
        for (int b = 0; b < RB_NSQ; b++) {
            king_dist[a][b] = a == b ? 0 : RB_FAR;
        }
        for (bool changed = true; changed;) {
            changed = false;
            for (int sq = 0; sq < RB_NSQ; sq++) {
                for (rb_bb z = rb_king_steps(sq); z; z &= z - 1) {
                    int t = rb_lsb(z);
                    if (king_dist[a][t] + 1 < king_dist[a][sq]) {
                        king_dist[a][sq] = king_dist[a][t] + 1;
                        changed = true;
                    }
                }
            }
        }
    }
    for (int c = 0; c < 2; c++) {
        for (int sq = 0; sq < RB_NSQ; sq++) {
            promo_king_dist[c][sq] = RB_FAR;
            for (rb_bb b = rb_promotion_bb(c); b; b &= b - 1) {
                int d = king_dist[sq][rb_lsb(b)];
                promo_king_dist[c][sq] = d < promo_king_dist[c][sq] ? d : promo_king_dist[c][sq];
            }
        }
    }
}

/* Zones in the clockwise flow: South (forward west), West, North, East.
 * White starts in the South, Black in the North, so a zone seen by a
 * colour is its number counted from the colour's home zone; the two rings
 * of a zone are told apart. */
static void build_zone_table(void)
{
    static const int flow_index[4] = {[RB_DIR_WEST] = 0, [RB_DIR_NORTH] = 1, [RB_DIR_EAST] = 2, [RB_DIR_SOUTH] = 3};
    for (int c = 0; c < 2; c++) {
        int home = c == RB_WHITE ? 0 : 2;
        for (int sq = 0; sq < RB_NSQ; sq++) {
            int z = (flow_index[rb_sq_forward(sq)] - home + 4) & 3;
            zone_of[c][sq] = 2 * z + (rb_sq_is_outer(sq) ? 0 : 1);
        }
    }
}

/* The squares of a pawn's shortest routes on the empty board: step by
 * step, the forward squares one move nearer promotion. */
static void build_pawn_cones(void)
{
    for (int c = 0; c < 2; c++) {
        for (int sq = 0; sq < RB_NSQ; sq++) {
            rb_bb front = RB_BIT(sq), cone = 0;
            for (int d = pawn_dist[c][sq] - 1; d >= 0 && d < RB_FAR - 1; d--) {
                rb_bb next = 0;
                for (rb_bb b = front; b; b &= b - 1) {
                    next |= rb_pawn_targets(rb_lsb(b));
                }
                front = 0;
                for (rb_bb b = next; b; b &= b - 1) {
                    if (pawn_dist[c][rb_lsb(b)] == d) {
                        front |= RB_BIT(rb_lsb(b));
                    }
                }
                cone |= front;
            }
            pawn_cone[c][sq] = cone;
            if (pawn_dist[c][sq] < RB_FAR) {
                pawn_layer[c][pawn_dist[c][sq]] |= RB_BIT(sq);
            }
        }
    }
}

static rb_bb past_turn(const rb_ray *r)
{
    return r->rebound >= 0 ? r->mask & ~r->upto[r->rebound] : 0;
}

static void build_ray_tables(void)
{
    for (int sq = 0; sq < RB_NSQ; sq++) {
        for (int i = 0; i < rb_fast.rook_nrays[sq]; i++) {
            rook_after[sq][i] = past_turn(&rb_fast.rook_rays[sq][i]);
        }
        for (int i = 0; i < rb_fast.bishop_nrays[sq]; i++) {
            bishop_after[sq][i] = past_turn(&rb_fast.bishop_rays[sq][i]);
        }
    }
}

static void build_all_tables(void)
{
    build_ray_tables();
    build_tables();
    build_pawn_cones();
    build_king_tables();
    build_zone_table();
    default_params = default_weights;
    derive_sums_from_tables(&default_params);
}

/* The tables are built once; after that a flag read spares the search a
 * call into the threads library on every evaluation. */
static atomic_bool tables_ready;

static void build_and_publish(void)
{
    build_all_tables();
    atomic_store_explicit(&tables_ready, true, memory_order_release);
}

static inline void ensure_tables(void)
{
    if (!atomic_load_explicit(&tables_ready, memory_order_acquire)) {
        pthread_once(&tables_once, build_and_publish);
    }
}

/* Which weight counts a pawn route's or a king route's length, and how
 * many times: the evaluation and the sums below read the same tables. */
static const int8_t pawn_near_weight[4] = {RB_EP_PAWN_NEXT, RB_EP_PAWN_NEXT, RB_EP_PAWN_2, RB_EP_PAWN_3};

static int pawn_step_count(int d)
{
    return d < 10 ? 10 - d : 0;
}

/* One to four moves away each have a weight; longer routes below twelve
 * moves count per move saved. */
static const int8_t throne_weight[RB_FAR + 1] = {
    [1] = RB_EP_THRONE_1,   [2] = RB_EP_THRONE_2,    [3] = RB_EP_THRONE_3,   [4] = RB_EP_THRONE_4,
    [5] = RB_EP_THRONE_FAR, [6] = RB_EP_THRONE_FAR,  [7] = RB_EP_THRONE_FAR, [8] = RB_EP_THRONE_FAR,
    [9] = RB_EP_THRONE_FAR, [10] = RB_EP_THRONE_FAR, [11] = RB_EP_THRONE_FAR};

static int throne_count(int d)
{
    return d <= 4 ? 1 : d < 12 ? 12 - d : 0;
}

static void derive_sums_from_tables(rb_eval_params *p)
{
    static const int first_zone[RB_PAWN] = {[RB_KING] = RB_EP_ZONE_KING_HOME_OUT,
                                            [RB_ROOK] = RB_EP_ZONE_ROOK_HOME_OUT,
                                            [RB_BISHOP] = RB_EP_ZONE_BISHOP_HOME_OUT};
    static const int material[RB_PAWN] = {[RB_KING] = -1, [RB_ROOK] = RB_EP_ROOK, [RB_BISHOP] = RB_EP_BISHOP};
    memset(p->piece_sq, 0, sizeof p->piece_sq);
    for (int c = 0; c < 2; c++) {
        for (int t = RB_KING; t < RB_PAWN; t++) {
            for (int sq = 0; sq < RB_NSQ; sq++) {
                rb_eval_pair sum = p->w[first_zone[t] + zone_of[c][sq]];
                p->piece_sq[c][t][sq] = material[t] >= 0 ? sum + p->w[material[t]] : sum;
            }
        }
    }
    for (int d = 0; d <= RB_FAR; d++) {
        p->pawn_at[d] = p->w[RB_EP_PAWN] + p->w[RB_EP_PAWN_STEP] * (uint32_t)pawn_step_count(d) +
                        (d <= 3 ? p->w[pawn_near_weight[d & 3]] : 0);
        p->throne_at[d] = p->w[throne_weight[d]] * (uint32_t)throne_count(d);
    }
}

static void derive_sums(rb_eval_params *p)
{
    ensure_tables();
    derive_sums_from_tables(p);
}

int rb_eval_pawn_distance(int color, int sq)
{
    RB_ASSERT(color == RB_WHITE || color == RB_BLACK);
    RB_ASSERT(sq >= 0 && sq < RB_NSQ);
    ensure_tables();
    return pawn_dist[color & 1][sq];
}

int rb_eval_zone(int color, int sq)
{
    RB_ASSERT(color == RB_WHITE || color == RB_BLACK);
    RB_ASSERT(sq >= 0 && sq < RB_NSQ);
    ensure_tables();
    return zone_of[color & 1][sq];
}

/* ---- the evaluation ---------------------------------------------------- */

/*
 * Bit counting: the evaluation counts a dozen sets per position. Where the
 * compiler can build copies of the evaluation for processors with a
 * popcount instruction (chosen once at load time), the builtin counts with
 * it; without such a copy the builtin would be a library call on every
 * processor, so the sets are counted inline by halving instead. A third
 * copy is for the x86-64-v3 processors (most made since 2015): their bit
 * instructions find and clear a set's lowest square, and take one set
 * from another, in one instruction each, which the evaluation's loops over
 * pieces and squares do all the time (about 2% fewer instructions in all).
 * The copies compute the same values: only the instructions differ.
 */
/* GCC only: clang 14 does not emit the resolver for a function with
 * clones that another file calls. Not under ThreadSanitizer: the loader
 * runs the resolver before the sanitizer's runtime is ready, and its
 * instrumented code crashes there. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__has_attribute) &&                     \
    !defined(__SANITIZE_THREAD__)
#if __has_attribute(target_clones)
#define RB_EVAL_CLONES __attribute__((target_clones("arch=x86-64-v3", "popcnt", "default")))
#define RB_EVAL_POPCNT
#endif
#endif
#ifndef RB_EVAL_CLONES
#define RB_EVAL_CLONES
#endif
/* Everything below is inlined into its two callers, so that the search's
 * copy sees the trace pointer as a constant NULL. */
#if defined(__GNUC__)
#define RB_EVAL_INLINE static inline __attribute__((always_inline))
#else
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

/* What one colour's pieces do, gathered before anything is scored. */
typedef struct side_info {
    rb_bb all;           /* every square the side attacks */
    rb_bb by_pawn;       /* attacked by a pawn */
    rb_bb by_minor;      /* attacked by a pawn or bishop */
    int king_route;      /* king moves to the throne on the empty board */
    int pawn_route[2];   /* real routes of the (at most two counted) pawns */
    int best_pawn;       /* the shortest of them, RB_FAR without pawns */
    rb_bb pawn_blockers; /* own pieces and the enemy king: squares no pawn enters */
} side_info;

/* One colour's running score: the packed weight pairs, and the trace when
 * one is being taken (counts enter it with the colour's sign). */
typedef struct side_sum {
    rb_eval_pair sum;
    const rb_eval_params *p;
    rb_eval_trace *trace;
    int sign;
} side_sum;

RB_EVAL_INLINE void add(side_sum *s, int weight, int n)
{
    s->sum += s->p->w[weight] * (uint32_t)n;
    if (s->trace != NULL) {
        s->trace->coef[weight] += s->sign * n;
    }
}

/* A piece's material and the term of its zone. The search adds the pair
 * the parameters keep ready for the piece's square; the trace counts the
 * two weights apart. (Kings have no material: material is -1.) */
RB_EVAL_INLINE void add_piece(side_sum *s, int c, int type, int material, int first_zone, int sq)
{
    RB_ASSERT_MSG((c == RB_WHITE || c == RB_BLACK) && type >= RB_KING && type < RB_PAWN && sq >= 0 && sq < RB_NSQ,
                  "the indexes of the piece-square sums: a king, rook or bishop on a square");
    if (s->trace == NULL) {
        s->sum += s->p->piece_sq[c][type][sq];
        return;
    }
    if (material >= 0) {
        add(s, material, 1);
    }
    add(s, first_zone + zone_of[c][sq], 1);
}

/* A slider's reach: its steps, its first ray and, on the few squares
 * that have one, its second, as rb_rook_reach and rb_bishop_reach find
 * it; *past gets the squares it reaches after a rebound (after[i]: ray
 * i's squares beyond its turn). A square without a ray has an empty one,
 * which reaches nothing and has nothing past a turn. */
RB_EVAL_INLINE rb_bb slider_reach(const rb_ray *rays, const rb_bb *after, int nrays, rb_bb steps, rb_bb occ,
                                  rb_bb *past)
{
    rb_bb a = rb_ray_reach(&rays[0], occ), reach = steps | a, beyond = a & after[0];
    if (nrays > 1) {
        a = rb_ray_reach(&rays[1], occ);
        reach |= a;
        beyond |= a & after[1];
    }
    *past = beyond;
    return reach;
}

/* Piece by piece type, with the rules library's own rays (rb_fast.h) so
 * that each set is computed inline without a type dispatch; each piece's
 * material and zone are counted on the way, and the squares of a type's
 * mobility are added up and weighed once (a weight times a sum of counts
 * is the sum of the products, in the pairs' wrapping arithmetic too). */
RB_EVAL_INLINE void gather(const rb_pos *pos, int c, side_info *s, side_sum *sum)
{
    rb_bb own = pos->by_color[c], occ = own | pos->by_color[c ^ 1];
    rb_bb all = 0, by_pawn = 0, by_minor;
    for (rb_bb b = own & pos->by_type[RB_PAWN]; b; b &= b - 1) {
        by_pawn |= rb_pawn_targets(rb_lsb(b));
    }
    by_minor = by_pawn;
    int mob = 0, rebound = 0;
    for (rb_bb b = own & pos->by_type[RB_BISHOP]; b; b &= b - 1) {
        int sq = rb_lsb(b);
        rb_bb past, a = slider_reach(rb_fast.bishop_rays[sq], bishop_after[sq], rb_fast.bishop_nrays[sq],
                                     rb_fast.bishop_steps[sq], occ, &past);
        by_minor |= a;
        add_piece(sum, c, RB_BISHOP, RB_EP_BISHOP, RB_EP_ZONE_BISHOP_HOME_OUT, sq);
        mob += count(a & ~own);
        rebound += count(past & ~own);
    }
    add(sum, RB_EP_MOB_BISHOP, mob);
    add(sum, RB_EP_REBOUND_BISHOP, rebound);
    all = by_minor;
    mob = rebound = 0;
    for (rb_bb b = own & pos->by_type[RB_ROOK]; b; b &= b - 1) {
        int sq = rb_lsb(b);
        rb_bb past, a = slider_reach(rb_fast.rook_rays[sq], rook_after[sq], rb_fast.rook_nrays[sq],
                                     rb_fast.rook_steps[sq], occ, &past);
        all |= a;
        add_piece(sum, c, RB_ROOK, RB_EP_ROOK, RB_EP_ZONE_ROOK_HOME_OUT, sq);
        mob += count(a & ~own);
        rebound += count(past & ~own);
    }
    add(sum, RB_EP_MOB_ROOK, mob);
    add(sum, RB_EP_REBOUND_ROOK, rebound);
    add_piece(sum, c, RB_KING, -1, RB_EP_ZONE_KING_HOME_OUT, pos->king[c]);
    all |= rb_king_steps(pos->king[c]);
    s->all = all;
    s->by_pawn = by_pawn;
    s->by_minor = by_minor;
}

/* Pawn moves from sq to the promotion squares of color, through squares not
 * in blockers (a pawn may enter an enemy piece's square: it takes it).
 * When nothing stands on its shortest routes it is the empty board's
 * distance; otherwise a breadth-first walk over the few squares ahead: the
 * pawn's three forward squares from each square of the front, for at most
 * RB_ROUTE_DETOUR moves more than the empty board's distance (a longer
 * detour counts as a closed route). Pawns further than RB_ROUTE_NEAR moves
 * keep the empty board's distance: their way is long enough for the pieces
 * in it to move, and the search's every node counts them. */
#define RB_ROUTE_NEAR 4
#define RB_ROUTE_DETOUR 4

RB_EVAL_INLINE int pawn_route(int color, int sq, rb_bb blockers)
{
    int empty = pawn_dist[color][sq];
    if (empty > RB_ROUTE_NEAR || !(pawn_cone[color][sq] & blockers)) {
        return empty;
    }
    /* Most often a shortest route is still open: walk the cone's layers. */
    rb_bb front = RB_BIT(sq);
    for (int d = empty - 1; d >= 0 && front; d--) {
        rb_bb next = 0;
        for (rb_bb b = front; b; b &= b - 1) {
            next |= rb_pawn_targets(rb_lsb(b));
        }
        front = next & pawn_layer[color][d] & ~blockers;
    }
    if (front) {
        return empty;
    }
    rb_bb promo = rb_promotion_bb(color), seen = RB_BIT(sq);
    front = seen;
    for (int d = 1; front && d <= empty + RB_ROUTE_DETOUR; d++) {
        rb_bb next = 0;
        for (rb_bb b = front; b; b &= b - 1) {
            next |= rb_pawn_targets(rb_lsb(b));
        }
        next &= ~blockers & ~seen;
        if (next & promo) {
            return d;
        }
        seen |= next;
        front = next;
    }
    return RB_FAR;
}

/* Pawn routes depend only on where a colour's own pieces and pawns stand
 * and where the enemy king is, which most moves of a search leave as they
 * were for at least one colour. So, as chess engines keep a pawn table,
 * each thread remembers the last routes worked out for each such set in a
 * small direct-mapped table: a memo of a pure function, whose key is the
 * whole of its input, so it never changes a score. */
#define RB_ROUTE_MEMO_BITS 10

/* An entry is aligned to its 32 bytes, so that reading one never touches
 * two cache lines. */
typedef struct route_memo {
    _Alignas(32) rb_bb blockers;
    rb_bb pawns; /* pawns with the colour in bit 63 */
    int8_t route[2], best;
} route_memo;

static _Thread_local route_memo memo[1 << RB_ROUTE_MEMO_BITS];

/* The routes both kings and every pawn still have to go, which the race
 * terms compare across the colours. */
RB_EVAL_INLINE void routes(const rb_pos *pos, int c, const rb_eval_params *p, side_info *s)
{
    s->king_route = route_dist[c][(pos->out & rb_out_flag(c)) != 0][pos->king[c]];
    rb_bb blockers = p->empty_board_routes ? 0 : pos->by_color[c] | (pos->by_type[RB_KING] & pos->by_color[c ^ 1]);
    rb_bb pawns = pos->by_color[c] & pos->by_type[RB_PAWN];
    s->pawn_blockers = blockers;
    s->pawn_route[0] = s->pawn_route[1] = RB_FAR;

    /* Most positions need no walk at all: every pawn is far, or nothing
     * stands on its shortest routes. Then the memo is not consulted. */
    int n = 0, best = RB_FAR;
    bool walk = false;
    for (rb_bb b = pawns; b; b &= b - 1) {
        int sq = rb_lsb(b), d = pawn_dist[c][sq];
        walk |= d <= RB_ROUTE_NEAR && (pawn_cone[c][sq] & blockers);
        if (n < 2) {
            s->pawn_route[n++] = d;
        }
        best = d < best ? d : best;
    }
    s->best_pawn = best;
    if (!walk) {
        return;
    }

    rb_bb key = pawns | ((rb_bb)c << 63);
    route_memo *m =
        &memo[((blockers ^ (key * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull) >> (64 - RB_ROUTE_MEMO_BITS)];
    if (m->blockers == blockers && m->pawns == key) {
        s->pawn_route[0] = m->route[0];
        s->pawn_route[1] = m->route[1];
        s->best_pawn = m->best;
        return;
    }
    n = 0;
    best = RB_FAR;
    for (rb_bb b = pawns; b; b &= b - 1) {
        int d = pawn_route(c, rb_lsb(b), blockers);
        if (n < 2) {
            s->pawn_route[n++] = d;
        }
        best = d < best ? d : best;
    }
    s->best_pawn = best;
    *m = (route_memo){blockers, key, {(int8_t)s->pawn_route[0], (int8_t)s->pawn_route[1]}, (int8_t)best};
}

/* The pawns: material, the real route to promotion with a steeper bonus
 * for its last three moves, and whether it can still be stopped. The
 * search evaluates millions of positions a second and a pawn's facts are
 * hard to predict, so each term is added with its condition as the count
 * (0 or 1) instead of behind a branch. */
RB_EVAL_INLINE void pawn_terms(const rb_pos *pos, int c, const side_info *us, const side_info *them, side_sum *s)
{
    /* Without pawns every term below counts zero. */
    if (!(pos->by_color[c] & pos->by_type[RB_PAWN])) {
        return;
    }
    rb_bb promo = rb_promotion_bb(c);
    bool enemy_bare = !(pos->by_color[c ^ 1] & (pos->by_type[RB_ROOK] | pos->by_type[RB_BISHOP]));
    bool promo_guarded = (promo & them->all) == promo;
    /* The enemy king needs this many moves to stand next to a promotion
     * square; it moves first when it is the enemy's turn. */
    int catch_moves = promo_king_dist[c][pos->king[c ^ 1]] - 1 - (pos->side != c);
    int n = 0;
    for (rb_bb b = pos->by_color[c] & pos->by_type[RB_PAWN]; b; b &= b - 1, n++) {
        int sq = rb_lsb(b), empty = pawn_dist[c][sq];
        int d = n < 2 ? us->pawn_route[n] : pawn_route(c, sq, us->pawn_blockers);
        add(s, RB_EP_PAWN_BLOCKED, d > empty);
        d = d == RB_FAR ? empty : d;
        /* The pawn itself and its route's length: one ready pair. */
        if (s->trace == NULL) {
            s->sum += s->p->pawn_at[d];
        } else {
            add(s, RB_EP_PAWN, 1);
            add(s, RB_EP_PAWN_STEP, pawn_step_count(d));
            add(s, pawn_near_weight[d & 3], d <= 3);
        }
        bool attacked = d <= 4 && promo_guarded;
        add(s, RB_EP_PAWN_ATTACKED, attacked);
        add(s, RB_EP_PAWN_FREE, !attacked && enemy_bare && catch_moves > d - 1);
    }
    /* The pawns' race: moving first wins a tie. */
    int ours = us->best_pawn, theirs = them->best_pawn;
    add(s, RB_EP_PAWN_RACE, ours <= 6 && (pos->side == c ? ours <= theirs : ours < theirs));
}

/* The king's walk to the throne, and its race against the enemy king's. */
RB_EVAL_INLINE void throne_terms(const rb_pos *pos, int c, const side_info *us, const side_info *them, side_sum *s)
{
    int d = us->king_route, throne = rb_throne_sq(c);
    if (s->trace == NULL) {
        s->sum += s->p->throne_at[d];
    } else {
        add(s, throne_weight[d], throne_count(d));
    }
    /* Every term below needs the king ten moves or fewer from its throne. */
    if (d > 10) {
        return;
    }
    bool guarded = (them->all >> throne) & 1;
    add(s, RB_EP_THRONE_OPEN, d <= 2 && !guarded);
    /* Blocked: no step that shortens the route is free and unattacked. */
    bool blocked = false;
    if (d <= 4) {
        rb_bb shortcuts = king_shortcuts[c][(pos->out & rb_out_flag(c)) != 0][pos->king[c]];
        blocked = !(shortcuts & ~pos->by_color[c] & ~them->all);
        add(s, RB_EP_THRONE_BLOCKED, blocked);
    }
    /* The race: moving first wins a tie. It is decisive when the enemy has
     * no rook to stand in the way, no pawn that promotes sooner, and the
     * throne is not guarded. */
    int theirs = them->king_route, their_pawn = them->best_pawn - (pos->side != c);
    bool ahead = d <= 10 && !blocked && (pos->side == c ? d <= theirs : d < theirs);
    bool no_rooks = !(pos->by_color[c ^ 1] & pos->by_type[RB_ROOK]);
    add(s, RB_EP_RACE_AHEAD, ahead);
    add(s, RB_EP_RACE_WON, ahead && no_rooks && !guarded && d <= 6 && their_pawn >= d);
}

RB_EVAL_INLINE void side_score(const rb_pos *pos, int c, const side_info *us, const side_info *them, side_sum *s)
{
    rb_bb own = pos->by_color[c], enemy = pos->by_color[c ^ 1];

    pawn_terms(pos, c, us, them, s);
    throne_terms(pos, c, us, them, s);

    /* Threats we make: enemy pieces we attack that are loose or worth more
     * than a cheap attacker. */
    rb_bb targets = enemy & ~pos->by_type[RB_KING] & us->all;
    add(s, RB_EP_THREAT_HANGING, count(targets & ~them->all));
    add(s, RB_EP_THREAT_LESSER,
        count(targets & them->all &
              ((pos->by_type[RB_ROOK] & us->by_minor) | (pos->by_type[RB_BISHOP] & us->by_pawn))));

    /* King: room to move and pressure around it. */
    rb_bb zone = rb_king_steps(pos->king[c]);
    add(s, RB_EP_MOB_KING, count(zone & ~own & ~them->all));
    add(s, RB_EP_KING_ZONE, count(zone & them->all));
    if (pos->side == c) {
        add(s, RB_EP_TEMPO, 1);
    }
}

RB_EVAL_INLINE int evaluate(const rb_pos *pos, const rb_eval_params *p, rb_bb attacks[2], rb_eval_trace *trace)
{
    ensure_tables();
    side_info info[2];
    side_sum white = {0, p, trace, 1}, black = {0, p, trace, -1};
    gather(pos, RB_WHITE, &info[RB_WHITE], &white);
    gather(pos, RB_BLACK, &info[RB_BLACK], &black);
    routes(pos, RB_WHITE, p, &info[RB_WHITE]);
    routes(pos, RB_BLACK, p, &info[RB_BLACK]);
    side_score(pos, RB_WHITE, &info[RB_WHITE], &info[RB_BLACK], &white);
    side_score(pos, RB_BLACK, &info[RB_BLACK], &info[RB_WHITE], &black);

    int phase = 2 * count(pos->by_type[RB_ROOK]) + count(pos->by_type[RB_BISHOP]);
    phase = phase < RB_PHASE_MAX ? phase : RB_PHASE_MAX;
    if (trace != NULL) {
        trace->phase = phase;
    }
    rb_eval_pair total = white.sum - black.sum;
    int score = rb_eval_blend(rb_eval_pair_mg(total), rb_eval_pair_eg(total), phase);
    attacks[RB_WHITE] = info[RB_WHITE].all;
    attacks[RB_BLACK] = info[RB_BLACK].all;
    return pos->side == RB_WHITE ? score : -score;
}

RB_EVAL_CLONES int rb_eval_attacks(const rb_pos *pos, const rb_eval_params *p, rb_bb attacks[2])
{
    return evaluate(pos, p, attacks, NULL);
}

int rb_eval_trace_of(const rb_pos *pos, rb_eval_trace *t)
{
    rb_bb attacks[2];
    memset(t, 0, sizeof *t);
    return evaluate(pos, &default_params, attacks, t);
}

int rb_eval_pawn_route(const rb_pos *pos, int sq)
{
    RB_ASSERT(sq >= 0 && sq < RB_NSQ);
    RB_ASSERT_MSG(RB_TYPE(pos->board[sq]) == RB_PAWN, "the square of a pawn");
    int c = RB_COLOR(pos->board[sq]);
    return pawn_route(c, sq, pos->by_color[c] | (pos->by_type[RB_KING] & pos->by_color[c ^ 1]));
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
