/*
 * learn.c - the Learn screen's model: the lessons read from the data
 * folder, the player's progress, and the stage being played, changed only
 * by the commands apply.c hands on here.
 *
 * A move on a stage goes to rb_learn_try(), which plays it (with the
 * lesson's answer) or says why not: an illegal move is shown as the
 * board's own explanation (explain.c: the attackers' paths, the square in
 * the way), a legal one the stage does not want in the panel. Finishing
 * records the stars, best kept, and writes the progress at once.
 */
#include "screens/learn/learn.h"
#include "words/i18n.h"
#include "words/learn_words.h"
#include "words/message_words.h"

#include <stdlib.h>
#include <string.h>

#include "media/assets.h"
#include "board/explain.h"
#include "board/input.h"
#include "files/prefs.h"

/* What the screen keeps beside the state: the lessons, the progress and
 * the session (the stage's own position), and where the view drew what. */
struct rb_ui_learn {
    rb_learn_set set;
    rb_learn_progress progress;
    rb_learn_session session;
    bool started; /* session holds a stage */
    struct {
        SDL_Rect r;
        int id;
    } hits[400];
    int nhits;
    int mouse_x, mouse_y;
};

const rb_learn_set *rb_ui_learn_set(const rb_app *app)
{
    return app->learn ? &app->learn->set : NULL;
}

const rb_learn_progress *rb_ui_learn_progress(const rb_app *app)
{
    return app->learn ? &app->learn->progress : NULL;
}

const rb_learn_session *rb_ui_learn_session(const rb_app *app)
{
    return app->learn && app->learn->started ? &app->learn->session : NULL;
}

void rb_ui_learn_free(rb_app *app)
{
    if (!app->learn) {
        return;
    }
    if (app->learn->started) {
        rb_learn_session_free(&app->learn->session);
    }
    rb_learn_set_free(&app->learn->set);
    free(app->learn);
    app->learn = NULL;
}

/* The lessons' folder in the data folder data (ends in '/'; NULL: found
 * as the window finds it). */
static int lessons_dir(const char *data, char *dir, size_t len, char *err, size_t errlen)
{
    char found[RB_UI_PATH_MAX];
    if (!data) {
        if (rb_ui_assets_data_dir(found, sizeof found, err, errlen) != 0) {
            return -1;
        }
        data = found;
    }
    if ((size_t)snprintf(dir, len, "%slessons", data) >= len) {
        /* TRANSLATORS: %s is the data folder; "lessons" is the name of a folder in it */
        snprintf(err, errlen, _("The lessons folder name %slessons is too long."), data);
        return -1;
    }
    return 0;
}

/* The lesson files that did not read, on the terminal: a file's problem in
 * the player's language, a lesson's own (for its author) in English. */
static void say_problems(const rb_learn_set *set)
{
    for (int i = 0; i < set->nerrors; i++) {
        const rb_learn_problem *p = &set->problems[i];
        char text[RB_UI_PATH_MAX + RB_UI_MESSAGE_TEXT_MAX];
        if (p->why.nparts > 0) {
            rb_ui_message_words_file(p->file, p->line, &p->why, text, sizeof text);
        } else {
            snprintf(text, sizeof text, "%s", set->errors[i]);
        }
        fprintf(stderr, "rollerball: %s\n", text);
    }
}

