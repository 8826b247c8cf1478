/*
 * pgn_read.c - game records from PGN text, as people really write it.
 *
 * One pass over the text, one character at a time, with the line and column
 * kept as it goes so every error can say where it is. The reader is a flat
 * loop with a small state (between games, reading tags, reading moves), not
 * a recursive descent: a move's first variation is read one level deep and
 * anything nested in it is skipped by counting parentheses, so nesting
 * depth costs nothing, and no step looks at a character twice, so time is
 * linear in the text. Memory is bounded by the limits in rb_pgn.h.
 *
 * Annotations go to the move before them: comments with their "[%eval]" and
 * "[%clk]" commands taken out, NAGs and glyphs, the first variation. Comment
 * text is kept through rb_note_text_clean, the same function the record's
 * setters use, so a record read is a record that writes back the same.
 *
 * Moves go through rb_move_parse, so coordinate and display forms both work,
 * and each is played into an rb_game, which checks legality and notices the
 * end of the game. Tags the record derives from the game (Result, Variant,
 * SetUp, FEN, Termination) are consumed here rather than stored.
 */
#include "rb_pgn.h"
#include "rb_notation.h"
#include "rb_util_text.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOKEN_MAX 32 /* longer than any move, move number or result */
#define NAME_MAX_LEN 64

enum phase { BETWEEN_GAMES, IN_TAGS, IN_MOVES };

typedef struct reader {
    const unsigned char *text;
    size_t len;
    size_t at;
    int line, col; /* of text[at] */
    rb_pgn_error *err;
    bool failed;

    rb_game *games;
    size_t ngames, cap;
    size_t plies; /* moves read, all games together */

    /* The game being read. */
    enum phase phase;
    rb_game cur;
    bool cur_live; /* cur holds allocated memory */
    char fen[RB_PGN_MAX_TAG_TEXT + 1];
    int fen_line, fen_col;
    bool have_fen, setup_one;
    int setup_line, setup_col;
    char result_tag[16];
    bool time_forfeit; /* Termination "time forfeit": a decisive result was lost on time */

    char value[RB_PGN_MAX_TAG_TEXT + 1]; /* scratch for a tag's value */
    /* Scratch for a comment as read (white space runs already one space)
     * and what is left of it once its commands are taken out; a comment
     * longer than this is an error whatever its commands. */
    char note[RB_PGN_MAX_COMMENT_TEXT + 256];
    char note_text[2 * RB_PGN_MAX_COMMENT_TEXT + 2];
    size_t note_bytes; /* comment bytes kept, all games together */
} reader;

/* Records the first error: where, and its message's template (rb_message.h),
 * whose arguments the caller adds to what this returns (NULL after an
 * earlier error, which the message builders ignore). Quoted text may be any
 * bytes (or half a UTF-8 character, cut short): the arguments, and so the
 * message, stay printable ASCII. The English sentence is written into
 * err->message once reading ends. */
static rb_message *fail_at(reader *r, int line, int col, const char *tmpl)
{
    if (r->failed) {
        return NULL;
    }
    r->failed = true;
    r->err->line = line;
    r->err->column = col;
    rb_message_set(&r->err->why, tmpl);
    return &r->err->why;
}

static void fail_num(reader *r, int line, int col, const char *tmpl, long n)
{
    rb_message_add(fail_at(r, line, col, tmpl), "%ld", n);
}

static void fail_text(reader *r, int line, int col, const char *tmpl, const char *text)
{
    rb_message_add(fail_at(r, line, col, tmpl), "%s", text);
}

/* An error whose message holds another's: a move's, a position string's. */
static rb_message *fail_around(reader *r, int line, int col, const rb_message *inner, const char *tmpl)
{
    rb_message *m = fail_at(r, line, col, "");
    if (m != NULL) {
        *m = *inner;
        rb_message_wrap(m, tmpl);
    }
    return m;
}

static bool at_end(const reader *r)
{
    return r->at >= r->len;
}

static int peek(const reader *r)
{
    return r->at < r->len ? r->text[r->at] : -1;
}

static void step(reader *r)
{
    if (r->text[r->at] == '\n') {
        if (r->line < INT_MAX) {
            r->line++;
        }
        r->col = 1;
    } else if (r->col < INT_MAX) {
        r->col++;
    }
    r->at++;
}

static bool is_space(int c)
{
    /* 0x1a: some old DOS files end with it. */
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0x1a;
}

/* Control characters other than white space mean this is not text. */
static bool is_binary(int c)
{
    return (c >= 0 && c < 0x20 && !is_space(c)) || c == 0x7f;
}

static void fail_binary(reader *r)
{
    rb_message_add(fail_at(r, r->line, r->col, RB_MSG_("binary data (byte %1$s): this is not PGN text")), "0x%02x",
                   peek(r));
}

