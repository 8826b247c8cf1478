/*
 * test_texts_fit_their_boxes.c - every text the window draws fits the box
 * it belongs to (a button, a panel line, a dialog, a tip) and the window,
 * on every screen, at the least window of 100%, 150% and 200%, in every
 * language of the list.
 *
 * Each screen is set up on a fresh game off screen, drawn once with the
 * text module's check of fit on (text.h), and every text it wrote down as
 * cut or overflowing fails the test, named with its screen, its language,
 * its size and its box.
 *
 * Languages are a list: "en" (the texts as written), every shipped
 * catalogue (ru, fr, de, es) and "pseudo", a
 * made-up language whose every text is 40% longer, its letters accented,
 * its printf placeholders kept, so that room for longer translations is
 * tested before they exist. It comes from a test-only gettext hook: this
 * program defines gettext and its relatives, which the game's calls reach
 * in place of the C library's (an executable's own definitions come first),
 * and passes every text on to the library's. A real catalogue is tested by
 * adding its code to the list: the hook then only asks for that language
 * (LANGUAGE) and passes the translations through unchanged.
 *
 * The same screens, drawn once in the pseudo-language, also prove that
 * every word shown came through a catalogue: a word of plain unaccented
 * letters there was drawn without _() (or is a library's English), and is
 * named with its screen. What a screen brings from outside (a typed name,
 * a file's, the system's words) is handed in through given().
 *
 * RB_FIT_LANGUAGES=en,pseudo,fr replaces the list for one run.
 * RB_FIT_SHOTS=FOLDER writes every screen's frame there as a PNG, to look
 * at what the check saw.
 */
#define _GNU_SOURCE

#include "support.h"

#include <dlfcn.h>
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialogs/dlg.h"
#include "rb_net_lan.h"
#include "words/i18n.h"
#include "words/lang.h"
#include "kit/layout.h"
#include "screens/learn/learn.h"
#include "rb_learn.h"
#include "rb_review.h"
#include "files/settings.h"
#include "app/shot.h"
#include "kit/text.h"
#include "screens/puzzles/trainer.h"
#include "ui_fixture.h"
#include "files/prefs.h"
#include "ui_home.h"

/* ---- the languages ------------------------------------------------------ */

static const char *const languages[] = {"en", "pseudo", "ru", "fr", "de", "es"};
#define NLANGUAGES (sizeof languages / sizeof languages[0])

static bool pseudo; /* the pseudo-language is on */

/* One accented letter for each plain one (UTF-8), NULL to keep it. */
static const char *accented(char c)
{
    static const char *const lower[26] = {
        "\u00e1", NULL,     "\u00e7", NULL, "\u00e9", NULL,     "\u011d", "\u0125", "\u00ed",
        "\u0135", "\u0137", "\u013a", NULL, "\u00f1", "\u00f6", NULL,     NULL,     "\u0155",
        "\u0161", "\u0163", "\u00fc", NULL, "\u0175", NULL,     "\u00fd", "\u017e",
    };
    static const char *const upper[26] = {
        "\u00c1", NULL,     "\u00c7", NULL, "\u00c9", NULL,     "\u011c", "\u0124", "\u00cd",
        "\u0134", "\u0136", "\u0139", NULL, "\u00d1", "\u00d6", NULL,     NULL,     "\u0154",
        "\u0160", "\u0162", "\u00dc", NULL, "\u0174", NULL,     "\u00dd", "\u017d",
    };
    if (c >= 'a' && c <= 'z') {
        return lower[c - 'a'];
    }
    if (c >= 'A' && c <= 'Z') {
        return upper[c - 'A'];
    }
    return NULL;
}

static bool is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static void put_letter(char **out, char c)
{
    const char *a = accented(c);
    if (a) {
        size_t n = strlen(a);
        memcpy(*out, a, n);
        *out += n;
    } else {
        *(*out)++ = c;
    }
}

/* The pseudo-translation of text: each word 40% longer (its first letters
 * again, rounded up), letters accented; placeholders, spaces and symbols
 * as they are. */
static char *pseudo_translate(const char *text)
{
    size_t len = strlen(text);
    char *out = malloc(len * 6 + 16), *o = out;
    assert_non_null(out);
    const char *p = text;
    while (*p) {
        if (*p == '%') { /* a printf placeholder, whole */
            const char *q = p + 1;
            while (*q && strchr("0123456789.-+ #$*lhzjtL", *q)) {
                q++;
            }
            if (*q) {
                q++;
            }
            memcpy(o, p, (size_t)(q - p));
            o += q - p;
            p = q;
        } else if (is_letter(*p)) {
            const char *q = p;
            while (is_letter(*q)) {
                q++;
            }
            size_t n = (size_t)(q - p), extra = (n * 4 + 9) / 10;
            for (size_t i = 0; i < n; i++) {
                put_letter(&o, p[i]);
            }
            for (size_t i = 0; i < extra; i++) {
                put_letter(&o, (char)(i == 0 ? (p[i % n] | 0x20) : p[i % n]));
            }
            p = q;
        } else {
            *o++ = *p++;
        }
    }
    *o = '\0';
    return out;
}

/* Texts once translated, kept for the program's life (the game keeps the
 * pointers gettext gives it). Each English text is kept as a copy: a text
 * read from a file (a lesson's) is freed when its window closes, and a
 * later window may be given the same address for another text. */
typedef struct kept {
    const char *msgid;
    char *text;
} kept;
static kept *kept_texts;
static size_t nkept, kept_cap;

static const char *pseudo_text(const char *msgid)
{
    for (size_t i = 0; i < nkept; i++) {
        if (strcmp(kept_texts[i].msgid, msgid) == 0) {
            return kept_texts[i].text;
        }
    }
    if (nkept == kept_cap) {
        kept_cap = kept_cap ? kept_cap * 2 : 256;
        kept_texts = realloc(kept_texts, kept_cap * sizeof *kept_texts);
        assert_non_null(kept_texts);
    }
    size_t len = strlen(msgid) + 1;
    char *copy = malloc(len);
    assert_non_null(copy);
    memcpy(copy, msgid, len);
    kept_texts[nkept] = (kept){copy, pseudo_translate(msgid)};
    return kept_texts[nkept++].text;
}

/* The C library's own, found past this program. */
typedef char *(*dcgettext_fn)(const char *, const char *, int);
typedef char *(*dcngettext_fn)(const char *, const char *, const char *, unsigned long, int);

static char *library_dcgettext(const char *domain, const char *msgid, int category)
{
    static dcgettext_fn real;
    if (!real) {
        void *sym = dlsym(RTLD_NEXT, "dcgettext"); /* a function's address, as POSIX allows */
        memcpy(&real, &sym, sizeof real);
    }
    return real ? real(domain, msgid, category) : (char *)msgid;
}

static char *library_dcngettext(const char *domain, const char *one, const char *many, unsigned long n, int category)
{
    static dcngettext_fn real;
    if (!real) {
        void *sym = dlsym(RTLD_NEXT, "dcngettext");
        memcpy(&real, &sym, sizeof real);
    }
    return real ? real(domain, one, many, n, category) : (char *)(n == 1 ? one : many);
}

/* The gettext family as the game calls it (optimised builds reach the dc
 * forms through the header's macros, others the plain ones). */
