/*
 * trainer.c - the puzzle trainer's commands: opening a puzzle, judging the
 * solver's moves through the puzzle library's session, hints, showing the
 * solution, the theme filter, and leaving; and the files behind it (the
 * puzzle set, the player's rating, the puzzles solved).
 *
 * The game is never touched here: the board shows st->trainer.board while
 * the trainer is open (rb_ui_state_pos), nothing calls the game's
 * follow-ups, so there is no autosave, no computer and no move list change.
 * What the trainer borrows of the game's view (flip, browsing, the status
 * line) it keeps and puts back on leaving.
 *
 * The rating counts each puzzle once: the first wrong move, the solution
 * shown, or the end of the puzzle, whichever comes first. The player's
 * record goes through the library's own load/save (an atomic rename); the
 * solved puzzles are a list of IDs, one a line, written the same way.
 */
#define _POSIX_C_SOURCE 200809L

#include "screens/puzzles/trainer.h"
#include "words/i18n.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board/anim.h"
#include "board/explain.h"
#include "board/input.h"
#include "words/message_words.h"
#include "files/prefs.h"
#include "files/store.h"
#include "computer/worker.h"

#define TRAINER_PLAYER_FILE "puzzle-rating.txt"
#define TRAINER_SOLVED_FILE "puzzles-solved.txt"
#define TRAINER_SOLVED_MAX (1024 * 1024)
#define TRAINER_SHOW_MS 900 /* between the moves of a shown solution */

struct rb_ui_trainer {
    char puzzle_file[RB_UI_PATH_MAX]; /* empty: the data folder's */
    char player_dir[RB_UI_PATH_MAX];  /* empty: the settings folder, if any */
    bool files_given;
    bool tried; /* the files were read (or failed to be) */
    char problem[RB_UI_PATH_MAX + 512];
    char problem_file[RB_UI_PATH_MAX + 64]; /* the file it is about ... */
    char problem_why[RB_UI_PATH_MAX + 300]; /* ... and what is wrong with it */
    char notice[RB_UI_PATH_MAX + 512];      /* about the player's files, said once the puzzle is up */
    rb_puzzle_set set;
    rb_puzzle_player player;
    int *solved; /* IDs solved cleanly, in the order solved */
    size_t nsolved, cap;
    uint64_t rng;
};

static struct rb_ui_trainer *trainer_get(rb_app *app)
{
    if (!app->trainer) {
        app->trainer = calloc(1, sizeof *app->trainer);
        if (app->trainer) {
            rb_puzzle_player_init(&app->trainer->player);
            app->trainer->rng = (uint64_t)SDL_GetPerformanceCounter() | 1;
        }
    }
    return app->trainer;
}

void rb_ui_trainer_use_files(rb_app *app, const char *puzzle_file, const char *player_dir)
{
    struct rb_ui_trainer *t = trainer_get(app);
    if (!t) {
        return;
    }
    SDL_strlcpy(t->puzzle_file, puzzle_file ? puzzle_file : "", sizeof t->puzzle_file);
    SDL_strlcpy(t->player_dir, player_dir ? player_dir : "", sizeof t->player_dir);
    t->files_given = true;
}

void rb_ui_trainer_free(rb_app *app)
{
    struct rb_ui_trainer *t = app->trainer;
    if (!t) {
        return;
    }
    rb_puzzle_set_free(&t->set);
    free(t->solved);
    free(t);
    app->trainer = NULL;
}

/* ---- the player's files ---------------------------------------------- */

/* path = the player's folder + name; false when the player's files are
 * not kept (screenshots, tests that do not ask for them). */
static bool player_path(rb_app *app, const char *name, char *path, size_t len)
{
    struct rb_ui_trainer *t = app->trainer;
    char err[RB_UI_PATH_MAX + 200];
    if (t->player_dir[0]) {
        return (size_t)snprintf(path, len, "%s%s", t->player_dir, name) < len;
    }
    if (t->files_given || !app->player_files) {
        return false;
    }
    return rb_ui_prefs_file(app, name, path, len, err, sizeof err) == 0;
}

