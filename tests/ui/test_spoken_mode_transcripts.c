/*
 * test_spoken_mode_transcripts.c - the spoken mode played through the real
 * event handler with the keyboard only, its announcements written by the
 * log back end (--speech-log) and compared line for line with the
 * transcripts in tests/ui/transcripts/: a short game to checkmate, every
 * command key, a dialog walked with Tab, a text field typed into and the
 * settings' steppers, the first lesson, a puzzle, the analysis board and
 * the position editor, in English and in French; the computer's move
 * announced, and the analysis engine's news said once.
 *
 * RB_UPDATE_TRANSCRIPTS=1 writes the transcripts anew (read them before
 * keeping them).
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "app/speak.h"
#include "computer/worker.h"
#include "dialogs/dlg.h"
#include "files/settings.h"
#include "rb_learn.h"
#include "screens/analysis/analysis.h"
#include "screens/learn/learn.h"
#include "ui_fixture.h"
#include "words/lang.h"

#define LOG_PATH "spoken-transcript.log"

/* The game off screen with the spoken mode writing to LOG_PATH. */
static rb_app *open_spoken(const char *fen, const char *lang)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.fen = fen;
    opt.width = 1000;
    opt.height = 700;
    opt.speech_log = LOG_PATH;
    opt.lang = rb_ui_lang_find(lang);
    for (int c = 0; c < 2; c++) {
        opt.players[c] = (rb_ui_player){RB_UI_HUMAN, 1};
        opt.players_given[c] = true;
    }
    rb_ui_app_defaults(&fixture_app);
    fixture_app.state.settings.animation = false;
    fixture_app.state.settings.reply_pause_ms = 0;
    char err[1400];
    if (rb_ui_app_open(&fixture_app, &opt, true, err, sizeof err) != 0) {
        fail_msg("cannot open the game: %s", err);
    }
    assert_string_equal(rb_ui_speak_backend(&fixture_app), "log");
    return &fixture_app;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        return NULL;
    }
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

/* The log so far against tests/ui/transcripts/name, line by line. */
static void compare_transcript(const char *name)
{
    const char *got = read_all(LOG_PATH);
    assert_non_null(got);
    char path[1200];
    snprintf(path, sizeof path, "%s/tests/ui/transcripts/%s", getenv("RB_SOURCE_DIR"), name);
    if (getenv("RB_UPDATE_TRANSCRIPTS")) {
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        fputs(got, f);
        fclose(f);
        return;
    }
    static char want_buf[1 << 16];
    const char *file = read_all(path);
    snprintf(want_buf, sizeof want_buf, "%s", file ? file : "");
    got = read_all(LOG_PATH); /* read_all's buffer again */
    char *want = want_buf;
    const char *g = got, *w = want;
    for (int line = 1; *g || *w; line++) {
        size_t gn = strcspn(g, "\n"), wn = strcspn(w, "\n");
        if (gn != wn || memcmp(g, w, gn) != 0) {
            fail_msg("%s, line %d:\n  said:     %.*s\n  expected: %.*s", name, line, (int)gn, g, (int)wn, w);
        }
        g += gn + (g[gn] == '\n');
        w += wn + (w[wn] == '\n');
    }
}

static void key(rb_app *app, SDL_Keycode k)
{
    fixture_key(app, k, KMOD_NONE);
}

/* Where an arrow takes the focus on the grid (the game's own rule). */
static int grid_next(int sq, SDL_Keycode k)
{
    int df = k == SDLK_RIGHT ? 1 : k == SDLK_LEFT ? -1 : 0, dr = k == SDLK_UP ? 1 : k == SDLK_DOWN ? -1 : 0;
    int f = rb_sq_file(sq), r = rb_sq_rank(sq);
    for (;;) {
        f += df;
        r += dr;
        if (f < 0 || f > 6 || r < 0 || r > 6) {
            return sq;
        }
        if (rb_sq_at(f, r) >= 0) {
            return rb_sq_at(f, r);
        }
    }
}

