/*
 * plain_gen.c - the plain second move generator (see plain_gen.h).
 *
 * Shape: the board is a 7x7 array of characters indexed [rank][file]
 * (rank 0 is rank 1, file 0 is file a), '.' for an empty square and 'x' for
 * the hole. Each piece's moves are walked square by square, exactly as the
 * rules describe them, and legality is decided the slow honest way: play the
 * move on a copy and ask whether any enemy move could land on the king.
 * Nothing here is precomputed, so nothing can be precomputed wrongly.
 */
#include "plain_gen.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char sq[7][7]; /* [rank][file] */
    int side;      /* 0 White, 1 Black: to move */
    int out[2];    /* each king's out flag */
    long quiet;
    long moveno;
} plain_board;

typedef struct {
    int ff, fr, tf, tr;
    char promo; /* 0, 'r' or 'b' */
} plain_move;

/* The flow of play, copied from the rules' diagram (rank 7 first): the
 * forward direction of each square. '#' is the hole. */
static const char *const flow_rows[7] = {
    "eeeeees", /* rank 7 */
    "neeeess", /* rank 6 */
    "nn###ss", /* rank 5 */
    "nn###ss", /* rank 4 */
    "nn###ss", /* rank 3 */
    "nnwwwws", /* rank 2 */
    "nwwwwww", /* rank 1 */
};

static bool exists(int f, int r)
{
    if (f < 0 || f > 6 || r < 0 || r > 6) {
        return false;
    }
    return !(f >= 2 && f <= 4 && r >= 2 && r <= 4);
}

static char flow(int f, int r)
{
    return flow_rows[6 - r][f];
}

static void dir_of(char d, int *df, int *dr)
{
    *df = 0;
    *dr = 0;
    if (d == 'n') {
        *dr = 1;
    }
    if (d == 's') {
        *dr = -1;
    }
    if (d == 'e') {
        *df = 1;
    }
    if (d == 'w') {
        *df = -1;
    }
}

static int color_of(char piece)
{
    return isupper((unsigned char)piece) ? 0 : 1;
}

static bool is_piece(char c)
{
    return c != '.' && c != 'x';
}

/* ---- reading and writing position strings -------------------------- */

static void read_position(const char *text, plain_board *b)
{
    memset(b, 0, sizeof *b);
    const char *p = text;
    for (int r = 6; r >= 0; r--) {
        int f = 0;
        while (f < 7) {
            char c = *p++;
            if (c >= '1' && c <= '7') {
                for (int n = 0; n < c - '0'; n++) {
                    b->sq[r][f++] = '.';
                }
            } else {
                b->sq[r][f++] = c; /* a piece letter or the hole's 'x' */
            }
        }
        if (*p == '/') {
            p++;
        }
    }
    while (*p == ' ') {
        p++;
    }
    b->side = (*p == 'b') ? 1 : 0;
    p++;
    while (*p == ' ') {
        p++;
    }
    while (*p && *p != ' ') {
        if (*p == 'K') {
            b->out[0] = 1;
        }
        if (*p == 'k') {
            b->out[1] = 1;
        }
        p++;
    }
    b->quiet = 0;
    b->moveno = 1;
    if (*p == ' ') {
        char *end;
        b->quiet = strtol(p, &end, 10);
        b->moveno = strtol(end, NULL, 10);
    }
}

static void write_position(const plain_board *b, char *out, size_t outlen)
{
    char buf[PLAIN_TEXT_MAX];
    size_t n = 0;
    for (int r = 6; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 7; f++) {
            char c = b->sq[r][f];
            if (c == '.') {
                empty++;
                continue;
            }
            if (empty > 0) {
                buf[n++] = (char)('0' + empty);
            }
            empty = 0;
            buf[n++] = c;
        }
        if (empty > 0) {
            buf[n++] = (char)('0' + empty);
        }
        if (r > 0) {
            buf[n++] = '/';
        }
    }
    buf[n] = '\0';
    char flags[3] = "-";
    if (b->out[0] && b->out[1]) {
        strcpy(flags, "Kk");
    } else if (b->out[0]) {
        strcpy(flags, "K");
    } else if (b->out[1]) {
        strcpy(flags, "k");
    }
    snprintf(out, outlen, "%s %c %s %ld %ld", buf, b->side ? 'b' : 'w', flags, b->quiet, b->moveno);
}

