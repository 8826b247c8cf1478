/*
 * rb_explain.h - why a move is legal or not, for people.
 *
 * A front end that refuses a move should say why, and show it: the square
 * in the way, the pieces that would attack the king and the lines they
 * attack along. rb_explain_move() answers for any attempted move (a from
 * square, a to square and a promotion choice) with one reason and the
 * squares it concerns, as structured data, so that a translated front end
 * can build its own sentence from the reason, the rule broken, the piece
 * kinds and the squares. rb_explain_text() writes the English sentence.
 *
 * The checks run in a fixed order and the first that fails is the reason:
 *
 *   game-over       the game has ended (no move is legal)
 *   no-piece        nothing stands on the from square
 *   not-your-piece  the piece there belongs to the side not to move
 *   unreachable     from and to are the same square (rule STAY)
 *   own-piece       the to square holds another piece of the mover's
 *   unreachable     the piece never moves that way from there, even on an
 *                   empty board
 *   blocked         the way there is blocked: the first occupied square on
 *                   the piece's route
 *   king-attacked   the mover's king would be attacked after the move
 *   promotion       the promotion choice is missing, not a rook or a
 *                   bishop, or given on a move that does not promote
 *   legal
 *
 * Why in this order. The first three are about the game and the piece
 * picked up, not where it goes. Then what a glance at the board shows (the
 * target holds a piece of one's own), then the piece's own geometry,
 * whether it ever goes there whatever stands on the board, then what is in
 * the way. King safety comes before the promotion letter, so that a
 * promotion answer always means the move becomes legal once the letter
 * alone is put right.
 *
 * "Even on an empty board" means the piece's routes from its square as the
 * rules trace them with nothing else standing anywhere: the kings matter
 * only as pieces that block a route or that must not be left attacked,
 * which are the later reasons. Both colours' pieces move alike.
 *
 * Every destination of a piece is reached by exactly one route (the board's
 * tables are checked for that when they are built), so "the route" and "the
 * first square in the way" are never ambiguous: for a rook behind an
 * occupied corner it is the corner, for a bishop it may be the square it
 * would rebound on.
 *
 * Everything here is pure: no allocation, no globals, no I/O.
 */
#ifndef RB_EXPLAIN_H
#define RB_EXPLAIN_H

#include "rb_board.h"
#include "rb_game.h"

typedef enum rb_explain_reason {
    RB_EXPLAIN_LEGAL = 0,
    RB_EXPLAIN_GAME_OVER,
    RB_EXPLAIN_NO_PIECE,
    RB_EXPLAIN_NOT_YOUR_PIECE,
    RB_EXPLAIN_OWN_PIECE,
    RB_EXPLAIN_UNREACHABLE,
    RB_EXPLAIN_BLOCKED,
    RB_EXPLAIN_KING_ATTACKED,
    RB_EXPLAIN_PROMOTION
} rb_explain_reason;

/* Which rule a refusal rests on, where a reason covers several. */
typedef enum rb_explain_rule {
    RB_RULE_NONE = 0,
    /* unreachable */
    RB_RULE_STAY,            /* from and to are the same square */
    RB_RULE_KING_STEP,       /* a king moves one step */
    RB_RULE_PAWN_FORWARD,    /* a pawn moves to one of its three forward squares */
    RB_RULE_ROOK_BACKWARD,   /* straight back more than one step: a rook never slides backward */
    RB_RULE_ROOK_SIDEWAYS,   /* straight sideways more than one step: long only from b1 a6 f7 g2 */
    RB_RULE_ROOK_LINE,       /* off its lines: straight, turning only once at an empty outer corner */
    RB_RULE_BISHOP_BACKWARD, /* diagonally back more than one step: only one backward step */
    RB_RULE_BISHOP_LINE,     /* off its forward diagonals and their one rebound */
    /* blocked */
    RB_RULE_BLOCKED_AT_TURN, /* the square in the way is where the route would turn */
    /* promotion */
    RB_RULE_PROMO_MISSING,  /* a pawn reaching its promotion squares must choose */
    RB_RULE_PROMO_KIND,     /* the choice was neither a rook nor a bishop */
    RB_RULE_PROMO_NOT_PAWN, /* only pawns promote */
    RB_RULE_PROMO_NOT_HERE  /* a pawn promotes only on its promotion squares */
} rb_explain_rule;

/* The eight compass directions, as White sees the board. */
enum {
    RB_COMPASS_N = 0,
    RB_COMPASS_NE,
    RB_COMPASS_E,
    RB_COMPASS_SE,
    RB_COMPASS_S,
    RB_COMPASS_SW,
    RB_COMPASS_W,
    RB_COMPASS_NW
};