/* The arrows that bring the focus to target by the fewest steps. */
static void focus_to(rb_app *app, const char *target)
{
    static const SDL_Keycode arrows[] = {SDLK_UP, SDLK_DOWN, SDLK_LEFT, SDLK_RIGHT};
    if (app->state.input.focus < 0) {
        key(app, SDLK_UP); /* the first arrow lands on the king */
    }
    int to = rb_sq_parse(target), from = app->state.input.focus;
    int prev[RB_NSQ], via[RB_NSQ], queue[RB_NSQ], head = 0, tail = 0;
    for (int i = 0; i < RB_NSQ; i++) {
        prev[i] = -2;
    }
    prev[from] = -1;
    queue[tail++] = from;
    while (head < tail) {
        int sq = queue[head++];
        for (int a = 0; a < 4; a++) {
            int n = grid_next(sq, arrows[a]);
            if (prev[n] == -2) {
                prev[n] = sq;
                via[n] = a;
                queue[tail++] = n;
            }
        }
    }
    SDL_Keycode path[RB_NSQ];
    int n = 0;
    for (int sq = to; sq != from; sq = prev[sq]) {
        path[n++] = arrows[via[sq]];
    }
    while (n > 0) {
        key(app, path[--n]);
    }
    if (app->state.input.focus != to) {
        fail_msg("the focus is on %s, not on %s (the keys went elsewhere)", rb_sq_name(app->state.input.focus), target);
    }
}

/* A move as a person plays it with the spoken mode's keys. */
static void play_by_keys(rb_app *app, const char *move)
{
    char from[3] = {move[0], move[1], 0}, to[3] = {move[2], move[3], 0};
    focus_to(app, from);
    key(app, SDLK_RETURN);
    focus_to(app, to);
    key(app, SDLK_RETURN);
}

/* Puzzle 29 of the shipped puzzles: White mates in two. */
#define MATE_IN_TWO "1R3R1/3k3/2xxx1p/2xxxp1/2xxx2/7/1PK4 w K 4 18"

static void short_game(const char *lang, const char *name)
{
    rb_app *app = open_spoken(MATE_IN_TWO, lang);
    play_by_keys(app, "b7b6");
    play_by_keys(app, "d6c7");
    key(app, SDLK_s);                                     /* whose move */
    play_by_keys(app, "b6b4");                            /* refused: explained */
    play_by_keys(app, "b6a6");                            /* mate */
    key(app, SDLK_l);                                     /* the last move */
    rb_game_add_nag(&app->state.game, 1, RB_NAG_BLUNDER); /* as the review would mark it */
    key(app, SDLK_COMMA);                                 /* review: a move back */
    key(app, SDLK_PERIOD);                                /* and forward */
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_CHECKMATE);
    fixture_close(app);
    compare_transcript(name);
}

static void short_game_in_english(void **state)
{
    (void)state;
    short_game("en", "game.en.txt");
}

static void short_game_in_french(void **state)
{
    (void)state;
    short_game("fr", "game.fr.txt");
}