/* ---- squares of note ------------------------------------------------ */

static bool find_king(const plain_board *b, int color, int *kf, int *kr)
{
    char k = color == 0 ? 'K' : 'k';
    *kf = -1;
    *kr = -1;
    for (int r = 0; r < 7; r++) {
        for (int f = 0; f < 7; f++) {
            if (b->sq[r][f] == k) {
                *kf = f;
                *kr = r;
                return true;
            }
        }
    }
    return false;
}

/* White's king wins on d6 (Black's start), Black's on d2. */
static void throne_of(int color, int *f, int *r)
{
    *f = 3;
    *r = color == 0 ? 5 : 1;
}

/* White promotes on e6 and e7, Black on c1 and c2. */
static bool promotes_on(int color, int f, int r)
{
    if (color == 0) {
        return f == 4 && (r == 5 || r == 6);
    }
    return f == 2 && (r == 0 || r == 1);
}

/* ---- pseudo-legal moves, piece by piece ------------------------------ */

typedef struct {
    plain_move m[PLAIN_MAX_MOVES];
    int n;
} plain_list;

static void add(plain_list *list, const plain_board *b, int ff, int fr, int tf, int tr)
{
    char piece = b->sq[fr][ff];
    int color = color_of(piece);
    bool pawn = piece == 'P' || piece == 'p';
    /* The same destination can be reached by two routes (a one-step move
     * and the first square of a slide); it is one move. */
    for (int i = 0; i < list->n; i++) {
        if (list->m[i].ff == ff && list->m[i].fr == fr && list->m[i].tf == tf && list->m[i].tr == tr) {
            return;
        }
    }
    if (pawn && promotes_on(color, tf, tr)) {
        list->m[list->n++] = (plain_move){ff, fr, tf, tr, 'r'};
        list->m[list->n++] = (plain_move){ff, fr, tf, tr, 'b'};
    } else {
        list->m[list->n++] = (plain_move){ff, fr, tf, tr, 0};
    }
}

/* May the piece of color move onto (f, r)? It must exist and not hold one of
 * its own pieces. */
static bool enterable(const plain_board *b, int color, int f, int r)
{
    if (!exists(f, r)) {
        return false;
    }
    char c = b->sq[r][f];
    return c == '.' || color_of(c) != color;
}

static void king_moves(const plain_board *b, int f, int r, int color, plain_list *list)
{
    for (int dr = -1; dr <= 1; dr++) {
        for (int df = -1; df <= 1; df++) {
            if ((df || dr) && enterable(b, color, f + df, r + dr)) {
                add(list, b, f, r, f + df, r + dr);
            }
        }
    }
}

static bool is_corner(int f, int r)
{
    return (f == 0 || f == 6) && (r == 0 || r == 6);
}

/* A rook slide from (f, r) along (df, dr); with may_rebound, an empty outer
 * corner met on the way turns it once into that corner's forward direction. */
static void rook_slide(const plain_board *b, int f, int r, int df, int dr, bool may_rebound, int color,
                       plain_list *list)
{
    int cf = f, cr = r;
    bool turned = false;
    for (;;) {
        cf += df;
        cr += dr;
        if (!exists(cf, cr)) {
            return;
        }
        char c = b->sq[cr][cf];
        if (c != '.') {
            if (color_of(c) != color) {
                add(list, b, f, r, cf, cr);
            }
            return;
        }
        add(list, b, f, r, cf, cr);
        if (may_rebound && !turned && is_corner(cf, cr)) {
            dir_of(flow(cf, cr), &df, &dr);
            turned = true;
        }
    }
}

