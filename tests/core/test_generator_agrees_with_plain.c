/*
 * test_generator_agrees_with_plain.c - the library against a second reading
 * of the rules.
 *
 * tests/support/plain_gen.c is an independent, deliberately simple move
 * generator written from the rules text alone. Here both are run over many
 * thousands of positions - random games from the start, and random
 * placements biased toward the places where the rules are intricate (pawns
 * next to their promotion squares, kings next to the enemy throne with their
 * out flag set or clear, rooks and bishops at the corners and around the
 * hole, kings in check) - and every observable answer is compared: the set
 * of legal moves, check, attacked squares, game status, throne wins, the
 * position after each move, and whether a placement is accepted at all.
 * Each move made also checks the incremental Zobrist key against one
 * computed from scratch, and that formatting then parsing gives the same
 * position back.
 *
 * The random moves are drawn from the sorted coordinate-form move list, so
 * the games played depend on the rules only, not on the order in which the
 * library happens to generate moves. On a disagreement the test prints the
 * position string and the moves that differ.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plain_gen.h"
#include "rb_util_random.h"

/* ---- a small seeded generator (splitmix64) --------------------------- */

static uint64_t rng_state;

static uint64_t rng_next(void)
{
    return rb_util_splitmix64(&rng_state);
}

static int rng_below(int n)
{
    return (int)(rng_next() % (uint64_t)n);
}

/* ---- what the run covered -------------------------------------------- */

typedef struct {
    long compared; /* positions whose answers were compared */
    long moves_made;
    long in_check;
    long checkmates;
    long stalemates;
    long thrones;               /* positions already won by throne */
    long with_promotion;        /* positions where a promotion was legal */
    long with_throne_win;       /* positions where a throne-winning move was legal */
    long near_throne_unflagged; /* king next to the enemy throne, out flag clear */
    long with_rebound;          /* positions where a legal move rebounds */
    long flag_changes;          /* moves that set or cleared an out flag */
    long rejected;              /* random placements both sides refused */
} tally;

/* ---- moves as text ----------------------------------------------------- */

static void move_text(rb_move m, char out[PLAIN_MOVE_LEN])
{
    int promo = RB_MOVE_PROMO(m);
    snprintf(out, PLAIN_MOVE_LEN, "%s%s%s", rb_sq_name(RB_MOVE_FROM(m)), rb_sq_name(RB_MOVE_TO(m)),
             promo == RB_ROOK     ? "r"
             : promo == RB_BISHOP ? "b"
                                  : "");
}

static int compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Appends the moves of a that are not in b (both sorted) to buf, as many as
 * fit: the list only explains a failure, so a full buffer ends it. */
static void append_missing(char *buf, size_t len, char a[][PLAIN_MOVE_LEN], int na, char b[][PLAIN_MOVE_LEN], int nb)
{
    for (int i = 0; i < na; i++) {
        bool found = false;
        for (int j = 0; j < nb && !found; j++) {
            found = strcmp(a[i], b[j]) == 0;
        }
        if (!found) {
            size_t used = strlen(buf);
            int wrote = snprintf(buf + used, len - used, " %s", a[i]);
            if (wrote < 0 || (size_t)wrote >= len - used) {
                return;
            }
        }
    }
}

/* ---- checks on one position -------------------------------------------- */

static bool adjacent(int a, int b)
{
    int df = abs(rb_sq_file(a) - rb_sq_file(b)), dr = abs(rb_sq_rank(a) - rb_sq_rank(b));
    return df <= 1 && dr <= 1 && (df | dr);
}

/* The path of a move runs square by square from origin to destination over
 * empty squares, orthogonally for a rook and diagonally for a bishop,
 * turning at most once, where the path says it rebounds. */