char *dcgettext(const char *domain, const char *msgid, int category)
{
    if (pseudo) {
        return (char *)pseudo_text(msgid);
    }
    return library_dcgettext(domain, msgid, category);
}

char *dcngettext(const char *domain, const char *one, const char *many, unsigned long n, int category)
{
    if (pseudo) {
        return (char *)pseudo_text(n == 1 ? one : many);
    }
    return library_dcngettext(domain, one, many, n, category);
}

#undef gettext
#undef dgettext
#undef ngettext
#undef dngettext
char *gettext(const char *msgid)
{
    return dcgettext(NULL, msgid, LC_MESSAGES);
}

char *dgettext(const char *domain, const char *msgid)
{
    return dcgettext(domain, msgid, LC_MESSAGES);
}

char *ngettext(const char *one, const char *many, unsigned long n)
{
    return dcngettext(NULL, one, many, n, LC_MESSAGES);
}

char *dngettext(const char *domain, const char *one, const char *many, unsigned long n)
{
    return dcngettext(domain, one, many, n, LC_MESSAGES);
}

static void use_language(const char *code)
{
    pseudo = strcmp(code, "pseudo") == 0;
    /* A real catalogue: the game's own texts domain, in that language. */
    setenv("LANGUAGE", pseudo ? "en" : code, 1);
    setlocale(LC_ALL, "C.UTF-8");
}

/* ---- texts the screens bring from outside ------------------------------ */

/* What a screen shows that no catalogue could hold (names a person typed,
 * a file's name, a system's message) is handed in through given(), so that
 * the check of the pseudo-language allows its words on that screen only. */
static char given_words[2048];

static const char *given(const char *text)
{
    size_t used = strlen(given_words);
    snprintf(given_words + used, sizeof given_words - used, " %s ", text);
    return text;
}

/* ---- games and positions the screens show ------------------------------- */

/* 84 plies, promotions and checks among them. */
static const char *const long_pgn =
    "1. c2-b1 e6-f6 2. Bd1-b5 Kd6-e6 3. Bb5xc6 Rc7xc6 4. Kd2-c2 Ke6-f7 5. Re2-f2 Bd7-g4+ 6. Kc2-b2 f6-f5 "
    "7. b1-a1 Rc6-g6 8. c1-b1 Bg4-f3 9. Re1-c1 f5-f4 10. b1-a2 Bf3-g4 11. Kb2-b1 f4-f3 12. Rf2-b2 f3-e2 "
    "13. Rb2-b6 e2-d2 14. Rb6xg6 Kf7xg6 15. a2-a3 Kg6-f5 16. a3-b4 Kf5-f4 17. b4-b5 Bg4-b3 18. b5-b6 Kf4-f5 "
    "19. b6-c7 Kf5-e6 20. Kb1-b2 d2xc1=R 21. Kb2xc1 Bb3-c6 22. Kc1-b2 e7-f6 23. Kb2-a3 Ke6-e7 24. Ka3-a4 "
    "Bc6-g4+ 25. Ka4-a5 Bg4-c2 26. Ka5-b4 f6-g5 27. Kb4-a3 g5-f4 28. Ka3-b2 Bc2-d1 29. Kb2-c1 Bd1-c6 *";

#define WHITE_MATES "4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1"
#define PROMO_POS "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1"

static rb_game *read_game(const char *text)
{
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error perr;
    assert_int_equal(rb_pgn_read(text, strlen(text), &games, &n, &perr), 1);
    return games;
}

/* The long game as a review leaves it: every move evaluated, one blunder
 * with its better line (written by hand: no engine needed). */
static rb_game *reviewed_long_game(void)
{
    rb_game *g = read_game(long_pgn);
    for (size_t i = 0; i < g->length; i++) {
        assert_int_equal(rb_game_set_eval(g, i, (rb_eval_mark){RB_EVAL_CP, (int)(i % 7) * 40 - 120}), 0);
    }
    size_t blunder = 4;
    rb_movelist list;
    rb_gen_legal(&g->positions[blunder], &list);
    rb_move better = list.moves[0] != g->moves[blunder] ? list.moves[0] : list.moves[1];
    assert_int_equal(rb_game_add_nag(g, blunder, rb_review_class_nag(RB_CLASS_BLUNDER)), 0);
    assert_int_equal(rb_game_set_line(g, blunder, &better, 1), 0);
    assert_int_equal(rb_game_add_nag(g, 9, rb_review_class_nag(RB_CLASS_MISTAKE)), 0);
    return g;
}

static void put_game(rb_app *app, rb_game *g)
{
    fixture_set_game(app, g);
    free(g);
}

static void apply(rb_app *app, rb_ui_cmd cmd)
{
    rb_ui_apply(app, &cmd);
}

static void open_dialog(rb_app *app, rb_ui_dialog_kind kind)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
    cmd.open_dialog.dialog = kind;
    apply(app, cmd);
}

static void ask(rb_app *app, rb_ui_ask what)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_ASK);
    cmd.ask.question = what;
    apply(app, cmd);
}

/* A king move of the side to move that the king can take back at once. */
static rb_move king_shuffle(const rb_pos *pos)
{
    rb_movelist list;
    rb_gen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        if (RB_MOVE_FROM(list.moves[i]) != pos->king[pos->side]) {
            continue;
        }
        rb_pos after, back;
        rb_pos_make(pos, list.moves[i], &after);
        /* the other side passes with any move, then the king goes back */
        rb_movelist other;
        rb_gen_legal(&after, &other);
        if (other.count == 0) {
            continue;
        }
        rb_pos_make(&after, other.moves[0], &back);
        rb_movelist again;
        rb_gen_legal(&back, &again);
        for (int k = 0; k < again.count; k++) {
            if (RB_MOVE_FROM(again.moves[k]) == RB_MOVE_TO(list.moves[i]) &&
                RB_MOVE_TO(again.moves[k]) == RB_MOVE_FROM(list.moves[i])) {
                return list.moves[i];
            }
        }
    }
    return RB_MOVE_NONE;
}

/* ---- the screens -------------------------------------------------------- */

static void game_start(rb_app *app)
{
    (void)app;
}

static void game_long_list(rb_app *app)
{
    put_game(app, read_game(long_pgn));
}

static void game_browsing(rb_app *app)
{
    put_game(app, read_game(long_pgn));
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_BROWSE);
    cmd.browse.ply = 17;
    apply(app, cmd);
}

static void game_checkmate(rb_app *app)
{
    const rb_pos *pos = rb_game_pos(&app->state.game);
    rb_movelist list;
    rb_gen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        rb_pos after;
        rb_pos_make(pos, list.moves[i], &after);
        if (rb_pos_status(&after) == RB_CHECKMATE) {
            assert_int_equal(fixture_play(app, list.moves[i]), 0);
            return;
        }
    }
    fail_msg("no mate in one in " WHITE_MATES);
}