static bool solved_has(const struct rb_ui_trainer *t, int id)
{
    for (size_t i = 0; i < t->nsolved; i++) {
        if (t->solved[i] == id) {
            return true;
        }
    }
    return false;
}

static void solved_add(struct rb_ui_trainer *t, int id)
{
    if (solved_has(t, id)) {
        return;
    }
    if (t->nsolved == t->cap) {
        size_t ncap = t->cap ? t->cap * 2 : 64;
        int *n = realloc(t->solved, ncap * sizeof *n);
        if (!n) {
            return;
        }
        t->solved = n;
        t->cap = ncap;
    }
    t->solved[t->nsolved++] = id;
}

/* Reads the solved list; a damaged line is reported and the rest kept. */
static int solved_load(struct rb_ui_trainer *t, const char *path, char *err, size_t errlen)
{
    if (access(path, F_OK) != 0) {
        return 0; /* nothing solved yet */
    }
    char *text;
    size_t len;
    if (rb_ui_store_read(path, TRAINER_SOLVED_MAX, &text, &len, err, errlen) != 0) {
        return -1;
    }
    int bad = 0, line = 0;
    for (char *s = text; *s;) {
        char *nl = strchr(s, '\n');
        if (nl) {
            *nl = 0;
        }
        line++;
        if (*s && *s != '#') {
            char *end;
            long id = strtol(s, &end, 10);
            if (end == s || *end || id <= 0 || id > 1000000000L) {
                if (!bad) {
                    /* TRANSLATORS: a file name, a line number and the text found there */
                    snprintf(err, errlen, _("%s:%d: \"%.40s\" is not a puzzle ID."), path, line, s);
                }
                bad++;
            } else {
                solved_add(t, (int)id);
            }
        }
        s = nl ? nl + 1 : s + strlen(s);
    }
    free(text);
    return bad ? -1 : 0;
}

static int solved_save(const struct rb_ui_trainer *t, const char *path, char *err, size_t errlen)
{
    size_t cap = 64 + t->nsolved * 12, n = 0;
    char *text = malloc(cap);
    if (!text) {
        snprintf(err, errlen, "%s", _("Out of memory saving the solved puzzles."));
        return -1;
    }
    n += (size_t)snprintf(text, cap, "# Rollerball: puzzles solved, one ID a line\n");
    for (size_t i = 0; i < t->nsolved; i++) {
        n += (size_t)snprintf(text + n, cap - n, "%d\n", t->solved[i]);
    }
    int rc = rb_ui_store_write_atomic(path, text, n, err, errlen);
    free(text);
    return rc;
}

/* Writes the rating and the solved list; a failure goes to the status. */
static void save_player(rb_app *app)
{
    struct rb_ui_trainer *t = app->trainer;
    char path[RB_UI_PATH_MAX + 64], err[RB_UI_PATH_MAX + RB_UI_MESSAGE_TEXT_MAX];
    rb_message why;
    if (player_path(app, TRAINER_PLAYER_FILE, path, sizeof path) &&
        rb_puzzle_player_save_why(&t->player, path, &why) != 0) {
        rb_ui_message_words_file(path, 0, &why, err, sizeof err);
        rb_ui_state_say(&app->state, true, "%s", err);
    }
    if (player_path(app, TRAINER_SOLVED_FILE, path, sizeof path) && solved_save(t, path, err, sizeof err) != 0) {
        rb_ui_state_say(&app->state, true, "%s", err);
    }
}

/* Reads the puzzles and the player's record the first time the trainer
 * opens. False (with the reason kept) when there are no puzzles. */