static bool is_delimiter(int c)
{
    return c < 0 || is_space(c) || is_binary(c) || strchr("{}()[];\"$", c) != NULL;
}

/* ---- games -------------------------------------------------------------- */

static void begin_game(reader *r)
{
    rb_pos start;
    rb_pos_start(&start);
    if (r->ngames >= RB_PGN_MAX_GAMES) {
        fail_num(r, r->line, r->col, RB_MSG_("more than %1$s games in one text"), RB_PGN_MAX_GAMES);
        return;
    }
    if (rb_game_init(&r->cur, &start) != 0) {
        fail_at(r, r->line, r->col, RB_MSG_("out of memory"));
        return;
    }
    r->cur_live = true;
    r->phase = IN_TAGS;
    r->have_fen = false;
    r->setup_one = false;
    r->result_tag[0] = '\0';
    r->time_forfeit = false;
}

/* Moves the finished (or partial) game into the array. */
static void keep_game(reader *r)
{
    rb_game *g = &r->cur;
    /* Give back the growth slack: a text may hold many games. */
    if (g->capacity > g->length) {
        rb_pos *p = realloc(g->positions, (g->length + 1) * sizeof *p);
        if (p != NULL) {
            g->positions = p;
        }
        if (g->length > 0) {
            rb_move *m = realloc(g->moves, g->length * sizeof *m);
            if (m != NULL) {
                g->moves = m;
            }
        }
        if (p != NULL) {
            g->capacity = g->length;
        }
    }
    if (r->ngames == r->cap) {
        size_t cap = r->cap < 4 ? 4 : r->cap * 2;
        rb_game *a = realloc(r->games, cap * sizeof *a);
        if (a == NULL) {
            rb_game_free(g);
            r->cur_live = false;
            fail_at(r, r->line, r->col, RB_MSG_("out of memory"));
            return;
        }
        r->games = a;
        r->cap = cap;
    }
    r->games[r->ngames++] = *g;
    r->cur_live = false;
    r->phase = BETWEEN_GAMES;
}

static void drop_game(reader *r)
{
    if (r->cur_live) {
        rb_game_free(&r->cur);
        r->cur_live = false;
    }
    r->phase = BETWEEN_GAMES;
}

/* The tags are read: fix the start position before the first move. */
static void start_moves(reader *r)
{
    if (r->have_fen) {
        rb_message why;
        rb_pos start;
        if (rb_pos_parse_why(&start, r->fen, &why) != 0) {
            fail_around(r, r->fen_line, r->fen_col, &why, RB_MSG_("bad FEN tag: %1$s"));
            return;
        }
        r->cur.positions[0] = start;
        rb_game_goto(&r->cur, 0);
    } else if (r->setup_one) {
        fail_at(r, r->setup_line, r->setup_col, RB_MSG_("SetUp \"1\" but no FEN tag gives the position"));
        return;
    }
    r->phase = IN_MOVES;
}

static rb_result result_of(const char *text)
{
    if (strcmp(text, "1-0") == 0) {
        return RB_RESULT_WHITE;
    }
    if (strcmp(text, "0-1") == 0) {
        return RB_RESULT_BLACK;
    }
    if (strcmp(text, "1/2-1/2") == 0) {
        return RB_RESULT_DRAW;
    }
    return RB_RESULT_NONE;
}

/* The game's text is over; token is its result token, or NULL if it had
 * none. An ending the moves reach stands; otherwise the stated result is
 * recorded as a resignation, an agreement or, with Termination "time
 * forfeit", a loss on time: the endings a record knows besides the rules'. */
static void finish_game(reader *r, const char *token)
{
    if (r->phase == IN_TAGS) {
        start_moves(r);
        if (r->failed) {
            return;
        }
    }
    rb_game *g = &r->cur;
    if (rb_game_ending_at(g, g->length) == RB_END_NONE) {
        rb_result res = token != NULL ? result_of(token) : result_of(r->result_tag);
        if (res == RB_RESULT_WHITE || res == RB_RESULT_BLACK) {
            int loser = res == RB_RESULT_WHITE ? RB_BLACK : RB_WHITE;
            if (r->time_forfeit) {
                rb_game_lose_on_time(g, loser);
            } else {
                rb_game_resign(g, loser);
            }
        } else if (res == RB_RESULT_DRAW) {
            rb_game_agree_draw(g);
        }
    }
    keep_game(r);
}

