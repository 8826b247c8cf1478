/*
 * server_checkpoint.h - a thread that copies the write-ahead log back into
 * the database (SQLite's checkpoint) on a connection of its own, so that
 * the loop never does it.
 *
 * Left to SQLite, the commit that finds the log past 1,000 pages does the
 * checkpoint itself, with a sync of the database file: that round, and
 * every game waiting on it, stalls for tens of milliseconds on a busy disk.
 * A passive checkpoint on another connection neither blocks the loop's
 * commits nor is blocked by them, and the log starts again from its
 * beginning once everything in it is in the database.
 */
#ifndef RB_SERVER_CHECKPOINT_H
#define RB_SERVER_CHECKPOINT_H

#include <stddef.h>

typedef struct rb_checkpointer rb_checkpointer;

/* Checkpoints the database at path every period_ms; NULL with err saying why. */
rb_checkpointer *rb_checkpointer_new(const char *path, int period_ms, char *err, size_t errlen);
/* Stops the thread (after one last checkpoint) and closes its connection. */
void rb_checkpointer_free(rb_checkpointer *c);

#endif