/* Reads the lessons and the progress the first time; 0 or -1 (said). */
static int learn_load(rb_app *app)
{
    if (app->learn) {
        return 0;
    }
    rb_ui_state *st = &app->state;
    struct rb_ui_learn *l = calloc(1, sizeof *l);
    if (!l) {
        rb_ui_state_say(st, true, "%s", _("Out of memory for the lessons."));
        return -1;
    }
    char dir[RB_UI_PATH_MAX + 16], err[RB_UI_PATH_MAX + RB_UI_MESSAGE_TEXT_MAX];
    rb_message why;
    int line;
    bool read = lessons_dir(NULL, dir, sizeof dir, err, sizeof err) == 0;
    if (read && rb_learn_load_dir_why(dir, &l->set, &why) != 0) {
        rb_ui_message_words_file(dir, 0, &why, err, sizeof err);
        read = false;
    }
    if (!read) {
        rb_ui_state_say(st, true, _("Cannot read the lessons: %s"), err);
        free(l);
        return -1;
    }
    say_problems(&l->set);
    if (l->set.nchapters == 0) {
        rb_ui_state_say(st, true, _("No lessons could be read from %s."), dir);
        rb_learn_set_free(&l->set);
        free(l);
        return -1;
    }
    rb_learn_progress_clear(&l->progress);
    char path[RB_UI_PATH_MAX];
    if (app->player_files &&
        rb_ui_prefs_file(app, RB_UI_LEARN_PROGRESS_FILE, path, sizeof path, err, sizeof err) == 0 &&
        rb_learn_progress_load_why(&l->progress, path, &why, &line) != 0) {
        rb_ui_message_words_file(path, line, &why, err, sizeof err);
        rb_ui_state_say(st, true, "%s", err);
    }
    app->learn = l;
    return 0;
}

static void progress_save(rb_app *app)
{
    char path[RB_UI_PATH_MAX], err[RB_UI_PATH_MAX + RB_UI_MESSAGE_TEXT_MAX];
    if (!app->player_files) {
        return;
    }
    rb_message why;
    if (rb_ui_prefs_file(app, RB_UI_LEARN_PROGRESS_FILE, path, sizeof path, err, sizeof err) != 0) {
        rb_ui_state_say(&app->state, true, "%s", err);
    } else if (rb_learn_progress_save_why(&app->learn->progress, path, &why) != 0) {
        rb_ui_message_words_file(path, 0, &why, err, sizeof err);
        rb_ui_state_say(&app->state, true, "%s", err);
    }
}

/* The stage's board as it starts: nothing selected, said or hinted. */
static void stage_fresh(rb_ui_state *st, const rb_learn_session *s)
{
    rb_ui_learn_state *ls = &st->learn;
    rb_ui_input_cancel(&st->input);
    ls->board = *rb_learn_pos(s);
    ls->goal_stars = s->stage->goal.kind == RB_GOAL_COLLECT ? s->stars : 0;
    ls->message[0] = 0;
    ls->hint_shown = false;
    ls->hint_used = false;
    ls->stars = 0;
    ls->over = false;
    ls->last = RB_MOVE_NONE;
}

/* The map (chapter < 0) or a stage (from 0). Returns 0, or -1 with the
 * reason in the status line (no lessons, no such stage). */
static int learn_open(rb_app *app, int chapter, int stage, rb_ui_screen_closer close_others)
{
    rb_ui_state *st = &app->state;
    if (learn_load(app) != 0) {
        return -1;
    }
    struct rb_ui_learn *l = app->learn;
    rb_ui_learn_state *ls = &st->learn;
    const rb_learn_stage *sg = chapter < 0 ? NULL : rb_learn_find(&l->set, chapter + 1, stage + 1);
    if (chapter >= 0 && !sg) {
        /* TRANSLATORS: a lesson's number, chapter and stage: "There is no lesson 3.2." */
        rb_ui_state_say(st, true, _("There is no lesson %d.%d."), chapter + 1, stage + 1);
        return -1;
    }
    close_others(app, RB_UI_CMD_LEARN, false);
    rb_ui_explain_clear(st);
    rb_ui_input_cancel(&st->input); /* nothing of the game's board held */
    if (chapter < 0) {
        ls->mode = RB_UI_LEARN_MAP;
        ls->hover = 0;
        return 0;
    }
    if (l->started) {
        rb_learn_session_free(&l->session);
    }
    l->started = false;
    if (rb_learn_session_start(&l->session, sg) != 0) {
        rb_ui_state_say(st, true, "%s", _("Out of memory starting the lesson."));
        return -1;
    }
    l->started = true;
    ls->mode = RB_UI_LEARN_STAGE;
    ls->chapter = chapter;
    ls->stage = stage;
    ls->hover = 0;
    stage_fresh(st, &l->session);
    rb_learn_progress_visit(&l->progress, l->set.chapters[chapter].id, sg->id);
    return 0;
}

