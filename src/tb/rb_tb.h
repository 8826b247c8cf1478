/*
 * rb_tb.h - endgame tablebases: the exact value of every position of a
 * small material set, computed by retrograde analysis, stored in files and
 * probed by the engine, the analysis board and the review.
 *
 * A table holds one byte per index (see docs/tablebases.md): 0 for an index
 * that is no legal position, 1 for a draw, 2 + d for a game that ends d
 * plies from here with best play, won by the side to move when d is odd,
 * lost when d is even (a mated side, or one whose opponent stands on the
 * throne, has lost in 0). Positions are indexed kings first, as the list of
 * the legal king pairs, then each other piece over the squares it may stand
 * on; a set that is its own image under the board's 180-degree turn with the
 * colours swapped stores White to move only.
 *
 * No SDL, no globals: a store (rb_tb) is an object, loads its tables when
 * first asked and may be probed from several threads at once.
 */
#ifndef RB_TB_H
#define RB_TB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rb_board.h"

#define RB_TB_MAXMEN 6    /* kings included */
#define RB_TB_NAME_MAX 16 /* "KRRvKRR" and its terminator, with room */
#define RB_TB_VERSION 1
#define RB_TB_HEADER_SIZE 64
#define RB_TB_EXT ".rbt"

/* The kinds of non-king piece a set is made of, in the order names list
 * them: R rook, B light-squared bishop, D dark-squared bishop, P pawn. */
enum { RB_TB_ROOK = 0, RB_TB_LIGHT = 1, RB_TB_DARK = 2, RB_TB_PAWN = 3, RB_TB_KINDS = 4 };

/* A material set with its index layout. */
typedef struct rb_tb_set {
    char name[RB_TB_NAME_MAX]; /* "KRvKB" */
    uint8_t count[2][RB_TB_KINDS];
    int men;        /* pieces on the board, kings included */
    int npieces;    /* non-king pieces */
    bool symmetric; /* its own image under the turn with colours swapped */
    int nstm;       /* sides to move stored: 1 for a symmetric set, else 2 */
    /* The non-king pieces in index order: White's by kind, then Black's. */
    uint8_t piece_color[RB_TB_MAXMEN], piece_kind[RB_TB_MAXMEN];
    /* Groups of equal pieces (same colour and kind), indexed together as
     * a combination of their squares. */
    int ngroups;
    uint8_t group_first[RB_TB_MAXMEN], group_len[RB_TB_MAXMEN];
    uint64_t group_size[RB_TB_MAXMEN];
    uint64_t size; /* indexes in the table */
    /* Where each colour's piece of each kind may stand, as a list and as
     * each square's place in it (-1: not there). */
    uint8_t dom_n[2][RB_TB_KINDS];
    uint8_t dom_sq[2][RB_TB_KINDS][RB_NSQ];
    int8_t dom_ix[2][RB_TB_KINDS][RB_NSQ];
    /* The legal king pairs (White's square, Black's), and each pair's
     * place in the list (-1: adjacent or the same square). */
    int nkp;
    uint8_t kp_sq[RB_NSQ * RB_NSQ][2];
    int16_t kp_ix[RB_NSQ][RB_NSQ];
} rb_tb_set;

/* A position of a set: the kings, then the pieces in the set's order. */
typedef struct rb_tb_place {
    uint8_t sq[RB_TB_MAXMEN]; /* [0] White's king, [1] Black's, then the pieces */
    uint8_t side, out;
} rb_tb_place;

/* ---- values --------------------------------------------------------- */
#define RB_TB_NONE 0
#define RB_TB_DRAW 1
static inline bool rb_tb_is_win(int v)
{
    return v >= 2 && ((v - 2) & 1);
}
static inline bool rb_tb_is_loss(int v)
{
    return v >= 2 && !((v - 2) & 1);
}
static inline int rb_tb_distance(int v)
{
    return v - 2;
}
/* The value for the side that moved into a position of value child. */
static inline int rb_tb_parent_of(int child)
{
    return child >= 2 ? child + 1 : child;
}
/* "win 7", "loss 12", "draw" or "none" (the protocol's words). */
size_t rb_tb_value_text(int v, char *buf, size_t len);
/* Orders values for the side that can choose among them: a shorter win is
 * better than a longer one, a longer loss better than a shorter one.
 * Positive when a is better than b. */
int rb_tb_compare(int a, int b);

/* ---- sets ----------------------------------------------------------- */
/* Parses "KRRvKR" (kings first on both sides, pieces in any order).
 * Returns 0, or -1 with a message naming what is wrong. */
int rb_tb_set_parse(rb_tb_set *set, const char *name, char *err, size_t errlen);
/* Builds the set from piece counts (index order, canonical name). */
void rb_tb_set_make(rb_tb_set *set, const uint8_t *count); /* White's kinds, then Black's */
/* The set of a position's material; false when it has more than
 * RB_TB_MAXMEN men or a piece no set holds. *mirrored is true when the
 * stored table is the image (the set's colours swapped): such a
 * position is probed turned. */
bool rb_tb_set_of(const rb_pos *pos, rb_tb_set *set, bool *mirrored);
/* The form a table is stored in: the stronger side as White. */
bool rb_tb_set_is_canonical(const rb_tb_set *set);
/* Every canonical set of 2..men men (men <= 4 here: the sets the game
 * ships), in the order they must be generated (fewer men and fewer pawns
 * first, so each set's captures and promotions are known). Returns how
 * many were written (at most max). */
