/*
 * rb_util_text.h - making text safe to show.
 *
 * Messages quote what they complain about, and that may be any bytes: a
 * control character, half a UTF-8 sequence. Everything the project prints,
 * logs or draws about outside text is printable ASCII, with '?' standing
 * for any other byte. Pure: no I/O, no globals.
 */
#ifndef RB_UTIL_TEXT_H
#define RB_UTIL_TEXT_H

#include <stdbool.h>

/* True for the bytes 0x20 (space) to 0x7e ('~'). */
static inline bool rb_util_is_printable(unsigned char c)
{
    return c >= 0x20 && c <= 0x7e;
}

/* c itself when printable, else '?'. */
static inline char rb_util_printable_char(unsigned char c)
{
    return rb_util_is_printable(c) ? (char)c : '?';
}

/* Replaces, in place, every byte of text that is not printable with '?'. */
void rb_util_make_printable(char *text);

#endif
