/*
 * test_chat_between_two_windows.c - two windows play a network game over
 * 127.0.0.1 and talk in the panel's chat field: Enter (with no move being
 * typed) puts the keys in the field, where a move's letters are only text;
 * Enter sends the line, which shows in the other window once its player
 * shows a stranger's chat; Escape gives the keys back to the board; a line
 * beyond the protocol's rate stays in the field with the reason said. And
 * the names played before: once a game with someone is finished, their
 * chat is shown from the start of the next game, and a stranger's is
 * still held back.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/net_play.h"
#include "files/played_with.h"
#include "files/prefs.h"
#include "rb_util_clock.h"
#include "ui_home.h"

/* The joiner's window runs in a child process of its own (a process has
 * one SDL), with the player's files in the test's folder; it gets the
 * host's code through a pipe, plays its part (what below) and exits 0, or
 * 1 naming what went wrong. */
enum { CHILD_TALKS, CHILD_REMEMBERS, CHILD_KNOWS, CHILD_STRANGER };

static int64_t child_deadline;

static bool child_wait(rb_app *b, bool (*done)(const rb_app *b), const char *what)
{
    while (!done(b)) {
        if (rb_util_now_ms() > child_deadline) {
            fprintf(stderr, "the joiner waited too long for %s; it says '%s'\n", what, b->state.status);
            return false;
        }
        rb_ui_app_tick(b);
        rb_util_sleep_ms(1);
    }
    return true;
}

static bool b_started(const rb_app *b)
{
    return b->state.net.started;
}

static bool b_hidden(const rb_app *b)
{
    return b->state.net.chat_hidden > 0;
}

/* A line of Alice's is shown (the joiner's own lines show too). */
static bool b_shown(const rb_app *b)
{
    for (int i = 0; i < b->state.net.nchat; i++) {
        if (strncmp(b->state.net.chat[i], "Alice: ", 7) == 0) {
            return true;
        }
    }
    return false;
}

static const char *alice_line(const rb_app *b)
{
    for (int i = 0; i < b->state.net.nchat; i++) {
        if (strncmp(b->state.net.chat[i], "Alice: ", 7) == 0) {
            return b->state.net.chat[i];
        }
    }
    return "";
}

static bool b_over(const rb_app *b)
{
    return b->state.net.over || b->state.net.finished;
}

static bool b_finished(const rb_app *b)
{
    return b->state.net.finished;
}

#define CHILD_CHECK(c)                                                                                                 \
    do {                                                                                                               \
        if (!(c)) {                                                                                                    \
            fprintf(stderr, "the joiner found false: %s\n", #c);                                                       \
            return 1;                                                                                                  \
        }                                                                                                              \
    } while (0)

static int child_part(int what, const char *code)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.player_files = true;
    for (int c = 0; c < 2; c++) {
        opt.players[c] = (rb_ui_player){RB_UI_HUMAN, 1};
        opt.players_given[c] = true;
    }
    rb_app *b = fixture_start(&opt);
    char err[600];
    CHILD_CHECK(what != CHILD_REMEMBERS || !rb_ui_played_with(b, "Alice"));
    rb_ui_net_start how = {.host = false, .code = code, .name = "Bob"};
    CHILD_CHECK(rb_ui_net_play_open(b, &how, err, sizeof err) == 0);
    child_deadline = rb_util_now_ms() + 8000;
    CHILD_CHECK(child_wait(b, b_started, "the game to start"));
    switch (what) {
    case CHILD_TALKS: {
        CHILD_CHECK(!b->state.net.chat_in); /* a stranger's chat is held back */
        CHILD_CHECK(child_wait(b, b_hidden, "a line held back"));
        CHILD_CHECK(b->state.net.nchat == 0);
        rb_ui_cmd show = rb_ui_cmd_of(RB_UI_CMD_NET_MUTE);
        show.net_mute.on = true;
        CHILD_CHECK(rb_ui_apply(b, &show) == 0);
        rb_ui_cmd ready = rb_ui_cmd_of(RB_UI_CMD_NET_CHAT);
        ready.net_chat.text = "ready";
        CHILD_CHECK(rb_ui_apply(b, &ready) == 0);
        CHILD_CHECK(child_wait(b, b_shown, "the line shown"));
        if (strcmp(alice_line(b), "Alice: have fun") != 0) {
            fprintf(stderr, "the joiner shows '%s'\n", alice_line(b));
            return 1;
        }
        ready.net_chat.text = "got it";
        CHILD_CHECK(rb_ui_apply(b, &ready) == 0);
        CHILD_CHECK(child_wait(b, b_finished, "the host to leave"));
        break;
    }
    case CHILD_REMEMBERS:
        CHILD_CHECK(child_wait(b, b_over, "the game to end"));
        CHILD_CHECK(rb_ui_played_with(b, "Alice"));
        CHILD_CHECK(!rb_ui_played_with(b, "Carol"));
        break;
    case CHILD_KNOWS:
        CHILD_CHECK(b->state.net.chat_in);
        CHILD_CHECK(child_wait(b, b_shown, "Alice's line, shown at once"));
        CHILD_CHECK(strcmp(alice_line(b), "Alice: again!") == 0);
        CHILD_CHECK(b->state.net.chat_hidden == 0);
        CHILD_CHECK(child_wait(b, b_finished, "the host to leave"));
        break;
    case CHILD_STRANGER:
        CHILD_CHECK(!b->state.net.chat_in);
        CHILD_CHECK(child_wait(b, b_finished, "the host to leave"));
        break;
    default: return 1;
    }
    rb_ui_app_close(b);
    return 0;
}