static void game_repetition(rb_app *app)
{
    for (int i = 0; i < 12 && rb_game_ending(&app->state.game) == RB_END_NONE; i++) {
        const rb_pos *pos = rb_game_pos(&app->state.game);
        rb_move m = RB_MOVE_NONE;
        if (app->state.game.ply >= 2) { /* back where the king came from */
            rb_move before = app->state.game.moves[app->state.game.ply - 2];
            rb_movelist list;
            rb_gen_legal(pos, &list);
            for (int k = 0; k < list.count; k++) {
                if (RB_MOVE_FROM(list.moves[k]) == RB_MOVE_TO(before) &&
                    RB_MOVE_TO(list.moves[k]) == RB_MOVE_FROM(before)) {
                    m = list.moves[k];
                }
            }
        }
        if (m == RB_MOVE_NONE) {
            m = king_shuffle(pos);
        }
        assert_true(m != RB_MOVE_NONE);
        assert_int_equal(fixture_play(app, m), 0);
    }
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_REPETITION);
}

static void game_resigned(rb_app *app)
{
    put_game(app, read_game(long_pgn));
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_RESIGN);
    cmd.resign.color = RB_BLACK;
    apply(app, cmd);
}

static void game_vs_computer(rb_app *app)
{
    app->state.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, 10};
    put_game(app, read_game(long_pgn));
    rb_ui_state_say(&app->state, false, "%s",
                    given("A message for the player that goes on for a while to see it wrap."));
}

static void game_computers(rb_app *app)
{
    app->state.players[RB_WHITE] = (rb_ui_player){RB_UI_COMPUTER, 10};
    app->state.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, 9};
    app->state.pacing.paused = true;
}

static void game_named_players(rb_app *app)
{
    given("Jean-Louis Cazaux Alexandra Kosteniuk");
    rb_game *g = read_game("[White \"Jean-Louis Cazaux\"]\n[Black \"Alexandra Kosteniuk\"]\n\n"
                           "1. c2-b1 e6-f6 2. Bd1-b5 Kd6-e6 3. Bb5xc6 Rc7xc6 *");
    put_game(app, g);
}

static void game_clocks(rb_app *app)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NEW_GAME);
    cmd.new_game.tc[RB_WHITE] = (rb_ui_time_control){300000, 3000};
    cmd.new_game.tc[RB_BLACK] = (rb_ui_time_control){5400000, 30000};
    cmd.new_game.person = -1;
    cmd.new_game.players[0] = cmd.new_game.players[1] = (rb_ui_player){RB_UI_HUMAN, 4};
    apply(app, cmd);
}

static void chooser(rb_app *app)
{
    fixture_drag(app, "d6", "e6");
    assert_int_equal(app->state.input.state, RB_UI_PROMOTING);
}

static void explanation(rb_app *app)
{
    fixture_click(app, "e1");
    fixture_click(app, "g6");
    assert_true(app->state.explain.shown);
}

static void tip(rb_app *app, rb_ui_symbol symbol, const char *square, int color)
{
    app->state.tip = (rb_ui_tip_state){symbol, rb_sq_parse(square), color, true, 0};
}

static void tip_throne(rb_app *app)
{
    tip(app, RB_UI_SYMBOL_THRONE, "d6", RB_WHITE);
}

static void tip_turn(rb_app *app)
{
    tip(app, RB_UI_SYMBOL_TURN, "b2", RB_WHITE);
}

static void tip_start_line(rb_app *app)
{
    tip(app, RB_UI_SYMBOL_START_LINE, "d1", RB_WHITE);
}

static void tip_out_flag(rb_app *app)
{
    tip(app, RB_UI_SYMBOL_OUT_FLAG, "d6", RB_BLACK);
}

static void new_game_dialog(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_NEW_GAME);
}

static void new_game_computers(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_NEW_GAME);
    app->state.dialog.mode = RB_UI_COMPUTERS;
    app->state.dialog.time_choice = RB_UI_TC_NPRESETS; /* custom */
    snprintf(app->state.dialog.time_custom, sizeof app->state.dialog.time_custom, "10+5 / 5+3");
}

static void new_game_host(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_NEW_GAME);
    app->state.dialog.mode = RB_UI_NET_HOST;
    snprintf(app->state.dialog.net_port, sizeof app->state.dialog.net_port, "99999");
    snprintf(app->state.dialog.error, sizeof app->state.dialog.error,
             _("\"%s\" is not a port: give a number from 0 to 65535, such as %d (0 takes any free port)."), "99999",
             47474);
}

/* The host's waiting view as a network game would fill it: a long code,
 * an address of every kind, the daemon missing (its sentence is the
 * longest), a note under the Copy button. */
static void host_view(rb_app *app)
{
    rb_ui_net_state *n = &app->state.net;
    n->active = n->host = true;
    n->port = 47474;
    snprintf(n->code, sizeof n->code, "%s", "rb1:192.168.100.200:47474:0f1e2d3c4b5a69788796a5b4c3d2e1f0");
    static const char *const addrs[] = {"192.168.100.200", "203.0.113.250", "100.101.102.103", "169.254.10.20"};
    static const rb_ui_net_addr_kind kinds[] = {RB_UI_NET_ADDR_LAN, RB_UI_NET_ADDR_PUBLIC, RB_UI_NET_ADDR_SHARED,
                                                RB_UI_NET_ADDR_LINK_LOCAL};
    for (int i = 0; i < 4; i++) {
        snprintf(n->hosting.addrs[i], sizeof n->hosting.addrs[i], "%s", addrs[i]);
        n->hosting.addr_kinds[i] = (int)kinds[i];
    }
    n->hosting.naddrs = 4;
    n->hosting.lan = RB_NET_LAN_NO_DAEMON;
    snprintf(n->hosting.note, sizeof n->hosting.note, "%s",
             _("The code is on the clipboard: paste it to your friend."));
    open_dialog(app, RB_UI_DIALOG_NET_HOST);
}

/* ...with one who knocks, a long name from far away, after one turned away. */
static void host_view_knock(rb_app *app)
{
    host_view(app);
    rb_ui_net_hosting *h = &app->state.net.hosting;
    h->lan = RB_NET_LAN_READY;
    h->announced = true;
    h->knocking = true;
    snprintf(h->knock_name, sizeof h->knock_name, "%s", given("Bartholomew Featherstonehaugh"));
    snprintf(h->knock_addr, sizeof h->knock_addr, "%s", "2001:db8:85a3::8a2e:370:7334");
    snprintf(h->note, sizeof h->note, _("You turned %s away. Still waiting for your friend."), given("Mallory"));
}

/* ...and the friend who joined, named before the board. */
static void host_view_joined(rb_app *app)
{
    host_view(app);
    snprintf(app->state.net.hosting.joined, sizeof app->state.net.hosting.joined, "%s",
             given("Bartholomew Featherstonehaugh"));
}

/* The question before hosting over an unfinished game. */
static void question_host_over_a_game(rb_app *app)
{
    put_game(app, read_game(long_pgn));
    ask(app, RB_UI_ASK_NET_HOST);
}

static void new_game_join(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_NEW_GAME);
    app->state.dialog.mode = RB_UI_NET_JOIN;
    snprintf(app->state.dialog.error, sizeof app->state.dialog.error, "%s",
             _("Paste your friend's invite code, or type an address."));
}

/* A network game under way, as the panel shows it: the other side's
 * name and lag, a few chat lines, and the chat field, empty (how to reach
 * it) or with a line being typed. */
