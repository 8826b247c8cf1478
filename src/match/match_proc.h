/*
 * match_proc.h - an engine as a child process, spoken to through pipes.
 *
 * The match tool trusts nothing an engine does: every read has a deadline,
 * writes cannot block forever on an engine that stopped reading, a line too
 * long to be an answer is reported as such, and stopping an engine ends its
 * whole process group however it behaves.
 */
#ifndef RB_MATCH_PROC_H
#define RB_MATCH_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "linereader.h"

#define RB_PROC_LINE_MAX 65536

typedef struct rb_proc {
    pid_t pid;                                          /* 0 when no process runs */
    int to_fd;                                          /* the engine's standard input */
    int from_fd;                                        /* the engine's standard output */
    rb_linereader lines;                                /* splits the output into lines of at most RB_PROC_LINE_MAX */
    size_t raw_len;                                     /* bytes in raw */
    size_t raw_used;                                    /* of which the line reader has taken this many */
    char raw[4096];                                     /* output read but not yet split */
    char line[RB_LINEREADER_STORAGE(RB_PROC_LINE_MAX)]; /* the line reader's storage */
} rb_proc;

typedef enum {
    RB_PROC_LINE = 0, /* *line holds a complete line */
    RB_PROC_TIMEOUT,  /* the deadline passed */
    RB_PROC_CLOSED,   /* the engine closed its output or died */
    RB_PROC_OVERLONG  /* a line longer than RB_PROC_LINE_MAX (dropped) */
} rb_proc_status;

/* Starts command (words separated by blanks; quotes group words). Returns 0,
 * or -1 with a message in err. */
int rb_proc_start(rb_proc *p, const char *command, char *err, size_t errlen);
/* Sends text plus a newline before the deadline; false when the engine
 * cannot take it (gone, or not reading). */
bool rb_proc_send(rb_proc *p, const char *text, int64_t deadline_ms);
/* The next line of the engine's output, waiting at most until deadline_ms
 * (on rb_util_now_ms()'s clock). The line stays valid until the next call. */
rb_proc_status rb_proc_read_line(rb_proc *p, int64_t deadline_ms, const char **line);
/* Asks the engine to quit, waits up to grace_ms, then kills it. */
void rb_proc_stop(rb_proc *p, int grace_ms);
bool rb_proc_running(const rb_proc *p);

/* Splits a command into words as described above. Returns the number of
 * words (at most max), or -1 on an unclosed quote or too many words. The
 * words are written NUL-separated into store (size bytes). */
int rb_proc_split(const char *command, char **argv, int max, char *store, size_t size);

#endif
