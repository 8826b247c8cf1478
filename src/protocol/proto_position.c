/*
 * proto_position.c - the commands about the game: position, d, go perft
 * and bench perft.
 *
 * "position" builds a complete new game record first and only replaces the
 * current one when every part of the line was good, so an error leaves the
 * previous position exactly as it was. The record (not just the last
 * position) is kept because repetition needs the history. The two counts
 * run on the worker thread (proto_worker.c), like a search.
 */
#define _POSIX_C_SOURCE 200809L

#include "proto_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "rb_util_clock.h"

#define FEN_FIELDS 5

/* Reads "fen <five fields>" into start; false after reporting an error. */
static bool read_fen(rb_proto *p, rb_words *args, rb_pos *start, rb_word *after, bool *have_after)
{
    char text[RB_POS_TEXT_MAX * 2];
    size_t used = 0;
    int fields = 0;
    rb_word w;
    *have_after = false;
    while (rb_words_next(args, &w)) {
        if (rb_word_is(w, "moves")) {
            *after = w;
            *have_after = true;
            break;
        }
        fields++;
        if (fields > FEN_FIELDS) {
            char shown[64];
            rb_proto_error(p, "position fen: more than five fields (unexpected '%s')",
                           rb_proto_show(w, shown, sizeof shown));
            return false;
        }
        if (used + w.n + 1 >= sizeof text) {
            rb_proto_error(p, "position fen: field %d is too long", fields);
            return false;
        }
        if (used > 0) {
            text[used++] = ' ';
        }
        memcpy(text + used, w.s, w.n);
        used += w.n;
    }
    text[used] = '\0';
    if (memchr(text, '\0', used) != NULL) {
        rb_proto_error(p, "position fen: the position string holds a NUL byte");
        return false;
    }
    if (fields < FEN_FIELDS) {
        rb_proto_error(p,
                       "position fen: expected five fields (placement, side, out flags, "
                       "quiet plies, move number), got %d",
                       fields);
        return false;
    }
    char err[256];
    if (rb_pos_parse(start, text, err, sizeof err) != 0) {
        rb_proto_error(p, "position fen: %s", err);
        return false;
    }
    return true;
}

void rb_cmd_position(rb_proto *p, rb_words *args)
{
    rb_word w, kind;
    char shown[64];
    rb_pos start;
    bool have_moves = false;
    if (!rb_words_next(args, &kind)) {
        rb_proto_error(p, "position: expected 'startpos' or 'fen <position string>'");
        return;
    }
    if (rb_word_is(kind, "startpos")) {
        rb_pos_start(&start);
        if (rb_words_next(args, &w)) {
            if (!rb_word_is(w, "moves")) {
                rb_proto_error(p, "position: unexpected '%s' after startpos (expected 'moves')",
                               rb_proto_show(w, shown, sizeof shown));
                return;
            }
            have_moves = true;
        }
    } else if (rb_word_is(kind, "fen")) {
        if (!read_fen(p, args, &start, &w, &have_moves)) {
            return;
        }
    } else {
        rb_proto_error(p, "position: expected 'startpos' or 'fen', not '%s'", rb_proto_show(kind, shown, sizeof shown));
        return;
    }

    rb_game game;
    if (rb_game_init(&game, &start) != 0) {
        rb_proto_error(p, "position: out of memory");
        return;
    }
    int index = 0;
    while (have_moves && rb_words_next(args, &w)) {
        index++;
        char text[RB_MOVE_TEXT_MAX], err[200];
        rb_move m;
        rb_proto_show(w, shown, sizeof shown);
        if (!rb_word_copy(w, text, sizeof text)) {
            rb_proto_error(p, "position: move %d '%s' is not a move in coordinate form", index, shown);
            rb_game_free(&game);
            return;
        }
        if (rb_game_ending(&game) != RB_END_NONE) {
            rb_proto_error(p, "position: move %d '%s' comes after the game ended (%s)", index, shown,
                           rb_ending_name(rb_game_ending(&game)));
            rb_game_free(&game);
            return;
        }
        if (rb_move_parse_coord(rb_game_pos(&game), text, &m, err, sizeof err) != 0) {
            rb_proto_error(p, "position: move %d '%s': %s", index, shown, err);
            rb_game_free(&game);
            return;
        }
        if (rb_game_play(&game, m) != 0) {
            rb_proto_error(p, "position: move %d '%s' cannot be played here", index, shown);
            rb_game_free(&game);
            return;
        }
    }
    rb_proto_finish_search(p);
    rb_game_free(&p->game);
    p->game = game;
    p->position_given = true;
}