static bool trainer_ready(rb_app *app)
{
    struct rb_ui_trainer *t = trainer_get(app);
    if (!t) {
        return false;
    }
    if (t->tried) {
        return t->set.count > 0;
    }
    t->tried = true;
    char path[RB_UI_PATH_MAX + 64], err[RB_UI_PATH_MAX + RB_UI_MESSAGE_TEXT_MAX];
    if (t->puzzle_file[0]) {
        SDL_strlcpy(path, t->puzzle_file, sizeof path);
    } else {
        snprintf(path, sizeof path, "%spuzzles/puzzles.txt", app->data_dir);
    }
    rb_message why;
    if (rb_puzzle_set_load_why(&t->set, path, &why) != 0) {
        rb_ui_message_words_file(path, 0, &why, err, sizeof err);
        /* TRANSLATORS: %s says what is wrong with the puzzle file */
        snprintf(t->problem, sizeof t->problem, _("The puzzles cannot be read: %s. The game itself is not affected."),
                 err);
        SDL_strlcpy(t->problem_file, path, sizeof t->problem_file);
        rb_ui_message_words_text(&why, t->problem_why, sizeof t->problem_why);
        fprintf(stderr, "rollerball: %s\n", t->problem);
        return false;
    }
    if (player_path(app, TRAINER_PLAYER_FILE, path, sizeof path) && access(path, F_OK) == 0 &&
        rb_puzzle_player_load_why(&t->player, path, &why) != 0) {
        rb_ui_message_words_file(path, 0, &why, err, sizeof err);
        /* TRANSLATORS: %s says what is wrong with the file of the puzzle rating */
        snprintf(t->notice, sizeof t->notice, _("%s (your puzzle rating starts afresh)"), err);
    } else if (player_path(app, TRAINER_SOLVED_FILE, path, sizeof path) && solved_load(t, path, err, sizeof err) != 0) {
        snprintf(t->notice, sizeof t->notice, "%s", err);
    }
    return true;
}

/* ---- questions ------------------------------------------------------- */

const rb_puzzle_player *rb_ui_trainer_player(const rb_app *app)
{
    return app->trainer && app->trainer->tried ? &app->trainer->player : NULL;
}

bool rb_ui_trainer_solved_before(const rb_app *app, int id)
{
    return app->trainer && solved_has(app->trainer, id);
}

size_t rb_ui_trainer_solved_count(const rb_app *app)
{
    return app->trainer ? app->trainer->nsolved : 0;
}

size_t rb_ui_trainer_puzzle_count(const rb_app *app)
{
    return app->trainer ? app->trainer->set.count : 0;
}

const char *rb_ui_trainer_problem(const rb_app *app)
{
    return app->trainer ? app->trainer->problem : "";
}

void rb_ui_trainer_problem_parts(const rb_app *app, const char **file, const char **why)
{
    *file = app->trainer ? app->trainer->problem_file : "";
    *why = app->trainer ? app->trainer->problem_why : "";
}

bool rb_ui_trainer_waiting(const rb_ui_state *st)
{
    return st->trainer.active && st->trainer.nqueue > 0;
}

bool rb_ui_trainer_keeps(const rb_ui_state *st, rb_ui_cmd_kind kind)
{
    (void)st;
    /* The game's own moves and takebacks wait until the player is back. */
    return rb_ui_cmd_touches_game(kind);
}

/* ---- the board ------------------------------------------------------- */

/* Shows m on the trainer's board, sliding. */
static void show_move(rb_app *app, rb_move m)
{
    rb_ui_state *st = &app->state;
    rb_ui_trainer_state *tr = &st->trainer;
    tr->before = tr->board;
    rb_pos_make(&tr->before, m, &tr->board);
    tr->last = m;
    rb_ui_input_cancel(&st->input);
    rb_ui_anim_start(&st->anim, &st->settings, &tr->before, m, rb_ui_window_now(app));
}

static void start_puzzle(rb_app *app, const rb_puzzle *p)
{
    rb_ui_state *st = &app->state;
    rb_ui_trainer_state *tr = &st->trainer;
    rb_ui_anim_stop(&st->anim);
    rb_ui_input_cancel(&st->input);
    rb_puzzle_session_start(&tr->session, p);
    tr->have_session = true;
    /* asked now, not as the panel is drawn: solving it adds it to the list */
    tr->solved_before = app->trainer && solved_has(app->trainer, p->id);
    tr->board = tr->before = p->start;
    tr->last = RB_MOVE_NONE;
    tr->nqueue = 0;
    tr->solution = false;
    tr->ndrawn = 0;
    tr->hint_sq = -1;
    memset(&tr->hint_path, 0, sizeof tr->hint_path);
    tr->rated = false;
    tr->rating_change = 0;
    /* The solver plays up the board, as in their own games. */
    st->flipped = p->start.side == RB_BLACK;
    st->status[0] = 0;
}