/* How a game ended, as a word of the message about a move after it. */
static rb_msg_word ending_word(rb_ending e)
{
    static const rb_msg_word words[] = {
        [RB_END_NONE] = RB_MSGW_("how a game ended", "none"),
        [RB_END_CHECKMATE] = RB_MSGW_("how a game ended", "checkmate"),
        [RB_END_THRONE] = RB_MSGW_("how a game ended", "throne"),
        [RB_END_STALEMATE] = RB_MSGW_("how a game ended", "stalemate"),
        [RB_END_REPETITION] = RB_MSGW_("how a game ended", "repetition"),
        [RB_END_RESIGNATION] = RB_MSGW_("how a game ended", "resignation"),
        [RB_END_AGREEMENT] = RB_MSGW_("how a game ended", "agreement"),
        [RB_END_TIME_FORFEIT] = RB_MSGW_("how a game ended", "time forfeit"),
    };
    /* The same words as rb_ending_name's, which the English must keep. */
    return (unsigned)e < sizeof words / sizeof words[0] ? words[e] : words[RB_END_NONE];
}

static void play_token(reader *r, const char *tok, int line, int col)
{
    rb_game *g = &r->cur;
    const rb_pos *pos = rb_game_pos(g);
    rb_ending end = rb_game_ending_at(g, g->ply);
    if (end != RB_END_NONE) {
        /* TRANSLATORS: %1$s is a move as written, %2$s how the game
           ended ("checkmate"), translated on its own. */
        rb_message *why = fail_at(r, line, col, RB_MSG_("'%1$s' comes after the end of the game (%2$s)"));
        rb_message_add(why, "%s", tok);
        rb_message_add_word(why, ending_word(end));
        return;
    }
    if (r->plies >= RB_PGN_MAX_PLIES) {
        fail_num(r, line, col, RB_MSG_("more than %1$s moves in one text"), RB_PGN_MAX_PLIES);
        return;
    }
    rb_move m;
    rb_message why;
    if (rb_move_parse_why(pos, tok, &m, &why) != 0) {
        rb_message *m_why = fail_around(r, line, col, &why,
                                        /* TRANSLATORS: %1$s is the move's number,
                                           %2$s what is wrong with it. */
                                        pos->side == RB_WHITE ? RB_MSG_("move %1$s (White): %2$s")
                                                              : RB_MSG_("move %1$s (Black): %2$s"));
        rb_message_add(m_why, "%lu", (unsigned long)pos->moveno);
        return;
    }
    if (rb_game_play(g, m) != 0) {
        fail_at(r, line, col, RB_MSG_("out of memory"));
        return;
    }
    r->plies++;
}

/* The NAG a move-suffix glyph stands for, or -1 for none. */
static int glyph_nag(const char *glyph)
{
    static const char *const glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
    for (int i = 0; i < 6; i++) {
        if (strcmp(glyph, glyphs[i]) == 0) {
            return i + 1;
        }
    }
    return -1;
}

/* True when the game being read has a move for annotations to go to: its
 * last one (in a reader's game the cursor is always at the end). */
static bool have_last_move(const reader *r)
{
    return r->phase == IN_MOVES && r->cur.length > 0;
}

static void add_nag(reader *r, int nag, int line, int col)
{
    if (!have_last_move(r)) {
        return; /* a NAG before any move annotates nothing */
    }
    if (rb_game_add_nag(&r->cur, r->cur.length - 1, nag) != 0) {
        fail_num(r, line, col, RB_MSG_("more than %1$s NAGs on one move"), RB_NOTE_NAGS_MAX);
    }
}

/*
 * Splits a word of movetext: a result (returns 1), or a move number, a
 * move and glyphs, glued together or not, like "12.c2-b3!" (returns 0, with
 * *move the move's part, "" when there is none, and *nag the glyph's NAG
 * or -1). Returns -1 after reporting a word that is none of these.
 */
static int split_word(reader *r, char *tok, size_t n, int line, int col, char **move, int *nag, bool report)
{
    *nag = -1;
    if (result_of(tok) != RB_RESULT_NONE || strcmp(tok, "*") == 0) {
        return 1;
    }
    char *s = tok;
    if (*s >= '0' && *s <= '9') {
        while (*s >= '0' && *s <= '9') {
            s++;
        }
        if (*s != '.' && *s != '\0') {
            if (report) {
                fail_text(r, line, col, RB_MSG_("'%1$s' is neither a move number nor a move"), tok);
            }
            return -1;
        }
    }
    while (*s == '.') {
        s++;
    }
    /* Annotation glyphs, alone or stuck to the move: "c2-b3!?". */
    char *e = tok + n;
    while (e > s && (e[-1] == '!' || e[-1] == '?')) {
        e--;
    }
    *nag = glyph_nag(e);
    *e = '\0';
    *move = s;
    return 0;
}

