/*
 * played_with.c - the names played before, one a line in
 * "played-with.txt" in the player's folder, oldest first.
 *
 * The file is small and read whole when asked; it is bounded (the oldest
 * names go first) and written as every file of the player's is, to a
 * temporary file renamed over the old (store.h), so a crash never leaves
 * half of it. A name is the other side's as the protocol delivered it,
 * already cleaned of control characters; it is compared byte for byte.
 * Without the player's files (a screenshot, a test's window without a
 * folder) nothing is remembered and nobody is known.
 */
#include "files/played_with.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files/prefs.h"
#include "files/store.h"
#include "state/net_state.h"

#define PLAYED_FILE "played-with.txt"
#define PLAYED_BYTES (RB_UI_PLAYED_WITH_MAX * (RB_UI_NET_NAME_MAX + 2) + 1)

/* The file's text, NULL when there is none (or it cannot be read). */
static char *read_names(rb_app *app, char *path, size_t pathlen)
{
    char err[RB_UI_PATH_MAX + 200];
    char *text = NULL;
    size_t len = 0;
    if (!app->player_files || rb_ui_prefs_file(app, PLAYED_FILE, path, pathlen, err, sizeof err) != 0) {
        path[0] = '\0';
        return NULL;
    }
    if (rb_ui_store_read(path, 4 * PLAYED_BYTES, &text, &len, err, sizeof err) != 0) {
        return NULL;
    }
    return text;
}

/* The next line of *at (cut at its end), NULL after the last. */
static char *next_line(char **at)
{
    char *line = *at;
    if (line == NULL || *line == '\0') {
        return NULL;
    }
    char *eol = strchr(line, '\n');
    if (eol != NULL) {
        *eol = '\0';
        *at = eol + 1;
    } else {
        *at = line + strlen(line);
    }
    return line;
}

bool rb_ui_played_with(rb_app *app, const char *name)
{
    char path[RB_UI_PATH_MAX + 64];
    char *text = read_names(app, path, sizeof path);
    bool known = false;
    char *at = text;
    for (char *line; !known && (line = next_line(&at)) != NULL;) {
        known = line[0] != '\0' && strcmp(line, name) == 0;
    }
    free(text);
    return known;
}

int rb_ui_played_with_add(rb_app *app, const char *name, char *err, size_t errlen)
{
    char path[RB_UI_PATH_MAX + 64];
    if (name == NULL || name[0] == '\0' || strchr(name, '\n') != NULL) {
        return 0; /* nobody to remember */
    }
    char *text = read_names(app, path, sizeof path);
    if (path[0] == '\0') {
        free(text);
        return 0; /* no player's files: nothing is remembered */
    }
    /* The names kept, the new one last: every other, the newest of them. */
    const char *kept[RB_UI_PLAYED_WITH_MAX];
    int n = 0, first = 0;
    char *all[RB_UI_PLAYED_WITH_MAX * 4];
    int total = 0;
    char *at = text;
    for (char *line; (line = next_line(&at)) != NULL && total < (int)(sizeof all / sizeof all[0]);) {
        if (line[0] != '\0' && strcmp(line, name) != 0 && strlen(line) <= RB_UI_NET_NAME_MAX) {
            all[total++] = line;
        }
    }
    first = total > RB_UI_PLAYED_WITH_MAX - 1 ? total - (RB_UI_PLAYED_WITH_MAX - 1) : 0;
    for (int i = first; i < total; i++) {
        kept[n++] = all[i];
    }
    kept[n++] = name;
    char *out = malloc(PLAYED_BYTES);
    int rc = -1;
    if (out == NULL) {
        snprintf(err, errlen, "out of memory");
    } else {
        size_t len = 0;
        for (int i = 0; i < n; i++) {
            len += (size_t)snprintf(out + len, PLAYED_BYTES - len, "%s\n", kept[i]);
        }
        rc = rb_ui_store_write_atomic(path, out, len, err, errlen);
    }
    free(out);
    free(text);
    return rc;
}