static void network_game_chat(rb_app *app)
{
    rb_ui_net_state *n = &app->state.net;
    memset(n, 0, sizeof *n);
    n->active = n->started = n->connected = true;
    n->color = RB_WHITE;
    snprintf(n->names[0], sizeof n->names[0], "%s", given("Alice"));
    snprintf(n->names[1], sizeof n->names[1], "%s", given("Maximilian-Alexander"));
    n->lag_ms = 42;
    n->their_offer = n->my_offer = -1;
    n->nchat = 2;
    snprintf(n->chat[0], sizeof n->chat[0], "%s", given("Alice: good luck"));
    snprintf(n->chat[1], sizeof n->chat[1], "%s", given("Maximilian-Alexander: and to you, have a nice game"));
}

static void network_game_typing(rb_app *app)
{
    network_game_chat(app);
    rb_ui_net_state *n = &app->state.net;
    n->typing = true;
    snprintf(n->draft, sizeof n->draft, "%s",
             given("a rather long line of chat that goes on past the end of the field to see it scroll"));
    n->draft_caret = n->draft_anchor = (int)strlen(n->draft);
}

/* The Join view with the local network's games listed (names from the
 * network, one long), and with the list unable to look. */
static void new_game_join_list(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_NEW_GAME);
    rb_ui_dialog_state *d = &app->state.dialog;
    d->mode = RB_UI_NET_JOIN;
    d->lan_state = RB_NET_LAN_READY;
    d->nlan = 3;
    const char *names[3] = {"Alice", "Bob", "Maximilian-Alexander von Hohenzollern"};
    const char *hosts[3] = {"192.168.1.20", "fe80::1c2b:3aff:fe4d:5e6f%wlp2s0", "10.0.0.7"};
    for (int i = 0; i < 3; i++) {
        snprintf(d->lan[i].name, sizeof d->lan[i].name, "%s", given(names[i]));
        snprintf(d->lan[i].host, sizeof d->lan[i].host, "%s", given(hosts[i]));
        d->lan[i].port = 47474;
    }
}

static void new_game_join_no_daemon(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_NEW_GAME);
    app->state.dialog.mode = RB_UI_NET_JOIN;
    app->state.dialog.lan_state = RB_NET_LAN_NO_DAEMON;
}

/* Join pressed on a game of the list: connecting, then waiting to be let
 * in; and a host that could not be reached, said under the field. */
static void new_game_join_connecting(rb_app *app)
{
    new_game_join_list(app);
    rb_ui_dialog_state *d = &app->state.dialog;
    d->joining = RB_UI_JOIN_CONNECTING;
    snprintf(d->join_host, sizeof d->join_host, "%s", given("Maximilian-Alexander von Hohenzollern"));
}

static void new_game_join_waiting(rb_app *app)
{
    new_game_join_connecting(app);
    app->state.dialog.joining = RB_UI_JOIN_WAITING;
}

static void new_game_join_unreachable(rb_app *app)
{
    new_game_join_list(app);
    rb_ui_dialog_state *d = &app->state.dialog;
    snprintf(d->net_code, sizeof d->net_code, "192.168.1.20:47474");
    snprintf(d->error, sizeof d->error, _("The host cannot be reached: %s. Check the code or the address."),
             given("cannot connect to 192.168.1.20 port 47474: Connection refused"));
}

static void save_dialog(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_SAVE);
}

static void save_dialog_error(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_SAVE);
    /* The system's reason, in the system's words. */
    snprintf(app->state.dialog.error, sizeof app->state.dialog.error, _("Could not save %s: %s"),
             "/home/somebody/.local/share/rollerball/games/a-rather-long-name.pgn", given("No space left on device"));
}

static void load_dialog(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_LOAD);
    rb_ui_dialog_state *d = &app->state.dialog;
    free(d->entries);
    d->nentries = 3;
    d->entries = calloc(3, sizeof *d->entries);
    assert_non_null(d->entries);
    snprintf(d->entries[0].name, sizeof d->entries[0].name, "game.pgn");
    snprintf(d->entries[1].name, sizeof d->entries[1].name, "%s",
             given("the long afternoon game against the computer at level ten, lost on time.pgn"));
    snprintf(d->entries[2].name, sizeof d->entries[2].name, "%s", given("2026-11-30 club.pgn"));
    for (int i = 0; i < 3; i++) {
        d->entries[i].modified = 1764500000 + i * 100000;
    }
    d->selected = 1;
}

static void load_dialog_empty(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_LOAD);
}

static void settings_page(rb_app *app, rb_ui_settings_page page)
{
    open_dialog(app, RB_UI_DIALOG_SETTINGS);
    app->state.dialog.page = page;
}

static void settings_look(rb_app *app)
{
    settings_page(app, RB_UI_SETTINGS_LOOK);
}

static void settings_board(rb_app *app)
{
    settings_page(app, RB_UI_SETTINGS_BOARD);
}

static void settings_game(rb_app *app)
{
    /* Each language is named in itself, in no catalogue (lang.c). */
    for (int i = 1; i < rb_ui_lang_count; i++) {
        given(rb_ui_langs[i].name);
    }
    settings_page(app, RB_UI_SETTINGS_GAME);
}
_Static_assert(RB_UI_SETTINGS_PAGES == 3, "a settings page without its screen here");

static void welcome_dialog(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_WELCOME);
}

/* The sign-in view with an error under every field, as the server and the
 * system word them (in English, inside the translated sentence). */
static void online_sign_in_errors(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_ONLINE);
    rb_ui_online_state *o = &app->state.online;
    snprintf(o->fields[RB_UI_ONLINE_F_NAME], sizeof o->fields[0], "%s", given("Alexandra-Petrovna"));
    snprintf(o->fields[RB_UI_ONLINE_F_PASSWORD], sizeof o->fields[0], "a-long-secret-phrase");
    snprintf(o->errors[RB_UI_ONLINE_F_ADDRESS], sizeof o->errors[0], _("The server cannot be reached: %s"),
             given("rollerball.example port 47474: Connection refused"));
    snprintf(o->errors[RB_UI_ONLINE_F_NAME], sizeof o->errors[0], "%s", _("That name is taken: choose another."));
    snprintf(o->errors[RB_UI_ONLINE_F_PASSWORD], sizeof o->errors[0], "%s", _("Wrong name or password."));
    snprintf(o->status, sizeof o->status, "%s", _("Connecting..."));
}

/* A changed certificate, said loudly, with the library's own sentence. */
static void online_certificate_changed(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_ONLINE);
    rb_ui_online_state *o = &app->state.online;
    o->loud = true;
    snprintf(o->errors[RB_UI_ONLINE_F_ADDRESS], sizeof o->errors[0], "%s",
             _("REFUSED: this server's certificate has changed since you first connected. Someone may be "
               "listening in between. Do not sign in; ask the server's owner."));
    o->remembered = true;
}

/* The lobby with seeks, one of them mine, a challenge to answer and a
 * status line. */
