/*
 * net_invite.c - invite codes and the rules' fingerprint (see
 * rb_net_invite.h).
 */
#include "rb_net_invite.h"

#include <stdio.h>
#include <string.h>

#include "rb_board.h"
#include "rb_util_error.h"
#include "rb_util_random.h"

static bool host_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-';
}

static bool hex_char(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* An IPv6 address with its scope, as text: hex digits, ':' and '.', then
 * perhaps '%' and an interface's name. */
static bool v6_ok(const char *s, size_t n)
{
    bool scope = false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '%' && !scope && i > 0 && i + 1 < n) {
            scope = true;
        } else if (!(scope ? host_char(c) || c == '_' : hex_char(c) || c == ':' || c == '.')) {
            return false;
        }
    }
    return n > 0;
}

int rb_net_address_parse(const char *text, rb_net_invite *inv, char *err, size_t errlen)
{
    memset(inv, 0, sizeof *inv);
    inv->port = RB_NET_DEFAULT_PORT;
    while (*text == ' ' || *text == '\t') {
        text++;
    }
    size_t len = strlen(text);
    while (len > 0 &&
           (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\n' || text[len - 1] == '\r')) {
        len--;
    }
    const char *host = text, *port = NULL;
    size_t hn;
    const char *colon = memchr(text, ':', len);
    if (len > 0 && text[0] == '[') {
        const char *close = memchr(text, ']', len);
        if (close == NULL) {
            return rb_util_fail(err, errlen, "the address in brackets is not closed with ']'");
        }
        host = text + 1;
        hn = (size_t)(close - host);
        if (!v6_ok(host, hn)) {
            return rb_util_fail(err, errlen, "the address in brackets is not an IPv6 address");
        }
        size_t rest = len - (size_t)(close + 1 - text);
        if (rest > 0) {
            if (close[1] != ':') {
                return rb_util_fail(err, errlen, "after the ']' comes ':' and the port, or nothing");
            }
            port = close + 2;
        }
    } else if (colon != NULL && memchr(colon + 1, ':', len - (size_t)(colon + 1 - text)) != NULL) {
        hn = len; /* two colons: an IPv6 address without a port */
        if (!v6_ok(host, hn)) {
            return rb_util_fail(err, errlen, "'%.60s' is neither a host name nor an IPv6 address", text);
        }
    } else {
        hn = colon != NULL ? (size_t)(colon - text) : len;
        for (size_t i = 0; i < hn; i++) {
            if (!host_char(host[i])) {
                return rb_util_fail(err, errlen, "the host holds '%c', which is not part of a host name or address",
                                    host[i] >= 0x20 && host[i] < 0x7f ? host[i] : '?');
            }
        }
        port = colon != NULL ? colon + 1 : NULL;
    }
    if (hn == 0 || hn > RB_NET_HOST_MAX) {
        return rb_util_fail(err, errlen, hn == 0 ? "no host is named" : "the host name is too long");
    }
    memcpy(inv->host, host, hn);
    inv->host[hn] = '\0';
    if (port != NULL) {
        size_t pn = len - (size_t)(port - text);
        int v = 0;
        for (size_t i = 0; i < pn; i++) {
            if (port[i] < '0' || port[i] > '9' || i >= 5) {
                v = -1;
                break;
            }
            v = v * 10 + (port[i] - '0');
        }
        if (pn == 0 || v < 1 || v > 65535) {
            return rb_util_fail(err, errlen, "the port is not a number from 1 to 65535");
        }
        inv->port = v;
    }
    return 0;
}

int rb_net_invite_parse(const char *code, rb_net_invite *inv, char *err, size_t errlen)
{
    memset(inv, 0, sizeof *inv);
    while (*code == ' ' || *code == '\t') {
        code++; /* a pasted code may carry blanks around it */
    }
    if (strncmp(code, "rb1:", 4) != 0) {
        return rb_util_fail(err, errlen, "an invite code starts with 'rb1:'");
    }
    const char *s = code + 4;
    size_t n = 0;
    if (*s == '[') {
        s++;
        while (s[n] != '\0' && s[n] != ']') {
            if (!hex_char(s[n]) && s[n] != ':' && s[n] != '.') {
                return rb_util_fail(err, errlen,
                                    "the address in brackets holds '%c', which is not part of an IPv6 address",
                                    s[n] >= 0x20 && s[n] < 0x7f ? s[n] : '?');
            }
            n++;
        }
        if (s[n] != ']' || n == 0 || n > RB_NET_HOST_MAX) {
            return rb_util_fail(err, errlen, "the address in brackets is not closed with ']'");
        }
        memcpy(inv->host, s, n);
        s += n + 1;
    } else {
        while (s[n] != '\0' && s[n] != ':') {
            if (!host_char(s[n])) {
                return rb_util_fail(err, errlen, "the host holds '%c', which is not part of a host name or address",
                                    s[n] >= 0x20 && s[n] < 0x7f ? s[n] : '?');
            }
            n++;
        }
        if (n == 0 || n > RB_NET_HOST_MAX) {
            return rb_util_fail(err, errlen, n == 0 ? "the code names no host" : "the host name is too long");
        }
        memcpy(inv->host, s, n);
        s += n;
    }
    if (*s != ':') {
        return rb_util_fail(err, errlen, "no ':' and port after the host");
    }
    s++;
    int port = 0;
    n = 0;
    while (s[n] >= '0' && s[n] <= '9' && n < 6) {
        port = port * 10 + (s[n] - '0');
        n++;
    }
    if (n == 0 || s[n] != ':' || port < 1 || port > 65535) {
        return rb_util_fail(err, errlen, "the port is not a number from 1 to 65535 followed by ':'");
    }
    inv->port = port;
    s += n + 1;
    n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r')) {
        n--;
    }
    if (n != RB_NET_TOKEN_LEN) {
        return rb_util_fail(err, errlen, "the token has %zu characters, not %d", n, RB_NET_TOKEN_LEN);
    }
    for (size_t i = 0; i < n; i++) {
        if (!hex_char(s[i])) {
            return rb_util_fail(err, errlen, "the token holds a character that is not a hex digit");
        }
        inv->token[i] = (char)(s[i] >= 'A' && s[i] <= 'F' ? s[i] - 'A' + 'a' : s[i]);
    }
    return 0;
}

