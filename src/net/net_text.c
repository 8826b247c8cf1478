/*
 * net_text.c - words, percent-encoding and cleaning (see rb_net_text.h).
 */
#include "rb_net_text.h"

#include <stdio.h>
#include <string.h>

#include "rb_util_error.h"

int rb_net_split(char *line, char **words, int max, bool rest)
{
    int n = 0;
    char *s = line;
    if (*s == '\0') {
        return 0;
    }
    for (;;) {
        if (*s == ' ' || *s == '\0') {
            return -1; /* an empty word: leading, trailing or double space */
        }
        if (n == max) {
            return -1;
        }
        words[n++] = s;
        if (rest && n == max) {
            size_t len = strlen(s);
            if (s[len - 1] == ' ') {
                return -1;
            }
            return n;
        }
        char *sp = strchr(s, ' ');
        if (sp == NULL) {
            return n;
        }
        *sp = '\0';
        s = sp + 1;
    }
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

int rb_net_encode(const char *in, size_t n, char *out, size_t size)
{
    static const char digits[] = "0123456789ABCDEF";
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)in[i];
        bool plain = c > 0x20 && c < 0x7f && c != '%';
        size_t need = plain ? 1 : 3;
        if (o + need + 1 > size) {
            return -1;
        }
        if (plain) {
            out[o++] = (char)c;
        } else {
            out[o++] = '%';
            out[o++] = digits[c >> 4];
            out[o++] = digits[c & 15];
        }
    }
    if (o + 1 > size) {
        return -1;
    }
    out[o] = '\0';
    return (int)o;
}

int rb_net_decode(const char *text, char *out, size_t size, char *err, size_t errlen)
{
    size_t o = 0;
    for (size_t i = 0; text[i] != '\0'; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '%') {
            int hi = hexval(text[i + 1]);
            int lo = hi < 0 ? -1 : hexval(text[i + 2]);
            if (hi < 0 || lo < 0) {
                return rb_util_fail(err, errlen, "'%%' at byte %zu is not followed by two hex digits", i + 1);
            }
            c = (unsigned char)(hi * 16 + lo);
            if (c == 0) {
                return rb_util_fail(err, errlen, "'%%00' at byte %zu: no NUL bytes in a field", i + 1);
            }
            i += 2;
        }
        if (o + 2 > size) {
            return rb_util_fail(err, errlen, "the field is longer than %zu bytes", size - 1);
        }
        out[o++] = (char)c;
    }
    out[o] = '\0';
    return (int)o;
}

/* The length of the well-formed UTF-8 sequence at s (1..4), or 0. */
static size_t utf8_len(const unsigned char *s)
{
    unsigned char c = s[0];
    size_t n;
    uint32_t cp;
    if (c < 0x80) {
        return 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
        cp = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        cp = c & 0x0f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff))) {
        return 0; /* overlong or a surrogate or beyond Unicode */
    }
    if (n == 2 && cp >= 0x80 && cp <= 0x9f) {
        return 0; /* C1 controls */
    }
    return n;
}

size_t rb_net_clean(char *text, size_t max)
{
    unsigned char *s = (unsigned char *)text;
    size_t r = 0, w = 0;
    while (s[r] != '\0') {
        size_t n = utf8_len(s + r);
        if (n == 1 && (s[r] < 0x20 || s[r] == 0x7f)) {
            n = 0;
        }
        size_t take = n == 0 ? 1 : n;
        if (w + take > max) {
            break;
        }
        if (n == 0) {
            s[w++] = s[r] == '\t' ? ' ' : '?';
            r++;
        } else {
            memmove(s + w, s + r, n);
            w += n;
            r += n;
        }
    }
    s[w] = '\0';
    return w;
}

void rb_net_hex64(uint64_t v, char out[17])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 15; i >= 0; i--) {
        out[i] = digits[v & 15];
        v >>= 4;
    }
    out[16] = '\0';
}

bool rb_net_parse_hex64(const char *text, uint64_t *v)
{
    uint64_t x = 0;
    for (int i = 0; i < 16; i++) {
        int d = hexval(text[i]);
        if (d < 0) {
            return false;
        }
        x = (x << 4) | (uint64_t)d;
    }
    if (text[16] != '\0') {
        return false;
    }
    *v = x;
    return true;
}

bool rb_net_parse_i64(const char *text, int64_t lo, int64_t hi, int64_t *v)
{
    const char *s = text;
    bool neg = *s == '-';
    if (neg) {
        s++;
    }
    if (*s == '\0' || strlen(s) > 18) {
        return false;
    }
    if (s[0] == '0' && s[1] != '\0') {
        return false; /* one way to write a number: no leading zeros */
    }
    int64_t x = 0;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9') {
            return false;
        }
        x = x * 10 + (*s - '0');
    }
    x = neg ? -x : x;
    if (x < lo || x > hi) {
        return false;
    }
    *v = x;
    return true;
}