static void every_command(const char *lang, const char *name)
{
    rb_app *app = open_spoken(NULL, lang);
    static const SDL_Keycode plain[] = {SDLK_l, SDLK_s, SDLK_k, SDLK_o, SDLK_m, SDLK_v, SDLK_x, SDLK_i, SDLK_z};
    key(app, SDLK_x); /* no focus yet */
    focus_to(app, "e1");
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
        key(app, plain[i]);
    }
    static const SDL_Keycode kinds[] = {SDLK_k, SDLK_r, SDLK_b, SDLK_p};
    for (size_t i = 0; i < 4; i++) {
        fixture_key(app, kinds[i], KMOD_SHIFT);
    }
    fixture_key(app, SDLK_SLASH, KMOD_SHIFT); /* the help */
    /* the rings: round the corner, then in and out */
    key(app, SDLK_u);
    key(app, SDLK_RIGHT);
    key(app, SDLK_RIGHT);
    key(app, SDLK_LEFT);
    key(app, SDLK_UP);
    key(app, SDLK_RIGHT);
    key(app, SDLK_DOWN);
    key(app, SDLK_u);
    /* the grid skips the hole */
    focus_to(app, "b4");
    key(app, SDLK_RIGHT);
    key(app, SDLK_RETURN); /* an empty square */
    focus_to(app, "c7");
    key(app, SDLK_RETURN); /* the other side's piece */
    focus_to(app, "e2");
    key(app, SDLK_RETURN); /* selected */
    key(app, SDLK_ESCAPE);
    rb_ui_app_draw(app); /* the frame places the panel's buttons */
    key(app, SDLK_TAB);
    key(app, SDLK_TAB);
    fixture_key(app, SDLK_TAB, KMOD_SHIFT);
    fixture_key(app, SDLK_TAB, KMOD_SHIFT); /* back on the board */
    key(app, SDLK_TAB);
    key(app, SDLK_TAB);
    key(app, SDLK_TAB);
    key(app, SDLK_RETURN); /* the third button, pressed */
    key(app, SDLK_ESCAPE);
    key(app, SDLK_F6); /* off: nothing more is said */
    key(app, SDLK_l);
    key(app, SDLK_F6); /* on again */
    fixture_close(app);
    compare_transcript(name);
}

static void every_command_in_english(void **state)
{
    (void)state;
    every_command("en", "commands.en.txt");
}

static void every_command_in_french(void **state)
{
    (void)state;
    every_command("fr", "commands.fr.txt");
}

/* The new-game dialog walked with Tab, its controls named, then closed. */
static void dialog(const char *lang, const char *name)
{
    rb_app *app = open_spoken(NULL, lang);
    fixture_key(app, SDLK_n, KMOD_CTRL);
    for (int i = 0; i < 4; i++) {
        rb_ui_app_draw(app); /* the frame places the controls */
        key(app, SDLK_TAB);
    }
    key(app, SDLK_ESCAPE);
    key(app, SDLK_F1); /* the help, read a page at a time */
    key(app, SDLK_RIGHT);
    key(app, SDLK_ESCAPE);
    fixture_close(app);
    compare_transcript(name);
}

static void dialog_in_english(void **state)
{
    (void)state;
    dialog("en", "dialog.en.txt");
}

static void dialog_in_french(void **state)
{
    (void)state;
    dialog("fr", "dialog.fr.txt");
}

/* The new-game dialog's custom clock typed, each character echoed and the
 * deletion said, then the game started by Enter; the settings' volume
 * stepper said with its value when focused and when changed, and the
 * speech rate's. */
static void fields_and_steppers(const char *lang, const char *name)
{
    rb_app *app = open_spoken(NULL, lang);
    fixture_key(app, SDLK_n, KMOD_CTRL);
    fixture_click_control(app, DLG_TIME + RB_UI_TC_NPRESETS); /* Custom: the field takes the focus */
    fixture_text(app, "3");                                   /* over the selected 10+5 */
    fixture_text(app, "+");
    fixture_text(app, "1");
    key(app, SDLK_BACKSPACE);
    fixture_text(app, "2");
    key(app, SDLK_RETURN);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NONE);
    fixture_key(app, SDLK_COMMA, KMOD_CTRL);
    fixture_click_control(app, DLG_TAB + RB_UI_SETTINGS_GAME);
    int volume = app->state.settings.volume;
    fixture_click_control(app, DLG_VOLUME + 1); /* louder, by the mouse */
    rb_ui_app_draw(app);
    key(app, SDLK_TAB);
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_TAB, KMOD_SHIFT); /* back on the louder button */
    key(app, SDLK_RETURN);                  /* and louder again by the keys */
    assert_int_equal(app->state.settings.volume, volume + 20);
    int rate = app->state.settings.speech_rate;
    fixture_click_control(app, DLG_SPEECH_RATE + 1); /* the voice faster */
    assert_int_equal(app->state.settings.speech_rate, rate + 10);
    key(app, SDLK_ESCAPE);
    fixture_close(app);
    compare_transcript(name);
}