static bool check_path(const rb_pos *pos, const char *text, rb_move m, const char *name)
{
    rb_path path;
    rb_move_path(m, &path);
    int type = RB_TYPE(pos->board[RB_MOVE_FROM(m)]);
    bool ok = path.len >= 2 && path.len <= RB_PATH_MAX && path.sq[0] == RB_MOVE_FROM(m) &&
              path.sq[path.len - 1] == RB_MOVE_TO(m);
    int turns = 0, turned_at = -1;
    for (int i = 1; ok && i < path.len; i++) {
        int a = path.sq[i - 1], b = path.sq[i];
        ok = adjacent(a, b);
        bool diagonal = rb_sq_file(a) != rb_sq_file(b) && rb_sq_rank(a) != rb_sq_rank(b);
        if (type == RB_ROOK && diagonal) {
            ok = false;
        }
        if (type == RB_BISHOP && !diagonal) {
            ok = false;
        }
        if (i < path.len - 1 && pos->board[b] != RB_EMPTY) {
            ok = false;
        }
        if (ok && i >= 2) {
            int a0 = path.sq[i - 2];
            bool same = rb_sq_file(b) - rb_sq_file(a) == rb_sq_file(a) - rb_sq_file(a0) &&
                        rb_sq_rank(b) - rb_sq_rank(a) == rb_sq_rank(a) - rb_sq_rank(a0);
            if (!same) {
                turns++;
                turned_at = i - 1;
            }
        }
    }
    if (ok && type != RB_ROOK && type != RB_BISHOP) {
        ok = path.len == 2;
    }
    if (ok && turns > 1) {
        ok = false;
    }
    /* a move that stops where it would rebound may or may not call that
     * square its rebound */
    if (ok && turns == 1) {
        ok = path.rebound == turned_at;
    }
    if (ok && turns == 0) {
        ok = path.rebound == -1 || path.rebound == path.len - 1;
    }
    if (!ok) {
        char squares[RB_PATH_MAX * 3 + 1] = "";
        for (int i = 0; i < path.len && i < RB_PATH_MAX; i++) {
            strcat(squares, " ");
            strcat(squares, rb_sq_name(path.sq[i]));
        }
        fail_msg("position %s: move %s has the path%s (rebound index %d)", text, name, squares, path.rebound);
    }
    return turns == 1;
}

