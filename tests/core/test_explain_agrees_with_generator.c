/*
 * test_explain_agrees_with_generator.c - explanations against the rules as
 * the move generators read them.
 *
 * rb_explain_move() decides legality on its own, from the route tables and
 * the position after the move, so here it is held against the move
 * generator over every from/to pair and every promotion choice of many
 * positions from random games (from the start and from positions where
 * promotions, rebounds and the throne are near). Legal must be exactly what
 * the generator lists, and each refusal must be true of the position: the
 * square said to block is occupied and the first occupied one on the route,
 * the attackers really attack the king after the move, a promotion answer
 * is cured by the letter alone. Separately, every "unreachable" pair is
 * checked against the independent plain generator on nearly empty boards:
 * such a move is never legal, whatever stands where, and every other move
 * of the piece is.
 */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "plain_gen.h"
#include "rb_explain.h"

static uint64_t rng_state = 0x6578706c61696e31u;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static bool same_path(const rb_path *a, const rb_path *b)
{
    return a->len == b->len && a->rebound == b->rebound && memcmp(a->sq, b->sq, (size_t)a->len) == 0;
}

static rb_bb occupied(const rb_pos *pos)
{
    return pos->by_color[0] | pos->by_color[1];
}

typedef struct {
    long positions;
    long asked;
    long by_reason[RB_EXPLAIN_PROMOTION + 1];
    long blocked_at_turn;
    long attack_rebounds; /* attackers whose path to the king turns */
} tally;

/* The found legal move from-to with this promotion, or RB_MOVE_NONE. */
static rb_move listed(const rb_movelist *list, int from, int to, int promo)
{
    for (int i = 0; i < list->count; i++) {
        rb_move m = list->moves[i];
        if (RB_MOVE_FROM(m) == from && RB_MOVE_TO(m) == to && RB_MOVE_PROMO(m) == promo) {
            return m;
        }
    }
    return RB_MOVE_NONE;
}