/* A word of movetext in the main line. */
static void handle_token(reader *r, char *tok, size_t n, int line, int col)
{
    char *move = NULL;
    int nag;
    int kind = split_word(r, tok, n, line, col, &move, &nag, true);
    if (kind < 0) {
        return;
    }
    if (kind == 0 && *move == '\0') {
        if (nag >= 0) {
            add_nag(r, nag, line, col);
        }
        return;
    }
    if (r->phase == BETWEEN_GAMES) {
        begin_game(r);
    }
    if (!r->failed && r->phase == IN_TAGS) {
        start_moves(r);
    }
    if (r->failed) {
        return;
    }
    if (kind == 1) {
        finish_game(r, tok);
        return;
    }
    play_token(r, move, line, col + (int)(move - tok));
    if (!r->failed && nag >= 0) {
        add_nag(r, nag, line, col);
    }
}

/* ---- lexing ------------------------------------------------------------- */

static void skip_line(reader *r)
{
    while (!at_end(r) && peek(r) != '\n') {
        step(r);
    }
}

/* From '{' to the matching '}' (braces do not nest in PGN). */
static void skip_comment(reader *r)
{
    int line = r->line, col = r->col;
    step(r);
    while (!at_end(r) && peek(r) != '}') {
        if (is_binary(peek(r))) {
            fail_binary(r);
            return;
        }
        step(r);
    }
    if (at_end(r)) {
        fail_at(r, line, col, RB_MSG_("the comment opened here with '{' is never closed"));
        return;
    }
    step(r);
}

/* To the ')' that closes the variation, counting depth instead of
 * recursing: depth is 0 at its '(', 1 inside it. Returns false at the end
 * of the text (saying nothing: the caller knows which parenthesis was left
 * open) or after another error. */
static bool skip_to_close(reader *r, size_t depth)
{
    while (!at_end(r)) {
        int c = peek(r);
        if (c == '(') {
            depth++;
        } else if (c == ')') {
            if (--depth == 0) {
                step(r);
                return true;
            }
        } else if (c == '{') {
            skip_comment(r);
            if (r->failed) {
                return false;
            }
            continue;
        } else if (c == ';') {
            skip_line(r);
            continue;
        } else if (is_binary(c)) {
            fail_binary(r);
            return false;
        }
        step(r);
    }
    return false;
}

static void skip_variation(reader *r)
{
    int line = r->line, col = r->col;
    if (!skip_to_close(r, 0)) {
        fail_at(r, line, col, RB_MSG_("the variation opened here with '(' is never closed"));
    }
}

static void skip_spaces(reader *r)
{
    while (!at_end(r) && peek(r) != '\n' && is_space(peek(r))) {
        step(r);
    }
}

