/*
 * tb_path.c - where the installed tables are: share/rollerball/tables
 * beside the program's bin folder, the layout both the build tree and an
 * install have, so a program finds them wherever it was put.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "rb_tb.h"

size_t rb_tb_default_dir(char *buf, size_t len)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0 || len == 0) {
        if (len > 0) {
            buf[0] = '\0';
        }
        return 0;
    }
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash != NULL) {
        *slash = '\0';
    }
    int m = snprintf(buf, len, "%s/../share/rollerball/tables", exe);
    return m < 0 || (size_t)m >= len ? 0 : (size_t)m;
}
