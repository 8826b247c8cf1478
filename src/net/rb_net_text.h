/*
 * rb_net_text.h - the text of the network protocol: words, encoded fields
 * and cleaned free text.
 *
 * Everything here is about bytes a peer sent and we cannot trust. A field
 * that may hold spaces or any byte (a name, a position string, a piece of
 * PGN) travels percent-encoded, so a line is always plain words separated
 * by single spaces; free text that people read (chat, the reason of a
 * goodbye) is cleaned of control characters and broken UTF-8 and cut to a
 * bound before anyone sees it. Pure: no I/O, no globals.
 */
#ifndef RB_NET_TEXT_H
#define RB_NET_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Splits line (NUL-terminated, modified in place: spaces become NULs) into
 * at most max words separated by single spaces. Returns the word count, or
 * -1 when the line starts or ends with a space or holds two in a row (the
 * protocol's lines are written one way only). When rest is given, the
 * words after the first max-1 are left joined and the last word is all
 * the rest of the line (for free text). */
int rb_net_split(char *line, char **words, int max, bool rest);

/* Percent-encodes n bytes of in: every byte outside '!'..'~', and '%'
 * itself, becomes %XX. Returns the length written to out (NUL-terminated),
 * or -1 when out (size bytes) is too small. */
int rb_net_encode(const char *in, size_t n, char *out, size_t size);
/* Decodes text; returns the length (out NUL-terminated), or -1 with a
 * message in err for a '%' not followed by two hex digits, a decoded NUL,
 * or an out too small. */
int rb_net_decode(const char *text, char *out, size_t size, char *err, size_t errlen);

/* Cleans text for people, in place: control characters (C0, DEL, C1) and
 * bytes that are not well-formed UTF-8 become '?', tabs a space, and the
 * text is cut to at most max bytes between characters. Returns its length. */
size_t rb_net_clean(char *text, size_t max);

/* Hex of a 64-bit value, 16 digits, and back (exactly 16 hex digits). */
void rb_net_hex64(uint64_t v, char out[17]);
bool rb_net_parse_hex64(const char *text, uint64_t *v);
/* A decimal number in [lo, hi], strictly (no sign but '-', no spaces). */
bool rb_net_parse_i64(const char *text, int64_t lo, int64_t hi, int64_t *v);

#endif
