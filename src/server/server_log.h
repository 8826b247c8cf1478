/*
 * server_log.h - the server's log: one line a message on standard error,
 * with the priority prefix journald reads ("<6>" information, "<4>" a
 * warning, "<3>" an error), so the same lines serve a terminal and a
 * systemd unit without a logging library.
 */
#ifndef RB_SERVER_LOG_H
#define RB_SERVER_LOG_H

enum { RB_LOG_ERR = 3, RB_LOG_WARNING = 4, RB_LOG_INFO = 6, RB_LOG_DEBUG = 7 };

void rb_server_log(int priority, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Messages of a priority above max are left out (RB_LOG_DEBUG, all, by
 * default); the fuzz target silences the log with 0. */
void rb_server_log_limit(int max);

#endif