int rb_tb_all_sets(int men, rb_tb_set *sets, int max);
/* The sets that the captures and promotions of set lead into (not itself). */
int rb_tb_successor_sets(const rb_tb_set *set, rb_tb_set *out, int max);

/* ---- indexes -------------------------------------------------------- */
/* The index of a place of set, or -1 when it is none (two men on one
 * square, kings adjacent, a piece off its squares). A symmetric set's
 * Black-to-move place is turned first. */
int64_t rb_tb_encode(const rb_tb_set *set, const rb_tb_place *p);
/* The place at index; false when the index holds no placement. */
bool rb_tb_decode(const rb_tb_set *set, uint64_t index, rb_tb_place *p);
/* The rules library's position for a place, and back (false: the
 * position's material is not set's). */
void rb_tb_place_to_pos(const rb_tb_set *set, const rb_tb_place *p, rb_pos *pos);
bool rb_tb_place_from_pos(const rb_tb_set *set, const rb_pos *pos, rb_tb_place *p);
/* Whether a piece of this colour and kind may stand on sq in a table (a
 * pawn only where a game can bring it). */
bool rb_tb_square_ok(int color, int kind, int sq);
/* The board turned 180 degrees with the colours swapped: the same game. */
void rb_tb_turn_pos(const rb_pos *pos, rb_pos *out);
int rb_tb_turn_sq(int sq);
int rb_tb_king_pairs(void); /* how many legal king pairs there are */

/* ---- files ---------------------------------------------------------- */
/* A fingerprint of the rules the tables were computed with: the board
 * geometry's tables and the rules' ending conditions. */
uint64_t rb_tb_rules_fingerprint(void);
uint64_t rb_tb_checksum(const uint8_t *data, size_t len);
/* Writes a table; 0, or -1 with a message naming the file. */
int rb_tb_write(const char *path, const rb_tb_set *set, const uint8_t *values, char *err, size_t errlen);
/* Reads and checks a table (header, size and checksum). Returns the values
 * (free() them), or NULL with a message naming the file and what is wrong. */
uint8_t *rb_tb_read(const char *path, const rb_tb_set *set, char *err, size_t errlen);

/* ---- a store of tables ---------------------------------------------- */
typedef struct rb_tb rb_tb;

/* A store that reads its tables from dir when first needed. NULL only when
 * memory runs out. A directory without tables is no error: every probe
 * then says none. */
rb_tb *rb_tb_open(const char *dir);
void rb_tb_free(rb_tb *tb);
const char *rb_tb_dir(const rb_tb *tb);
/* The installed tables' folder, found relative to the running program
 * (<bin>/../share/rollerball/tables); returns its length, 0 when unknown. */
size_t rb_tb_default_dir(char *buf, size_t len);
/* Gives the store a table in memory (the generator's): the store owns it. */
void rb_tb_adopt(rb_tb *tb, const rb_tb_set *set, uint8_t *values);
/* The values of set in the store (loading them), or NULL. */
const uint8_t *rb_tb_values(rb_tb *tb, const rb_tb_set *set);
/* How many men the largest set present has (0 when none is). */
int rb_tb_max_men(rb_tb *tb);
/* The first problem met reading a table (a damaged file named), or "". */
const char *rb_tb_problem(rb_tb *tb);
/* The value of pos for its side to move, RB_TB_NONE when no table has it. */
int rb_tb_probe(rb_tb *tb, const rb_pos *pos);
/* How many probes found a value (tbhits). */
uint64_t rb_tb_hits(const rb_tb *tb);

/* The value after each legal move of pos, for the side to move in pos,
 * best first. Returns the number of moves, or -1 when pos is not in the
 * tables. */
typedef struct rb_tb_move_value {
    rb_move move;
    int value;
} rb_tb_move_value;
int rb_tb_probe_moves(rb_tb *tb, const rb_pos *pos, rb_tb_move_value *out, int max);

/* How a decided position ends with best play as the tables play it (the
 * winner's shortest way, the loser's longest): RB_CHECKMATE or RB_THRONE,
 * or RB_ONGOING when pos is a draw or not in the tables. */
rb_status rb_tb_line_end(rb_tb *tb, const rb_pos *pos);

/* ---- the generator -------------------------------------------------- */
typedef struct rb_tb_progress {
    int phase;            /* 0 reading the moves, 1 retrograde layers */
    uint64_t done, total; /* phase 0: indexes done; phase 1: layer reached */
    uint64_t resolved;    /* positions with a known value so far */
} rb_tb_progress;
typedef void (*rb_tb_progress_fn)(const rb_tb_progress *p, void *user);

typedef struct rb_tb_stats {
    uint64_t size, legal, wins, draws, losses;
    int longest; /* plies of the longest win */
    double seconds;
} rb_tb_stats;

/* Computes set with threads threads; the tables its moves lead into must
 * be in tb (computed or on disk). Returns the values (free() them) or NULL
 * with a message. progress (may be NULL) is called about five times a
 * second on the calling thread. */
uint8_t *rb_tb_generate(rb_tb *tb, const rb_tb_set *set, int threads, rb_tb_progress_fn progress, void *user,
                        rb_tb_stats *stats, char *err, size_t errlen);
void rb_tb_count(const rb_tb_set *set, const uint8_t *values, rb_tb_stats *stats);

#endif
