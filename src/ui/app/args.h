/*
 * args.h - the rollerball command line.
 */
#ifndef RB_UI_ARGS_H
#define RB_UI_ARGS_H

#include <stdio.h>

#include "app/app.h"

typedef enum { RB_UI_ARGS_RUN = 0, RB_UI_ARGS_HELP, RB_UI_ARGS_VERSION, RB_UI_ARGS_ERROR } rb_ui_args_result;

/* Parses argv into opt. On RB_UI_ARGS_ERROR, err says what is wrong. */
rb_ui_args_result rb_ui_args_parse(int argc, char **argv, rb_ui_options *opt, char *err, size_t errlen);
void rb_ui_args_usage(FILE *out);
/* The language --lang names (an index into rb_ui_langs), found before the
 * rest is parsed so that what the parsing says is in that language; -1
 * when none is given or it is unknown (the parsing says so). */
int rb_ui_args_lang(int argc, char **argv);

#endif
