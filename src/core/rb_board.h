/*
 * rb_board.h - squares, pieces, positions, moves and move generation.
 *
 * This is the heart of the rules library. Everything here is pure: no
 * globals except constant tables, no I/O, no allocation. A position is a
 * plain value (copy it freely); making a move writes a new position
 * (copy-make), so there is no unmake to get wrong.
 *
 * Squares are numbered 0..39, rank by rank from a1, skipping the hole:
 * rank 1 and 2 hold 7 squares each, ranks 3..5 hold 4 (files a b f g),
 * ranks 6 and 7 hold 7. Use rb_sq_at()/rb_sq_file()/rb_sq_rank() rather
 * than relying on the numbering.
 */
#ifndef RB_BOARD_H
#define RB_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "rb_message.h"

#define RB_NSQ 40 /* squares on the board */
#define RB_NFILES 7
#define RB_NRANKS 7
#define RB_MAX_MOVES 128   /* more than any position can have */
#define RB_POS_TEXT_MAX 96 /* enough for any formatted position string */
#define RB_PATH_MAX 16     /* squares in the longest move path, origin included */

typedef uint64_t rb_bb; /* a set of squares, bit n = square n */

enum { RB_WHITE = 0, RB_BLACK = 1 };
enum { RB_NO_TYPE = 0, RB_KING = 1, RB_ROOK = 2, RB_BISHOP = 3, RB_PAWN = 4 };
enum { RB_DIR_NORTH = 0, RB_DIR_EAST = 1, RB_DIR_SOUTH = 2, RB_DIR_WEST = 3 };

/* A piece is its type in the low three bits and its colour in bit 3;
 * 0 is an empty square. */
typedef uint8_t rb_piece;
#define RB_EMPTY 0
#define RB_PIECE(color, type) ((rb_piece)(((color) << 3) | (type)))
#define RB_TYPE(piece) ((piece)&7)
#define RB_COLOR(piece) ((piece) >> 3)

/* Out flags (the throne rule): set when a king has left its start line
 * clockwise. */
#define RB_OUT_WHITE 1
#define RB_OUT_BLACK 2
static inline int rb_out_flag(int color)
{
    return color == RB_WHITE ? RB_OUT_WHITE : RB_OUT_BLACK;
}

typedef struct rb_pos {
    rb_bb by_color[2];      /* squares holding each colour's pieces */
    rb_bb by_type[5];       /* squares holding each piece type (index RB_KING..RB_PAWN) */
    rb_piece board[RB_NSQ]; /* the same, square by square */
    uint8_t king[2];        /* each side's king square */
    uint8_t side;           /* colour to move */
    uint8_t out;            /* RB_OUT_WHITE | RB_OUT_BLACK */
    uint32_t quiet;         /* plies since the last capture or pawn move */
    uint32_t moveno;        /* full-move number, starts at 1 */
    uint64_t key;           /* Zobrist key of placement, side and out flags */
} rb_pos;

/*
 * A move is a 32-bit value produced by the generator. Besides origin,
 * destination and promotion it records which of the piece's routes it took,
 * so that rb_move_path() can give the exact squares crossed (a rebound is not
 * readable from two squares). 0 is never a move.
 */
typedef uint32_t rb_move;
#define RB_MOVE_NONE 0u
#define RB_MOVE_FROM(m) ((int)((m)&63u))
#define RB_MOVE_TO(m) ((int)(((m) >> 6) & 63u))
#define RB_MOVE_PROMO(m) ((int)(((m) >> 12) & 7u)) /* RB_ROOK, RB_BISHOP or 0 */
#define RB_MOVE_ROUTE(m) ((int)(((m) >> 15) & 3u)) /* 0 step, 1.. slide ray */
#define RB_MOVE_PIECE(m) ((int)(((m) >> 17) & 7u)) /* type of the moving piece */

_Static_assert(RB_NSQ <= 64, "a square fits a move's 6-bit from and to fields");
_Static_assert(RB_KING <= 7 && RB_ROOK <= 7 && RB_BISHOP <= 7 && RB_PAWN <= 7,
               "a piece type fits a move's 3-bit promotion and piece fields");
