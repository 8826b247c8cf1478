/*
 * i18n.h - marks every text a person reads for translation.
 *
 * The game speaks through GNU gettext (libintl is part of the C library):
 * _() translates a text where it is used, N_() marks a text kept in a table
 * (translated where it is drawn, with _()), and ngettext() picks a plural
 * form. The extraction of the template (po/rollerball.pot) looks for these
 * names, so a text drawn without one of them stays in English.
 */
#ifndef RB_UI_I18N_H
#define RB_UI_I18N_H

#include <libintl.h>

#define _(text) gettext(text)
#define N_(text) (text)

#endif