static int learn_try(rb_app *app, int from, int to, int promo)
{
    rb_ui_state *st = &app->state;
    struct rb_ui_learn *l = app->learn;
    if (!l || !l->started || st->learn.mode != RB_UI_LEARN_STAGE) {
        return -1;
    }
    rb_ui_learn_state *ls = &st->learn;
    rb_learn_feedback fb;
    rb_learn_result r = rb_learn_try(&l->session, from, to, promo, &fb);
    rb_ui_input_cancel(&st->input);
    ls->board = *rb_learn_pos(&l->session);
    ls->goal_stars = l->session.stage->goal.kind == RB_GOAL_COLLECT ? l->session.stars : 0;
    rb_ui_explain_clear(st);
    switch (r) {
    case RB_LEARN_ILLEGAL:
        rb_ui_explain_show(st, &fb.explain, rb_ui_window_now(app));
        SDL_strlcpy(ls->message, st->explain.text, sizeof ls->message);
        return -1;
    case RB_LEARN_REFUSED:
        rb_ui_learn_words_feedback(&fb, &l->session.stage->goal, ls->message, sizeof ls->message);
        return -1;
    case RB_LEARN_OVER:
        SDL_strlcpy(ls->message, _("This stage is over: retry it, or go on."), sizeof ls->message);
        return -1;
    case RB_LEARN_PLAYED:
    case RB_LEARN_DONE:
    case RB_LEARN_FAILED: break;
    }
    ls->hint_shown = false;
    ls->last = fb.reply != RB_MOVE_NONE ? fb.reply : fb.move;
    rb_ui_learn_words_feedback(&fb, &l->session.stage->goal, ls->message, sizeof ls->message);
    if (r == RB_LEARN_DONE) {
        const rb_learn_stage *sg = l->session.stage;
        ls->stars = rb_learn_stars_hinted(sg, l->session.moves, ls->hint_used);
        bool cost = ls->stars < rb_learn_stars(sg, l->session.moves);
        ls->over = true;
        rb_learn_progress_record(&l->progress, l->set.chapters[ls->chapter].id, sg->id, ls->stars);
        progress_save(app);
        /* Two numbers, each with its plural: two sentences' worth, put together. */
        char moves[128], stars[128];
        /* TRANSLATORS: the first half of "Well done! Finished in 3 moves: 2 stars." */
        snprintf(moves, sizeof moves,
                 ngettext("Well done! Finished in %d move:", "Well done! Finished in %d moves:",
                          (unsigned long)l->session.moves),
                 l->session.moves);
        /* TRANSLATORS: the second half of "Well done! Finished in 3 moves: 2 stars." */
        snprintf(stars, sizeof stars, ngettext("%d star.", "%d stars.", (unsigned long)ls->stars), ls->stars);
        snprintf(ls->message, sizeof ls->message, "%s %s%s%s", moves, stars, cost ? " " : "",
                 /* TRANSLATORS: after "Well done! Finished in 3 moves: 2 stars." when a hint was used */
                 cost ? _("The hint cost the third star.") : "");
    } else if (r == RB_LEARN_FAILED) {
        ls->over = true;
    }
    return 0;
}

static void learn_retry(rb_app *app)
{
    struct rb_ui_learn *l = app->learn;
    if (!l || !l->started) {
        return;
    }
    rb_learn_session_reset(&l->session);
    stage_fresh(&app->state, &l->session);
    rb_ui_explain_clear(&app->state);
}

