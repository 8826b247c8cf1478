/*
 * rb_message.h - the rules library's messages, kept apart from their words.
 *
 * A message is a sentence template (English, with positional placeholders
 * %1$s, %2$s... and %% for a percent sign) and its arguments, each either
 * text taken from the input (a square, a number, the quoted characters) or
 * a word of the library's own (a piece, an ending) with a context for its
 * translation. The library stays free of gettext and of globals: it only
 * records the template and the arguments; rb_message_text() rebuilds the
 * sentence, in English when no translation function is given (the exact
 * text the parse functions have always written into their char *err), or
 * with whatever a front end's function returns for each template and word.
 *
 * A message may hold a message inside another ("move 12 (White): ...",
 * "bad FEN tag: ..."), up to RB_MSG_PARTS deep: the inner one's sentence
 * is the outer template's last argument.
 *
 * Templates are marked with RB_MSG_() and words with RB_MSGW_(), no-ops
 * here, so that the translation template's extraction finds them.
 */
#ifndef RB_MESSAGE_H
#define RB_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>

#define RB_MSG_(text) text
/* A word in a context, as a table's initializer: {context, word}. */
#define RB_MSGW_(context, word)                                                                                        \
    {                                                                                                                  \
        context, word                                                                                                  \
    }

#define RB_MSG_ARGS 4       /* arguments of one template */
#define RB_MSG_ARG_MAX 80   /* bytes of one text argument, its NUL included */
#define RB_MSG_TEXT_MAX 400 /* enough for any whole message */
#define RB_MSG_PARTS 3      /* messages inside messages, the outermost counted */

typedef struct rb_msg_word {
    const char *context; /* says what the word is doing in its sentences */
    const char *word;
} rb_msg_word;

typedef struct rb_msg_arg {
    rb_msg_word word;          /* word.word set: a word to translate */
    char text[RB_MSG_ARG_MAX]; /* otherwise this text, printable ASCII */
} rb_msg_arg;

typedef struct rb_msg_part {
    const char *tmpl;
    int nargs;
    rb_msg_arg arg[RB_MSG_ARGS];
} rb_msg_part;

typedef struct rb_message {
    /* part[0] is the sentence; each part[i + 1] < nparts is the inner
     * sentence of part[i], its argument number part[i].nargs + 1.
     * nparts 0: no message. */
    rb_msg_part part[RB_MSG_PARTS];
    int nparts;
} rb_message;

/* Empties m. */
void rb_message_clear(rb_message *m);

/* Starts m over as this template with no arguments yet. A NULL m is
 * accepted and ignored by every builder, so a caller that wants no message
 * need not say so twice. */
void rb_message_set(rb_message *m, const char *tmpl);

/* Adds a text argument to the outermost template: printf-formatted, cut to
 * RB_MSG_ARG_MAX - 1 bytes, every byte that is not printable ASCII shown
 * as '?' (messages quote what people type and paste). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void rb_message_add(rb_message *m, const char *fmt, ...);

/* Adds a word argument to the outermost template. */
void rb_message_add_word(rb_message *m, rb_msg_word w);

/* Puts the message m holds inside a new template, whose last argument
 * (after those added next) it becomes. m must hold fewer than
 * RB_MSG_PARTS parts; otherwise it is left as it is. */
void rb_message_wrap(rb_message *m, const char *tmpl);

/*
 * Translates a template (context NULL) or a word (its context); returns
 * the text to use, or the given text itself when there is no translation.
 */
typedef const char *rb_message_translate(const char *context, const char *text, void *data);

/*
 * Writes the message's sentence into buf (len bytes, cut short like
 * snprintf, always NUL-terminated when len > 0) and returns the length of
 * the whole sentence. tr NULL: the library's English. A translated
 * template that does not fit its arguments (a placeholder with no argument,
 * a '%' that is none of %N$s and %%) is not used: the English one is.
 */
size_t rb_message_text(const rb_message *m, rb_message_translate *tr, void *data, char *buf, size_t len);

/*
 * A message about a file: "FILE: SENTENCE", or "FILE:LINE: SENTENCE" when
 * line > 0, written as rb_message_text() writes the sentence (its two
 * frames are templates too, translated by tr). The file is kept out of the
 * message's arguments, whose length is bounded, as a path's is not: readers
 * of files say what is wrong in a message and leave the file to the caller
 * that named it.
 */
size_t rb_message_file_text(const char *file, int line, const rb_message *m, rb_message_translate *tr, void *data,
                            char *buf, size_t len);

/*
 * Fills tmpl's placeholders with args[0..nargs) into buf (len bytes, cut
 * short like snprintf). Returns false, writing nothing, when tmpl does not
 * fit: a '%' other than %% and %N$s with 1 <= N <= nargs.
 */
bool rb_message_fill(const char *tmpl, const char *const args[], int nargs, char *buf, size_t len, size_t *out_len);

#endif