static void online_lobby(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_ONLINE);
    rb_ui_online_state *o = &app->state.online;
    o->view = RB_UI_ONLINE_LOBBY;
    snprintf(o->me, sizeof o->me, "%s", given("Alexandra-Petrovna"));
    snprintf(o->server, sizeof o->server, "%s", given("rollerball-server"));
    snprintf(o->address, sizeof o->address, "%s", given("play.rollerball.example:47474"));
    static const char *const names[] = {"Bartholomew-Longname",
                                        "Alexandra-Petrovna",
                                        "carol",
                                        "dave",
                                        "erin",
                                        "frank",
                                        "gina",
                                        "henrietta",
                                        "ivan",
                                        "julia"};
    for (int i = 0; i < 10; i++) {
        rb_ui_online_seek *k = &o->seeks[o->nseeks++];
        k->id = i + 1;
        snprintf(k->name, sizeof k->name, "%s", given(names[i]));
        snprintf(k->tc, sizeof k->tc, "%s", rb_ui_online_tcs[i % RB_UI_ONLINE_TCS]);
        k->rated = i % 2 == 0;
        k->color = i % 3 - 1;
        k->mine = i == 1;
    }
    o->selected = 0;
    o->my_seek = 2;
    o->tc_choice = 4;
    o->rated = true;
    o->challenge_id = 11;
    snprintf(o->challenge_from, sizeof o->challenge_from, "%s", given("Bartholomew-Longname"));
    snprintf(o->challenge_tc, sizeof o->challenge_tc, "15+10");
    o->challenge_rated = true;
    o->challenge_color = 1;
    snprintf(o->status, sizeof o->status, "%s", _("Your seek stands: waiting for someone to accept it."));
    snprintf(o->errors[RB_UI_ONLINE_F_CHALLENGE], sizeof o->errors[0], "%s",
             _("Type the name of the player to challenge."));
}

/* A guest's lobby with no seeks. */
static void online_lobby_guest(rb_app *app)
{
    open_dialog(app, RB_UI_DIALOG_ONLINE);
    rb_ui_online_state *o = &app->state.online;
    o->view = RB_UI_ONLINE_LOBBY;
    o->guest = true;
    snprintf(o->me, sizeof o->me, "%s", given("Guest-1a2b3c"));
    snprintf(o->server, sizeof o->server, "%s", given("rollerball-server"));
    snprintf(o->address, sizeof o->address, "%s", given("play.rollerball.example:47474"));
    o->selected = -1;
    o->color = -1;
    snprintf(o->error, sizeof o->error, _("The server refused: %s"), given("guests play casual games only"));
}

/* The panel of a rated game through a server at its end: both ratings and
 * how they moved. */
static void online_rated_game_end(rb_app *app)
{
    rb_ui_net_state *n = &app->state.net;
    n->active = n->started = n->connected = n->over = n->server = n->rated = n->has_diff = true;
    n->color = RB_WHITE;
    n->lag_ms = 23;
    n->their_offer = n->my_offer = -1;
    snprintf(n->names[0], sizeof n->names[0], "%s", given("Alexandra-Petrovna"));
    snprintf(n->names[1], sizeof n->names[1], "%s", given("Bartholomew-Longname"));
    n->elo[0] = 1500;
    n->elo[1] = 1500;
    n->diff[0] = -12;
    n->diff[1] = 12;
    rb_game_resign(&app->state.game, RB_WHITE);
}

static void question_resign(rb_app *app)
{
    ask(app, RB_UI_ASK_RESIGN);
}

static void question_offer_draw(rb_app *app)
{
    ask(app, RB_UI_ASK_OFFER_DRAW);
}

static void question_draw_offered(rb_app *app)
{
    ask(app, RB_UI_ASK_DRAW);
}

static void question_resume(rb_app *app)
{
    put_game(app, read_game(long_pgn));
    ask(app, RB_UI_ASK_RESUME);
}

static void message_bad_file(rb_app *app)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_MESSAGE);
    /* A message as long as the game's own, in no catalogue: the fit of a
     * message box is what this screen is for. */
    cmd.message.title = given("Part of the game could not be read");
    cmd.message.text =
        given("/home/somebody/games/rollerball-club-championship-round-seven.pgn: move 23 (Rc1-a1) is not "
              "legal there: the rook on c1 cannot reach a1. The game opens at its last good move.");
    apply(app, cmd);
}

/* The rules library's messages, each through the window's own path: a
 * position string the editor cannot read, a typed move the rules refuse,
 * a pasted game whose first move is not legal. */
static void editor_bad_string(rb_app *app)
{
    apply(app, rb_ui_cmd_of(RB_UI_CMD_EDITOR_OPEN));
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_EDITOR_TEXT);
    cmd.editor_text.text = "7/7/2xxx2 w - 0";
    apply(app, cmd);
    assert_true(app->state.editor.field_error[0] != '\0');
}

static void typed_move_refused(rb_app *app)
{
    fixture_type(app, "e1b1");
    assert_true(app->state.status[0] != '\0');
}

static void pasted_game_unread(rb_app *app)
{
    fixture_use_clipboard(app, "[Event \"x\"]\n\n1. d6c6 *\n");
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    assert_true(app->state.status[0] != '\0');
}

static void learn_map(rb_app *app)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_LEARN);
    cmd.learn.chapter = -1;
    apply(app, cmd);
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_MAP);
}

static void learn_stage(rb_app *app, int chapter)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_LEARN);
    cmd.learn.chapter = chapter;
    cmd.learn.stage = 0;
    assert_int_equal(rb_ui_apply(app, &cmd), 0);
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_STAGE);
}

#define LEARN_STAGE(n)                                                                                                 \
    static void learn_stage_##n(rb_app *app)                                                                           \
    {                                                                                                                  \
        learn_stage(app, n);                                                                                           \
    }
LEARN_STAGE(0)
LEARN_STAGE(1)
LEARN_STAGE(2)
LEARN_STAGE(3)
LEARN_STAGE(4)
LEARN_STAGE(5)
LEARN_STAGE(6)
LEARN_STAGE(7)
LEARN_STAGE(8)
LEARN_STAGE(9)

static void learn_hint(rb_app *app)
{
    learn_stage(app, 1);
    apply(app, rb_ui_cmd_of(RB_UI_CMD_LEARN_HINT));
}

static void puzzle(rb_app *app)
{
    rb_ui_trainer_use_files(app, NULL, NULL);
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PUZZLE_OPEN);
    cmd.puzzle_open.id = 2;
    assert_int_equal(rb_ui_apply(app, &cmd), 0);
}

/* Writes text to path, whole, or fails the test. */
static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

static void open_trainer(rb_app *app, const char *puzzle_file, const char *player_dir)
{
    rb_ui_trainer_use_files(app, puzzle_file, player_dir);
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PUZZLE_OPEN);
    cmd.puzzle_open.id = 2;
    rb_ui_apply(app, &cmd);
}

/* The puzzle file's problems, as the reader of puzzles says them: a line
 * that does not read (its position here), and no file at all. */
static void puzzle_file_broken(rb_app *app)
{
    char path[200];
    snprintf(path, sizeof path, "%s/broken-puzzles.txt", fixture_home);
    write_file(path, "# puzzles\n1\t1500\tmate\t7/7/2xxx2 w - 0 1\tc2b3\t-\n");
    open_trainer(app, path, NULL);
    assert_true(app->state.trainer.unavailable);
}

static void puzzle_file_missing(rb_app *app)
{
    char path[200];
    snprintf(path, sizeof path, "%s/no-such-folder/puzzles.txt", fixture_home);
    given(strerror(ENOENT)); /* the system's reason, in the system's words */
    open_trainer(app, path, NULL);
    assert_true(app->state.trainer.unavailable);
}