/* The attempt counts for the rating, once: success only when solved clean. */
static void rate(rb_app *app, bool success)
{
    rb_ui_trainer_state *tr = &app->state.trainer;
    struct rb_ui_trainer *t = app->trainer;
    if (tr->rated) {
        return;
    }
    const rb_puzzle *p = tr->session.puzzle;
    tr->rated = true;
    tr->rating_change = rb_puzzle_player_update(&t->player, p->id, p->rating, success);
    tr->streak = success ? tr->streak + 1 : 0;
    if (success) {
        solved_add(t, p->id);
    }
    save_player(app);
}

static void hint_clear(rb_ui_trainer_state *tr)
{
    tr->hint_sq = -1;
    memset(&tr->hint_path, 0, sizeof tr->hint_path);
}

static int try_move(rb_app *app, rb_move m)
{
    rb_ui_state *st = &app->state;
    rb_ui_trainer_state *tr = &st->trainer;
    if (!rb_ui_state_can_move(st)) {
        return -1;
    }
    rb_pos before = tr->board;
    char text[RB_MOVE_TEXT_MAX];
    rb_move reply;
    switch (rb_puzzle_session_try(&tr->session, m, &reply)) {
    case RB_PUZZLE_ILLEGAL: rb_ui_explain_say(st, &before, m); return -1;
    case RB_PUZZLE_WRONG:
        rb_move_to_display(&before, m, text);
        rb_ui_input_cancel(&st->input); /* the piece goes back */
        rate(app, false);
        /* TRANSLATORS: %s is the move tried, like c2b3 */
        rb_ui_state_say(st, false, _("%s is not the solution. Try again."), text);
        return -1;
    case RB_PUZZLE_CORRECT:
        hint_clear(tr);
        show_move(app, m);
        tr->queue[0] = reply;
        tr->nqueue = 1;
        tr->due_ms = rb_ui_window_now(app) + RB_UI_ANIM_MS + RB_UI_TRAINER_PAUSE_MS;
        rb_move_to_display(&before, m, text);
        /* TRANSLATORS: %s is the move played, like c2b3 */
        rb_ui_state_say(st, false, _("%s is right. Wait for the reply, then find the next move."), text);
        return 0;
    case RB_PUZZLE_SOLVED:
        hint_clear(tr);
        show_move(app, m);
        rate(app, rb_puzzle_session_success(&tr->session));
        if (rb_puzzle_session_success(&tr->session)) {
            rb_ui_state_say(st, false, "%s", _("Solved! Press Next for another puzzle."));
        } else {
            rb_ui_state_say(st, false, "%s", _("Solved, with help this time. Press Next for another puzzle."));
        }
        return 0;
    case RB_PUZZLE_OVER: break;
    }
    return -1;
}

/* The next waiting move goes on the board. */
static int step(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_trainer_state *tr = &st->trainer;
    if (tr->nqueue == 0) {
        return 0;
    }
    rb_move m = tr->queue[0];
    memmove(tr->queue, tr->queue + 1, sizeof tr->queue[0] * (size_t)(tr->nqueue - 1));
    tr->nqueue--;
    bool solver = tr->board.side == tr->session.puzzle->start.side;
    show_move(app, m);
    if (tr->solution && tr->ndrawn < RB_PUZZLE_LINE_MAX) {
        tr->drawn_solver[tr->ndrawn] = solver;
        tr->drawn[tr->ndrawn++] = m;
    }
    tr->due_ms = rb_ui_window_now(app) + RB_UI_ANIM_MS + (tr->solution ? TRAINER_SHOW_MS : RB_UI_TRAINER_PAUSE_MS);
    if (tr->nqueue == 0 && tr->solution) {
        rb_ui_state_say(st, false, "%s", _("That was the solution. Press Next for another puzzle."));
    } else if (tr->nqueue == 0) {
        rb_ui_state_say(st, false, "%s",
                        tr->board.side == RB_WHITE ? _("Your move: find the next one for White.")
                                                   : _("Your move: find the next one for Black."));
    }
    return 0;
}