typedef struct joiner {
    pid_t pid;
    int pipe_w;
} joiner;

static joiner joiner_start(int what)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[1]);
        char code[RB_UI_NET_CODE_MAX] = "";
        ssize_t n = read(fds[0], code, sizeof code - 1);
        code[n > 0 ? n : 0] = '\0';
        _exit(child_part(what, code));
    }
    close(fds[0]);
    return (joiner){pid, fds[1]};
}

static void joiner_done(joiner *j)
{
    int status = 0;
    assert_int_equal(waitpid(j->pid, &status, 0), j->pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

/* The host's window, its code handed to the joiner. */
static rb_app *host_window(const char *name, joiner *j)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    rb_ui_net_start how = {.host = true, .bind = "127.0.0.1", .name = name, .color = RB_WHITE};
    char err[500];
    if (rb_ui_net_play_open(app, &how, err, sizeof err) != 0) {
        fail_msg("cannot host: %s", err);
    }
    size_t len = strlen(app->state.net.code);
    assert_int_equal(write(j->pipe_w, app->state.net.code, len), (ssize_t)len);
    close(j->pipe_w);
    return app;
}

typedef bool (*until_fn)(rb_app *a);

static void run_until(rb_app *a, until_fn done, const char *what)
{
    int64_t end = rb_util_now_ms() + 8000;
    while (!done(a)) {
        if (rb_util_now_ms() > end) {
            fail_msg("waited 8 s for %s; the window says '%s'", what, a->state.status);
        }
        rb_ui_app_tick(a);
        rb_util_sleep_ms(1);
    }
}

/* The game has begun and the host's waiting view, which says who joined,
 * has given way to the board. */
static bool started(rb_app *a)
{
    return a->state.net.started && a->state.dialog.kind == RB_UI_DIALOG_NONE;
}

static bool joiner_ready(rb_app *a)
{
    return a->state.net.chat_hidden > 0; /* the joiner's "ready", held back here */
}

static bool joiner_got_it(rb_app *a)
{
    return a->state.net.chat_hidden > 1; /* its "got it" */
}

static bool over(rb_app *a)
{
    return a->state.net.over;
}

/* The host leaves; a moment for the goodbye to go. */
static void host_leaves(rb_app *a)
{
    rb_ui_net_play_close(a, true);
    fixture_close(a);
}

/* A line typed into the chat field and sent with Enter; the keys stay in
 * the field for the next. */
static void say(rb_app *app, const char *line)
{
    if (!app->state.net.typing) {
        fixture_key(app, SDLK_RETURN, KMOD_NONE);
    }
    assert_true(app->state.net.typing);
    fixture_text(app, line);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
}

static void a_line_typed_in_one_window_arrives_in_the_other(void **state)
{
    (void)state;
    joiner j = joiner_start(CHILD_TALKS);
    rb_app *a = host_window("Alice", &j);
    run_until(a, started, "the game to start");

    /* The field is reached with Enter; a move's letters are text there. */
    fixture_key(a, SDLK_RETURN, KMOD_NONE);
    assert_true(a->state.net.typing);
    fixture_type(a, "c2b3");
    fixture_text(a, "c2b3 is my move");
    assert_int_equal(a->state.game.length, 0);
    assert_string_equal(a->state.net.draft, "c2b3 is my move");
    /* Escape gives the keys back to the board; the line waits. */
    fixture_key(a, SDLK_ESCAPE, KMOD_NONE);
    assert_false(a->state.net.typing);
    assert_string_equal(a->state.net.draft, "c2b3 is my move");
    fixture_key(a, SDLK_RETURN, KMOD_NONE);
    fixture_key(a, SDLK_a, KMOD_CTRL);
    fixture_text(a, "good luck");
    fixture_key(a, SDLK_RETURN, KMOD_NONE);
    assert_string_equal(a->state.net.draft, "");
    assert_true(a->state.net.typing);
    assert_string_equal(a->state.net.chat[a->state.net.nchat - 1], "Alice: good luck");
    /* The joiner holds it back, shows chat, says it is ready. */
    run_until(a, joiner_ready, "the joiner to show chat");
    say(a, "have fun");
    run_until(a, joiner_got_it, "the joiner to show the line");

    /* Beyond the protocol's 20 lines a minute a line waits in the field. */
    for (int i = 0; i < 25 && a->state.net.draft[0] == '\0'; i++) {
        char line[32];
        snprintf(line, sizeof line, "line %d", i);
        say(a, line);
    }
    assert_true(a->state.net.draft[0] != '\0');
    assert_non_null(strstr(a->state.status, "Too many chat lines"));

    /* Escape gives the keys back, and moves play again. */
    fixture_key(a, SDLK_ESCAPE, KMOD_NONE);
    rb_movelist list;
    rb_gen_legal(rb_game_pos(&a->state.game), &list);
    assert_int_equal(fixture_play(a, list.moves[0]), 0);
    assert_int_equal(a->state.game.length, 1);
    host_leaves(a);
    joiner_done(&j);
}

static void a_name_played_before_gets_its_chat_shown(void **state)
{
    (void)state;
    /* A game with Alice, finished: she resigns. */
    joiner j = joiner_start(CHILD_REMEMBERS);
    rb_app *a = host_window("Alice", &j);
    run_until(a, started, "the first game to start");
    assert_int_equal(rb_ui_apply(a, &(rb_ui_cmd){.kind = RB_UI_CMD_RESIGN}), 0);
    run_until(a, over, "the game to end");
    joiner_done(&j);
    host_leaves(a);

    /* The next game with Alice shows her chat from the start. */
    j = joiner_start(CHILD_KNOWS);
    a = host_window("Alice", &j);
    run_until(a, started, "the second game to start");
    say(a, "again!");
    for (int i = 0; i < 200; i++) {
        rb_ui_app_tick(a);
        rb_util_sleep_ms(5);
    }
    host_leaves(a);
    joiner_done(&j);

    /* A stranger's still waits for Show chat. */
    j = joiner_start(CHILD_STRANGER);
    a = host_window("Carol", &j);
    run_until(a, started, "the game with a stranger to start");
    host_leaves(a);
    joiner_done(&j);
}

static void the_names_kept_are_bounded_and_the_latest_stay(void **state)
{
    (void)state;
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    rb_app *app = fixture_start(&opt);
    char err[400];
    for (int i = 0; i < RB_UI_PLAYED_WITH_MAX + 30; i++) {
        char name[32];
        snprintf(name, sizeof name, "player %d", i);
        assert_int_equal(rb_ui_played_with_add(app, name, err, sizeof err), 0);
    }
    assert_false(rb_ui_played_with(app, "player 0"));
    assert_false(rb_ui_played_with(app, "player 29"));
    assert_true(rb_ui_played_with(app, "player 30"));
    assert_true(rb_ui_played_with(app, "player 229"));
    /* Played again, an old name is the newest and stays. */
    assert_int_equal(rb_ui_played_with_add(app, "player 30", err, sizeof err), 0);
    assert_int_equal(rb_ui_played_with_add(app, "someone new", err, sizeof err), 0);
    assert_true(rb_ui_played_with(app, "player 30"));
    assert_false(rb_ui_played_with(app, "player 31"));
    char path[RB_UI_PATH_MAX + 64];
    assert_int_equal(rb_ui_prefs_file(app, "played-with.txt", path, sizeof path, err, sizeof err), 0);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    int lines = 0;
    for (int c; (c = fgetc(f)) != EOF;) {
        lines += c == '\n';
    }
    fclose(f);
    assert_int_equal(lines, RB_UI_PLAYED_WITH_MAX);
    fixture_close(app);
}

static int setup(void **state)
{
    (void)state;
    return fixture_private_home("chat");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_line_typed_in_one_window_arrives_in_the_other, setup,
                                        fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(a_name_played_before_gets_its_chat_shown, setup, fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(the_names_kept_are_bounded_and_the_latest_stay, setup,
                                        fixture_remove_home_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
