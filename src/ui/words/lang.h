/*
 * lang.h - which language the game speaks, and switching it.
 *
 * The choice, strongest first: --lang CODE on the command line, the
 * "language" of the settings file (the Settings dialog), then the
 * environment as for any GNU program (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).
 * The catalogues are found relative to the program, like the data folder
 * (<program>/../share/locale/LANG/LC_MESSAGES/rollerball.mo), or in
 * RB_LOCALE_DIR when that is set.
 *
 * Only LC_MESSAGES is ever set, so numbers in files are read and written
 * as before whatever the language. A system without the named locale (a
 * Debian install has only C.UTF-8 until locales are generated) still gets
 * its language: gettext follows LANGUAGE whenever LC_MESSAGES is not
 * exactly "C", so the language goes into LANGUAGE and LC_MESSAGES becomes
 * C.UTF-8.
 */
#ifndef RB_UI_LANG_H
#define RB_UI_LANG_H

#include <stdbool.h>
#include <stddef.h>

/* The languages the game offers, in the Settings dialog's order: index 0
 * is "System" (the environment's choice), then English and the
 * translations. */
typedef struct rb_ui_lang {
    const char *code; /* "" for System, "en", "ru", ... */
    const char *name; /* in the language itself: "Français"; System's is translated */
} rb_ui_lang;
extern const rb_ui_lang rb_ui_langs[];
extern const int rb_ui_lang_count;

/* The index of a code ("fr"; "system" or "" for System), or -1. */
int rb_ui_lang_find(const char *code);
/* The codes a person may give, "en, ru, fr, de, es", for messages. */
const char *rb_ui_lang_codes(void);

/* Sets up gettext for the game (text domain, catalogue folder, UTF-8) and
 * speaks language index (0: the environment's). Safe to call again to
 * switch: every gettext call after it answers in the new language. */
void rb_ui_lang_use(int index);

/* The folder the catalogues are read from, with a trailing '/'. */
const char *rb_ui_lang_dir(void);

/* The code of the language gettext speaks now ("fr"), "en" for none. */
const char *rb_ui_lang_current(void);

#endif