static void check_refusal(const rb_pos *pos, const rb_movelist *list, const rb_explanation *e, const char *where,
                          tally *t)
{
    int us = pos->side, type = RB_TYPE(e->piece);
    rb_path empty_route;
    switch (e->reason) {
    case RB_EXPLAIN_NO_PIECE: assert_int_equal(pos->board[e->from], RB_EMPTY); break;
    case RB_EXPLAIN_NOT_YOUR_PIECE: assert_int_equal(RB_COLOR(pos->board[e->from]), !us); break;
    case RB_EXPLAIN_OWN_PIECE: assert_true(pos->board[e->to] != RB_EMPTY && RB_COLOR(pos->board[e->to]) == us); break;
    case RB_EXPLAIN_UNREACHABLE:
        if (e->rule == RB_RULE_STAY) {
            assert_int_equal(e->from, e->to);
        } else if (rb_explain_route(type, e->from, e->to, &empty_route)) {
            fail_msg("%s: %s-%s called unreachable, but it has a route", where, rb_sq_name(e->from), rb_sq_name(e->to));
        }
        break;
    case RB_EXPLAIN_BLOCKED: {
        /* The route is the piece's one route on an empty board; the blocker
         * is occupied and the first occupied square on it. */
        assert_true(rb_explain_route(type, e->from, e->to, &empty_route));
        assert_true(same_path(&empty_route, &e->route));
        assert_int_equal(e->squares, (rb_bb)1 << e->blocker);
        assert_true(occupied(pos) & ((rb_bb)1 << e->blocker));
        assert_int_equal(e->in_way, pos->board[e->blocker]);
        int i = 1;
        while (i < e->route.len - 1 && e->route.sq[i] != e->blocker) {
            assert_int_equal(pos->board[e->route.sq[i]], RB_EMPTY);
            i++;
        }
        if (i >= e->route.len - 1) {
            fail_msg("%s: the blocker is not on the route before the target", where);
        }
        if (e->rule == RB_RULE_BLOCKED_AT_TURN) {
            assert_int_equal(i, e->route.rebound);
            t->blocked_at_turn++;
        }
        break;
    }
    case RB_EXPLAIN_KING_ATTACKED: {
        /* Play the move on a copy: the named squares are exactly the enemy
         * pieces that attack the king there, each along its path. */
        rb_pos after = *pos;
        rb_pos_remove(&after, e->from);
        rb_pos_put(&after, e->to, e->piece);
        int king = after.king[us];
        assert_int_equal(e->king, king);
        rb_bb attackers = 0;
        for (rb_bb b = after.by_color[!us]; b; b &= b - 1) {
            int sq = rb_lsb(b);
            if (rb_pos_attacks_from(&after, sq) & ((rb_bb)1 << king)) {
                attackers |= (rb_bb)1 << sq;
            }
        }
        assert_true(attackers != 0);
        assert_int_equal(e->squares, attackers);
        assert_int_equal(e->nattackers, rb_popcount(attackers));
        for (int k = 0; k < e->nattackers; k++) {
            const rb_path *p = &e->attacks[k];
            assert_true(attackers & ((rb_bb)1 << p->sq[0]));
            assert_int_equal(p->sq[p->len - 1], king);
            for (int j = 1; j < p->len - 1; j++) {
                assert_int_equal(after.board[p->sq[j]], RB_EMPTY);
            }
            if (p->rebound >= 0) {
                t->attack_rebounds++;
            }
        }
        /* And the generator, which agreed it is illegal, has the move with
         * its king safe in no form. */
        break;
    }
    case RB_EXPLAIN_PROMOTION:
        /* Putting the letter right is all it takes. */
        if (e->rule == RB_RULE_PROMO_MISSING || e->rule == RB_RULE_PROMO_KIND) {
            assert_true(listed(list, e->from, e->to, RB_ROOK) != RB_MOVE_NONE);
            assert_true(listed(list, e->from, e->to, RB_BISHOP) != RB_MOVE_NONE);
        } else {
            assert_true(listed(list, e->from, e->to, 0) != RB_MOVE_NONE);
        }
        break;
    default: break;
    }
}

static void check_position(const rb_pos *pos, tally *t)
{
    char where[RB_POS_TEXT_MAX + 32];
    rb_pos_format(pos, where, sizeof where);
    rb_movelist list;
    rb_gen_legal(pos, &list);
    bool over = rb_pos_status(pos) != RB_ONGOING;
    t->positions++;

    /* Every move the generator makes has the route explain describes. */
    for (int i = 0; i < list.count; i++) {
        rb_move m = list.moves[i];
        rb_path from_gen, from_tables;
        rb_move_path(m, &from_gen);
        int type = RB_TYPE(pos->board[RB_MOVE_FROM(m)]);
        assert_true(rb_explain_route(type, RB_MOVE_FROM(m), RB_MOVE_TO(m), &from_tables));
        if (!same_path(&from_gen, &from_tables)) {
            fail_msg("%s: the route of a move differs", where);
        }
    }

    static const int promos[] = {0, RB_ROOK, RB_BISHOP, RB_KING, RB_PAWN};
    for (int from = 0; from < RB_NSQ; from++) {
        for (int to = 0; to < RB_NSQ; to++) {
            for (size_t k = 0; k < sizeof promos / sizeof promos[0]; k++) {
                rb_explanation e;
                assert_int_equal(rb_explain_move(pos, from, to, promos[k], &e), 0);
                t->asked++;
                t->by_reason[e.reason]++;
                rb_move m = listed(&list, from, to, promos[k]);
                if ((e.reason == RB_EXPLAIN_LEGAL) != (m != RB_MOVE_NONE)) {
                    fail_msg("%s: %s%s promotion %d: explain says %s, the generator %s", where, rb_sq_name(from),
                             rb_sq_name(to), promos[k], rb_explain_reason_name(e.reason),
                             m != RB_MOVE_NONE ? "lists it" : "does not");
                }
                assert_int_equal(e.reason == RB_EXPLAIN_GAME_OVER, over);
                char text[RB_EXPLAIN_TEXT_MAX];
                size_t n = rb_explain_text(&e, text, sizeof text);
                assert_true(n > 0 && n < sizeof text && text[n - 1] == '.');
                if (e.reason == RB_EXPLAIN_LEGAL) {
                    rb_path path;
                    rb_move_path(m, &path);
                    assert_true(same_path(&path, &e.route));
                } else {
                    check_refusal(pos, &list, &e, where, t);
                }
            }
        }
    }
}

