/*
 * ui_fixture.h - an off-screen game for the front end's tests, and the
 * mouse and keyboard of a pretend player. Events are built as SDL would
 * deliver them (window coordinates, which equal output pixels off screen)
 * and handed to the app's real event handler.
 */
#ifndef RB_UI_FIXTURE_H
#define RB_UI_FIXTURE_H

#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "dialogs/dlg.h"
#include "app/apply.h"
#include "board/input.h"
#include "board/view.h"
#include "kit/text.h"

static rb_app fixture_app;

/* Opens the game at w x h on the position fen (NULL: the start), both
 * sides played by people. */
static inline rb_app *fixture_open(const char *fen, int w, int h)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.fen = fen;
    opt.width = w;
    opt.height = h;
    for (int c = 0; c < 2; c++) {
        opt.players[c] = (rb_ui_player){RB_UI_HUMAN, 1};
        opt.players_given[c] = true;
    }
    rb_ui_app_defaults(&fixture_app);
    fixture_app.state.settings.animation = false;
    /* The computer's moves show as soon as found; the tests of pacing set
     * their own pause and clock. */
    fixture_app.state.settings.reply_pause_ms = 0;
    char err[1400];
    int r = rb_ui_app_open(&fixture_app, &opt, true, err, sizeof err);
    if (r != 0) {
        fail_msg("cannot open the game: %s", err);
    }
    return &fixture_app;
}

static inline void fixture_close(rb_app *app)
{
    rb_ui_app_close(app);
}

static inline SDL_Point fixture_center(rb_app *app, const char *square)
{
    int sq = rb_sq_parse(square);
    assert_true(sq >= 0);
    SDL_FPoint c = rb_ui_view_board_center(app, sq);
    return (SDL_Point){(int)c.x, (int)c.y};
}

static inline void fixture_button(rb_app *app, Uint32 type, Uint8 button, SDL_Point p)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.button.button = button;
    ev.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    ev.button.clicks = 1;
    ev.button.x = p.x;
    ev.button.y = p.y;
    rb_ui_app_event(app, &ev);
}

static inline void fixture_motion(rb_app *app, SDL_Point p, bool held)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_MOUSEMOTION;
    ev.motion.state = held ? SDL_BUTTON_LMASK : 0;
    ev.motion.x = p.x;
    ev.motion.y = p.y;
    rb_ui_app_event(app, &ev);
}

static inline void fixture_click_at(rb_app *app, SDL_Point p)
{
    fixture_motion(app, p, false);
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, p);
    fixture_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, p);
}

/* Where the last frame drew the open dialog's control id; the test fails
 * naming the control when the frame did not draw it. */
static inline SDL_Rect fixture_control(rb_app *app, int id)
{
    SDL_Rect r = {0, 0, 0, 0};
    if (!rb_ui_dlg_focus_rect(app, id, &r)) {
        fail_msg("the dialog drew no control %d", id);
    }
    return r;
}

/* Clicks the middle of the open dialog's control id, as a person would,
 * after drawing the frame that places it. */
static inline void fixture_click_control(rb_app *app, int id)
{
    rb_ui_app_draw(app);
    SDL_Rect r = fixture_control(app, id);
    fixture_click_at(app, (SDL_Point){r.x + r.w / 2, r.y + r.h / 2});
}

static inline void fixture_click(rb_app *app, const char *square)
{
    fixture_click_at(app, fixture_center(app, square));
}

/* Press on from, move there in a few steps, release on to. */
static inline void fixture_drag(rb_app *app, const char *from, const char *to)
{
    SDL_Point a = fixture_center(app, from), b = fixture_center(app, to);
    fixture_motion(app, a, false);
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, a);
    for (int i = 1; i <= 5; i++) {
        fixture_motion(app, (SDL_Point){a.x + (b.x - a.x) * i / 5, a.y + (b.y - a.y) * i / 5}, true);
    }
    fixture_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, b);
}

static inline void fixture_key(rb_app *app, SDL_Keycode key, Uint16 mod)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_KEYDOWN;
    ev.key.state = SDL_PRESSED;
    ev.key.keysym.sym = key;
    ev.key.keysym.mod = mod;
    rb_ui_app_event(app, &ev);
}

static inline void fixture_type(rb_app *app, const char *text)
{
    for (const char *p = text; *p; p++) {
        fixture_key(app, (SDL_Keycode)*p, KMOD_NONE);
    }
}