/* A damaged file of the player's puzzle rating: said once the puzzle is up. */
static void puzzle_rating_damaged(rb_app *app)
{
    char dir[200], path[260];
    snprintf(dir, sizeof dir, "%s/", fixture_home);
    snprintf(path, sizeof path, "%spuzzle-rating.txt", dir);
    write_file(path, "rollerball-puzzle-player 1\nrating many\n");
    open_trainer(app, NULL, dir);
    assert_true(app->state.status[0] != '\0');
}

/* A damaged progress file of the lessons, read as the Learn map opens with
 * the player's files on. */
static void learn_progress_damaged(rb_app *app)
{
    char path[RB_UI_PATH_MAX], err[RB_UI_PATH_MAX + 200];
    app->player_files = true;
    assert_int_equal(rb_ui_prefs_file(app, RB_UI_LEARN_PROGRESS_FILE, path, sizeof path, err, sizeof err), 0);
    write_file(path, "rollerball-lessons 1\nstars of the show\n");
    learn_map(app);
    apply(app, rb_ui_cmd_of(RB_UI_CMD_LEARN_CLOSE)); /* the map has no status line: the game's panel says it */
    assert_true(app->state.status[0] != '\0');
}

static void puzzle_solution(rb_app *app)
{
    puzzle(app);
    apply(app, rb_ui_cmd_of(RB_UI_CMD_PUZZLE_SOLUTION));
    while (rb_ui_trainer_waiting(&app->state)) {
        apply(app, rb_ui_cmd_of(RB_UI_CMD_PUZZLE_STEP));
    }
}

/* The analysis engine's lines, as they come (at most a second). */
static void analysis_lines(rb_app *app)
{
    Uint64 end = SDL_GetTicks64() + 1000;
    while (SDL_GetTicks64() < end && app->state.analysis.nlines < RB_UI_ANALYSIS_LINES) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 20)) {
            rb_ui_app_event(app, &ev);
        }
    }
}

static void analysis(rb_app *app)
{
    put_game(app, read_game(long_pgn));
    assert_int_equal(fixture_do(app, RB_UI_CMD_ANALYSIS_OPEN), 0);
    analysis_lines(app);
}

static void editor(rb_app *app)
{
    assert_int_equal(fixture_do(app, RB_UI_CMD_EDITOR_OPEN), 0);
}

static void editor_analysis(rb_app *app)
{
    editor(app);
    assert_int_equal(fixture_do(app, RB_UI_CMD_ANALYSIS_OVER_EDITOR), 0);
    analysis_lines(app);
}

static void review(rb_app *app)
{
    put_game(app, reviewed_long_game());
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_BROWSE);
    cmd.browse.ply = 5;
    apply(app, cmd);
}

static void mistakes(rb_app *app)
{
    put_game(app, reviewed_long_game());
    assert_int_equal(fixture_do(app, RB_UI_CMD_MISTAKES_OPEN), 0);
}

static void help_page(rb_app *app, int page)
{
    open_dialog(app, RB_UI_DIALOG_HELP);
    app->state.dialog.page = page;
}

#define HELP_PAGE(n)                                                                                                   \
    static void help_page_##n(rb_app *app)                                                                             \
    {                                                                                                                  \
        help_page(app, n);                                                                                             \
    }
HELP_PAGE(0)
HELP_PAGE(1)
HELP_PAGE(2)
HELP_PAGE(3)
HELP_PAGE(4)
HELP_PAGE(5)
HELP_PAGE(6)
HELP_PAGE(7)
HELP_PAGE(8)
HELP_PAGE(9)
_Static_assert(DLG_HELP_PAGES == 10, "a help page without its screen here");

typedef struct screen {
    const char *name;
    const char *fen; /* NULL: the start */
    void (*setup)(rb_app *app);
} screen;

static const screen screens[] = {
    {"the game at the start", NULL, game_start},
    {"the game with a long move list", NULL, game_long_list},
    {"browsing the move list", NULL, game_browsing},
    {"a game won by checkmate", WHITE_MATES, game_checkmate},
    {"a game drawn by repetition", "7/2k4/2xxx2/2xxx2/2xxx2/5K1/7 w - 0 1", game_repetition},
    {"a resigned game", NULL, game_resigned},
    {"against the computer, with a message", NULL, game_vs_computer},
    {"two computers, paused", NULL, game_computers},
    {"a game with the players' names", NULL, game_named_players},
    {"the clocks", NULL, game_clocks},
    {"the promotion chooser", PROMO_POS, chooser},
    {"a refused move explained", NULL, explanation},
    {"the throne's tip", NULL, tip_throne},
    {"a turn square's tip", NULL, tip_turn},
    {"the start line's tip", NULL, tip_start_line},
    {"the out flag's tip", NULL, tip_out_flag},
    {"New game", NULL, new_game_dialog},
    {"New game, two computers on a custom clock", NULL, new_game_computers},
    {"New game, hosting a network game, a bad port", NULL, new_game_host},
    {"New game, joining a network game, no code", NULL, new_game_join},
    {"Network game, the chat field", NULL, network_game_chat},
    {"Network game, typing a chat line", NULL, network_game_typing},
    {"New game, joining, games on the local network", NULL, new_game_join_list},
    {"New game, joining, no Avahi daemon", NULL, new_game_join_no_daemon},
    {"New game, joining, connecting", NULL, new_game_join_connecting},
    {"New game, joining, waiting to be let in", NULL, new_game_join_waiting},
    {"New game, joining, the host cannot be reached", NULL, new_game_join_unreachable},
    {"the host's waiting view", NULL, host_view},
    {"the host's waiting view, a knock", NULL, host_view_knock},
    {"the host's waiting view, the friend joined", NULL, host_view_joined},
    {"the question before hosting over an unfinished game", NULL, question_host_over_a_game},
    {"Save", NULL, save_dialog},
    {"Save, with an error", NULL, save_dialog_error},
    {"Load", NULL, load_dialog},
    {"Load, no games", NULL, load_dialog_empty},
    {"Settings, Look", NULL, settings_look},
    {"Settings, Board", NULL, settings_board},
    {"Settings, Game", NULL, settings_game},
    {"Welcome", NULL, welcome_dialog},
    {"Play online, signing in with errors", NULL, online_sign_in_errors},
    {"Play online, a changed certificate", NULL, online_certificate_changed},
    {"Play online, the lobby", NULL, online_lobby},
    {"Play online, a guest's empty lobby", NULL, online_lobby_guest},
    {"a rated game's end through a server", NULL, online_rated_game_end},
    {"Help, page 1", NULL, help_page_0},
    {"Help, page 2", NULL, help_page_1},
    {"Help, page 3", NULL, help_page_2},
    {"Help, page 4", NULL, help_page_3},
    {"Help, page 5", NULL, help_page_4},
    {"Help, page 6", NULL, help_page_5},
    {"Help, page 7", NULL, help_page_6},
    {"Help, page 8", NULL, help_page_7},
    {"Help, page 9", NULL, help_page_8},
    {"Help, page 10", NULL, help_page_9},
    {"the question before resigning", NULL, question_resign},
    {"the question before offering a draw", NULL, question_offer_draw},
    {"a draw offered", NULL, question_draw_offered},
    {"resuming the game", NULL, question_resume},
    {"a game file's problem", NULL, message_bad_file},
    {"the editor, a position string it cannot read", NULL, editor_bad_string},
    {"a typed move the rules refuse", NULL, typed_move_refused},
    {"a pasted game it cannot read", NULL, pasted_game_unread},
    {"the Learn map", NULL, learn_map},
    {"a lesson of chapter 1", NULL, learn_stage_0},
    {"a lesson of chapter 2", NULL, learn_stage_1},
    {"a lesson of chapter 3", NULL, learn_stage_2},
    {"a lesson of chapter 4", NULL, learn_stage_3},
    {"a lesson of chapter 5", NULL, learn_stage_4},
    {"a lesson of chapter 6", NULL, learn_stage_5},
    {"a lesson of chapter 7", NULL, learn_stage_6},
    {"a lesson of chapter 8", NULL, learn_stage_7},
    {"a lesson of chapter 9", NULL, learn_stage_8},
    {"a lesson of chapter 10", NULL, learn_stage_9},
    {"a lesson's hint", NULL, learn_hint},
    {"the puzzle trainer", NULL, puzzle},
    {"a puzzle's solution", NULL, puzzle_solution},
    {"the puzzle trainer, a line of its file broken", NULL, puzzle_file_broken},
    {"the puzzle trainer, its file missing", NULL, puzzle_file_missing},
    {"a puzzle rating file damaged", NULL, puzzle_rating_damaged},
    {"a lessons progress file damaged", NULL, learn_progress_damaged},
    {"the analysis board", NULL, analysis},
    {"the position editor", NULL, editor},
    {"the analysis board opened from the position editor", NULL, editor_analysis},
    {"the review", NULL, review},
    {"learn from mistakes", NULL, mistakes},
};
#define NSCREENS (sizeof screens / sizeof screens[0])

