/*
 * store.h - the files the game keeps (saved games, the autosave, the
 * settings): atomic writes and bounded reads, with messages a player can
 * read. Plain C stdio, no SDL, so it is tested without a window.
 */
#ifndef RB_UI_STORE_H
#define RB_UI_STORE_H

#include <stddef.h>

/* Writes data to path through a temporary file in the same folder, flushed
 * and renamed over the old file, so a crash or a full disk never leaves a
 * half-written file in place. Returns 0, or -1 with a message in err. */
int rb_ui_store_write_atomic(const char *path, const void *data, size_t len, char *err, size_t errlen);

/* Reads a whole file of at most max_bytes into a new NUL-terminated buffer
 * (free it). Returns 0, or -1 with a message (missing, unreadable, too big,
 * not text). */
int rb_ui_store_read(const char *path, size_t max_bytes, char **data, size_t *len, char *err, size_t errlen);

#endif
