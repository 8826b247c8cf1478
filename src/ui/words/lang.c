/*
 * lang.c - the game's language (lang.h).
 *
 * gettext decides per call from the environment and the LC_MESSAGES
 * locale, so choosing a language is setting those two: LANGUAGE to the
 * code and LC_MESSAGES to a locale that is not "C" (glibc ignores LANGUAGE
 * under "C"); then textdomain() tells gettext to forget what it had looked
 * up, so a switch takes effect at the next call. The environment's own
 * LANGUAGE is kept aside whenever this file writes its own, so "System"
 * can go back to it.
 */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv */
#include "words/lang.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "words/i18n.h"

#define LANG_DOMAIN "rollerball"

const rb_ui_lang rb_ui_langs[] = {
    /* TRANSLATORS: the language choice that follows the computer's own setting */
    {"", N_("System")},
    /* Each language is named in itself, so a person finds theirs whatever
     * the game speaks now. */
    {"en", "English"},
    {"ru", "\u0420\u0443\u0441\u0441\u043a\u0438\u0439"},
    {"fr", "Fran\u00e7ais"},
    {"de", "Deutsch"},
    {"es", "Espa\u00f1ol"},
};
const int rb_ui_lang_count = (int)(sizeof rb_ui_langs / sizeof rb_ui_langs[0]);

int rb_ui_lang_find(const char *code)
{
    if (!code) {
        return -1;
    }
    if (strcmp(code, "system") == 0) {
        return 0;
    }
    for (int i = 0; i < rb_ui_lang_count; i++) {
        if (strcmp(code, rb_ui_langs[i].code) == 0) {
            return i;
        }
    }
    return -1;
}

const char *rb_ui_lang_codes(void)
{
    static char codes[64];
    if (!codes[0]) {
        for (int i = 1; i < rb_ui_lang_count; i++) {
            if (i > 1) {
                SDL_strlcat(codes, ", ", sizeof codes);
            }
            SDL_strlcat(codes, rb_ui_langs[i].code, sizeof codes);
        }
    }
    return codes;
}

static char lang_dir[4096];
static bool lang_started;
static char *lang_env_language; /* the environment's LANGUAGE, or NULL */
static char lang_written[64];   /* what this file put in LANGUAGE, "" nothing */

/* Keeps the environment's LANGUAGE, unless what is there now is ours. */
static void lang_remember_env(void)
{
    const char *l = getenv("LANGUAGE");
    if (lang_written[0] && l && strcmp(l, lang_written) == 0) {
        return;
    }
    SDL_free(lang_env_language);
    lang_env_language = l ? SDL_strdup(l) : NULL;
    lang_written[0] = '\0';
}

static void lang_write(const char *language)
{
    SDL_strlcpy(lang_written, language, sizeof lang_written);
    setenv("LANGUAGE", lang_written, 1);
}

const char *rb_ui_lang_dir(void)
{
    if (!lang_dir[0]) {
        const char *env = SDL_getenv("RB_LOCALE_DIR");
        char *base = env && env[0] ? NULL : SDL_GetBasePath();
        if (env && env[0]) {
            SDL_snprintf(lang_dir, sizeof lang_dir, "%s%s", env, env[strlen(env) - 1] == '/' ? "" : "/");
        } else if (base) {
            SDL_snprintf(lang_dir, sizeof lang_dir, "%s../share/locale/", base);
        } else {
            SDL_strlcpy(lang_dir, "/usr/share/locale/", sizeof lang_dir);
        }
        SDL_free(base);
    }
    return lang_dir;
}

/* True for a locale name under which glibc ignores LANGUAGE. */
static bool lang_plain(const char *locale)
{
    return !locale || strcmp(locale, "C") == 0 || strcmp(locale, "POSIX") == 0;
}

/* The locale the environment names for messages: LC_ALL, LC_MESSAGES,
 * LANG as POSIX orders them; NULL when none is set. */
static const char *lang_env_locale(void)
{
    static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(vars[i]);
        if (v && v[0]) {
            return v;
        }
    }
    return NULL;
}

/* "C", "POSIX", "C.UTF-8": the locales that mean "no language". */
static bool lang_env_plain(const char *v)
{
    return strcmp(v, "C") == 0 || strcmp(v, "POSIX") == 0 || strncmp(v, "C.", 2) == 0;
}

/* A locale for LC_MESSAGES that is not "C", so LANGUAGE counts. */
static void lang_messages_not_c(void)
{
    static const char *const fallbacks[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"};
    const char *now = setlocale(LC_MESSAGES, "");
    if (!lang_plain(now)) {
        return;
    }
    for (size_t i = 0; i < sizeof fallbacks / sizeof fallbacks[0]; i++) {
        if (setlocale(LC_MESSAGES, fallbacks[i])) {
            return;
        }
    }
}

static void lang_choose(int index);

void rb_ui_lang_use(int index)
{
    lang_choose(index);
    /* Setting the same text domain again tells gettext that the
     * environment changed, so it forgets the translations it looked up
     * (setlocale does too, but not when the locale name stays the same). */
    textdomain(LANG_DOMAIN);
}

static void lang_choose(int index)
{
    lang_remember_env();
    if (!lang_started) {
        char dir[sizeof lang_dir];
        SDL_strlcpy(dir, rb_ui_lang_dir(), sizeof dir);
        bindtextdomain(LANG_DOMAIN, dir);
        bind_textdomain_codeset(LANG_DOMAIN, "UTF-8");
        textdomain(LANG_DOMAIN);
        lang_started = true;
    }
    if (index > 0 && index < rb_ui_lang_count) {
        lang_write(rb_ui_langs[index].code);
        lang_messages_not_c();
        return;
    }
    /* System: the environment as it came, helped where its locale is not
     * installed (LANG=fr_FR.UTF-8 on a system with only C.UTF-8). */
    lang_written[0] = '\0';
    if (lang_env_language) {
        setenv("LANGUAGE", lang_env_language, 1);
    } else {
        unsetenv("LANGUAGE");
    }
    const char *now = setlocale(LC_MESSAGES, "");
    if (!lang_plain(now)) {
        return;
    }
    /* Here the locale is "C": either asked for (LANG=C: no language, as in
     * any GNU program) or missing from the system. */
    const char *locale = lang_env_locale();
    const char *wanted = locale && lang_plain(locale)                ? NULL
                         : lang_env_language && lang_env_language[0] ? lang_env_language
                         : locale && !lang_env_plain(locale)         ? locale
                                                                     : NULL;
    if (!wanted) {
        setlocale(LC_MESSAGES, "C");
        return;
    }
    if (wanted != lang_env_language) {
        /* "fr_FR.UTF-8@euro" names the language "fr_FR" */
        char code[64];
        SDL_strlcpy(code, wanted, sizeof code);
        code[strcspn(code, ".@")] = '\0';
        lang_write(code);
    }
    lang_messages_not_c();
}

const char *rb_ui_lang_current(void)
{
    /* The catalogue's own answer: every translation carries its language
     * in its header. */
    static const char empty[] = ""; /* a variable: "" itself is no message */
    const char *header = gettext(empty);
    const char *l = header ? strstr(header, "Language: ") : NULL;
    static char code[16];
    if (!l || !header[0]) {
        return "en";
    }
    l += strlen("Language: ");
    size_t n = strcspn(l, "\n");
    if (n == 0 || n >= sizeof code) {
        return "en";
    }
    memcpy(code, l, n);
    code[n] = '\0';
    return code;
}
