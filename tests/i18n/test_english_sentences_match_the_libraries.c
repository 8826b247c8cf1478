/*
 * test_english_sentences_match_the_libraries.c - in English, the window's
 * own sentences (built from the libraries' structured answers so that
 * they can be translated) say word for word what the libraries' English
 * sentences say: the explanation of every attempted move in many
 * positions (rb_explain_text), and the Learn screen's answer to every move
 * tried in every lesson stage (the learn library's message).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "words/explain_words.h"
#include "words/lang.h"
#include "words/learn_words.h"
#include "rb_explain.h"
#include "rb_learn.h"
#include "rb_util_random.h"

static int english(void **state)
{
    (void)state;
    rb_ui_lang_use(rb_ui_lang_find("en"));
    return 0;
}

/* Every from, to and promotion choice in pos; returns the number compared. */
static int compare_explanations(const rb_pos *pos)
{
    static const int promos[] = {0, RB_ROOK, RB_BISHOP, RB_KING};
    int n = 0;
    for (int from = 0; from < RB_NSQ; from++) {
        for (int to = 0; to < RB_NSQ; to++) {
            for (int k = 0; k < 4; k++) {
                rb_explanation e;
                if (rb_explain_move(pos, from, to, promos[k], &e) != 0) {
                    fail_msg("rb_explain_move refused %d-%d", from, to);
                }
                char theirs[RB_UI_EXPLAIN_TEXT_MAX], ours[RB_UI_EXPLAIN_TEXT_MAX];
                rb_explain_text(&e, theirs, sizeof theirs);
                rb_ui_explain_words(&e, ours, sizeof ours);
                if (strcmp(theirs, ours) != 0) {
                    fail_msg("%s-%s: the library says\n  %s\nthe window says\n  %s", rb_sq_name(from), rb_sq_name(to),
                             theirs, ours);
                }
                n++;
            }
        }
    }
    return n;
}

static void explanations_are_the_same_sentences(void **state)
{
    (void)state;
    uint64_t rng = 20261201;
    int positions = 0, endings = 0;
    for (int game = 0; game < 12; game++) {
        rb_pos pos;
        rb_pos_start(&pos);
        for (int ply = 0; ply < 200; ply++) {
            if (ply % 7 == 0 || rb_pos_status(&pos) != RB_ONGOING) {
                compare_explanations(&pos);
                positions++;
            }
            if (rb_pos_status(&pos) != RB_ONGOING) {
                endings++;
                break;
            }
            rb_movelist list;
            rb_gen_legal(&pos, &list);
            rb_pos next;
            rb_pos_make(&pos, list.moves[rb_util_splitmix64(&rng) % (uint64_t)list.count], &next);
            pos = next;
        }
    }
    assert_true(positions > 100);
    print_message("compared every attempt in %d positions (%d game ends)\n", positions, endings);
}

/* Tries one move in a fresh copy of the stage and compares the answers. */
static void compare_try(const rb_learn_stage *st, const rb_learn_move *before, int nbefore, int from, int to, int promo,
                        int *compared)
{
    rb_learn_session s;
    if (rb_learn_session_start(&s, st) != 0) {
        fail_msg("out of memory");
    }
    rb_learn_feedback fb;
    for (int i = 0; i < nbefore; i++) {
        rb_learn_try(&s, before[i].from, before[i].to, before[i].promo, &fb);
    }
    rb_learn_try(&s, from, to, promo, &fb);
    if (fb.message[0]) {
        char ours[RB_UI_EXPLAIN_TEXT_MAX];
        rb_ui_learn_words_feedback(&fb, &st->goal, ours, sizeof ours);
        if (strcmp(fb.message, ours) != 0) {
            fail_msg("stage %s, %s-%s: the library says\n  %s\nthe window says\n  %s", st->id, rb_sq_name(from),
                     rb_sq_name(to), fb.message, ours);
        }
        (*compared)++;
    }
    rb_learn_session_free(&s);
}

static void lesson_answers_are_the_same_sentences(void **state)
{
    (void)state;
    const char *src = getenv("RB_SOURCE_DIR");
    assert_non_null(src);
    char dir[1024], err[RB_LEARN_ERROR_MAX];
    snprintf(dir, sizeof dir, "%s/assets/lessons", src);
    rb_learn_set set;
    if (rb_learn_load_dir(dir, &set, err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
    assert_int_equal(set.nerrors, 0);
    int compared = 0;
    for (int c = 0; c < set.nchapters; c++) {
        for (int k = 0; k < set.chapters[c].nstages; k++) {
            const rb_learn_stage *st = &set.chapters[c].stages[k];
            /* at each point of the solution, every move of every piece of
             * the side to move, and some that are no move at all */
            for (int at = 0; at < st->nsolution; at++) {
                rb_learn_session s;
                if (rb_learn_session_start(&s, st) != 0) {
                    fail_msg("out of memory");
                }
                rb_learn_feedback fb;
                for (int i = 0; i < at; i++) {
                    rb_learn_try(&s, st->solution[i].from, st->solution[i].to, st->solution[i].promo, &fb);
                }
                rb_pos pos = *rb_learn_pos(&s);
                rb_learn_session_free(&s);
                for (int from = 0; from < RB_NSQ; from++) {
                    if (!pos.board[from] || RB_COLOR(pos.board[from]) != pos.side) {
                        continue;
                    }
                    for (int to = 0; to < RB_NSQ; to++) {
                        compare_try(st, st->solution, at, from, to, 0, &compared);
                    }
                    compare_try(st, st->solution, at, from, from, RB_ROOK, &compared);
                }
                compare_try(st, st->solution, at, st->solution[at].from, st->solution[at].to,
                            st->solution[at].promo == RB_ROOK ? RB_BISHOP : RB_ROOK, &compared);
            }
            /* the stage played to its end, and once more */
            compare_try(st, st->solution, st->nsolution - 1, st->solution[st->nsolution - 1].from,
                        st->solution[st->nsolution - 1].to, st->solution[st->nsolution - 1].promo, &compared);
        }
    }
    rb_learn_set_free(&set);
    assert_true(compared > 1000);
    print_message("compared %d answers\n", compared);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(explanations_are_the_same_sentences, english),
        cmocka_unit_test_setup(lesson_answers_are_the_same_sentences, english),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