/* ---- d ---------------------------------------------------------------- */

static char piece_char(rb_piece pc)
{
    static const char white[] = ".KRBP";
    static const char black[] = ".krbp";
    if (pc == RB_EMPTY) {
        return '.';
    }
    return RB_COLOR(pc) == RB_WHITE ? white[RB_TYPE(pc)] : black[RB_TYPE(pc)];
}

/* The game's status word: the record knows repetition, the position the rest. */
static const char *status_word(const rb_game *g)
{
    switch (rb_game_ending(g)) {
    case RB_END_CHECKMATE: return "checkmate";
    case RB_END_STALEMATE: return "stalemate";
    case RB_END_THRONE: return "throne";
    case RB_END_REPETITION: return "repetition";
    default: break;
    }
    switch (rb_pos_status(rb_game_pos(g))) {
    case RB_CHECKMATE: return "checkmate";
    case RB_STALEMATE: return "stalemate";
    case RB_THRONE: return "throne";
    default: return "ongoing";
    }
}

void rb_cmd_display(rb_proto *p, rb_words *args)
{
    rb_word w;
    if (rb_words_next(args, &w)) {
        char shown[64];
        rb_proto_error(p, "d: unexpected '%s'", rb_proto_show(w, shown, sizeof shown));
        return;
    }
    const rb_pos *pos = rb_game_pos(&p->game);
    rb_proto_emit(p, "    +---------------+");
    for (int rank = RB_NRANKS - 1; rank >= 0; rank--) {
        char row[32];
        size_t n = 0;
        for (int file = 0; file < RB_NFILES; file++) {
            int sq = rb_sq_at(file, rank);
            row[n++] = ' ';
            row[n++] = sq < 0 ? '#' : piece_char(pos->board[sq]);
        }
        row[n] = '\0';
        rb_proto_emit(p, "  %d |%s |", rank + 1, row);
    }
    rb_proto_emit(p, "    +---------------+");
    rb_proto_emit(p, "      a b c d e f g");

    char fen[RB_POS_TEXT_MAX];
    rb_pos_format(pos, fen, sizeof fen);
    rb_proto_emit(p, "Fen: %s", fen);
    rb_proto_emit(p, "Status: %s", status_word(&p->game));

    char line[1024];
    size_t n = 0;
    rb_bb checkers = rb_pos_checkers(pos);
    if (checkers == 0) {
        line[n++] = '-';
    }
    /* Sorted by name like the Legal line (file by file), not in the
     * library's square numbering, which runs rank by rank. */
    for (int file = 0; file < RB_NFILES; file++) {
        for (int rank = 0; rank < RB_NRANKS; rank++) {
            int sq = rb_sq_at(file, rank);
            if (sq >= 0 && (checkers & ((rb_bb)1 << sq)) != 0) {
                n += (size_t)snprintf(line + n, sizeof line - n, "%s%s", n > 0 ? " " : "", rb_sq_name(sq));
            }
        }
    }
    line[n] = '\0';
    rb_proto_emit(p, "Checkers: %s", line);

    /* After a repetition the game is over although the position has moves. */
    rb_movelist list;
    list.count = 0;
    if (rb_game_ending(&p->game) == RB_END_NONE) {
        rb_gen_legal(pos, &list);
    }
    char text[RB_MAX_MOVES][RB_MOVE_TEXT_MAX];
    rb_proto_sorted_moves(&list, text);
    n = 0;
    for (int i = 0; i < list.count; i++) {
        n += (size_t)snprintf(line + n, sizeof line - n, " %s", text[i]);
    }
    line[n] = '\0';
    rb_proto_emit(p, "Legal:%s", line);
}

/* ---- perft -------------------------------------------------------------- */

#define PERFT_DEPTH_MAX 20

/* Below this depth a subtree takes milliseconds, so it is counted by the
 * library's fast perft without looking at the abort flag. */
#define PERFT_CHUNK_DEPTH 5