static bool is_name_char(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

static bool same_text_nocase(const char *a, const char *b)
{
    for (; *a != '\0' && *b != '\0'; a++, b++) {
        int x = (*a >= 'A' && *a <= 'Z') ? *a + 32 : *a;
        int y = (*b >= 'A' && *b <= 'Z') ? *b + 32 : *b;
        if (x != y) {
            return false;
        }
    }
    return *a == *b;
}

static bool unknown_roster_value(const char *name, const char *value)
{
    static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black"};
    bool is_roster = false;
    for (size_t i = 0; i < sizeof roster / sizeof roster[0]; i++) {
        is_roster = is_roster || strcmp(name, roster[i]) == 0;
    }
    return is_roster && value[0] != '\0' && strspn(value, "?.") == strlen(value);
}

/* Takes in a tag the reader handles itself, or stores it in the game. */
static void use_tag(reader *r, const char *name, const char *value, int line, int col)
{
    if (strcmp(name, "FEN") == 0) {
        memcpy(r->fen, value, strlen(value) + 1);
        r->have_fen = true;
        r->fen_line = line;
        r->fen_col = col;
    } else if (strcmp(name, "SetUp") == 0) {
        r->setup_one = strcmp(value, "1") == 0;
        r->setup_line = line;
        r->setup_col = col;
    } else if (strcmp(name, "Result") == 0) {
        /* Only the four result texts matter; anything longer is none of them. */
        size_t n = strlen(value);
        if (n >= sizeof r->result_tag) {
            n = 0;
        }
        memcpy(r->result_tag, value, n);
        r->result_tag[n] = '\0';
    } else if (strcmp(name, "Termination") == 0) {
        /* Derived from the moves and the result when the game is written;
         * only a loss on time is more than a result says. */
        r->time_forfeit = same_text_nocase(value, "time forfeit");
    } else if (strcmp(name, "Variant") == 0) {
        if (!same_text_nocase(value, "Rollerball")) {
            rb_message_add(fail_at(r, line, col, RB_MSG_("the game is of the variant \"%1$s\", not Rollerball")),
                           "%.60s", value);
        }
    } else if (unknown_roster_value(name, value)) {
        /* "?" in Event, Site, Date... means unknown: the same as no tag. */
    } else if (r->cur.ntags >= RB_PGN_MAX_TAGS && rb_game_tag(&r->cur, name) == NULL) {
        fail_num(r, line, col, RB_MSG_("more than %1$s tags in one game"), RB_PGN_MAX_TAGS);
    } else if (rb_game_set_tag(&r->cur, name, value) != 0) {
        fail_at(r, line, col, RB_MSG_("out of memory"));
    }
}

/* [Name "value"] on one line. */
static void read_tag(reader *r)
{
    int line = r->line, col = r->col;
    char name[NAME_MAX_LEN + 1];
    size_t n = 0;
    step(r);
    skip_spaces(r);
    while (!at_end(r) && is_name_char(peek(r))) {
        if (n == NAME_MAX_LEN) {
            fail_num(r, line, col, RB_MSG_("tag name longer than %1$s characters"), NAME_MAX_LEN);
            return;
        }
        name[n++] = (char)peek(r);
        step(r);
    }
    name[n] = '\0';
    if (n == 0) {
        fail_at(r, r->line, r->col, RB_MSG_("a tag name should follow '['"));
        return;
    }
    skip_spaces(r);
    if (peek(r) != '"') {
        fail_text(r, r->line, r->col, RB_MSG_("tag %1$s: its value should follow in double quotes"), name);
        return;
    }
    int vline = r->line, vcol = r->col;
    step(r);
    size_t v = 0;
    for (;;) {
        int c = peek(r);
        if (c < 0 || c == '\n' || c == '\r') {
            fail_text(r, vline, vcol, RB_MSG_("tag %1$s: its value is not closed with '\"' on the same line"), name);
            return;
        }
        if (is_binary(c)) {
            fail_binary(r);
            return;
        }
        step(r);
        if (c == '"') {
            break;
        }
        if (c == '\\' && (peek(r) == '"' || peek(r) == '\\')) {
            c = peek(r);
            step(r);
        }
        if (v == RB_PGN_MAX_TAG_TEXT) {
            rb_message *m = fail_at(r, vline, vcol, RB_MSG_("tag %1$s: value longer than %2$s characters"));
            rb_message_add(m, "%s", name);
            rb_message_add(m, "%d", RB_PGN_MAX_TAG_TEXT);
            return;
        }
        r->value[v++] = (char)c;
    }
    r->value[v] = '\0';
    skip_spaces(r);
    if (peek(r) != ']') {
        fail_text(r, r->line, r->col, RB_MSG_("tag %1$s: ']' should close it"), name);
        return;
    }
    step(r);
    use_tag(r, name, r->value, line, col);
}

/* Reads one word of movetext into buf (TOKEN_MAX + 1 bytes). Returns its
 * length, or -1 when it is too long for any move (reported if report). */
static long read_word(reader *r, char *buf, bool report)
{
    int line = r->line, col = r->col;
    size_t n = 0;
    bool too_long = false;
    while (!is_delimiter(peek(r))) {
        if (n < TOKEN_MAX) {
            buf[n++] = (char)peek(r);
        } else {
            too_long = true;
        }
        step(r);
    }
    buf[n] = '\0';
    if (too_long) {
        if (report) {
            rb_message_add(fail_at(r, line, col, RB_MSG_("'%1$s...' is not a move (far too long)")), "%.20s", buf);
        }
        return -1;
    }
    return (long)n;
}

static void read_token(reader *r)
{
    int line = r->line, col = r->col;
    char buf[TOKEN_MAX + 1];
    long n = read_word(r, buf, true);
    if (n >= 0) {
        handle_token(r, buf, (size_t)n, line, col);
    }
}

/* "$12": a NAG, 0..255, for the move before it. */
static void read_nag(reader *r)
{
    int line = r->line, col = r->col;
    step(r);
    long value = 0;
    int digits = 0;
    while (!at_end(r) && peek(r) >= '0' && peek(r) <= '9') {
        value = value > 255 ? value : value * 10 + (peek(r) - '0');
        digits++;
        step(r);
    }
    if (digits == 0 || value > 255) {
        fail_at(r, line, col, RB_MSG_("'$' should be followed by a NAG, a number from 0 to 255"));
        return;
    }
    add_nag(r, (int)value, line, col);
}

/* ---- comments ------------------------------------------------------------ */

/* Centipawns from pawns ("0.35", "-1.2", "+3"), rounded; false when the
 * text is not such a number or is beyond the bounds of an evaluation. */
static bool parse_pawns(const char *s, int *cp)
{
    int sign = 1;
    if (*s == '+' || *s == '-') {
        sign = *s == '-' ? -1 : 1;
        s++;
    }
    long whole = 0;
    const char *start = s;
    while (*s >= '0' && *s <= '9') {
        whole = whole * 10 + (*s++ - '0');
        if (whole > RB_NOTE_CP_MAX / 100) {
            return false;
        }
    }
    if (s == start) {
        return false;
    }
    long hundredths = 0;
    if (*s == '.') {
        s++;
        int digits = 0;
        bool round_up = false;
        for (; *s >= '0' && *s <= '9'; s++, digits++) {
            if (digits < 2) {
                hundredths = hundredths * 10 + (*s - '0');
            } else if (digits == 2) {
                round_up = *s >= '5';
            }
        }
        if (digits == 0) {
            return false;
        }
        hundredths = (digits == 1 ? hundredths * 10 : hundredths) + (round_up ? 1 : 0);
    }
    if (*s != '\0') {
        return false;
    }
    long value = whole * 100 + hundredths;
    if (value > RB_NOTE_CP_MAX) {
        return false;
    }
    *cp = (int)(sign * value);
    return true;
}

/* The argument of "[%eval ...]": pawns, or "#N" / "#-N" for a forced win;
 * a search depth after a comma ("0.35,20") is allowed and dropped. */
static bool parse_eval(char *arg, rb_eval_mark *e)
{
    char *comma = strchr(arg, ',');
    if (comma != NULL) {
        *comma = '\0';
    }
    if (arg[0] == '#') {
        const char *s = arg + 1;
        int sign = 1;
        if (*s == '+' || *s == '-') {
            sign = *s == '-' ? -1 : 1;
            s++;
        }
        int n = 0, digits = 0;
        while (*s >= '0' && *s <= '9' && digits < 4) {
            n = n * 10 + (*s++ - '0');
            digits++;
        }
        if (digits == 0 || *s != '\0' || n == 0 || n > RB_NOTE_MATE_MAX) {
            return false;
        }
        e->kind = RB_EVAL_MATE;
        e->value = sign * n;
        return true;
    }
    int cp;
    if (!parse_pawns(arg, &cp)) {
        return false;
    }
    e->kind = RB_EVAL_CP;
    e->value = cp;
    return true;
}

/* Digits as a number, at most max_digits of them; -1 when none. */
static long parse_digits(const char **s, int max_digits)
{
    long v = 0;
    int digits = 0;
    while (**s >= '0' && **s <= '9' && digits < max_digits) {
        v = v * 10 + (*(*s)++ - '0');
        digits++;
    }
    return digits > 0 ? v : -1;
}

/* The argument of "[%clk ...]": H:MM:SS with an optional fraction of up to
 * three digits. */
static bool parse_clock(const char *s, int64_t *ms)
{
    long h = parse_digits(&s, 5);
    if (h < 0 || *s++ != ':') {
        return false;
    }
    long m = parse_digits(&s, 2);
    if (m < 0 || m > 59 || *s++ != ':') {
        return false;
    }
    long sec = parse_digits(&s, 2);
    if (sec < 0 || sec > 59) {
        return false;
    }
    long frac = 0;
    if (*s == '.') {
        s++;
        const char *f = s;
        frac = parse_digits(&s, 3);
        if (frac < 0) {
            return false;
        }
        for (long digits = s - f; digits < 3; digits++) {
            frac *= 10;
        }
    }
    int64_t total = ((int64_t)h * 3600 + m * 60 + sec) * 1000 + frac;
    if (*s != '\0' || total >= RB_NOTE_CLOCK_MAX) {
        return false;
    }
    *ms = total;
    return true;
}

/* Takes "[%eval X]" and "[%clk X]" out of r->note into *eval and *clock
 * (only those not already set), leaving the rest in r->note_text; returns
 * the length of the rest. */
static size_t take_commands(reader *r, size_t n, rb_eval_mark *eval, int64_t *clock)
{
    char *in = r->note, *out = r->note_text;
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        char *close = in[i] == '[' && in[i + 1] == '%' ? memchr(in + i, ']', n - i) : NULL;
        if (close != NULL) {
            char cmd[64];
            size_t len = (size_t)(close - (in + i)) - 2;
            if (len < sizeof cmd) {
                memcpy(cmd, in + i + 2, len);
                while (len > 0 && cmd[len - 1] == ' ') {
                    len--; /* "[%eval 0.35 ]" */
                }
                cmd[len] = '\0';
                rb_eval_mark e;
                int64_t ms;
                bool used = false;
                if (strncmp(cmd, "eval ", 5) == 0 && eval->kind == RB_EVAL_NONE && parse_eval(cmd + 5, &e)) {
                    *eval = e;
                    used = true;
                } else if (strncmp(cmd, "clk ", 4) == 0 && *clock == RB_CLOCK_NONE && parse_clock(cmd + 4, &ms)) {
                    *clock = ms;
                    used = true;
                }
                if (used) {
                    i = (size_t)(close - in) + 1;
                    continue;
                }
            }
        }
        out[o++] = in[i++];
    }
    out[o] = '\0';
    return o;
}