_Static_assert(sizeof(rb_move) * 8 >= 20, "a move's fields take 20 bits");

typedef struct rb_movelist {
    int count;
    rb_move moves[RB_MAX_MOVES];
} rb_movelist;

/* The squares a move crosses, origin first and destination last. rebound is
 * the index in sq[] of the square where the move turned, or -1. */
typedef struct rb_path {
    uint8_t sq[RB_PATH_MAX];
    int len;
    int rebound;
} rb_path;

typedef enum {
    RB_ONGOING = 0,
    RB_CHECKMATE, /* the side to move is mated */
    RB_STALEMATE, /* the side to move has no move and is not in check */
    RB_THRONE     /* the side not to move has won by throne */
} rb_status;

/* ---- squares --------------------------------------------------------- */
int rb_sq_at(int file, int rank);  /* file, rank 0..6; -1 off the board or in the hole */
int rb_sq_file(int sq);            /* 0..6 = a..g */
int rb_sq_rank(int sq);            /* 0..6 = 1..7 */
const char *rb_sq_name(int sq);    /* "a1" */
int rb_sq_parse(const char *text); /* two characters "a1".."g7"; -1 if not a square */
int rb_sq_forward(int sq);         /* RB_DIR_* of the square's zone */
bool rb_sq_is_outer(int sq);
bool rb_sq_is_turn(int sq);            /* the eight squares where the flow turns */
int rb_throne(int color);              /* the square color's king wins on (the enemy king's start) */
rb_bb rb_start_line_behind(int color); /* moving the king from here ... */
rb_bb rb_start_line_ahead(int color);  /* ... to here sets its out flag; back clears it */
rb_bb rb_promotion_squares(int color);
static inline int rb_popcount(rb_bb b)
{
    return __builtin_popcountll(b);
}
static inline int rb_lsb(rb_bb b)
{
    return __builtin_ctzll(b);
}

/* ---- positions ------------------------------------------------------- */
void rb_pos_start(rb_pos *pos);
void rb_pos_clear(rb_pos *pos); /* empty board, White to move, move 1 */
/* Put or remove a piece, keeping every field (and the key) consistent.
 * For building positions; does not check legality. */
void rb_pos_put(rb_pos *pos, int sq, rb_piece piece);
void rb_pos_remove(rb_pos *pos, int sq);
void rb_pos_set_side(rb_pos *pos, int color);
void rb_pos_set_out(rb_pos *pos, int out);
uint64_t rb_pos_compute_key(const rb_pos *pos);      /* from scratch, for checking */
bool rb_pos_equal(const rb_pos *a, const rb_pos *b); /* placement, side, flags, counters */

/* Position strings (the FEN-like one-line form). Parse returns 0, or -1 with
 * a message in err saying what is wrong and where; pos is untouched then. */
int rb_pos_parse(rb_pos *pos, const char *text, char *err, size_t errlen);
/* The same reading of the string's form (fields, placement, counters)
 * without the legality checks of rb_pos_validate: for a position editor,
 * which shows an illegal set-up with the reason rather than refuse it. */
int rb_pos_parse_form(rb_pos *pos, const char *text, char *err, size_t errlen);
/* The same two with the message as a template and its arguments
 * (rb_message.h), for a window that shows it in its player's language. */
int rb_pos_parse_why(rb_pos *pos, const char *text, rb_message *why);
int rb_pos_parse_form_why(rb_pos *pos, const char *text, rb_message *why);
/* Writes at most len bytes including the terminator; returns the length. */
size_t rb_pos_format(const rb_pos *pos, char *buf, size_t len);

/* ---- validating a set-up position ------------------------------------ */
/* What makes a placement no legal position, in the order rb_pos_validate
 * looks (each colour's counts first, White before Black). */
