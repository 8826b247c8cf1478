/*
 * test_fonts_draw_every_translation.c - the game's fonts have a glyph for
 * every character of every catalogue (each po/LANG.po, finished or not, the
 * template's English and the tests' catalogues) and of the languages'
 * names in the Settings dialog, in both weights, so no translation shows
 * as boxes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL_ttf.h>

#include "media/assets.h"
#include "words/lang.h"

static TTF_Font *fonts[2];

static int open_fonts(void **state)
{
    (void)state;
    char dir[1024], err[1200], path[1200];
    if (rb_ui_assets_data_dir(dir, sizeof dir, err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
    if (TTF_Init() != 0) {
        fail_msg("TTF_Init: %s", TTF_GetError());
    }
    static const char *const files[2] = {"fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s%s", dir, files[i]);
        fonts[i] = TTF_OpenFont(path, 16);
        if (!fonts[i]) {
            fail_msg("%s: %s", path, TTF_GetError());
        }
    }
    return 0;
}

static int close_fonts(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        TTF_CloseFont(fonts[i]);
    }
    TTF_Quit();
    return 0;
}

/* Decodes one UTF-8 character at *p; 0xFFFD for a broken sequence. */
static Uint32 next_char(const unsigned char **p)
{
    const unsigned char *s = *p;
    int n = s[0] < 0x80 ? 0 : s[0] >= 0xF0 ? 3 : s[0] >= 0xE0 ? 2 : s[0] >= 0xC0 ? 1 : -1;
    if (n < 0) {
        *p = s + 1;
        return 0xFFFD;
    }
    Uint32 c = n == 0 ? s[0] : s[0] & (0x3F >> n);
    for (int i = 1; i <= n; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *p = s + i;
            return 0xFFFD;
        }
        c = c << 6 | (s[i] & 0x3F);
    }
    *p = s + n + 1;
    return c;
}

/* The characters of text the fonts lack, counted (and named, up to a
 * few, with where they come from). */
static int missing_in(const char *text, const char *where, int line)
{
    int missing = 0;
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        Uint32 c = next_char(&p);
        if (c < 0x20) {
            continue; /* line breaks */
        }
        for (int f = 0; f < 2; f++) {
            if (!TTF_GlyphIsProvided32(fonts[f], c)) {
                if (missing < 5) {
                    print_message("%s:%d: U+%04X is not in the %s font\n", where, line, (unsigned)c,
                                  f ? "bold" : "regular");
                }
                missing++;
                break;
            }
        }
    }
    return missing;
}

/* The text of a quoted PO string, escapes undone, appended to out. */
static void unquote(const char *s, char *out, size_t len)
{
    size_t n = strlen(out);
    const char *q = strchr(s, '"');
    if (!q) {
        return;
    }
    for (q++; *q && *q != '"' && n + 1 < len; q++) {
        if (*q == '\\' && q[1]) {
            q++;
            out[n++] = *q == 'n' ? '\n' : *q == 't' ? '\t' : *q;
        } else {
            out[n++] = *q;
        }
    }
    out[n] = '\0';
}

/* Every msgid and msgstr of a PO file checked; returns the characters
 * missing. */
static int missing_in_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fail_msg("cannot read %s", path);
    }
    static char text[16384];
    char line[4096];
    int lineno = 0, start = 0, missing = 0;
    bool in_text = false;
    text[0] = '\0';
    while (fgets(line, sizeof line, f)) {
        lineno++;
        bool starts = strncmp(line, "msgid", 5) == 0 || strncmp(line, "msgstr", 6) == 0;
        if (starts || (line[0] != '"' && in_text)) {
            missing += missing_in(text, path, start);
            text[0] = '\0';
            in_text = false;
        }
        if (starts) {
            in_text = true;
            start = lineno;
            unquote(line, text, sizeof text);
        } else if (line[0] == '"' && in_text) {
            unquote(line, text, sizeof text);
        }
    }
    missing += missing_in(text, path, start);
    fclose(f);
    return missing;
}

static int missing_in_folder(const char *dir, int *files)
{
    DIR *d = opendir(dir);
    if (!d) {
        fail_msg("cannot list %s", dir);
    }
    int missing = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        bool po = n > 3 && strcmp(e->d_name + n - 3, ".po") == 0;
        bool pot = n > 4 && strcmp(e->d_name + n - 4, ".pot") == 0;
        if (!po && !pot) {
            continue;
        }
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        missing += missing_in_file(path);
        (*files)++;
    }
    closedir(d);
    return missing;
}

static void every_catalogue_can_be_drawn(void **state)
{
    (void)state;
    const char *src = getenv("RB_SOURCE_DIR");
    assert_non_null(src);
    char dir[1024];
    int files = 0, missing = 0;
    snprintf(dir, sizeof dir, "%s/po", src);
    missing += missing_in_folder(dir, &files);
    snprintf(dir, sizeof dir, "%s/tests/i18n/catalogues", src);
    missing += missing_in_folder(dir, &files);
    assert_true(files >= 3); /* the template and at least the test catalogues */
    assert_int_equal(missing, 0);
}

static void every_language_name_can_be_drawn(void **state)
{
    (void)state;
    int missing = 0;
    for (int i = 0; i < rb_ui_lang_count; i++) {
        missing += missing_in(rb_ui_langs[i].name, "lang.c", i);
    }
    assert_int_equal(missing, 0);
}

/* The check itself: a character the fonts do not have is found. */
static void a_character_the_fonts_lack_is_found(void **state)
{
    (void)state;
    assert_int_equal(missing_in("\xe4\xb8\xad", "this test", 0), 1);                     /* U+4E2D, a CJK character */
    assert_int_equal(missing_in("\xd0\x96\xc3\xa9\xc3\x9f\xc3\xb1", "this test", 0), 0); /* Ж é ß ñ */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_character_the_fonts_lack_is_found),
        cmocka_unit_test(every_language_name_can_be_drawn),
        cmocka_unit_test(every_catalogue_can_be_drawn),
    };
    return cmocka_run_group_tests(tests, open_fonts, close_fonts);
}