/* Random games from a position, checking every position on the way. */
static void play_random_games(const char *fen, int games, int max_plies, tally *t)
{
    rb_pos start;
    rb_test_parse(&start, fen);
    for (int g = 0; g < games; g++) {
        rb_pos pos = start;
        for (int ply = 0; ply <= max_plies; ply++) {
            /* Check every few plies: neighbouring positions teach little. */
            rb_movelist list;
            int n = rb_gen_legal(&pos, &list);
            if (ply % 3 == 0 || n == 0) {
                check_position(&pos, t);
            }
            if (n == 0) {
                break;
            }
            rb_pos_make(&pos, list.moves[rng_next() % (uint64_t)n], &pos);
        }
    }
}

static void explain_agrees_with_the_generator_on_random_games(void **state)
{
    (void)state;
    static const char *const starts[] = {
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1",
        /* Pawns one step from promotion, both sides. */
        "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/3p3/3p3 w - 0 1",
        /* Rooks and a bishop around the corners and the hole. */
        "5R1/1k5/2xxx2/2xxx1K/2xxx2/1p2R2/1B5 w - 0 1",
        /* A king with its flag set next to the throne. */
        "7/2K4/2xxx2/2xxx2/2xxxk1/7/r5B w K 0 1",
    };
    bool small = rb_test_sanitized();
    tally t = {0};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        play_random_games(starts[i], small ? 3 : 16, 90, &t);
    }
    printf("positions %ld, moves explained %ld; legal %ld, game-over %ld, no-piece %ld, "
           "not-your-piece %ld, own-piece %ld, unreachable %ld, blocked %ld (at a turn %ld), "
           "king-attacked %ld (attack paths turning %ld), promotion %ld\n",
           t.positions, t.asked, t.by_reason[RB_EXPLAIN_LEGAL], t.by_reason[RB_EXPLAIN_GAME_OVER],
           t.by_reason[RB_EXPLAIN_NO_PIECE], t.by_reason[RB_EXPLAIN_NOT_YOUR_PIECE], t.by_reason[RB_EXPLAIN_OWN_PIECE],
           t.by_reason[RB_EXPLAIN_UNREACHABLE], t.by_reason[RB_EXPLAIN_BLOCKED], t.blocked_at_turn,
           t.by_reason[RB_EXPLAIN_KING_ATTACKED], t.attack_rebounds, t.by_reason[RB_EXPLAIN_PROMOTION]);
    /* The run must have met every reason, or it proved less than it says. */
    for (int r = RB_EXPLAIN_LEGAL; r <= RB_EXPLAIN_PROMOTION; r++) {
        if (t.by_reason[r] == 0) {
            fail_msg("no position gave the reason %s", rb_explain_reason_name(r));
        }
    }
    assert_true(t.blocked_at_turn > 0);
    assert_true(t.attack_rebounds > 0);
}

/* ---- unreachable, checked with the plain generator on empty boards ------ */