static void compare_position(const rb_pos *pos, tally *t)
{
    char text[RB_POS_TEXT_MAX];
    rb_pos_format(pos, text, sizeof text);

    /* the legal moves */
    rb_movelist list;
    int n = rb_gen_legal(pos, &list);
    assert_int_equal(n, list.count);
    assert_in_range(n, 0, RB_MAX_MOVES);

    /* The search's variant, told whether the side is in check and which
     * squares it wants to reach (here a mask taken from the key, and all
     * squares), gives exactly the legal moves ending there, in order. */
    rb_bb masks[2] = {pos->key & ((((rb_bb)1) << RB_NSQ) - 1), ~(rb_bb)0};
    for (int k = 0; k < 2; k++) {
        rb_movelist some;
        int ns = rb_gen_legal_known(pos, rb_pos_in_check(pos), masks[k], &some);
        int j = 0;
        for (int i = 0; i < n; i++) {
            if ((masks[k] >> RB_MOVE_TO(list.moves[i])) & 1) {
                if (j >= ns || some.moves[j] != list.moves[i]) {
                    fail_msg("position %s: targeted generation differs at move %d", text, i);
                }
                j++;
            }
        }
        assert_int_equal(j, ns);
    }
    char real[RB_MAX_MOVES][PLAIN_MOVE_LEN];
    for (int i = 0; i < n; i++) {
        move_text(list.moves[i], real[i]);
    }
    qsort(real, (size_t)n, sizeof real[0], compare_text);
    for (int i = 1; i < n; i++) {
        if (strcmp(real[i - 1], real[i]) == 0) {
            fail_msg("position %s: the library lists %s twice", text, real[i]);
        }
    }

    char plain[PLAIN_MAX_MOVES][PLAIN_MOVE_LEN];
    int np = plain_legal_moves(text, plain, PLAIN_MAX_MOVES);
    bool same = n == np;
    for (int i = 0; same && i < n; i++) {
        same = strcmp(real[i], plain[i]) == 0;
    }
    if (!same) {
        char only_real[1024] = "", only_plain[1024] = "";
        append_missing(only_real, sizeof only_real, real, n, plain, np);
        append_missing(only_plain, sizeof only_plain, plain, np, real, n);
        fail_msg("position %s: legal moves differ\n  only the library:%s\n  only plain:%s", text, only_real,
                 only_plain);
    }
    assert_int_equal(rb_gen_count(pos), n);
    if (rb_gen_has_legal(pos, rb_pos_in_check(pos)) != (n > 0)) {
        fail_msg("position %s: has a legal move says %d, with %d legal moves", text, n == 0, n);
    }

    /* check, status */
    bool check = rb_pos_in_check(pos);
    if (check != plain_in_check(text)) {
        fail_msg("position %s: library says in check %d, plain says %d", text, check, !check);
    }
    assert_int_equal(rb_pos_checkers(pos) != 0, check);
    rb_status status = rb_pos_status(pos);
    static const rb_status from_plain[] = {
        [PLAIN_ONGOING] = RB_ONGOING,
        [PLAIN_CHECKMATE] = RB_CHECKMATE,
        [PLAIN_STALEMATE] = RB_STALEMATE,
        [PLAIN_THRONE] = RB_THRONE,
    };
    rb_status expected = from_plain[plain_status(text)];
    if (status != expected) {
        fail_msg("position %s: library status %d, plain status %d", text, (int)status, (int)expected);
    }
    assert_int_equal(rb_pos_throne_won(pos), status == RB_THRONE);

    /* attacked squares (squares holding the attacker's own pieces aside,
     * where "attacked" is a matter of definition) */
    for (int color = RB_WHITE; color <= RB_BLACK; color++) {
        rb_bb all = rb_pos_attacks(pos, color);
        for (int sq = 0; sq < RB_NSQ; sq++) {
            if (pos->board[sq] != RB_EMPTY && RB_COLOR(pos->board[sq]) == color) {
                continue;
            }
            bool lib = rb_pos_attacked(pos, sq, color);
            bool pl = plain_attacked(text, rb_sq_name(sq), color);
            if (lib != pl || lib != ((all >> sq) & 1)) {
                fail_msg("position %s: %s attacked by %s: library %d (attack set %d), plain %d", text, rb_sq_name(sq),
                         color == RB_WHITE ? "White" : "Black", lib, (int)((all >> sq) & 1), pl);
            }
        }
    }

    /* per-move answers */
    assert_false(rb_move_is_legal(pos, RB_MOVE_NONE));
    bool promotion = false, throne_win = false, rebound = false;
    for (int i = 0; i < n; i++) {
        rb_move m = list.moves[i];
        char name[PLAIN_MOVE_LEN];
        move_text(m, name);
        int from = RB_MOVE_FROM(m), to = RB_MOVE_TO(m);
        assert_int_equal(RB_MOVE_PIECE(m), RB_TYPE(pos->board[from]));
        assert_int_equal(rb_move_is_capture(pos, m), pos->board[to] != RB_EMPTY);
        assert_true(rb_move_find(pos, from, to, RB_MOVE_PROMO(m)) != RB_MOVE_NONE);
        assert_true(rb_move_is_legal(pos, m));
        promotion |= RB_MOVE_PROMO(m) != 0;
        bool wins = rb_move_wins_throne(pos, m);
        if (wins || (RB_MOVE_PIECE(m) == RB_KING && to == rb_throne(pos->side))) {
            if (wins != plain_wins_throne(text, name)) {
                fail_msg("position %s: move %s wins by throne: library %d, plain %d", text, name, wins, !wins);
            }
        }
        throne_win |= wins;
        rebound |= check_path(pos, text, m, name);
    }

    /* one piece's moves are the full list's moves from that square */
    for (int sq = 0; sq < RB_NSQ; sq++) {
        if (pos->board[sq] == RB_EMPTY || RB_COLOR(pos->board[sq]) != pos->side) {
            continue;
        }
        rb_movelist one;
        int count = rb_gen_legal_from(pos, sq, &one);
        int expect = 0;
        for (int i = 0; i < n; i++) {
            expect += RB_MOVE_FROM(list.moves[i]) == sq;
        }
        if (count != expect) {
            fail_msg("position %s: %d moves from %s, %d in the full list", text, count, rb_sq_name(sq), expect);
        }
        for (int i = 0; i < count; i++) {
            assert_int_equal(RB_MOVE_FROM(one.moves[i]), sq);
        }
    }

    t->compared++;
    t->in_check += check;
    t->checkmates += status == RB_CHECKMATE;
    t->stalemates += status == RB_STALEMATE;
    t->thrones += status == RB_THRONE;
    t->with_promotion += promotion;
    t->with_throne_win += throne_win;
    t->with_rebound += rebound;
    int king = pos->king[pos->side];
    int out_flag = pos->side == RB_WHITE ? RB_OUT_WHITE : RB_OUT_BLACK;
    t->near_throne_unflagged += status != RB_THRONE && adjacent(king, rb_throne(pos->side)) && !(pos->out & out_flag);
}

/* Every field of two positions, the derived ones included. */
static bool same_state(const rb_pos *a, const rb_pos *b)
{
    return rb_pos_equal(a, b) && a->key == b->key && memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 &&
           memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 && memcmp(a->king, b->king, sizeof a->king) == 0;
}

