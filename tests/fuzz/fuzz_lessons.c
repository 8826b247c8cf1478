/*
 * fuzz_lessons.c - fuzzes the lesson-file reader, the stage player and the
 * progress-file reader.
 *
 * Any bytes are read as a chapter, with every stage's solution replayed as
 * the game does on loading. A chapter that is accepted is then played: each
 * stage's solution again, move by move, with hints, a reset and the
 * --list-lessons line, and each session must end with the goal reached and
 * the scripted replies used up. The same bytes are also read as a progress
 * file, whose text form must read back to the same progress. Refused input
 * must come with a "file:line:" message.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rb_learn.h"

/* A chapter's replay searches for engine stages; keep inputs short enough
 * that one run stays well under the fuzzer's time limit. */
#define MAX_INPUT 8192

static void play_stage(const rb_learn_stage *st)
{
    rb_learn_session s;
    if (rb_learn_session_start(&s, st) != 0) {
        return;
    }
    for (int i = 0; i < st->nsolution; i++) {
        rb_move hint;
        rb_path path;
        if (!rb_learn_hint(&s, &hint, &path)) {
            rb_fuzz_fail("no hint at move %d of stage %s", i + 1, st->id);
        }
        rb_learn_feedback fb;
        rb_learn_result r = rb_learn_try(&s, st->solution[i].from, st->solution[i].to, st->solution[i].promo, &fb);
        rb_learn_result want = i + 1 == st->nsolution ? RB_LEARN_DONE : RB_LEARN_PLAYED;
        if (r != want) {
            rb_fuzz_fail("stage %s: move %d gave %d after the check accepted it", st->id, i + 1, (int)r);
        }
        rb_fuzz_check_position(rb_learn_pos(&s));
    }
    if (st->replies == RB_REPLY_SCRIPT && s.replies != st->nscript) {
        rb_fuzz_fail("stage %s: %d of %d scripted replies used", st->id, s.replies, st->nscript);
    }
    rb_learn_session_reset(&s);
    if (!rb_pos_equal(rb_learn_pos(&s), &st->start)) {
        rb_fuzz_fail("stage %s: reset is not the start", st->id);
    }
    rb_learn_session_free(&s);
}

static void progress_round_trip(const uint8_t *data, size_t size)
{
    rb_learn_progress *p = malloc(sizeof *p), *q = malloc(sizeof *q);
    if (p == NULL || q == NULL) {
        free(p);
        free(q);
        return;
    }
    char err[RB_LEARN_ERROR_MAX];
    rb_learn_progress_parse(p, (const char *)data, size, "progress", err, sizeof err);
    size_t n = rb_learn_progress_format(p, NULL, 0);
    char *text = malloc(n + 1);
    if (text != NULL) {
        rb_learn_progress_format(p, text, n + 1);
        if (rb_learn_progress_parse(q, text, n, "again", err, sizeof err) != 0) {
            rb_fuzz_fail("written progress does not read back: %s", err);
        }
        if (q->count != p->count || strcmp(q->last, p->last) != 0) {
            rb_fuzz_fail("progress changed on its round trip");
        }
        for (int i = 0; i < p->count; i++) {
            if (strcmp(p->entries[i].key, q->entries[i].key) != 0 || p->entries[i].stars != q->entries[i].stars) {
                rb_fuzz_fail("progress entry %d changed on its round trip", i);
            }
        }
        free(text);
    }
    free(p);
    free(q);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT) {
        size = MAX_INPUT;
    }
    progress_round_trip(data, size);

    rb_learn_chapter c;
    char err[RB_LEARN_ERROR_MAX];
    err[0] = 0;
    if (rb_learn_parse_chapter((const char *)data, size, "f.lesson", true, &c, err, sizeof err) != 0) {
        if (strncmp(err, "f.lesson:", 9) != 0) {
            rb_fuzz_fail("a refusal without file and line: \"%s\"", err);
        }
        return 0;
    }
    rb_learn_set set = {1, &c, 0, NULL, NULL};
    size_t need = rb_learn_list(&set, NULL, 0);
    char *list = malloc(need + 1);
    if (list != NULL) {
        if (rb_learn_list(&set, list, need + 1) != need || strlen(list) != need) {
            rb_fuzz_fail("list length");
        }
        free(list);
    }
    for (int i = 0; i < c.nstages; i++) {
        play_stage(&c.stages[i]);
    }
    rb_learn_chapter_free(&c);
    return 0;
}