static void piece_alone(rb_pos *pos, int type, int from, int our_king, int their_king)
{
    /* Pieces of both colours move alike; a White pawn may not stand on
     * White's promotion squares, so such a pawn is Black's. */
    int color = type == RB_PAWN && (rb_promotion_squares(RB_WHITE) & ((rb_bb)1 << from)) ? RB_BLACK : RB_WHITE;
    rb_pos_clear(pos);
    rb_pos_put(pos, from, RB_PIECE(color, type));
    rb_pos_put(pos, our_king, RB_PIECE(color, RB_KING));
    rb_pos_put(pos, their_king, RB_PIECE(!color, RB_KING));
    rb_pos_set_side(pos, color);
}

static void unreachable_pairs_are_never_legal_and_the_rest_are(void **state)
{
    (void)state;
    /* Far-apart king pairs; each destination is free of our king and off
     * the kings' lines in at least one of them. */
    static const char *const kings[][2] = {{"a1", "g7"}, {"g1", "a7"}, {"d2", "d6"}, {"b6", "f2"}};
    static const int types[] = {RB_ROOK, RB_BISHOP, RB_PAWN};
    long unreachable = 0;
    size_t longest = 0;
    for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
        int type = types[ti];
        for (int from = 0; from < RB_NSQ; from++) {
            rb_bb seen = 0;
            for (size_t k = 0; k < sizeof kings / sizeof kings[0]; k++) {
                int ours = rb_sq_parse(kings[k][0]), theirs = rb_sq_parse(kings[k][1]);
                if (from == ours || from == theirs) {
                    continue;
                }
                rb_pos pos;
                piece_alone(&pos, type, from, ours, theirs);
                /* Every sentence about a lone piece fits the advertised
                 * size; the longest are the unreachable ones, which
                 * describe all of a piece's slides. */
                for (int to = 0; to < RB_NSQ; to++) {
                    rb_explanation e;
                    char sentence[RB_EXPLAIN_TEXT_MAX];
                    assert_int_equal(rb_explain_move(&pos, from, to, 0, &e), 0);
                    size_t need = rb_explain_text(&e, sentence, sizeof sentence);
                    assert_true(need < sizeof sentence);
                    if (need > longest) {
                        longest = need;
                    }
                }
                char text[RB_POS_TEXT_MAX];
                rb_pos_format(&pos, text, sizeof text);
                char moves[PLAIN_MAX_MOVES][PLAIN_MOVE_LEN];
                int n = plain_legal_moves(text, moves, PLAIN_MAX_MOVES);
                for (int i = 0; i < n; i++) {
                    if (rb_sq_parse(moves[i]) == from) {
                        seen |= (rb_bb)1 << rb_sq_parse(moves[i] + 2);
                    }
                }
            }
            for (int to = 0; to < RB_NSQ; to++) {
                rb_path route;
                bool reach = rb_explain_route(type, from, to, &route);
                bool legal_somewhere = seen & ((rb_bb)1 << to);
                unreachable += !reach;
                if (reach != legal_somewhere) {
                    fail_msg("piece type %d %s-%s: explain says %s, the plain generator %s", type, rb_sq_name(from),
                             rb_sq_name(to), reach ? "reachable" : "unreachable",
                             legal_somewhere ? "plays it" : "never plays it");
                }
            }
        }
    }
    /* Kings: a neighbouring square, and nothing else, on any board. */
    for (int from = 0; from < RB_NSQ; from++) {
        for (int to = 0; to < RB_NSQ; to++) {
            rb_path route;
            int df = rb_sq_file(to) - rb_sq_file(from), dr = rb_sq_rank(to) - rb_sq_rank(from);
            bool step = from != to && df * df <= 1 && dr * dr <= 1;
            assert_int_equal(rb_explain_route(RB_KING, from, to, &route), step);
        }
    }
    printf("unreachable pairs of rooks, bishops and pawns: %ld; longest sentence %zu characters\n", unreachable,
           longest);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(explain_agrees_with_the_generator_on_random_games),
        cmocka_unit_test(unreachable_pairs_are_never_legal_and_the_rest_are),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