/* From '{' to the matching '}' (braces do not nest in PGN), kept for the
 * move before it or, before the first move, as the game's intro. */
static void read_comment(reader *r)
{
    int line = r->line, col = r->col;
    size_t n = 0;
    bool space = false, too_long = false;
    step(r);
    while (!at_end(r) && peek(r) != '}') {
        int c = peek(r);
        if (is_binary(c)) {
            fail_binary(r);
            return;
        }
        if (is_space(c)) {
            space = n > 0;
        } else if (n + 2 < sizeof r->note) {
            if (space) {
                r->note[n++] = ' ';
            }
            space = false;
            r->note[n++] = (char)c;
        } else {
            too_long = true;
        }
        step(r);
    }
    if (at_end(r)) {
        fail_at(r, line, col, RB_MSG_("the comment opened here with '{' is never closed"));
        return;
    }
    step(r);
    r->note[n] = '\0';

    rb_game *g = &r->cur;
    const rb_annotation *a = g->length > 0 && r->phase == IN_MOVES ? rb_game_annotation(g, g->length - 1) : NULL;
    rb_eval_mark eval = a != NULL ? a->eval : (rb_eval_mark){RB_EVAL_NONE, 0};
    int64_t clock = a != NULL ? a->clock_ms : RB_CLOCK_NONE;
    size_t len = n;
    if (a != NULL) {
        len = take_commands(r, n, &eval, &clock);
    } else {
        memcpy(r->note_text, r->note, n + 1);
    }
    if (too_long || len > RB_PGN_MAX_COMMENT_TEXT) {
        fail_num(r, line, col, RB_MSG_("comment longer than %1$s characters"), RB_PGN_MAX_COMMENT_TEXT);
        return;
    }
    /* Join it to what the move already has, dropping it if both together
     * would be longer than one comment may be. */
    const char *before = a != NULL ? a->comment : g->intro;
    size_t had = before != NULL ? strlen(before) : 0;
    if (had > 0 && len > 0) {
        if (had + 1 + len > RB_PGN_MAX_COMMENT_TEXT) {
            len = 0;
        } else {
            memmove(r->note_text + had + 1, r->note_text, len + 1);
            memcpy(r->note_text, before, had);
            r->note_text[had] = ' ';
        }
    }
    if (len > 0) {
        r->note_bytes += len;
        if (r->note_bytes > RB_PGN_MAX_NOTES_TEXT) {
            fail_num(r, line, col, RB_MSG_("more than %1$s bytes of comments in one text"), RB_PGN_MAX_NOTES_TEXT);
            return;
        }
    }
    int rc = 0;
    if (a != NULL) {
        size_t i = g->length - 1;
        rc = rb_game_set_eval(g, i, eval) | rb_game_set_clock(g, i, clock);
        if (len > 0) {
            rc |= rb_game_set_comment(g, i, r->note_text);
        }
    } else if (len > 0) {
        rc = rb_game_set_intro(g, r->note_text);
    }
    if (rc != 0) {
        fail_at(r, line, col, RB_MSG_("out of memory"));
    }
}