/* Perft that gives up (returning what it has) once abort is set. */
static uint64_t perft_abortable(const rb_pos *pos, int depth, atomic_bool *abort)
{
    if (depth <= PERFT_CHUNK_DEPTH) {
        return rb_perft(pos, depth);
    }
    rb_movelist list;
    rb_gen_legal(pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.count && !atomic_load_explicit(abort, memory_order_relaxed); i++) {
        rb_pos child;
        rb_pos_make(pos, list.moves[i], &child);
        total += perft_abortable(&child, depth - 1, abort);
    }
    return total;
}

/* The worker's side of "go perft": the count below each move, in the
 * moves' sorted order, then the total. */
static void run_perft(rb_proto *p)
{
    const rb_pos *pos = &p->job.root;
    rb_movelist list;
    rb_gen_legal(pos, &list);
    char text[RB_MAX_MOVES][RB_MOVE_TEXT_MAX];
    rb_proto_sorted_moves(&list, text);
    uint64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        rb_move m;
        char err[100];
        /* The texts were sorted apart from the moves: find each again. */
        rb_move_parse_coord(pos, text[i], &m, err, sizeof err);
        rb_pos child;
        rb_pos_make(pos, m, &child);
        uint64_t count = p->job.depth <= 1 ? 1 : perft_abortable(&child, p->job.depth - 1, &p->abort_job);
        if (atomic_load(&p->abort_job)) {
            rb_proto_emit(p, "info string perft stopped");
            return;
        }
        total += count;
        rb_proto_emit(p, "%s: %" PRIu64, text[i], count);
    }
    rb_proto_emit(p, "");
    rb_proto_emit(p, "Nodes searched: %" PRIu64, total);
}

void rb_cmd_perft(rb_proto *p, rb_words *args)
{
    rb_word w;
    int64_t depth;
    char shown[64];
    if (!rb_words_next(args, &w)) {
        rb_proto_error(p, "go perft: missing depth");
        return;
    }
    if (!rb_word_int(w, 1, PERFT_DEPTH_MAX, &depth)) {
        rb_proto_error(p, "go perft: depth must be a whole number from 1 to %d, not '%s'", PERFT_DEPTH_MAX,
                       rb_proto_show(w, shown, sizeof shown));
        return;
    }
    if (rb_words_next(args, &w)) {
        rb_proto_error(p, "go perft: unexpected '%s'", rb_proto_show(w, shown, sizeof shown));
        return;
    }
    rb_proto_finish_search(p);
    p->job.kind = RB_JOB_PERFT;
    p->job.depth = (int)depth;
    p->job.root = *rb_game_pos(&p->game);
    rb_proto_start_job(p, run_perft);
}

/* ---- bench perft ---------------------------------------------------------- */

/* A fixed workload: the start position deep, plus positions with rebounds,
 * promotions and a throne threat. Totals change only if the rules do. */
static const struct {
    const char *fen;
    int depth;
} perft_bench[] = {
    {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", 7},
    {"7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1", 5},
    {"3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1", 6},
    {"7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1", 7},
};

/* The worker's side of "bench perft". */
static void run_bench_perft(rb_proto *p)
{
    uint64_t total = 0;
    int64_t start = rb_util_now_ms();
    size_t count = sizeof perft_bench / sizeof perft_bench[0];
    for (size_t i = 0; i < count; i++) {
        rb_pos pos;
        char err[200];
        if (rb_pos_parse(&pos, perft_bench[i].fen, err, sizeof err) != 0) {
            rb_proto_error(p, "bench perft: position %zu: %s", i + 1, err);
            return;
        }
        uint64_t nodes = perft_abortable(&pos, perft_bench[i].depth, &p->abort_job);
        if (atomic_load(&p->abort_job)) {
            rb_proto_emit(p, "info string bench perft stopped");
            return;
        }
        total += nodes;
        rb_proto_emit(p, "info string perft position %zu/%zu depth %d nodes %" PRIu64, i + 1, count,
                      perft_bench[i].depth, nodes);
    }
    int64_t ms = rb_util_now_ms() - start;
    rb_proto_emit(p, "Nodes searched: %" PRIu64, total);
    rb_proto_emit(p, "Time: %" PRId64 " ms", ms);
    rb_proto_emit(p, "Nodes per second: %" PRIu64, total * 1000 / (uint64_t)(ms > 0 ? ms : 1));
}

void rb_cmd_bench_perft(rb_proto *p)
{
    rb_proto_finish_search(p);
    p->job.kind = RB_JOB_BENCH_PERFT;
    rb_proto_start_job(p, run_bench_perft);
}