static void fields_and_steppers_in_english(void **state)
{
    (void)state;
    fields_and_steppers("en", "fields.en.txt");
}

static void fields_and_steppers_in_french(void **state)
{
    (void)state;
    fields_and_steppers("fr", "fields.fr.txt");
}

/* The save dialog opens on its name, said with the name suggested; typing
 * over it is echoed. (The suggestion holds the date: no transcript.) */
static void save_dialog_says_its_name_field(void **state)
{
    (void)state;
    rb_app *app = open_spoken(NULL, "en");
    fixture_key(app, SDLK_s, KMOD_CTRL);
    fixture_text(app, "x");
    key(app, SDLK_BACKSPACE);
    key(app, SDLK_ESCAPE);
    fixture_close(app);
    const char *log = read_all(LOG_PATH);
    assert_non_null(strstr(log, "Save the game dialog."));
    assert_non_null(strstr(log, "\nName, text field: Rollerball "));
    assert_non_null(strstr(log, "\nx\nx deleted\n"));
}

/* The saved games list walked with the arrows, each row said as the
 * choice moves, and again when the focus comes back to the list. */
static void load_list(const char *lang, const char *name)
{
    setenv("TZ", "UTC", 1); /* the rows' dates */
    tzset();
    rb_app *app = open_spoken(NULL, lang);
    fixture_key(app, SDLK_o, KMOD_CTRL);
    rb_ui_dialog_state *d = &app->state.dialog;
    assert_int_equal(d->kind, RB_UI_DIALOG_LOAD);
    free(d->entries); /* the folder's games, whatever they are, for three known ones */
    static const char *const names[] = {"Against the computer.pgn", "Club final.pgn", "Lesson 3.pgn"};
    d->entries = calloc(3, sizeof *d->entries);
    assert_non_null(d->entries);
    for (int i = 0; i < 3; i++) {
        snprintf(d->entries[i].name, sizeof d->entries[i].name, "%s", names[i]);
        d->entries[i].modified = (time_t)1795000000 - i * 86400;
    }
    d->nentries = 3;
    d->selected = 0;
    d->focus = DLG_LIST;
    rb_ui_app_draw(app);
    key(app, SDLK_DOWN);
    key(app, SDLK_DOWN);
    key(app, SDLK_DOWN); /* the last already: nothing */
    key(app, SDLK_UP);
    rb_ui_app_draw(app);
    key(app, SDLK_TAB);
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_TAB, KMOD_SHIFT);
    key(app, SDLK_ESCAPE);
    fixture_close(app);
    compare_transcript(name);
}

static void load_list_in_english(void **state)
{
    (void)state;
    load_list("en", "load.en.txt");
}

static void load_list_in_french(void **state)
{
    (void)state;
    load_list("fr", "load.fr.txt");
}

/* The first lesson, solved with the keys from its own solution. */
static void lesson(const char *lang, const char *name)
{
    rb_app *app = open_spoken(NULL, lang);
    rb_ui_cmd open = rb_ui_cmd_of(RB_UI_CMD_LEARN);
    open.learn.chapter = 0;
    open.learn.stage = 0;
    assert_int_equal(rb_ui_apply(app, &open), 0);
    const rb_learn_session *s = rb_ui_learn_session(app);
    assert_non_null(s);
    for (int i = 0; i < s->stage->nsolution; i++) {
        char move[8];
        rb_learn_move m = s->stage->solution[i];
        snprintf(move, sizeof move, "%s%s", rb_sq_name(m.from), rb_sq_name(m.to));
        play_by_keys(app, move);
    }
    assert_int_equal(app->state.learn.stars, 3);
    fixture_close(app);
    compare_transcript(name);
}