/* ---- variations ---------------------------------------------------------- */

/* A variation after a move: the moves played instead of it, from the same
 * position, checked one by one. What is nested in it is skipped. A
 * variation that cannot be followed (a move that is not legal there, a
 * result or a tag inside it) is skipped whole and not kept, as readers
 * that keep no variations would: the main line is what the file is for. */
static void read_variation(reader *r)
{
    int line = r->line, col = r->col;
    rb_game *g = &r->cur;
    size_t at = g->length - 1;
    rb_pos pos = g->positions[at];
    rb_move moves[RB_NOTE_LINE_MAX];
    int n = 0;
    bool closed = false, readable = true;
    step(r);
    while (!r->failed && !closed && readable && !at_end(r)) {
        int c = peek(r);
        if (is_space(c)) {
            step(r);
        } else if (is_binary(c)) {
            fail_binary(r);
        } else if (c == ')') {
            step(r);
            closed = true;
        } else if (c == '(') {
            if (!skip_to_close(r, 0) && !r->failed) {
                fail_at(r, line, col, RB_MSG_("the variation opened here with '(' is never closed"));
            }
        } else if (c == '{') {
            skip_comment(r);
        } else if (c == ';' || (c == '%' && r->col == 1)) {
            skip_line(r);
        } else if (c == '$') {
            step(r);
            while (!at_end(r) && peek(r) >= '0' && peek(r) <= '9') {
                step(r);
            }
        } else if (c == ']' || c == '}' || c == '"' || c == '[') {
            readable = false;
        } else {
            int wline = r->line, wcol = r->col;
            char buf[TOKEN_MAX + 1];
            long len = read_word(r, buf, false);
            char *move = NULL;
            int nag;
            int kind = len < 0 ? -1 : split_word(r, buf, (size_t)len, wline, wcol, &move, &nag, false);
            rb_move m;
            char msg[160];
            if (kind != 0 ||
                (kind == 0 && *move != '\0' &&
                 (rb_pos_status(&pos) != RB_ONGOING || rb_move_parse(&pos, move, &m, msg, sizeof msg) != 0))) {
                readable = false;
            } else if (kind == 0 && *move != '\0') {
                if (r->plies >= RB_PGN_MAX_PLIES) {
                    fail_num(r, wline, wcol, RB_MSG_("more than %1$s moves in one text"), RB_PGN_MAX_PLIES);
                } else if (n < RB_NOTE_LINE_MAX) {
                    moves[n++] = m;
                    r->plies++;
                }
                rb_pos_make(&pos, m, &pos);
            }
        }
    }
    if (r->failed) {
        return;
    }
    if (!readable) {
        closed = skip_to_close(r, 1);
        n = 0;
    }
    if (!closed) {
        if (!r->failed) {
            fail_at(r, line, col, RB_MSG_("the variation opened here with '(' is never closed"));
        }
        return;
    }
    if (n > 0 && rb_game_set_line(g, at, moves, n) != 0) {
        fail_at(r, line, col, RB_MSG_("out of memory"));
    }
}