static int hint(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_trainer_state *tr = &st->trainer;
    if (!tr->have_session || tr->session.done || tr->nqueue > 0) {
        return -1;
    }
    int level = tr->session.hint < 2 ? tr->session.hint + 1 : 2;
    rb_path path;
    tr->hint_sq = rb_puzzle_session_hint(&tr->session, level, &path);
    tr->hint_path = path;
    const char *sq = rb_sq_name(tr->hint_sq);
    if (level == 1) {
        /* TRANSLATORS: %s is a square, like c2 */
        rb_ui_state_say(st, false, _("Hint: move the piece on %s. Ask again to see where it goes."), sq);
    } else {
        rb_ui_state_say(
            st, false,
            _("Hint: the piece on %s goes along the path shown (this puzzle no longer counts as solved clean)."), sq);
    }
    return 0;
}

static int show_solution(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_trainer_state *tr = &st->trainer;
    if (!tr->have_session || tr->session.done) {
        return -1;
    }
    rb_move moves[RB_PUZZLE_LINE_MAX];
    int n = rb_puzzle_session_show(&tr->session, moves, RB_PUZZLE_LINE_MAX);
    for (int i = 0; i < n && tr->nqueue < RB_PUZZLE_LINE_MAX; i++) {
        tr->queue[tr->nqueue++] = moves[i];
    }
    tr->solution = true;
    tr->ndrawn = 0;
    hint_clear(tr);
    rb_ui_input_cancel(&st->input);
    tr->due_ms = rb_ui_window_now(app) + (st->anim.active ? RB_UI_ANIM_MS : 0) + 250;
    rate(app, false);
    rb_ui_state_say(st, false, "%s", _("The solution is played out, each move's path drawn."));
    return 0;
}

/* A puzzle near the rating with the filter's themes. */
static int next_puzzle(rb_app *app)
{
    rb_ui_trainer_state *tr = &app->state.trainer;
    struct rb_ui_trainer *t = app->trainer;
    const rb_puzzle *p = rb_puzzle_choose(&t->set, &t->player, tr->themes, &t->rng);
    if (!p) {
        rb_ui_state_say(&app->state, false, "%s", _("No puzzle has those themes."));
        return -1;
    }
    start_puzzle(app, p);
    return 0;
}

static int set_themes(rb_app *app, unsigned themes)
{
    rb_ui_trainer_state *tr = &app->state.trainer;
    if (themes == 0 || (themes & ~(unsigned)RB_THEME_ALL)) {
        return -1;
    }
    tr->themes = themes;
    /* A puzzle not yet begun gives way to one of the chosen kind. */
    bool untouched = !tr->have_session || tr->session.done ||
                     (tr->session.nplayed == 0 && tr->session.mistakes == 0 && tr->session.hint == 0);
    if (tr->have_session && untouched && !(tr->session.puzzle->themes & tr->themes)) {
        return next_puzzle(app);
    }
    return 0;
}

/* Opens the trainer over the game, which is set aside untouched. */
static void enter(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_trainer_state *tr = &st->trainer;
    if (tr->active) {
        return;
    }
    tr->game_flipped = st->flipped;
    tr->game_browsing = st->browsing;
    SDL_strlcpy(tr->game_status, st->status, sizeof tr->game_status);
    if (!tr->themes) {
        tr->themes = RB_THEME_ALL;
    }
    rb_ui_worker_cancel(app); /* a computer's move would land in the puzzle */
    rb_ui_anim_stop(&st->anim);
    rb_ui_input_cancel(&st->input);
    st->browsing = false;
    st->status[0] = 0;
    tr->hover_button = tr->pressed = -1;
    tr->active = true;
    if (tr->have_session) {
        st->flipped = tr->session.puzzle->start.side == RB_BLACK;
    }
}

