/*
 * server_log.c - the log's lines (see server_log.h). Written whole with one
 * call, so lines from a crash or a signal are not interleaved.
 */
#include "server_log.h"

#include <stdarg.h>
#include <stdio.h>

static int log_max = RB_LOG_DEBUG;

void rb_server_log_limit(int max)
{
    log_max = max;
}

void rb_server_log(int priority, const char *fmt, ...)
{
    if (priority > log_max) {
        return;
    }
    char line[1200];
    int n = snprintf(line, sizeof line, "<%d>", priority);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
    va_end(ap);
    /* a message never carries a newline of its own into the journal */
    for (char *c = line; *c != '\0'; c++) {
        if (*c == '\n' || *c == '\r') {
            *c = ' ';
        }
    }
    fprintf(stderr, "%s\n", line);
}