/* ---- the check ---------------------------------------------------------- */

static char report[16384];
static size_t report_len;
static int misfits_found;

static void note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(report + report_len, sizeof report - report_len, fmt, ap);
    va_end(ap);
    if (n > 0) {
        report_len += (size_t)n < sizeof report - report_len ? (size_t)n : sizeof report - report_len - 1;
    }
}

/* Opens the game at the least window of the interface size pct. */
static rb_app *open_at(const char *fen, int pct)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.fen = fen;
    opt.scale_pct = pct;
    rb_ui_layout_least_window(pct, 1.0f, 1.0f, &opt.width, &opt.height);
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
    return &fixture_app;
}

/* Opens the game and sets the screen up, the words it brings forgotten. */
static rb_app *open_screen(const screen *s, int pct)
{
    given_words[0] = '\0';
    rb_app *app = open_at(s->fen, pct);
    s->setup(app);
    return app;
}

/* Draws the screen in the language and size; writes its misfits down. */
static void check_screen(const screen *s, const char *lang, int pct)
{
    rb_app *app = open_screen(s, pct);
    rb_ui_app_draw(app); /* the layout the frame's clicks go by */
    rb_ui_text_check(app, true);
    rb_ui_app_draw(app);
    rb_ui_text_misfit found[RB_UI_TEXT_MISFITS_MAX];
    int n = rb_ui_text_misfits(app, found, RB_UI_TEXT_MISFITS_MAX);
    rb_ui_text_check(app, false);
    for (int i = 0; i < n && i < RB_UI_TEXT_MISFITS_MAX; i++) {
        const rb_ui_text_misfit *m = &found[i];
        note("  %s, %s, %d%% (%dx%d): \"%s\" %s: drawn at %d,%d %dx%d, its box %d,%d %dx%d\n", s->name, lang, pct,
             app->layout.out_w, app->layout.out_h, m->text, m->why, m->extent.x, m->extent.y, m->extent.w, m->extent.h,
             m->box.x, m->box.y, m->box.w, m->box.h);
    }
    misfits_found += n;
    const char *shots = getenv("RB_FIT_SHOTS");
    if (shots && *shots) {
        char path[600], err[400];
        snprintf(path, sizeof path, "%s/%s-%d-%s.png", shots, lang, pct, s->name);
        for (char *c = path + strlen(shots) + 1; *c; c++) {
            if (*c == ' ' || *c == ',' || *c == '\'' || *c == '/') {
                *c = '_';
            }
        }
        if (rb_ui_shot_write(app, path, err, sizeof err) != 0) {
            print_message("%s\n", err);
        }
    }
    fixture_close(app);
}

static void every_text_fits_at_the_least_window(int pct)
{
    report_len = 0;
    report[0] = '\0';
    misfits_found = 0;
    const char *list[16];
    size_t nlist = 0;
    char given[200] = "";
    const char *env = getenv("RB_FIT_LANGUAGES");
    if (env && *env) {
        snprintf(given, sizeof given, "%s", env);
        for (char *code = strtok(given, ", "); code && nlist < 16; code = strtok(NULL, ", ")) {
            list[nlist++] = code;
        }
    } else {
        for (size_t l = 0; l < NLANGUAGES; l++) {
            list[nlist++] = languages[l];
        }
    }
    for (size_t l = 0; l < nlist; l++) {
        use_language(list[l]);
        for (size_t i = 0; i < NSCREENS; i++) {
            check_screen(&screens[i], list[l], pct);
        }
    }
    use_language("en");
    if (misfits_found > 0) {
        fprintf(stderr, "%d texts do not fit their boxes:\n%s", misfits_found, report);
        fail_msg("%d texts do not fit their boxes (listed above)", misfits_found);
    }
}

static void every_text_fits_at_100_percent(void **state)
{
    (void)state;
    every_text_fits_at_the_least_window(100);
}

static void every_text_fits_at_150_percent(void **state)
{
    (void)state;
    every_text_fits_at_the_least_window(150);
}

static void every_text_fits_at_200_percent(void **state)
{
    (void)state;
    every_text_fits_at_the_least_window(200);
}

/* The check can fail: a label too long for its button is caught, named. */
static void an_overflowing_label_is_caught(void **state)
{
    (void)state;
    rb_app *app = open_at(NULL, 100);
    rb_ui_app_draw(app);
    rb_ui_text_check(app, true);
    rb_ui_text_misfit found[4];
    /* A text inside its box, and one inside the clip rectangle: nothing. */
    SDL_Rect wide = rb_ui_text_box_begin(app, (SDL_Rect){0, 0, 200, 40});
    rb_ui_text_draw(app, "Fits", 14, false, app->theme->text, 10, 20, RB_UI_ALIGN_LEFT);
    rb_ui_text_box_end(app, wide);
    SDL_RenderSetClipRect(app->renderer, &(SDL_Rect){0, 50, 200, 40});
    rb_ui_text_draw(app, "Fits too", 14, false, app->theme->text, 10, 70, RB_UI_ALIGN_LEFT);
    assert_int_equal(rb_ui_text_misfits(app, found, 4), 0);
    /* Cut by the clip rectangle (no box named): caught. */
    rb_ui_text_draw(app, "Cut at the bottom", 14, false, app->theme->text, 10, 88, RB_UI_ALIGN_LEFT);
    SDL_RenderSetClipRect(app->renderer, NULL);
    assert_int_equal(rb_ui_text_misfits(app, found, 4), 1);
    assert_string_equal(found[0].why, "cut by its box");
    rb_ui_text_check(app, true); /* starts afresh */
    assert_int_equal(rb_ui_text_misfits(app, found, 4), 0);
    SDL_Rect small = {10, 10, 40, 20};
    SDL_Rect outer = rb_ui_text_box_begin(app, small);
    rb_ui_text_draw(app, "A label far too long for its button", 14, false, app->theme->text, 10, 20, RB_UI_ALIGN_LEFT);
    rb_ui_text_box_end(app, outer);
    rb_ui_text_draw_wrapped(app, "Wide", 14, false, app->theme->text, 10, 100, 3); /* not a letter fits */
    assert_true(rb_ui_text_misfits(app, found, 4) >= 2); /* the label, then each letter of "Wide" */
    assert_string_equal(found[0].text, "A label far too long for its button");
    assert_string_equal(found[0].why, "beyond its box");
    assert_true(SDL_RectEquals(&found[0].box, &small));
    assert_string_equal(found[1].why, "a word wider than its line");
    rb_ui_text_check(app, false);
    fixture_close(app);
}