size_t rb_net_invite_format(const rb_net_invite *inv, char *out, size_t size)
{
    bool v6 = strchr(inv->host, ':') != NULL;
    int n = snprintf(out, size, "rb1:%s%s%s:%d:%s", v6 ? "[" : "", inv->host, v6 ? "]" : "", inv->port, inv->token);
    return n < 0 ? 0 : (size_t)n;
}

void rb_net_token_from_bytes(const uint8_t bytes[16], char out[RB_NET_TOKEN_LEN + 1])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 16; i++) {
        out[2 * i] = digits[bytes[i] >> 4];
        out[2 * i + 1] = digits[bytes[i] & 15];
    }
    out[RB_NET_TOKEN_LEN] = '\0';
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    uint64_t s = h ^ v;
    return rb_util_splitmix64(&s);
}

uint64_t rb_net_rules_fingerprint(void)
{
    /* The start, and a walk down the first legal moves from it that
     * reaches rebounds, captures and the king's flags; each position's
     * move count, key and formatted string go into the hash. */
    rb_pos pos;
    rb_pos_start(&pos);
    uint64_t h = 0x52423150524f544full; /* "RB1PROTO" */
    h = mix(h, rb_perft(&pos, 3));
    for (int ply = 0; ply < 40; ply++) {
        rb_movelist list;
        int n = rb_gen_legal(&pos, &list);
        h = mix(h, (uint64_t)n);
        h = mix(h, pos.key);
        char text[RB_POS_TEXT_MAX];
        size_t len = rb_pos_format(&pos, text, sizeof text);
        for (size_t i = 0; i < len; i++) {
            h = mix(h, (unsigned char)text[i]);
        }
        if (n == 0) {
            break;
        }
        rb_pos_make(&pos, list.moves[(ply * 7) % n], &pos);
    }
    return h;
}