/* The bitboards and king squares say what the board says. */
static void check_consistent(const rb_pos *pos, const char *text, const char *name)
{
    rb_bb color[2] = {0, 0}, type[5] = {0, 0, 0, 0, 0};
    for (int sq = 0; sq < RB_NSQ; sq++) {
        rb_piece p = pos->board[sq];
        if (p == RB_EMPTY) {
            continue;
        }
        color[RB_COLOR(p)] |= (rb_bb)1 << sq;
        type[RB_TYPE(p)] |= (rb_bb)1 << sq;
        if (RB_TYPE(p) == RB_KING && pos->king[RB_COLOR(p)] != sq) {
            fail_msg("position %s: after %s the king square is stale", text, name);
        }
    }
    if (memcmp(color, pos->by_color, sizeof color) != 0 ||
        memcmp(type + 1, pos->by_type + 1, sizeof type - sizeof type[0]) != 0) {
        fail_msg("position %s: after %s the bitboards disagree with the board", text, name);
    }
}

/* Plays m on pos into after, checking the result against the plain
 * generator's and the key and string round trip. */
static void make_and_check(const rb_pos *pos, rb_move m, rb_pos *after, tally *t)
{
    char text[RB_POS_TEXT_MAX], name[PLAIN_MOVE_LEN];
    rb_pos_format(pos, text, sizeof text);
    move_text(m, name);

    rb_pos parent = *pos;
    rb_pos_make(pos, m, after);
    if (!same_state(pos, &parent)) {
        fail_msg("position %s: making %s changed the position it was made from", text, name);
    }
    check_consistent(after, text, name);
    if (after->key != rb_pos_compute_key(after)) {
        fail_msg("position %s: after %s the key is not the one computed from scratch", text, name);
    }
    rb_pos in_place = *pos;
    rb_pos_make(&in_place, m, &in_place);
    if (!rb_pos_equal(&in_place, after) || in_place.key != after->key) {
        fail_msg("position %s: making %s in place gives a different position", text, name);
    }

    char got[RB_POS_TEXT_MAX], want[PLAIN_TEXT_MAX];
    rb_pos_format(after, got, sizeof got);
    assert_true(plain_make(text, name, want, sizeof want));
    if (strcmp(got, want) != 0) {
        fail_msg("position %s: after %s\n  library: %s\n  plain:   %s", text, name, got, want);
    }

    rb_pos back;
    char err[256];
    if (rb_pos_parse(&back, got, err, sizeof err) != 0) {
        fail_msg("position %s: after %s the formatted position %s is rejected: %s", text, name, got, err);
    }
    if (!rb_pos_equal(&back, after) || back.key != after->key) {
        fail_msg("position %s parsed back is not the position it was formatted from", got);
    }

    t->moves_made++;
    t->flag_changes += after->out != pos->out;
}

/* The legal move written as coordinate text ("d6e6r"). */
static rb_move move_named(const rb_pos *pos, const char *name)
{
    char from[3] = {name[0], name[1], 0}, to[3] = {name[2], name[3], 0};
    int promo = name[4] == 'r' ? RB_ROOK : name[4] == 'b' ? RB_BISHOP : 0;
    return rb_move_find(pos, rb_sq_parse(from), rb_sq_parse(to), promo);
}

/* A move drawn from the sorted text list; a throne win or a promotion is
 * preferred half the time when there is one, so that those get played. */
static rb_move pick_move(const rb_pos *pos)
{
    rb_movelist list;
    int n = rb_gen_legal(pos, &list);
    char names[RB_MAX_MOVES][PLAIN_MOVE_LEN];
    for (int i = 0; i < n; i++) {
        move_text(list.moves[i], names[i]);
    }
    qsort(names, (size_t)n, sizeof names[0], compare_text);
    int chosen = rng_below(n);
    if (rng_below(2) == 0) {
        for (int i = 0; i < n; i++) {
            if (names[i][4] != 0 || rb_move_wins_throne(pos, move_named(pos, names[i]))) {
                chosen = i;
                break;
            }
        }
    }
    return move_named(pos, names[chosen]);
}

/* Compares pos and up to plies positions of a random game from it. */
static void random_walk(rb_pos pos, int plies, tally *t)
{
    for (int ply = 0;; ply++) {
        compare_position(&pos, t);
        if (ply == plies || rb_gen_count(&pos) == 0) {
            return;
        }
        rb_pos after;
        make_and_check(&pos, pick_move(&pos), &after, t);
        pos = after;
    }
}