static void rook_moves(const plain_board *b, int f, int r, int color, plain_list *list)
{
    /* one step in each orthogonal direction */
    static const int steps[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    for (int i = 0; i < 4; i++) {
        int tf = f + steps[i][0], tr = r + steps[i][1];
        if (enterable(b, color, tf, tr)) {
            add(list, b, f, r, tf, tr);
        }
    }
    /* the forward slide, straight on, with at most one corner rebound */
    int df, dr;
    dir_of(flow(f, r), &df, &dr);
    rook_slide(b, f, r, df, dr, true, color, list);
    /* the four long sideways slides */
    char name[3] = {(char)('a' + f), (char)('1' + r), 0};
    if (strcmp(name, "b1") == 0) {
        rook_slide(b, f, r, 0, 1, false, color, list);
    }
    if (strcmp(name, "a6") == 0) {
        rook_slide(b, f, r, 1, 0, false, color, list);
    }
    if (strcmp(name, "f7") == 0) {
        rook_slide(b, f, r, 0, -1, false, color, list);
    }
    if (strcmp(name, "g2") == 0) {
        rook_slide(b, f, r, -1, 0, false, color, list);
    }
}

/* The two diagonals with a component along the forward direction d. */
static void forward_diagonals(char d, int diag[2][2])
{
    int df, dr;
    dir_of(d, &df, &dr);
    if (df != 0) { /* moving east or west: keep df, both vertical signs */
        diag[0][0] = df;
        diag[0][1] = 1;
        diag[1][0] = df;
        diag[1][1] = -1;
    } else {
        diag[0][0] = 1;
        diag[0][1] = dr;
        diag[1][0] = -1;
        diag[1][1] = dr;
    }
}

static void bishop_moves(const plain_board *b, int f, int r, int color, plain_list *list)
{
    char d = flow(f, r);
    int fwd[2][2];
    forward_diagonals(d, fwd);

    /* one step back along each backward diagonal (the forward ones negated) */
    for (int i = 0; i < 2; i++) {
        int tf = f - fwd[i][0], tr = r - fwd[i][1];
        if (enterable(b, color, tf, tr)) {
            add(list, b, f, r, tf, tr);
        }
    }

    /* forward slides with one mirror rebound */
    for (int i = 0; i < 2; i++) {
        int dh = fwd[i][0], dv = fwd[i][1];
        int cf = f, cr = r;
        bool moved = false, rebounded = false;
        for (;;) {
            if (!exists(cf + dh, cr + dv)) {
                if (!moved || rebounded) {
                    break;
                }
                bool side_missing = !exists(cf + dh, cr);
                bool vert_missing = !exists(cf, cr + dv);
                if (side_missing) {
                    dh = -dh;
                }
                if (vert_missing) {
                    dv = -dv;
                }
                if (!side_missing && !vert_missing) {
                    /* a corner of the hole: reflect so as to keep moving
                     * forward, i.e. keep the component along this square's
                     * forward direction and reverse the other */
                    int ff, fr;
                    dir_of(flow(cf, cr), &ff, &fr);
                    if (ff == 0) {
                        dh = -dh;
                    } else {
                        dv = -dv;
                    }
                }
                rebounded = true;
                if (!exists(cf + dh, cr + dv)) {
                    break;
                }
            }
            cf += dh;
            cr += dv;
            moved = true;
            char c = b->sq[cr][cf];
            if (c != '.') {
                if (color_of(c) != color) {
                    add(list, b, f, r, cf, cr);
                }
                break;
            }
            add(list, b, f, r, cf, cr);
        }
    }
}

static void pawn_moves(const plain_board *b, int f, int r, int color, plain_list *list)
{
    int df, dr;
    dir_of(flow(f, r), &df, &dr);
    /* straight ahead, and the two diagonals ahead */
    int targets[3][2] = {
        {f + df, r + dr},
        {f + df + dr, r + dr + df},
        {f + df - dr, r + dr - df},
    };
    for (int i = 0; i < 3; i++) {
        if (enterable(b, color, targets[i][0], targets[i][1])) {
            add(list, b, f, r, targets[i][0], targets[i][1]);
        }
    }
}

static void pseudo_moves(const plain_board *b, int color, plain_list *list)
{
    list->n = 0;
    for (int r = 0; r < 7; r++) {
        for (int f = 0; f < 7; f++) {
            char c = b->sq[r][f];
            if (!is_piece(c) || color_of(c) != color) {
                continue;
            }
            switch (toupper((unsigned char)c)) {
            case 'K': king_moves(b, f, r, color, list); break;
            case 'R': rook_moves(b, f, r, color, list); break;
            case 'B': bishop_moves(b, f, r, color, list); break;
            case 'P': pawn_moves(b, f, r, color, list); break;
            default: break;
            }
        }
    }
}

/* ---- attacks, making moves, legality --------------------------------- */

static bool attacked(const plain_board *b, int f, int r, int by_color)
{
    /* Put a stand-in enemy piece on the square so that every capture onto
     * it is generated (a pawn attacks all three squares ahead). */
    plain_board tmp = *b;
    if (tmp.sq[r][f] == '.') {
        tmp.sq[r][f] = by_color == 0 ? 'p' : 'P';
    }
    plain_list list;
    pseudo_moves(&tmp, by_color, &list);
    for (int i = 0; i < list.n; i++) {
        if (list.m[i].tf == f && list.m[i].tr == r) {
            return true;
        }
    }
    return false;
}

static bool king_attacked(const plain_board *b, int color)
{
    int kf, kr;
    if (!find_king(b, color, &kf, &kr)) {
        return false;
    }
    return attacked(b, kf, kr, 1 - color);
}

static bool on_line(int f, int r, int file, int rank_a, int rank_b)
{
    return f == file && (r == rank_a || r == rank_b);
}

static void make(const plain_board *b, const plain_move *m, plain_board *out)
{
    *out = *b;
    char piece = b->sq[m->fr][m->ff];
    int color = color_of(piece);
    bool capture = b->sq[m->tr][m->tf] != '.';
    out->sq[m->fr][m->ff] = '.';
    char placed = piece;
    if (m->promo) {
        placed = color == 0 ? (char)toupper((unsigned char)m->promo) : m->promo;
    }
    out->sq[m->tr][m->tf] = placed;

    /* the out flags: d-file start line to c-file (White) or e-file (Black) */
    if (piece == 'K') {
        if (on_line(m->ff, m->fr, 3, 0, 1) && on_line(m->tf, m->tr, 2, 0, 1)) {
            out->out[0] = 1;
        }
        if (on_line(m->ff, m->fr, 2, 0, 1) && on_line(m->tf, m->tr, 3, 0, 1)) {
            out->out[0] = 0;
        }
    }
    if (piece == 'k') {
        if (on_line(m->ff, m->fr, 3, 5, 6) && on_line(m->tf, m->tr, 4, 5, 6)) {
            out->out[1] = 1;
        }
        if (on_line(m->ff, m->fr, 4, 5, 6) && on_line(m->tf, m->tr, 3, 5, 6)) {
            out->out[1] = 0;
        }
    }

    bool pawn = piece == 'P' || piece == 'p';
    out->quiet = (capture || pawn) ? 0 : b->quiet + 1;
    if (color == 1) {
        out->moveno = b->moveno + 1;
    }
    out->side = 1 - b->side;
}

/* The side not to move has its flagged king on the enemy throne. */
static bool throne_won(const plain_board *b)
{
    int winner = 1 - b->side;
    int kf, kr, tf, tr;
    if (!b->out[winner] || !find_king(b, winner, &kf, &kr)) {
        return false;
    }
    throne_of(winner, &tf, &tr);
    return kf == tf && kr == tr;
}

static int compare_moves(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static void move_text(const plain_move *m, char *out)
{
    out[0] = (char)('a' + m->ff);
    out[1] = (char)('1' + m->fr);
    out[2] = (char)('a' + m->tf);
    out[3] = (char)('1' + m->tr);
    out[4] = m->promo;
    out[5] = '\0';
}

static void legal_moves(const plain_board *b, plain_list *legal)
{
    legal->n = 0;
    if (throne_won(b)) {
        return;
    }
    plain_list pseudo;
    pseudo_moves(b, b->side, &pseudo);
    for (int i = 0; i < pseudo.n; i++) {
        plain_board after;
        make(b, &pseudo.m[i], &after);
        if (!king_attacked(&after, b->side)) {
            legal->m[legal->n++] = pseudo.m[i];
        }
    }
}

/* ---- the public functions -------------------------------------------- */

int plain_legal_moves(const char *position, char moves[][PLAIN_MOVE_LEN], int max)
{
    plain_board b;
    read_position(position, &b);
    plain_list legal;
    legal_moves(&b, &legal);
    char text[PLAIN_MAX_MOVES][PLAIN_MOVE_LEN];
    for (int i = 0; i < legal.n; i++) {
        move_text(&legal.m[i], text[i]);
    }
    qsort(text, (size_t)legal.n, sizeof text[0], compare_moves);
    int n = legal.n < max ? legal.n : max;
    for (int i = 0; i < n; i++) {
        memcpy(moves[i], text[i], PLAIN_MOVE_LEN);
    }
    return legal.n;
}

bool plain_in_check(const char *position)
{
    plain_board b;
    read_position(position, &b);
    return king_attacked(&b, b.side);
}

bool plain_attacked(const char *position, const char *square, int by_color)
{
    plain_board b;
    read_position(position, &b);
    return attacked(&b, square[0] - 'a', square[1] - '1', by_color);
}

plain_status_t plain_status(const char *position)
{
    plain_board b;
    read_position(position, &b);
    if (throne_won(&b)) {
        return PLAIN_THRONE;
    }
    plain_list legal;
    legal_moves(&b, &legal);
    if (legal.n > 0) {
        return PLAIN_ONGOING;
    }
    return king_attacked(&b, b.side) ? PLAIN_CHECKMATE : PLAIN_STALEMATE;
}

static uint64_t perft(const plain_board *b, int depth)
{
    if (depth == 0) {
        return 1;
    }
    plain_list legal;
    legal_moves(b, &legal);
    if (depth == 1) {
        return (uint64_t)legal.n;
    }
    uint64_t nodes = 0;
    for (int i = 0; i < legal.n; i++) {
        plain_board after;
        make(b, &legal.m[i], &after);
        nodes += perft(&after, depth - 1);
    }
    return nodes;
}

uint64_t plain_perft(const char *position, int depth)
{
    plain_board b;
    read_position(position, &b);
    return perft(&b, depth);
}

static bool find_legal(const plain_board *b, const char *move, plain_move *found)
{
    plain_list legal;
    legal_moves(b, &legal);
    for (int i = 0; i < legal.n; i++) {
        char text[PLAIN_MOVE_LEN];
        move_text(&legal.m[i], text);
        if (strcmp(text, move) == 0) {
            *found = legal.m[i];
            return true;
        }
    }
    return false;
}

bool plain_make(const char *position, const char *move, char *out, size_t outlen)
{
    plain_board b, after;
    plain_move m;
    read_position(position, &b);
    if (!find_legal(&b, move, &m)) {
        return false;
    }
    make(&b, &m, &after);
    write_position(&after, out, outlen);
    return true;
}

bool plain_wins_throne(const char *position, const char *move)
{
    plain_board b, after;
    plain_move m;
    read_position(position, &b);
    if (!find_legal(&b, move, &m)) {
        return false;
    }
    make(&b, &m, &after);
    return throne_won(&after);
}

bool plain_position_ok(const char *position)
{
    plain_board b;
    read_position(position, &b);
    int kings[2] = {0, 0}, pieces[2] = {0, 0}, pawns[2] = {0, 0};
    for (int r = 0; r < 7; r++) {
        for (int f = 0; f < 7; f++) {
            char c = b.sq[r][f];
            if (!is_piece(c)) {
                continue;
            }
            int color = color_of(c);
            pieces[color]++;
            if (c == 'K' || c == 'k') {
                kings[color]++;
            }
            if (c == 'P' || c == 'p') {
                pawns[color]++;
                if (promotes_on(color, f, r)) {
                    return false;
                }
            }
        }
    }
    for (int color = 0; color < 2; color++) {
        if (kings[color] != 1 || pieces[color] > 6 || pawns[color] > 2) {
            return false;
        }
    }
    int wf = -1, wr = -1, bf = -1, br = -1;
    find_king(&b, 0, &wf, &wr);
    find_king(&b, 1, &bf, &br);
    if (abs(wf - bf) <= 1 && abs(wr - br) <= 1) {
        return false;
    }
    if (king_attacked(&b, 1 - b.side)) {
        return false;
    }
    /* the side to move already stands on the enemy throne, flag set */
    int tf, tr, kf = -1, kr = -1;
    throne_of(b.side, &tf, &tr);
    find_king(&b, b.side, &kf, &kr);
    if (b.out[b.side] && kf == tf && kr == tr) {
        return false;
    }
    return true;
}
