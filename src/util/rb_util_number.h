/*
 * rb_util_number.h - a whole number read from a field of a text file,
 * strictly: the field is the number and nothing else (no spaces, no '+',
 * no trailing text), in the range the file allows. Pure: no I/O, no
 * globals (errno aside, which strtol sets).
 */
#ifndef RB_UTIL_NUMBER_H
#define RB_UTIL_NUMBER_H

#include <stdbool.h>

/* True, with *out set, when text (may be NULL) is a decimal integer,
 * optionally with a leading '-', in [lo, hi]; hi must fit in an int. */
bool rb_util_parse_int(const char *text, long lo, long hi, int *out);

#endif
