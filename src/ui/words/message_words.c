/*
 * message_words.c - the rules library's messages translated (message_words.h).
 *
 * A template goes through gettext as it is; a word goes through it with
 * its context, as pgettext would look it up ("context" EOT "word"): the
 * same English word may need different words in another language
 * depending on what it does in the sentence.
 */
#include "words/message_words.h"

#include <string.h>

#include "words/i18n.h"

static const char *translate(const char *context, const char *text, void *data)
{
    (void)data;
    if (context == NULL) {
        return gettext(text);
    }
    char key[256];
    size_t c = strlen(context), t = strlen(text);
    if (c + 1 + t + 1 > sizeof key) {
        return text;
    }
    memcpy(key, context, c);
    key[c] = '\004';
    memcpy(key + c + 1, text, t + 1);
    const char *found = gettext(key);
    /* gettext hands back its argument, our stack buffer, when it has no
     * translation: then the word stays as it is. A translation never holds
     * the separator; should what comes back hold it anyway (a stand-in for
     * gettext that rewrites every text), the word is what follows it. */
    if (found == key) {
        return text;
    }
    const char *eot = strchr(found, '\004');
    return eot ? eot + 1 : found;
}

size_t rb_ui_message_words_text(const rb_message *m, char *buf, size_t len)
{
    return rb_message_text(m, translate, NULL, buf, len);
}

size_t rb_ui_message_words_file(const char *file, int line, const rb_message *m, char *buf, size_t len)
{
    return rb_message_file_text(file, line, m, translate, NULL, buf, len);
}