/* One slide of a rook or bishop from a square on an empty board: how a
 * front end says "it slides west, turning north at a1". */
typedef struct rb_explain_slide {
    int8_t dir;      /* RB_COMPASS_* of its first leg */
    int8_t turn_at;  /* square where it turns (rook) or rebounds (bishop), or -1 */
    int8_t turn_dir; /* RB_COMPASS_* after turning, or -1 */
    int8_t last;     /* the last square of the slide */
} rb_explain_slide;

/* A side has at most six pieces, its king included (the enemy king attacks
 * a king that steps next to it). In a hand-built position with more, the
 * paths of the first six are kept; the squares are all in the set. */
#define RB_EXPLAIN_ATTACKERS_MAX 6

typedef struct rb_explanation {
    rb_explain_reason reason;
    rb_explain_rule rule;
    /* The move asked about, and the position's facts about it. */
    int from, to, promo;
    int side;        /* the colour to move */
    rb_piece piece;  /* what stands on from (RB_EMPTY for no-piece) */
    rb_piece target; /* what stands on to before the move */
    /* The squares the reason concerns, for marking on a board:
     *   game-over none; no-piece and not-your-piece from; unreachable from
     *   and to; own-piece to; blocked the square in the way; king-attacked
     *   every square from which the king would be attacked; promotion to. */
    rb_bb squares;
    /* game-over: how it ended, and the winner (RB_WHITE, RB_BLACK or -1). */
    rb_ending ending;
    int winner;
    /* From blocked on (blocked, king-attacked, promotion, legal): the
     * piece's one route to the target, origin first (see rb_path). */
    rb_path route;
    int blocker;     /* blocked: the square in the way, else -1 ... */
    rb_piece in_way; /* ... and the piece standing there */
    /* king-attacked: where the king would stand, and each attacker's path
     * to it after the move (attacker first, king last); in_check when the
     * king is in check already, so that the move leaves it in check rather
     * than puts it there. */
    int king;
    bool in_check;
    int nattackers;
    rb_path attacks[RB_EXPLAIN_ATTACKERS_MAX];
    /* unreachable: how the piece does move from its square. */
    int forward; /* RB_DIR_* of the from square's zone */
    int nslides;
    rb_explain_slide slides[2];
} rb_explanation;

/* Explains the move from-to with promotion promo (0, or a piece type
 * RB_KING..RB_PAWN, so that a wrong choice can be explained too) in pos.
 * Returns 0, or -1 when from or to is not a square (0..39) or promo is not
 * 0..4; out is untouched then. */
int rb_explain_move(const rb_pos *pos, int from, int to, int promo, rb_explanation *out);

/* The same at the cursor of a game record, whose ending also knows
 * repetition, resignation and agreement. */
int rb_explain_game_move(const rb_game *g, int from, int to, int promo, rb_explanation *out);

/* The route a piece of this type takes from one square to another on an
 * empty board, origin first, with its turn (see rb_path); false when it
 * never goes there. Pieces of both colours move alike. For drawing an
 * attacker's line to the king, or any piece's way to a square. */
bool rb_explain_route(int type, int from, int to, rb_path *path);

/* The check on the side to move, shown: each piece giving check, with its
 * path to the king (checker first, king last, the turn or rebound marked
 * as in rb_path), into paths (room for RB_EXPLAIN_ATTACKERS_MAX). Returns
 * how many, 0 when the side to move is not in check. Checkmate is a check
 * too: this is how a front end shows why a king is mated, a rook's line
 * round a corner included. */
int rb_explain_checks(const rb_pos *pos, rb_path *paths);
/* The slides of a rook or bishop from sq on an empty board, into slides
 * (room for two); returns how many (0 for other pieces). */
int rb_explain_slides(int type, int sq, rb_explain_slide *slides);

/* "legal", "game-over", "no-piece", "not-your-piece", "own-piece",
 * "unreachable", "blocked", "king-attacked", "promotion". */
const char *rb_explain_reason_name(rb_explain_reason reason);
/* "north", "north-east", ...; "?" for anything else. */
const char *rb_explain_compass_name(int dir);

/* The squares of a set as names sorted a1, a2, ..., g7 and separated by
 * commas, or "-" for none. Writes at most len bytes including the
 * terminator and returns the length it needed (as snprintf). */
size_t rb_explain_squares_text(rb_bb squares, char *buf, size_t len);

/* One English sentence for a person, ending with a full stop. Returns the
 * length it needed (as snprintf); RB_EXPLAIN_TEXT_MAX is always enough. */
#define RB_EXPLAIN_TEXT_MAX 256
size_t rb_explain_text(const rb_explanation *e, char *buf, size_t len);

#endif