static void lesson_in_english(void **state)
{
    (void)state;
    lesson("en", "lesson.en.txt");
}

static void lesson_in_french(void **state)
{
    (void)state;
    lesson("fr", "lesson.fr.txt");
}

/* Puzzle 3: one move wins a rook. */
static void puzzle(const char *lang, const char *name)
{
    rb_app *app = open_spoken(NULL, lang);
    rb_ui_cmd open = rb_ui_cmd_of(RB_UI_CMD_PUZZLE_OPEN);
    open.puzzle_open.id = 3;
    assert_int_equal(rb_ui_apply(app, &open), 0);
    key(app, SDLK_v);
    play_by_keys(app, "a7b7");
    fixture_close(app);
    compare_transcript(name);
}

static void puzzle_in_english(void **state)
{
    (void)state;
    puzzle("en", "puzzle.en.txt");
}

static void puzzle_in_french(void **state)
{
    (void)state;
    puzzle("fr", "puzzle.fr.txt");
}

static double ms_now(void)
{
    return (double)SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

/* The computer's answer is announced as the computer's. */
static void computer_move_is_announced(void **state)
{
    (void)state;
    rb_app *app = open_spoken(NULL, "en");
    char err[400];
    if (rb_ui_worker_init(app, err, sizeof err) != 0) {
        fail_msg("cannot start the computer player: %s", err);
    }
    app->state.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, 1};
    play_by_keys(app, "c2b3");
    double end = ms_now() + 10000;
    while (ms_now() < end && app->state.game.ply < 2) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 10)) {
            rb_ui_app_event(app, &ev);
        }
    }
    assert_int_equal(app->state.game.ply, 2);
    fixture_close(app);
    const char *log = read_all(LOG_PATH);
    assert_non_null(strstr(log, "\npawn c2 to b3\nComputer: "));
}

/* The analysis board by the keys: opened on the game, walked back and
 * forward through the game's moves, its lines asked for (set here, as an
 * engine would have found them), a variation played and taken back, and
 * closed. The engine's own reports are not read: they come when they come. */
static void analysis(const char *lang, const char *name)
{
    rb_app *app = open_spoken(MATE_IN_TWO, lang);
    play_by_keys(app, "b7b6");
    play_by_keys(app, "d6c7");
    key(app, SDLK_F5);
    assert_true(app->state.analysis.active);
    key(app, SDLK_COMMA);
    key(app, SDLK_COMMA);
    key(app, SDLK_COMMA); /* the start already */
    key(app, SDLK_PERIOD);
    rb_ui_analysis_state *an = &app->state.analysis;
    assert_int_equal(an->ply, 1);
    key(app, SDLK_a); /* nothing found yet */
    rb_movelist list;
    rb_gen_legal(&an->board, &list);
    assert_true(list.count > 1);
    rb_move best = app->state.game.moves[1], other = list.moves[0] == best ? list.moves[1] : list.moves[0];
    an->nlines = 2;
    rb_pos after;
    rb_pos_make(&an->board, best, &after);
    rb_move mate = rb_move_find(&after, rb_sq_parse("b6"), rb_sq_parse("a6"), 0);
    assert_int_not_equal(mate, RB_MOVE_NONE);
    an->lines[0] = (rb_ui_analysis_line){RB_SCORE_WIN, 1, 9, 2, {best, mate}};
    an->lines[1] = (rb_ui_analysis_line){RB_SCORE_CP, -130, 8, 1, {other}};
    key(app, SDLK_a);
    play_by_keys(app, "d6c7"); /* a variation */
    key(app, SDLK_BACKSPACE);
    key(app, SDLK_ESCAPE);
    assert_false(app->state.analysis.active);
    fixture_close(app);
    compare_transcript(name);
}

static void analysis_in_english(void **state)
{
    (void)state;
    analysis("en", "analysis.en.txt");
}

