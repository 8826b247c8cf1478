/*
 * test_announcements_reach_the_voice.c - the announcement library: the log
 * has one announcement a line in the order said; a voice loaded at run
 * time (a stand-in libspeechd) is opened on the speech thread without the
 * caller waiting, gets the language and rate, the queued announcements in
 * order, and a cut before an interrupting one; with no voice at all the
 * handle is silent and says so once; espeak-ng synthesises every language
 * where it is installed.
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

#include "rb_speech.h"

static void read_file(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = 0;
    fclose(f);
}

static void log_has_one_announcement_a_line(void **state)
{
    (void)state;
    const char *path = RB_TEST_TMP "/speech.log";
    char why[300];
    rb_speech *s = rb_speech_open(&(rb_speech_config){.log_path = path}, why, sizeof why);
    assert_non_null(s);
    assert_string_equal(rb_speech_backend(s), "log");
    rb_speech_say(s, "rook g1 to a4", RB_SPEECH_INTERRUPT);
    rb_speech_say(s, "two\nlines", RB_SPEECH_QUEUE);
    rb_speech_say(s, "", RB_SPEECH_QUEUE); /* nothing to say: no line */
    char text[256];
    read_file(path, text, sizeof text); /* written at once, before close */
    assert_string_equal(text, "rook g1 to a4\ntwo lines\n");
    rb_speech_close(s);
}

static void log_file_that_cannot_be_made_is_named(void **state)
{
    (void)state;
    char why[300] = "";
    rb_speech *s = rb_speech_open(&(rb_speech_config){.log_path = "/nonexistent/dir/speech.log"}, why, sizeof why);
    assert_null(s);
    assert_non_null(strstr(why, "/nonexistent/dir/speech.log"));
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

static void voice_opens_off_the_callers_thread(void **state)
{
    (void)state;
    const char *path = RB_TEST_TMP "/fake-speechd.log";
    setenv("RB_SPEECH_LIBSPEECHD", RB_FAKE_SPEECHD, 1);
    setenv("RB_FAKE_SPEECHD_LOG", path, 1);
    char why[300];
    double t0 = now_ms();
    rb_speech *s = rb_speech_open(&(rb_speech_config){.language = "fr", .rate = 30}, why, sizeof why);
    assert_non_null(s);
    rb_speech_say(s, "one", RB_SPEECH_QUEUE);
    rb_speech_say(s, "two", RB_SPEECH_QUEUE);
    /* the stand-in takes a second to open: the caller did not wait for it
     * (the bound leaves room for a loaded machine) */
    assert_true(now_ms() - t0 < 500.0);
    assert_true(rb_speech_settle(s, 5000));
    assert_string_equal(rb_speech_backend(s), "speech-dispatcher");
    rb_speech_say(s, "three", RB_SPEECH_INTERRUPT);
    assert_true(rb_speech_settle(s, 5000));
    rb_speech_set_rate(s, 500); /* held to the range */
    assert_true(rb_speech_settle(s, 5000));
    rb_speech_close(s);
    char text[512];
    read_file(path, text, sizeof text);
    assert_string_equal(text,
                        "open\nlanguage fr\nrate 30\nsay 2 one\nsay 2 two\ncancel\nsay 2 three\nrate 100\nclose\n");
    unsetenv("RB_SPEECH_LIBSPEECHD");
}

static void no_voice_is_silence_and_one_line(void **state)
{
    (void)state;
    setenv("RB_SPEECH_LIBSPEECHD", "none", 1);
    setenv("RB_SPEECH_LIBESPEAK", "/nonexistent/libespeak-ng.so.1", 1);
    FILE *notes = tmpfile();
    assert_non_null(notes);
    char why[300];
    rb_speech *s = rb_speech_open(&(rb_speech_config){.notes = notes}, why, sizeof why);
    assert_non_null(s);
    rb_speech_say(s, "nobody hears this", RB_SPEECH_QUEUE);
    assert_true(rb_speech_settle(s, 5000));
    assert_string_equal(rb_speech_backend(s), "none");
    for (int i = 0; i < 100; i++) {
        rb_speech_say(s, "nor this", i % 2 ? RB_SPEECH_QUEUE : RB_SPEECH_INTERRUPT);
    }
    rb_speech_close(s);
    rewind(notes);
    char text[1024];
    size_t n = fread(text, 1, sizeof text - 1, notes);
    text[n] = 0;
    fclose(notes);
    assert_non_null(strstr(text, "silent"));
    assert_non_null(strstr(text, "/nonexistent/libespeak-ng.so.1"));
    assert_int_equal(strchr(text, '\n') - text + 1, (long)n); /* one line */
    unsetenv("RB_SPEECH_LIBSPEECHD");
    unsetenv("RB_SPEECH_LIBESPEAK");
}

/* Without a session bus nobody can say a screen reader runs: a voice
 * opened only for one stays silent, and says nothing on the terminal. */
static void no_desktop_no_screen_reader(void **state)
{
    (void)state;
    unsetenv("DBUS_SESSION_BUS_ADDRESS");
    unsetenv("XDG_RUNTIME_DIR");
    assert_false(rb_speech_screen_reader_running());
    FILE *notes = tmpfile();
    assert_non_null(notes);
    char why[300];
    rb_speech *s = rb_speech_open(&(rb_speech_config){.only_if_screen_reader = true, .notes = notes}, why, sizeof why);
    assert_non_null(s);
    rb_speech_say(s, "nobody asked", RB_SPEECH_QUEUE);
    assert_true(rb_speech_settle(s, 5000));
    assert_string_equal(rb_speech_backend(s), "none");
    rb_speech_close(s);
    assert_int_equal(ftell(notes), 0);
    fclose(notes);
}

static void espeak_speaks_every_language(void **state)
{
    (void)state;
    static const char *const langs[][2] = {
        {"en", "rook g1 to a4, rebound at a1"}, {"ru", "ладья g1 на a4, отскок на a1"},
        {"fr", "tour g1 en a4, rebond en a1"},  {"de", "Turm g1 nach a4, Abprall auf a1"},
        {"es", "torre g1 a a4, rebote en a1"},
    };
    char why[300];
    long n = rb_speech_espeak_samples("en", "check", why, sizeof why);
    if (n < 0) {
        skip(); /* espeak-ng is not installed here */
    }
    for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++) {
        n = rb_speech_espeak_samples(langs[i][0], langs[i][1], why, sizeof why);
        if (n <= 0) {
            fail_msg("%s: no sound for '%s' (%s)", langs[i][0], langs[i][1], n < 0 ? why : "0 samples");
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(log_has_one_announcement_a_line),    cmocka_unit_test(log_file_that_cannot_be_made_is_named),
        cmocka_unit_test(voice_opens_off_the_callers_thread), cmocka_unit_test(no_voice_is_silence_and_one_line),
        cmocka_unit_test(no_desktop_no_screen_reader),        cmocka_unit_test(espeak_speaks_every_language),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