static void read_all(reader *r)
{
    /* A UTF-8 byte order mark is not part of the text. */
    if (r->len >= 3 && memcmp(r->text, "\xef\xbb\xbf", 3) == 0) {
        r->at = 3;
    }
    while (!r->failed && !at_end(r)) {
        int c = peek(r);
        if (is_space(c)) {
            step(r);
        } else if (is_binary(c)) {
            fail_binary(r);
        } else if (c == '[') {
            if (r->phase == IN_MOVES) {
                finish_game(r, NULL); /* a game without a result token */
            }
            if (r->phase == BETWEEN_GAMES && !r->failed) {
                begin_game(r);
            }
            if (!r->failed) {
                read_tag(r);
            }
        } else if (c == '{') {
            if (r->phase == BETWEEN_GAMES) {
                skip_comment(r); /* belongs to no game */
            } else {
                read_comment(r);
            }
        } else if (c == ';' || (c == '%' && r->col == 1)) {
            skip_line(r);
        } else if (c == '(') {
            if (have_last_move(r) && rb_game_annotation(&r->cur, r->cur.length - 1)->line_len == 0) {
                read_variation(r);
            } else {
                skip_variation(r); /* before any move, or a second one */
            }
        } else if (c == '$') {
            read_nag(r);
        } else if (c == ')' || c == ']' || c == '}' || c == '"') {
            rb_message_add(fail_at(r, r->line, r->col, RB_MSG_("unexpected '%1$s'")), "%c", c);
        } else {
            read_token(r);
        }
    }
    if (!r->failed && r->phase != BETWEEN_GAMES) {
        finish_game(r, NULL);
    }
}

int rb_pgn_read(const char *text, size_t len, rb_game **games, size_t *ngames, rb_pgn_error *err)
{
    reader *r = calloc(1, sizeof *r);
    rb_pgn_error scratch;
    if (err == NULL) {
        err = &scratch;
    }
    memset(err, 0, sizeof *err);
    *games = NULL;
    *ngames = 0;
    if (r == NULL) {
        err->line = 1;
        err->column = 1;
        rb_message_set(&err->why, RB_MSG_("out of memory"));
        rb_message_text(&err->why, NULL, NULL, err->message, sizeof err->message);
        return -1;
    }
    r->text = (const unsigned char *)(text != NULL ? text : "");
    r->len = text != NULL ? len : 0;
    r->line = 1;
    r->col = 1;
    r->err = err;
    read_all(r);

    if (r->failed && r->cur_live) {
        /* Keep the failing game's moves up to the bad one, if it got as far
         * as having a start position and holds something worth keeping: a
         * move, a tag, or a start position of its own (a set-up puzzle whose
         * first move is wrong is still the puzzle). */
        if (r->phase == IN_MOVES && (r->cur.length > 0 || r->cur.ntags > 0 || r->have_fen)) {
            keep_game(r);
        } else {
            drop_game(r);
        }
    }
    if (r->ngames == 0 && !r->failed) {
        fail_at(r, 1, 1, RB_MSG_("no game found in the text"));
    }
    if (r->failed) {
        rb_message_text(&err->why, NULL, NULL, err->message, sizeof err->message);
    }
    int count = r->ngames > 0 ? (int)r->ngames : -1;
    if (r->ngames == 0) {
        free(r->games);
    } else {
        *games = r->games;
        *ngames = r->ngames;
    }
    free(r);
    return count;
}