static void learn_hint(rb_app *app)
{
    struct rb_ui_learn *l = app->learn;
    rb_ui_learn_state *ls = &app->state.learn;
    if (!l || !l->started) {
        return;
    }
    rb_move m;
    bool the_stages = rb_learn_hint_is_the_stages(&l->session);
    if (rb_learn_hint(&l->session, &m, &ls->hint)) {
        ls->hint_shown = true;
        ls->hint_used = true;
        /* The stage's words describe its own way only: off it, the words
         * come from the very move the arrow shows. */
        const char *words = the_stages ? l->session.stage->hint : NULL;
        if (words) {
            SDL_strlcpy(ls->message, rb_ui_learn_words_lesson(words), sizeof ls->message);
        } else if (the_stages) {
            SDL_strlcpy(ls->message, _("Follow the arrow."), sizeof ls->message);
        } else {
            char from[8], to[8];
            SDL_strlcpy(from, rb_sq_name(RB_MOVE_FROM(m)), sizeof from);
            SDL_strlcpy(to, rb_sq_name(RB_MOVE_TO(m)), sizeof to);
            /* TRANSLATORS: a lesson's hint once the player has left its way: the two squares of the move
             * the arrow shows, "From f5, go to g4: follow the arrow." */
            snprintf(ls->message, sizeof ls->message, _("From %s, go to %s: follow the arrow."), from, to);
        }
    } else {
        ls->hint_shown = false;
        SDL_strlcpy(ls->message, _("No hint from here: retry the stage to see its way again."), sizeof ls->message);
    }
}

void rb_ui_learn_close(rb_app *app)
{
    rb_ui_state *st = &app->state;
    st->learn.mode = RB_UI_LEARN_OFF;
    rb_ui_explain_clear(st);
    rb_ui_input_cancel(&st->input);
    if (app->learn) {
        progress_save(app);
    }
}

int rb_ui_learn_apply(rb_app *app, const rb_ui_cmd *cmd, rb_ui_screen_closer close_others)
{
    switch (cmd->kind) {
    case RB_UI_CMD_LEARN:
        return learn_open(app, cmd->learn.chapter < 0 ? -1 : cmd->learn.chapter, cmd->learn.stage, close_others);
    case RB_UI_CMD_LEARN_TRY: return learn_try(app, cmd->learn_try.from, cmd->learn_try.to, cmd->learn_try.promo);
    case RB_UI_CMD_LEARN_RETRY: learn_retry(app); return 0;
    case RB_UI_CMD_LEARN_HINT: learn_hint(app); return 0;
    case RB_UI_CMD_LEARN_CLOSE: rb_ui_learn_close(app); return 0;
    default: return -1; /* it keeps none of the game's */
    }
}

int rb_ui_learn_list(const char *data_dir, FILE *out, char *err, size_t errlen)
{
    char dir[RB_UI_PATH_MAX + 16];
    rb_learn_set set;
    rb_message why;
    if (lessons_dir(data_dir, dir, sizeof dir, err, errlen) != 0) {
        return -1;
    }
    if (rb_learn_load_dir_why(dir, &set, &why) != 0) {
        rb_ui_message_words_file(dir, 0, &why, err, errlen);
        return -1;
    }
    say_problems(&set);
    size_t need = rb_learn_list(&set, NULL, 0) + 1;
    char *buf = malloc(need);
    if (!buf) {
        rb_learn_set_free(&set);
        snprintf(err, errlen, "%s", _("out of memory"));
        return -1;
    }
    rb_learn_list(&set, buf, need);
    fputs(buf, out);
    free(buf);
    rb_learn_set_free(&set);
    return 0;
}

/* ---- the view's memory, for learn_view.c ---- */

void rb_ui_learn_hits_clear(rb_app *app)
{
    if (app->learn) {
        app->learn->nhits = 0;
    }
}

void rb_ui_learn_hit(rb_app *app, SDL_Rect r, int id)
{
    struct rb_ui_learn *l = app->learn;
    if (l && l->nhits < (int)(sizeof l->hits / sizeof l->hits[0])) {
        l->hits[l->nhits].r = r;
        l->hits[l->nhits].id = id;
        l->nhits++;
    }
}

int rb_ui_learn_hit_at(const rb_app *app, int x, int y)
{
    const struct rb_ui_learn *l = app->learn;
    SDL_Point p = {x, y};
    for (int i = 0; l && i < l->nhits; i++) {
        if (SDL_PointInRect(&p, &l->hits[i].r)) {
            return l->hits[i].id;
        }
    }
    return 0;
}
