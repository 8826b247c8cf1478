/*
 * speech_main.c - rollerball-speak: the announcement library from the
 * command line, to hear (or log) what the game would say and to see which
 * voice a system has.
 *
 *   rollerball-speak [--log FILE] [--lang CODE] [--rate N] [--samples] [TEXT...]
 *
 * Without TEXT it speaks each line of standard input, one after the other.
 * --samples synthesises with espeak-ng into memory and prints the number
 * of samples instead of speaking.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_speech.h"

static int usage(FILE *to)
{
    fprintf(to, "usage: rollerball-speak [--log FILE] [--lang CODE] [--rate -100..100] [--samples] [TEXT...]\n");
    return to == stdout ? 0 : 2;
}

int main(int argc, char **argv)
{
    rb_speech_config cfg = {0};
    bool samples = false;
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--help") == 0) {
            return usage(stdout);
        } else if (strcmp(a, "--samples") == 0) {
            samples = true;
        } else if (strcmp(a, "--log") == 0 && has_value) {
            cfg.log_path = argv[++i];
        } else if (strcmp(a, "--lang") == 0 && has_value) {
            cfg.language = argv[++i];
        } else if (strcmp(a, "--rate") == 0 && has_value) {
            char *end;
            long r = strtol(argv[++i], &end, 10);
            if (*end || r < RB_SPEECH_RATE_MIN || r > RB_SPEECH_RATE_MAX) {
                fprintf(stderr, "rollerball-speak: --rate: '%s' is not a whole number from -100 to 100\n", argv[i]);
                return 2;
            }
            cfg.rate = (int)r;
        } else {
            fprintf(stderr, "rollerball-speak: '%s' is not an option here (or lacks its value)\n", a);
            return usage(stderr);
        }
    }
    if (samples) {
        int status = 0;
        for (; i < argc; i++) {
            char why[300];
            long n = rb_speech_espeak_samples(cfg.language ? cfg.language : "en", argv[i], why, sizeof why);
            if (n < 0) {
                fprintf(stderr, "rollerball-speak: %s\n", why);
                return 1;
            }
            printf("%ld\n", n);
            status |= n == 0;
        }
        return status;
    }
    char why[600];
    rb_speech *s = rb_speech_open(&cfg, why, sizeof why);
    if (!s) {
        fprintf(stderr, "rollerball-speak: %s\n", why);
        return 1;
    }
    if (i < argc) {
        for (; i < argc; i++) {
            rb_speech_say(s, argv[i], RB_SPEECH_QUEUE);
        }
    } else {
        char line[RB_SPEECH_TEXT_MAX];
        while (fgets(line, sizeof line, stdin)) {
            line[strcspn(line, "\n")] = 0;
            rb_speech_say(s, line, RB_SPEECH_QUEUE);
        }
    }
    rb_speech_settle(s, 10000);
    fprintf(stderr, "rollerball-speak: spoken with %s\n", rb_speech_backend(s));
    rb_speech_close(s);
    return 0;
}