static void analysis_in_french(void **state)
{
    (void)state;
    analysis("fr", "analysis.fr.txt");
}

/* The engine's best line is said when it brings news, not at every
 * depth: a mate in one is said once, however deep the engine goes on. */
static void the_engine_s_news_is_said_once(void **state)
{
    (void)state;
    rb_app *app = open_spoken("4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1", "en");
    key(app, SDLK_F5);
    assert_true(app->state.analysis.active);
    double end = ms_now() + 10000;
    while (ms_now() < end && (app->state.analysis.nlines == 0 || app->state.analysis.lines[0].depth < 8)) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 10)) {
            rb_ui_app_event(app, &ev);
        }
    }
    assert_true(app->state.analysis.lines[0].depth >= 8);
    fixture_close(app);
    const char *log = read_all(LOG_PATH);
    const char *first = strstr(log, "Engine: rook ");
    assert_non_null(first);
    assert_non_null(strstr(first, "checkmate; White wins in 1 move.\n"));
    assert_null(strstr(first + 1, "Engine:"));
}

/* The position editor by the keys alone: a king taken off and put back,
 * a pawn too many, the side to move changed, the state asked for. */
static void editor(const char *lang, const char *name)
{
    rb_app *app = open_spoken(NULL, lang);
    fixture_key(app, SDLK_e, KMOD_CTRL);
    assert_true(app->state.editor.active);
    key(app, SDLK_DELETE); /* no focus yet */
    key(app, SDLK_UP);     /* on White's king */
    int king = app->state.input.focus;
    key(app, SDLK_DELETE);
    assert_int_equal(app->state.editor.pos.board[king], RB_EMPTY);
    fixture_key(app, SDLK_k, KMOD_SHIFT);
    assert_int_equal(app->state.editor.pos.board[king], RB_PIECE(RB_WHITE, RB_KING));
    focus_to(app, "b4");
    key(app, SDLK_p); /* a third black pawn */
    key(app, SDLK_RETURN);
    key(app, SDLK_BACKSPACE);
    key(app, SDLK_BACKSPACE); /* empty already */
    key(app, SDLK_w);
    key(app, SDLK_s);
    key(app, SDLK_ESCAPE);
    assert_false(app->state.editor.active);
    fixture_close(app);
    compare_transcript(name);
}

static void editor_in_english(void **state)
{
    (void)state;
    editor("en", "editor.en.txt");
}

static void editor_in_french(void **state)
{
    (void)state;
    editor("fr", "editor.fr.txt");
}

int main(void)
{
    /* a folder of settings and games of its own, empty: the load dialog's
     * list is the test's, not the machine's */
    static char xdg[] = "/tmp/rb-spoken-transcripts-XXXXXX";
    if (!mkdtemp(xdg)) {
        return 1;
    }
    setenv("XDG_DATA_HOME", xdg, 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(short_game_in_english),
        cmocka_unit_test(short_game_in_french),
        cmocka_unit_test(every_command_in_english),
        cmocka_unit_test(every_command_in_french),
        cmocka_unit_test(dialog_in_english),
        cmocka_unit_test(dialog_in_french),
        cmocka_unit_test(fields_and_steppers_in_english),
        cmocka_unit_test(fields_and_steppers_in_french),
        cmocka_unit_test(save_dialog_says_its_name_field),
        cmocka_unit_test(load_list_in_english),
        cmocka_unit_test(load_list_in_french),
        cmocka_unit_test(lesson_in_english),
        cmocka_unit_test(lesson_in_french),
        cmocka_unit_test(puzzle_in_english),
        cmocka_unit_test(puzzle_in_french),
        cmocka_unit_test(computer_move_is_announced),
        cmocka_unit_test(analysis_in_english),
        cmocka_unit_test(analysis_in_french),
        cmocka_unit_test(the_engine_s_news_is_said_once),
        cmocka_unit_test(editor_in_english),
        cmocka_unit_test(editor_in_french),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