/* ---- random placements ------------------------------------------------- */

/* Squares where the rules are intricate, by what stands on them. */
static const char *const hot_white_king = "d6 c6 c7 d7 e7 e6 b6 b7 f7 f6 d1 d2 c1 c2 e1 e2";
static const char *const hot_black_king = "d2 e2 e1 d1 c1 c2 f2 f1 b1 b2 d6 d7 e6 e7 c6 c7";
static const char *const hot_white_pawn = "d6 d7 c6 c7 b6 b7 a1 b1 b2 a6";
static const char *const hot_black_pawn = "d2 d1 e2 e1 f2 f1 g7 f7 f6 g2";
static const char *const hot_slider = "a1 a7 g7 g1 b2 b6 f6 f2 b1 a6 f7 g2 c2 d2 e2 b3 b4 b5 "
                                      "c6 d6 e6 f3 f4 f5 a2 b7 g6 f1";

static int hot_square(const char *list)
{
    int count = ((int)strlen(list) + 1) / 3;
    const char *name = list + 3 * rng_below(count);
    return rb_sq_parse((char[]){name[0], name[1], 0});
}

static int free_square(const int *board, const char *hot)
{
    for (int tries = 0; tries < 100; tries++) {
        int sq = (hot && rng_below(2) == 0) ? hot_square(hot) : rng_below(RB_NSQ);
        if (board[sq] == 0) {
            return sq;
        }
    }
    return -1;
}

/* Writes a random placement as a position string; it may break the rules
 * (pawns on their promotion squares, kings touching, the wrong side in
 * check), which the parser must then refuse. */
static void random_placement(char *text, size_t len)
{
    int board[RB_NSQ] = {0}; /* piece letters */
    for (int color = 0; color < 2; color++) {
        int king = free_square(board, color == 0 ? hot_white_king : hot_black_king);
        board[king] = color == 0 ? 'K' : 'k';
        int extra = rng_below(6);
        int pawns = 0;
        for (int i = 0; i < extra; i++) {
            int kind = rng_below(3);
            if (kind == 2 && pawns == 2) {
                kind = rng_below(2);
            }
            const char *hot = kind == 2 ? (color == 0 ? hot_white_pawn : hot_black_pawn) : hot_slider;
            int sq = free_square(board, hot);
            if (sq < 0) {
                continue;
            }
            pawns += kind == 2;
            board[sq] = "RBP"[kind] + (color == 0 ? 0 : 'a' - 'A');
        }
    }

    char placement[64];
    size_t used = 0;
    for (int rank = 6; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 7; file++) {
            int sq = rb_sq_at(file, rank);
            char c = sq < 0 ? 'x' : board[sq] ? (char)board[sq] : '.';
            if (c == '.') {
                empty++;
                continue;
            }
            if (empty) {
                placement[used++] = (char)('0' + empty);
            }
            empty = 0;
            placement[used++] = c;
        }
        if (empty) {
            placement[used++] = (char)('0' + empty);
        }
        if (rank > 0) {
            placement[used++] = '/';
        }
    }
    placement[used] = '\0';
    static const char *const flags[] = {"-", "K", "k", "Kk"};
    snprintf(text, len, "%s %c %s %d %d", placement, rng_below(2) ? 'b' : 'w', flags[rng_below(4)], rng_below(60),
             1 + rng_below(150));
}

/* ---- the tests ---------------------------------------------------------- */

static void report(const char *what, const tally *t)
{
    print_message("%s: %ld positions compared, %ld moves made, %ld in check, %ld mates, "
                  "%ld stalemates, %ld throne-won, %ld with a promotion, %ld with a throne win, "
                  "%ld next to the throne unflagged, %ld with a rebound, "
                  "%ld out-flag changes, %ld placements refused\n",
                  what, t->compared, t->moves_made, t->in_check, t->checkmates, t->stalemates, t->thrones,
                  t->with_promotion, t->with_throne_win, t->near_throne_unflagged, t->with_rebound, t->flag_changes,
                  t->rejected);
}

static void test_random_games_from_start(void **state)
{
    (void)state;
    tally t = {0};
    rng_state = 20240611;
    int games = rb_test_sanitized() ? 20 : 150;
    for (int g = 0; g < games; g++) {
        rb_pos pos;
        rb_pos_start(&pos);
        random_walk(pos, 150, &t);
    }
    report("games from the start", &t);
    assert_true(t.compared >= games * 20);
    assert_true(t.in_check > 0);
}