static int open_puzzle(rb_app *app, int id, rb_ui_screen_closer close_others)
{
    rb_ui_state *st = &app->state;
    rb_ui_trainer_state *tr = &st->trainer;
    /* The trainer always opens (without puzzles it says why in its panel). */
    close_others(app, RB_UI_CMD_PUZZLE_OPEN, false);
    enter(app);
    if (!trainer_ready(app)) {
        tr->unavailable = true;
        rb_ui_state_say(st, false, "%s", app->trainer ? app->trainer->problem : _("Out of memory."));
        return -1;
    }
    tr->unavailable = false;
    int rc = 0;
    if (id > 0) {
        const rb_puzzle *p = rb_puzzle_set_find(&app->trainer->set, id);
        if (p) {
            start_puzzle(app, p);
        } else {
            rb_ui_state_say(st, false, _("There is no puzzle %d in the puzzle file."), id);
            rc = -1;
        }
    } else if (!tr->have_session || tr->session.done) {
        rc = next_puzzle(app);
    } /* else the puzzle in hand, as it was left */
    if (app->trainer->notice[0]) {
        rb_ui_state_say(st, true, "%s", app->trainer->notice);
        app->trainer->notice[0] = 0;
    }
    return rc;
}

void rb_ui_trainer_leave(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_trainer_state *tr = &st->trainer;
    if (!tr->active) {
        return;
    }
    rb_ui_anim_stop(&st->anim);
    rb_ui_input_cancel(&st->input);
    /* Waiting moves are shown at once: the session already played them. */
    while (tr->nqueue > 0) {
        step(app);
    }
    rb_ui_anim_stop(&st->anim);
    tr->active = false;
    st->flipped = tr->game_flipped;
    st->browsing = tr->game_browsing;
    SDL_strlcpy(st->status, tr->game_status, sizeof st->status);
    rb_ui_worker_maybe_start(app);
}

int rb_ui_trainer_apply(rb_app *app, const rb_ui_cmd *cmd, rb_ui_screen_closer close_others)
{
    rb_ui_state *st = &app->state;
    bool ready = cmd->kind == RB_UI_CMD_PUZZLE_OPEN || (st->trainer.active && !st->trainer.unavailable);
    if (!ready) {
        return cmd->kind == RB_UI_CMD_PUZZLE_LEAVE ? (rb_ui_trainer_leave(app), 0) : -1;
    }
    switch (cmd->kind) {
    case RB_UI_CMD_PUZZLE_OPEN: return open_puzzle(app, cmd->puzzle_open.id, close_others);
    case RB_UI_CMD_PUZZLE_NEXT: return next_puzzle(app);
    case RB_UI_CMD_PUZZLE_HINT: return hint(app);
    case RB_UI_CMD_PUZZLE_SOLUTION: return show_solution(app);
    case RB_UI_CMD_PUZZLE_THEMES: return set_themes(app, cmd->puzzle_themes.themes);
    case RB_UI_CMD_PUZZLE_STEP: return step(app);
    case RB_UI_CMD_PUZZLE_LEAVE: rb_ui_trainer_leave(app); return 0;
    case RB_UI_CMD_PLAY: return cmd->play.by_computer ? -1 : try_move(app, cmd->play.move);
    default: rb_ui_state_say(st, false, "%s", _("That is for the game: press Back to game first.")); return -1;
    }
}

int rb_ui_trainer_list(const char *data_dir, FILE *out, char *err, size_t errlen)
{
    char path[RB_UI_PATH_MAX + 64];
    snprintf(path, sizeof path, "%spuzzles/puzzles.txt", data_dir);
    rb_puzzle_set set;
    rb_message why;
    if (rb_puzzle_set_load_why(&set, path, &why) != 0) {
        rb_ui_message_words_file(path, 0, &why, err, errlen);
        return -1;
    }
    char line[RB_PUZZLE_TEXT_MAX];
    for (size_t i = 0; i < set.count; i++) {
        rb_puzzle_format_list(&set.items[i], line, sizeof line);
        fprintf(out, "%s\n", line);
    }
    rb_puzzle_set_free(&set);
    return 0;
}