typedef enum {
    RB_POS_VALID = 0,
    RB_POS_KING_COUNT,        /* color has count kings, not exactly one */
    RB_POS_TOO_MANY_PIECES,   /* color has count pieces, king included; at most 6 */
    RB_POS_TOO_MANY_PAWNS,    /* color has count pawns; at most 2 */
    RB_POS_PAWN_ON_PROMOTION, /* a pawn of color stands on its own promotion square */
    RB_POS_KINGS_ADJACENT,    /* the two kings stand next to each other */
    RB_POS_WAITING_IN_CHECK,  /* color is in check while the other side is to move */
    RB_POS_THRONE_ENDED,      /* color, to move, already stands on the enemy throne
                                 with its out flag set: that game ended a move ago */
    RB_POS_PROBLEM_COUNT
} rb_pos_problem;

/* The verdict on a position: the first problem found, whose pieces it is
 * about, the count it is about (kings, pieces or pawns), and the squares at
 * fault (the extra kings, every piece or pawn of the colour, the pawns on
 * promotion squares, both kings, the king in check and its checkers, the
 * king on the throne). */
typedef struct rb_pos_verdict {
    rb_pos_problem problem;
    int color;
    int count;
    rb_bb squares;
} rb_pos_verdict;

/* Checks pos as built square by square (rb_pos_put), its king fields not
 * trusted: the rules' conditions for a legal position (RULES section 5).
 * The counters are not looked at. Returns the problem, also in *v. */
rb_pos_problem rb_pos_validate(const rb_pos *pos, rb_pos_verdict *v);
/* The verdict in an English sentence (the parser's message). */
size_t rb_pos_verdict_text(const rb_pos_verdict *v, char *buf, size_t len);
/* The same sentence as a message (rb_message.h). */
void rb_pos_verdict_message(const rb_pos_verdict *v, rb_message *why);

/* ---- attacks --------------------------------------------------------- */
bool rb_pos_attacked(const rb_pos *pos, int sq, int by_color);
rb_bb rb_pos_attacks(const rb_pos *pos, int by_color); /* every square attacked */
rb_bb rb_pos_attacks_from(const rb_pos *pos, int sq);  /* squares the piece on sq attacks */
rb_bb rb_pos_checkers(const rb_pos *pos);              /* pieces giving check to the side to move */
bool rb_pos_in_check(const rb_pos *pos);
bool rb_pos_throne_won(const rb_pos *pos); /* side not to move has its flagged king on the throne */

/* ---- moves ----------------------------------------------------------- */
int rb_gen_legal(const rb_pos *pos, rb_movelist *list);
int rb_gen_legal_from(const rb_pos *pos, int from, rb_movelist *list); /* one piece's moves */
/* For a search that already knows whether the side to move is in check
 * (in_check must be exact): the legal moves ending on one of targets, in
 * rb_gen_legal's order, so that a search after captures need not generate
 * the quiet moves. With targets ~0 it is rb_gen_legal. */
int rb_gen_legal_known(const rb_pos *pos, bool in_check, rb_bb targets, rb_movelist *list);
int rb_gen_count(const rb_pos *pos); /* legal moves, counted without a list */
/* Whether the side to move has any legal move (in_check exact, as for
 * rb_gen_legal_known): stops at the first it finds, for a search that must
 * know the game goes on before it may prune a node unseen. */
bool rb_gen_has_legal(const rb_pos *pos, bool in_check);
rb_status rb_pos_status(const rb_pos *pos);

/* Copy-make: out receives the position after the legal move m (out may
 * equal pos). */
void rb_pos_make(const rb_pos *pos, rb_move m, rb_pos *out);
bool rb_move_is_capture(const rb_pos *pos, rb_move m);
bool rb_move_wins_throne(const rb_pos *pos, rb_move m);
void rb_move_path(rb_move m, rb_path *path);
/* The legal move with these squares and promotion type, or RB_MOVE_NONE. */
rb_move rb_move_find(const rb_pos *pos, int from, int to, int promo);
/* True when m is one of rb_gen_legal's moves in pos (never RB_MOVE_NONE). */
bool rb_move_is_legal(const rb_pos *pos, rb_move m);

/* Leaf nodes at depth, counting the last ply in bulk. */
uint64_t rb_perft(const rb_pos *pos, int depth);

#endif