static void test_random_placements(void **state)
{
    (void)state;
    tally t = {0};
    rng_state = 7041998;
    bool small = rb_test_sanitized();
    int placements = small ? 1500 : 12000;
    for (int i = 0; i < placements; i++) {
        char text[PLAIN_TEXT_MAX];
        random_placement(text, sizeof text);
        rb_pos pos;
        char err[256] = "";
        bool accepted = rb_pos_parse(&pos, text, err, sizeof err) == 0;
        bool valid = plain_position_ok(text);
        if (accepted != valid) {
            fail_msg("position %s: the parser %s it, the rules %s it%s%s", text, accepted ? "accepts" : "refuses",
                     valid ? "allow" : "forbid", accepted ? "" : "; parser says: ", err);
        }
        if (!accepted) {
            if (err[0] == '\0') {
                fail_msg("position %s refused without a message", text);
            }
            t.rejected++;
            continue;
        }
        random_walk(pos, rng_below(12), &t);
    }
    report("random placements", &t);
    /* the run must really reach the intricate cases it is meant to cover */
    long need = small ? 1 : 10;
    assert_true(t.compared >= (small ? 1000 : 10000));
    assert_true(t.in_check >= 10 * need);
    assert_true(t.checkmates >= need);
    assert_true(t.thrones >= need);
    assert_true(t.with_promotion >= 10 * need);
    assert_true(t.with_throne_win >= 5 * need);
    assert_true(t.near_throne_unflagged >= 5 * need);
    assert_true(t.with_rebound >= 100 * need);
    assert_true(t.flag_changes >= 5 * need);
    assert_true(t.rejected >= 10 * need);
}

/* Every piece of either colour on every square of an otherwise empty
 * board, with the kings on several pairs of squares (on the outer ring,
 * beside the hole, in the corners) and either side to move: the one place
 * where every route of every piece is compared in full, walls and all. */
static void test_every_piece_on_every_square(void **state)
{
    (void)state;
    static const char *const kings[][2] = {
        {"g4", "a4"}, {"a4", "g4"}, {"d1", "d7"}, {"b4", "f4"}, {"g7", "a1"}, {"a7", "g1"},
    };
    static const char letters[] = "RBPrbp";
    tally t = {0};
    for (size_t k = 0; k < sizeof kings / sizeof kings[0]; k++) {
        for (int l = 0; letters[l] != '\0'; l++) {
            for (int sq = 0; sq < RB_NSQ; sq++) {
                for (int side = RB_WHITE; side <= RB_BLACK; side++) {
                    int wk = rb_sq_parse(kings[k][0]), bk = rb_sq_parse(kings[k][1]);
                    if (sq == wk || sq == bk) {
                        continue;
                    }
                    rb_pos pos;
                    rb_pos_clear(&pos);
                    rb_pos_put(&pos, wk, RB_PIECE(RB_WHITE, RB_KING));
                    rb_pos_put(&pos, bk, RB_PIECE(RB_BLACK, RB_KING));
                    int color = letters[l] >= 'a' ? RB_BLACK : RB_WHITE;
                    int type = letters[l] == 'R' || letters[l] == 'r'   ? RB_ROOK
                               : letters[l] == 'B' || letters[l] == 'b' ? RB_BISHOP
                                                                        : RB_PAWN;
                    rb_pos_put(&pos, sq, RB_PIECE(color, type));
                    rb_pos_set_side(&pos, side);
                    char text[RB_POS_TEXT_MAX], err[256] = "";
                    rb_pos_format(&pos, text, sizeof text);
                    rb_pos parsed;
                    bool accepted = rb_pos_parse(&parsed, text, err, sizeof err) == 0;
                    if (accepted != plain_position_ok(text)) {
                        fail_msg("position %s: the parser %s it (%s)", text, accepted ? "accepts" : "refuses", err);
                    }
                    if (!accepted) {
                        t.rejected++;
                        continue;
                    }
                    compare_position(&parsed, &t);
                }
            }
        }
    }
    report("single pieces", &t);
    assert_true(t.compared >= 2000);
    assert_true(t.with_rebound >= 100);
    assert_true(t.with_promotion >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_piece_on_every_square),
        cmocka_unit_test(test_random_games_from_start),
        cmocka_unit_test(test_random_placements),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