/* Text typed into a focused text field, as SDL delivers it. */
static inline void fixture_text(rb_app *app, const char *text)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_TEXTINPUT;
    SDL_strlcpy(ev.text.text, text, sizeof ev.text.text);
    rb_ui_app_event(app, &ev);
}

/* The app's clock moved by hand: after fixture_use_test_clock(app) the
 * app's time (rb_ui_window_now, read by rb_ui_app_tick) is fixture_ms, which
 * starts at SDL's time and moves only by fixture_tick_at. */
static Uint32 fixture_ms;

static inline Uint32 fixture_test_ticks(void *ctx)
{
    (void)ctx;
    return fixture_ms;
}

static inline void fixture_use_test_clock(rb_app *app)
{
    fixture_ms = SDL_GetTicks();
    app->ticks = fixture_test_ticks;
}

/* Sets the clock to ms and lets the app act on the time. */
static inline void fixture_tick_at(rb_app *app, Uint32 ms)
{
    fixture_ms = ms;
    rb_ui_app_tick(app);
}

/* A clipboard in memory, for apps without a video device (off screen):
 * fixture_use_clipboard() puts it in place of SDL's. */
static char fixture_clipboard[8192];

static inline char *fixture_clip_get(void)
{
    return SDL_strdup(fixture_clipboard);
}

static inline int fixture_clip_set(const char *text)
{
    SDL_strlcpy(fixture_clipboard, text, sizeof fixture_clipboard);
    return 0;
}

static inline void fixture_use_clipboard(rb_app *app, const char *text)
{
    app->clip_get = fixture_clip_get;
    app->clip_set = fixture_clip_set;
    fixture_clip_set(text);
}

/* A command with no arguments, applied as a view would have it applied. */
static inline int fixture_do(rb_app *app, rb_ui_cmd_kind kind)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(kind);
    return rb_ui_apply(app, &cmd);
}

/* Plays m as the board would: 0, or -1 when it is not legal. */
static inline int fixture_play(rb_app *app, rb_move m)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PLAY);
    cmd.play.move = m;
    return rb_ui_apply(app, &cmd);
}

/* Puts *g (taken over) on the board, the same players playing on. */
static inline void fixture_set_game(rb_app *app, rb_game *g)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_SET_GAME);
    cmd.set_game.players[0] = app->state.players[0];
    cmd.set_game.players[1] = app->state.players[1];
    cmd.set_game.game = g;
    rb_ui_apply(app, &cmd);
}

/* The current position as a string, for comparing with expectations. */
static inline void fixture_fen(rb_app *app, char *buf, size_t len)
{
    rb_pos_format(rb_ui_state_pos(&app->state), buf, len);
}

static inline rb_piece fixture_piece(rb_app *app, const char *square)
{
    return rb_ui_state_pos(&app->state)->board[rb_sq_parse(square)];
}

/* What SDL delivers when a file is dropped on the window (the app frees
 * the name). */
static inline void fixture_drop_file(rb_app *app, const char *path)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_DROPFILE;
    ev.drop.file = SDL_strdup(path);
    rb_ui_app_event(app, &ev);
}

/* Writes len bytes to a new file at path, failing the test if it cannot. */
static inline void fixture_write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* Whether text was drawn as it reads, whole on one line or wrapped over
 * several: each drawn line is the next stretch of it, between spaces. */
typedef struct {
    const char *lines[256];
    int n;
} fixture_drawn_lines;

static inline void fixture_keep_line(const char *text, void *data)
{
    fixture_drawn_lines *d = data;
    if (d->n < (int)(sizeof d->lines / sizeof d->lines[0])) {
        d->lines[d->n++] = text;
    }
}

static inline bool fixture_lines_spell(const fixture_drawn_lines *d, const char *rest, int depth)
{
    while (*rest == ' ' || *rest == '\n') {
        rest++;
    }
    if (*rest == '\0') {
        return true;
    }
    for (int i = 0; depth < 32 && i < d->n; i++) {
        size_t len = strlen(d->lines[i]);
        char next = rest[len < strlen(rest) ? len : strlen(rest)];
        if (len > 0 && strncmp(rest, d->lines[i], len) == 0 && (next == '\0' || next == ' ' || next == '\n') &&
            fixture_lines_spell(d, rest + len, depth + 1)) {
            return true;
        }
    }
    return false;
}

static inline bool fixture_drawn_wrapped(rb_app *app, const char *text)
{
    fixture_drawn_lines d = {.n = 0};
    rb_ui_text_drawn_each(app, fixture_keep_line, &d);
    return fixture_lines_spell(&d, text, 0);
}

#endif