/* The pseudo-language is longer, accented and keeps its placeholders. */
static void the_pseudo_language_is_longer(void **state)
{
    (void)state;
    char *t = pseudo_translate("Volume %d of %s");
    assert_non_null(strstr(t, "%d"));
    assert_non_null(strstr(t, "%s"));
    assert_null(strstr(t, "Volume"));
    assert_true(strlen(t) > strlen("Volume %d of %s") * 14 / 10);
    free(t);
}

/* ---- the check of words ------------------------------------------------ */

/* In the pseudo-language every word the catalogue gives is accented, so a
 * word of plain letters on a screen came from somewhere else: a text drawn
 * without _(), or a library's English. Allowed: what a screen was given
 * (given()), "Rollerball", words of one letter (a piece, a side in a
 * position string), and whole tokens holding a digit, a '/' or a file's
 * extension: move text and squares (c2b3, Bd1-b5, d6e6r), position strings,
 * numbers, times, paths and file names. */

/* The length of the letter at p (ASCII or a Latin letter with a mark,
 * U+00C0 to U+024F, as the pseudo-language writes them), 0 if none;
 * *plain says whether it was ASCII. */
static size_t letter_at(const char *p, bool *plain)
{
    unsigned char c = (unsigned char)p[0];
    *plain = is_letter((char)c);
    if (*plain) {
        return 1;
    }
    if ((c & 0xE0) == 0xC0 && ((unsigned char)p[1] & 0xC0) == 0x80) {
        unsigned cp = ((c & 0x1Fu) << 6) | ((unsigned char)p[1] & 0x3Fu);
        if (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) {
            return 2;
        }
    }
    return 0;
}

/* True when the plain word is the pseudo-language's own: a word of letters
 * it leaves unmarked (b, d, f, m, p, q, v, x) comes out as plain letters,
 * its first ones again at its end. */
static bool pseudo_form(const char *w, size_t len)
{
    for (size_t n = 1; n < len; n++) {
        size_t extra = (n * 4 + 9) / 10;
        if (n + extra != len) {
            continue;
        }
        bool same = true;
        for (size_t i = 0; i < extra && same; i++) {
            same = w[n + i] == (i == 0 ? (char)(w[i] | 0x20) : w[i % n]);
        }
        if (same) {
            return true;
        }
    }
    return false;
}

/* True when word (len bytes) stands whole among the given texts' words. */
static bool given_word(const char *word, size_t len)
{
    for (const char *p = given_words; *p; p++) {
        if (strncmp(p, word, len) == 0 && (p == given_words || !is_letter(p[-1])) && !is_letter(p[len])) {
            return true;
        }
    }
    return false;
}

/* True when the token (a run without spaces) is move text, a position, a
 * number, a time or a file: a digit, a slash or an extension in it. */
static bool token_of_its_own(const char *tok, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if ((tok[i] >= '0' && tok[i] <= '9') || tok[i] == '/' || tok[i] == '\\') {
            return true;
        }
        if (tok[i] == '.' && i > 0 && is_letter(tok[i - 1]) && i + 1 < len && is_letter(tok[i + 1])) {
            return true;
        }
    }
    return false;
}

typedef struct words_check {
    const char *screen;
    int found;
} words_check;

/* Writes down every plain English word of one drawn text. */
static void check_words(const char *text, void *data)
{
    words_check *wc = data;
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == '\n') {
            p++;
        }
        const char *tok = p;
        while (*p && *p != ' ' && *p != '\n') {
            p++;
        }
        if (p == tok || token_of_its_own(tok, (size_t)(p - tok))) {
            continue;
        }
        for (const char *q = tok; q < p;) {
            bool plain, all_plain = true;
            const char *w = q;
            size_t n;
            while (q < p && (n = letter_at(q, &plain)) > 0) {
                all_plain = all_plain && plain;
                q += n;
            }
            size_t len = (size_t)(q - w);
            if (len == 0) {
                q++;
                continue;
            }
            if (!all_plain || len < 2 || pseudo_form(w, len) || given_word(w, len) ||
                (len == 10 && strncmp(w, "Rollerball", len) == 0)) {
                continue;
            }
            note("  %s: \"%.*s\" in \"%s\"\n", wc->screen, (int)len, w, text);
            wc->found++;
        }
    }
}

/* Every word a screen shows in the pseudo-language came through a catalogue. */
static void no_english_word_escapes_the_catalogue(void **state)
{
    (void)state;
    report_len = 0;
    report[0] = '\0';
    use_language("pseudo");
    words_check wc = {NULL, 0};
    for (size_t i = 0; i < NSCREENS; i++) {
        rb_app *app = open_screen(&screens[i], 100);
        rb_ui_app_draw(app);
        wc.screen = screens[i].name;
        rb_ui_text_drawn_each(app, check_words, &wc);
        fixture_close(app);
    }
    use_language("en");
    if (wc.found > 0) {
        fprintf(stderr, "%d English words drawn without a catalogue:\n%s", wc.found, report);
        fail_msg("%d English words drawn without a catalogue (listed above)", wc.found);
    }
}

/* The check of words can fail: plain English is caught, the allowed is not. */
static void an_english_word_is_caught(void **state)
{
    (void)state;
    words_check wc = {"a made-up screen", 0};
    given_words[0] = '\0';
    given("Alexandra");
    char *drawn = pseudo_translate("Your move, Alexandra: c2b3 from 7/7/2xxx2 w at 10:05 in game.pgn.");
    check_words(drawn, &wc);
    free(drawn);
    check_words("Bd1-b5 Rc7xc6 d6e6r Rollerball 1-0", &wc);
    check_words("pxp", &wc); /* the pseudo-language's "px" */
    assert_int_equal(wc.found, 0);
    check_words("Your move, Alexandra.", &wc);
    assert_int_equal(wc.found, 2); /* "Your", "move" */
    report_len = 0;
    report[0] = '\0';
}

static int setup(void **state)
{
    (void)state;
    return fixture_private_home("texts-fit");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_pseudo_language_is_longer),         cmocka_unit_test(an_overflowing_label_is_caught),
        cmocka_unit_test(every_text_fits_at_100_percent),        cmocka_unit_test(every_text_fits_at_150_percent),
        cmocka_unit_test(every_text_fits_at_200_percent),        cmocka_unit_test(an_english_word_is_caught),
        cmocka_unit_test(no_english_word_escapes_the_catalogue),
    };
    return cmocka_run_group_tests(tests, setup, fixture_remove_home_teardown);
}
