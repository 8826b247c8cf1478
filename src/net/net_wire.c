/*
 * net_wire.c - parsing and writing the protocol's lines (see
 * rb_net_wire.h). One table names the messages; each parser checks its
 * fields in order and stops at the first wrong one, naming it.
 */
#include "rb_net_wire.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "rb_net_text.h"
#include "rb_util_error.h"

static const char *const msg_names[RB_MSG_COUNT] = {
    "hello", "welcome", "bye",  "error",  "ping",  "pong", "ack",   "wait", "move",   "clock",
    "offer", "answer",  "done", "resign", "abort", "flag", "claim", "chat", "refuse", "pgn",
};
static const char *const offer_names[RB_OFFER_COUNT] = {"draw", "takeback1", "takeback2", "rematch"};
static const char *const claim_names[2] = {"win", "draw"};

const char *rb_net_msg_name(rb_net_msg_type t)
{
    return t < RB_MSG_COUNT ? msg_names[t] : "?";
}

const char *rb_net_offer_name(int kind)
{
    return kind >= 0 && kind < RB_OFFER_COUNT ? offer_names[kind] : "?";
}

const char *rb_net_claim_name(int kind)
{
    return kind == RB_CLAIM_WIN || kind == RB_CLAIM_DRAW ? claim_names[kind] : "?";
}

/* The fields that follow each message's name: the minimum and maximum word
 * counts, and whether the last word is free text (the rest of the line). */
typedef struct shape {
    int min, max;
    bool rest;
} shape;

static const shape shapes[RB_MSG_COUNT] = {
    [RB_MSG_HELLO] = {1, 15, false}, [RB_MSG_WELCOME] = {1, 15, false}, [RB_MSG_BYE] = {1, 2, true},
    [RB_MSG_ERROR] = {1, 1, true},   [RB_MSG_PING] = {1, 1, false},     [RB_MSG_PONG] = {1, 1, false},
    [RB_MSG_ACK] = {1, 1, false},    [RB_MSG_WAIT] = {1, 1, true},      [RB_MSG_MOVE] = {5, 5, false},
    [RB_MSG_CLOCK] = {4, 4, false},  [RB_MSG_OFFER] = {3, 3, false},    [RB_MSG_ANSWER] = {4, 4, false},
    [RB_MSG_DONE] = {3, 3, false},   [RB_MSG_RESIGN] = {2, 2, false},   [RB_MSG_ABORT] = {2, 2, false},
    [RB_MSG_FLAG] = {3, 3, false},   [RB_MSG_CLAIM] = {3, 3, false},    [RB_MSG_CHAT] = {2, 2, true},
    [RB_MSG_REFUSE] = {3, 3, true},  [RB_MSG_PGN] = {4, 4, false},
};

static int color_parse(const char *w)
{
    return strcmp(w, "white") == 0 ? RB_WHITE : strcmp(w, "black") == 0 ? RB_BLACK : -1;
}

static const char *color_name(int c)
{
    return c == RB_WHITE ? "white" : "black";
}

static int name_index(const char *w, const char *const *names, int n)
{
    for (int i = 0; i < n; i++) {
        if (strcmp(w, names[i]) == 0) {
            return i;
        }
    }
    return -1;
}

/* A decoded text field into out, cleaned and cut to max bytes. */
static int text_field(const char *what, const char *w, char *out, size_t size, size_t max, char *err, size_t errlen)
{
    char why[120];
    if (rb_net_decode(w, out, size, why, sizeof why) < 0) {
        return rb_util_fail(err, errlen, "%s: %s", what, why);
    }
    rb_net_clean(out, max);
    return 0;
}

/* hello and welcome: key=value fields in any order; unknown keys are
 * skipped, so a later version may add some. */
static int parse_fields(rb_net_msg *m, char **w, int n, char *err, size_t errlen)
{
    const char *what = msg_names[m->type];
    bool have_proto = false, have_rules = false, have_program = false, have_name = false;
    bool have_token = false, have_you = false, have_start = false, have_tc = false, have_seen = false;
    m->proto = 0;
    /* the version first: an older or newer peer must hear which versions
     * are accepted even when the rest of its hello is not understood */
    for (int i = 0; i < n; i++) {
        if (strncmp(w[i], "proto=", 6) == 0) {
            int64_t v;
            if (!rb_net_parse_i64(w[i] + 6, 0, 1000000, &v)) {
                return rb_util_fail(err, errlen, "%s: the protocol version '%.20s' is not a number", what, w[i] + 6);
            }
            m->proto = (int)v;
            have_proto = true;
        }
    }
    if (!have_proto) {
        return rb_util_fail(err, errlen, "%s: no 'proto=' field", what);
    }
    if (m->proto < RB_NET_PROTO_MIN || m->proto > RB_NET_PROTO) {
        return 0; /* the caller refuses the version; nothing else is read */
    }
    for (int i = 0; i < n; i++) {
        char *eq = strchr(w[i], '=');
        if (eq == NULL || eq == w[i]) {
            return rb_util_fail(err, errlen, "%s: the field '%.30s' is not key=value", what, w[i]);
        }
        *eq = '\0';
        const char *k = w[i], *v = eq + 1;
        int64_t x;
        int r = 0;
        if (strcmp(k, "proto") == 0) {
            /* read above */
        } else if (strcmp(k, "program") == 0) {
            r = text_field("program", v, m->program, sizeof m->program, RB_NET_PROGRAM_MAX, err, errlen);
            have_program = true;
        } else if (strcmp(k, "rules") == 0) {
            if (!rb_net_parse_hex64(v, &m->rules)) {
                return rb_util_fail(err, errlen, "%s: the rules fingerprint '%.30s' is not 16 hex digits", what, v);
            }
            have_rules = true;
        } else if (strcmp(k, "name") == 0) {
            r = text_field("name", v, m->name, sizeof m->name, RB_NET_NAME_MAX, err, errlen);
            have_name = true;
        } else if (strcmp(k, "token") == 0) {
            if (strlen(v) > RB_NET_TOKEN_LEN) {
                return rb_util_fail(err, errlen, "%s: the token is longer than %d characters", what, RB_NET_TOKEN_LEN);
            }
            snprintf(m->token, sizeof m->token, "%s", v);
            have_token = true;
        } else if (strcmp(k, "knock") == 0 && m->type == RB_MSG_HELLO) {
            if (!rb_net_parse_i64(v, 0, 1, &x)) {
                return rb_util_fail(err, errlen, "hello: 'knock=%.20s' is neither 0 nor 1", v);
            }
            m->knock = x == 1;
        } else if (strcmp(k, "game") == 0) {
            if (!rb_net_parse_hex64(v, &m->game)) {
                return rb_util_fail(err, errlen, "%s: the game token '%.30s' is not 16 hex digits", what, v);
            }
            m->has_game = true;
        } else if (strcmp(k, "seen") == 0) {
            if (!rb_net_parse_i64(v, 0, RB_NET_SEQ_MAX, &m->seen)) {
                return rb_util_fail(err, errlen, "%s: 'seen=%.20s' is not a sequence number", what, v);
            }
            have_seen = true;
        } else if (strcmp(k, "you") == 0 && m->type == RB_MSG_WELCOME) {
            m->you = color_parse(v);
            if (m->you < 0) {
                return rb_util_fail(err, errlen, "welcome: 'you=%.20s' is neither white nor black", v);
            }
            have_you = true;
        } else if (strcmp(k, "start") == 0 && m->type == RB_MSG_WELCOME) {
            char why[120];
            if (rb_net_decode(v, m->start, sizeof m->start, why, sizeof why) < 0) {
                return rb_util_fail(err, errlen, "welcome: start: %s", why);
            }
            have_start = true;
        } else if (strcmp(k, "tc") == 0 && m->type == RB_MSG_WELCOME) {
            char *plus = strchr(v, '+');
            if (plus == NULL) {
                return rb_util_fail(err, errlen, "welcome: the time control '%.20s' is not BASE+INCREMENT (ms)", v);
            }
            *plus = '\0';
            if (!rb_net_parse_i64(v, 0, RB_NET_CLOCK_MAX, &m->base_ms) ||
                !rb_net_parse_i64(plus + 1, 0, RB_NET_CLOCK_MAX, &m->inc_ms)) {
                return rb_util_fail(err, errlen, "welcome: the time control is not two numbers of milliseconds");
            }
            have_tc = true;
        } else if (strcmp(k, "resume") == 0 && m->type == RB_MSG_WELCOME) {
            if (!rb_net_parse_i64(v, 0, 1, &x)) {
                return rb_util_fail(err, errlen, "welcome: 'resume=%.20s' is neither 0 nor 1", v);
            }
            m->resume = x == 1;
        } else if (strcmp(k, "ply") == 0 && m->type == RB_MSG_WELCOME) {
            if (!rb_net_parse_i64(v, 0, RB_NET_PLY_MAX, &m->ply)) {
                return rb_util_fail(err, errlen, "welcome: 'ply=%.20s' is not a ply", v);
            }
        }
        if (r != 0) {
            return r;
        }
    }
    const char *missing = !have_program ? "program" : !have_rules ? "rules" : !have_name ? "name" : NULL;
    if (missing == NULL && m->type == RB_MSG_HELLO) {
        missing = !have_token ? "token" : (m->has_game && !have_seen) ? "seen" : NULL;
    }
    if (missing == NULL && m->type == RB_MSG_WELCOME) {
        missing = !m->has_game  ? "game"
                  : !have_you   ? "you"
                  : !have_start ? "start"
                  : !have_tc    ? "tc"
                  : !have_seen  ? "seen"
                                : NULL;
    }
    if (missing != NULL) {
        return rb_util_fail(err, errlen, "%s: no '%s=' field", what, missing);
    }
    return 0;
}

static bool num(const char *w, int64_t lo, int64_t hi, int64_t *v)
{
    return rb_net_parse_i64(w, lo, hi, v);
}

int rb_net_msg_parse(const char *line, rb_net_msg *m, char *err, size_t errlen)
{
    char copy[RB_NET_LINE_MAX + 1];
    size_t len = strlen(line);
    memset(m, 0, sizeof *m);
    if (len > RB_NET_LINE_MAX) {
        return rb_util_fail(err, errlen, "a line longer than %d bytes", RB_NET_LINE_MAX);
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c < 0x20 || c == 0x7f) {
            return rb_util_fail(err, errlen, "a control character (0x%02x) at byte %zu", c, i + 1);
        }
    }
    memcpy(copy, line, len + 1);
    char *name = copy;
    char *after = strchr(copy, ' ');
    if (after != NULL) {
        *after++ = '\0';
    }
    if (*name == '\0') {
        return rb_util_fail(err, errlen, "an empty line or one starting with a space");
    }
    int t = name_index(name, msg_names, RB_MSG_COUNT);
    if (t < 0) {
        char shown[24];
        snprintf(shown, sizeof shown, "%.20s", name);
        rb_net_clean(shown, sizeof shown - 1);
        return rb_util_fail(err, errlen, "unknown message '%s'", shown);
    }
    m->type = (rb_net_msg_type)t;
    const char *what = msg_names[t];
    char *w[16];
    int n = after == NULL ? 0 : rb_net_split(after, w, shapes[t].max, shapes[t].rest);
    if (n < 0) {
        return rb_util_fail(err, errlen, "%s: the fields are not separated by single spaces, or too many", what);
    }
    if (n < shapes[t].min || n > shapes[t].max) {
        return rb_util_fail(err, errlen, "%s: %d fields, expected %d%s", what, n, shapes[t].min,
                            shapes[t].max > shapes[t].min ? " or more" : "");
    }
    if (m->type == RB_MSG_HELLO || m->type == RB_MSG_WELCOME) {
        return parse_fields(m, w, n, err, errlen);
    }
    if (rb_net_msg_numbered(m->type) || m->type == RB_MSG_PING || m->type == RB_MSG_PONG || m->type == RB_MSG_ACK) {
        if (!num(w[0], m->type == RB_MSG_ACK ? 0 : 1, RB_NET_SEQ_MAX, &m->seq)) {
            return rb_util_fail(err, errlen, "%s: '%.20s' is not a sequence number", what, w[0]);
        }
    }
    switch (m->type) {
    case RB_MSG_BYE:
        if (strlen(w[0]) >= sizeof m->code) {
            return rb_util_fail(err, errlen, "bye: the reason code is too long");
        }
        snprintf(m->code, sizeof m->code, "%s", w[0]);
        rb_net_clean(m->code, sizeof m->code - 1);
        if (n > 1) {
            snprintf(m->text, sizeof m->text, "%s", w[1]);
            rb_net_clean(m->text, RB_NET_TEXT_MAX);
        }
        return 0;
    case RB_MSG_ERROR:
    case RB_MSG_WAIT:
        snprintf(m->text, sizeof m->text, "%s", w[0]);
        rb_net_clean(m->text, RB_NET_TEXT_MAX);
        return 0;
    case RB_MSG_CHAT:
        snprintf(m->text, sizeof m->text, "%s", w[1]);
        rb_net_clean(m->text, RB_NET_TEXT_MAX);
        return 0;
    case RB_MSG_REFUSE:
        if (!num(w[1], 1, RB_NET_SEQ_MAX, &m->of_seq)) {
            return rb_util_fail(err, errlen, "refuse: '%.20s' is not a sequence number", w[1]);
        }
        snprintf(m->text, sizeof m->text, "%s", w[2]);
        rb_net_clean(m->text, RB_NET_TEXT_MAX);
        return 0;
    case RB_MSG_PING:
    case RB_MSG_PONG:
    case RB_MSG_ACK: return 0;
    default: break;
    }
    /* every other numbered message names a ply next (pgn: its index) */
    if (m->type == RB_MSG_PGN) {
        int64_t idx, cnt;
        if (!num(w[1], 0, RB_NET_CHUNKS_MAX - 1, &idx) || !num(w[2], 1, RB_NET_CHUNKS_MAX, &cnt) || idx >= cnt) {
            return rb_util_fail(err, errlen,
                                "pgn: the chunk '%.12s of %.12s' is not INDEX COUNT with INDEX < COUNT <= %d", w[1],
                                w[2], RB_NET_CHUNKS_MAX);
        }
        m->index = (int)idx;
        m->count = (int)cnt;
        char why[120];
        int got = rb_net_decode(w[3], m->text, sizeof m->text, why, sizeof why);
        if (got < 0) {
            return rb_util_fail(err, errlen, "pgn: %s", why);
        }
        return 0;
    }
    int ply_at = m->type == RB_MSG_OFFER || m->type == RB_MSG_ANSWER || m->type == RB_MSG_DONE ||
                         m->type == RB_MSG_FLAG || m->type == RB_MSG_CLAIM
                     ? 2
                     : 1;
    if (!num(w[ply_at], 0, RB_NET_PLY_MAX, &m->ply)) {
        return rb_util_fail(err, errlen, "%s: the ply '%.20s' is not a number from 0 to %d", what, w[ply_at],
                            RB_NET_PLY_MAX);
    }
    switch (m->type) {
    case RB_MSG_MOVE:
        if (strlen(w[2]) < 4 || strlen(w[2]) > 5) {
            return rb_util_fail(err, errlen, "move: '%.20s' is not a move in coordinates (such as c2b3)", w[2]);
        }
        snprintf(m->move, sizeof m->move, "%s", w[2]);
        if (!rb_net_parse_hex64(w[3], &m->fp)) {
            return rb_util_fail(err, errlen, "move: the fingerprint '%.20s' is not 16 hex digits", w[3]);
        }
        if (!num(w[4], 0, RB_NET_CLOCK_MAX, &m->clock_ms)) {
            return rb_util_fail(err, errlen, "move: the clock '%.20s' is not milliseconds", w[4]);
        }
        return 0;
    case RB_MSG_CLOCK:
        if (!num(w[2], -RB_NET_CLOCK_MAX, RB_NET_CLOCK_MAX, &m->clocks[0]) ||
            !num(w[3], -RB_NET_CLOCK_MAX, RB_NET_CLOCK_MAX, &m->clocks[1])) {
            return rb_util_fail(err, errlen, "clock: the clocks are not milliseconds");
        }
        return 0;
    case RB_MSG_OFFER:
    case RB_MSG_ANSWER:
    case RB_MSG_DONE:
        m->kind = name_index(w[1], offer_names, RB_OFFER_COUNT);
        if (m->kind < 0) {
            return rb_util_fail(err, errlen, "%s: unknown offer '%.20s' (draw, takeback1, takeback2, rematch)", what,
                                w[1]);
        }
        if (m->type == RB_MSG_ANSWER) {
            if (strcmp(w[3], "yes") != 0 && strcmp(w[3], "no") != 0) {
                return rb_util_fail(err, errlen, "answer: '%.20s' is neither yes nor no", w[3]);
            }
            m->yes = strcmp(w[3], "yes") == 0;
        }
        return 0;
    case RB_MSG_FLAG:
        m->color = color_parse(w[1]);
        if (m->color < 0) {
            return rb_util_fail(err, errlen, "flag: '%.20s' is neither white nor black", w[1]);
        }
        return 0;
    case RB_MSG_CLAIM:
        m->kind = name_index(w[1], claim_names, 2);
        if (m->kind < 0) {
            return rb_util_fail(err, errlen, "claim: '%.20s' is neither win nor draw", w[1]);
        }
        return 0;
    default: return 0;
    }
}

size_t rb_net_msg_format(const rb_net_msg *m, char *buf, size_t size)
{
    char a[RB_NET_LINE_MAX], b[RB_NET_LINE_MAX], fp[17], game[17];
    int n = -1;
    const char *what = rb_net_msg_name(m->type);
    switch (m->type) {
    case RB_MSG_HELLO:
    case RB_MSG_WELCOME: {
        char prog[RB_NET_PROGRAM_MAX * 3 + 1], rules[17];
        if (rb_net_encode(m->program, strlen(m->program), prog, sizeof prog) < 0 ||
            rb_net_encode(m->name, strlen(m->name), a, sizeof a) < 0) {
            return 0;
        }
        rb_net_hex64(m->rules, rules);
        rb_net_hex64(m->game, game);
        if (m->type == RB_MSG_HELLO) {
            if (m->has_game) {
                n = snprintf(buf, size,
                             "hello proto=%d program=%s rules=%s name=%s token=%s game=%s seen=%" PRId64 "\n", m->proto,
                             prog, rules, a, m->token, game, m->seen);
            } else if (m->knock) {
                /* an older host reads the token "-" as a wrong one and says so */
                n = snprintf(buf, size, "hello proto=%d program=%s rules=%s name=%s token=%s knock=1\n", m->proto, prog,
                             rules, a, RB_NET_NO_TOKEN);
            } else {
                n = snprintf(buf, size, "hello proto=%d program=%s rules=%s name=%s token=%s\n", m->proto, prog, rules,
                             a, m->token);
            }
        } else {
            if (rb_net_encode(m->start, strlen(m->start), b, sizeof b) < 0) {
                return 0;
            }
            n = snprintf(buf, size,
                         "welcome proto=%d program=%s rules=%s name=%s game=%s you=%s start=%s tc=%" PRId64 "+%" PRId64
                         " seen=%" PRId64 " resume=%d ply=%" PRId64 "%s%s\n",
                         m->proto, prog, rules, a, game, color_name(m->you), b, m->base_ms, m->inc_ms, m->seen,
                         m->resume ? 1 : 0, m->ply, m->token[0] != '\0' ? " token=" : "", m->token);
        }
        break;
    }
    case RB_MSG_BYE: n = snprintf(buf, size, "bye %s %s\n", m->code, m->text[0] != '\0' ? m->text : "-"); break;
    case RB_MSG_ERROR: n = snprintf(buf, size, "error %s\n", m->text[0] != '\0' ? m->text : "-"); break;
    case RB_MSG_WAIT: n = snprintf(buf, size, "wait %s\n", m->text[0] != '\0' ? m->text : "-"); break;
    case RB_MSG_PING:
    case RB_MSG_PONG:
    case RB_MSG_ACK: n = snprintf(buf, size, "%s %" PRId64 "\n", what, m->seq); break;
    case RB_MSG_MOVE:
        rb_net_hex64(m->fp, fp);
        n = snprintf(buf, size, "move %" PRId64 " %" PRId64 " %s %s %" PRId64 "\n", m->seq, m->ply, m->move, fp,
                     m->clock_ms);
        break;
    case RB_MSG_CLOCK:
        n = snprintf(buf, size, "clock %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64 "\n", m->seq, m->ply, m->clocks[0],
                     m->clocks[1]);
        break;
    case RB_MSG_OFFER:
    case RB_MSG_DONE:
        n = snprintf(buf, size, "%s %" PRId64 " %s %" PRId64 "\n", what, m->seq, rb_net_offer_name(m->kind), m->ply);
        break;
    case RB_MSG_ANSWER:
        n = snprintf(buf, size, "answer %" PRId64 " %s %" PRId64 " %s\n", m->seq, rb_net_offer_name(m->kind), m->ply,
                     m->yes ? "yes" : "no");
        break;
    case RB_MSG_RESIGN:
    case RB_MSG_ABORT: n = snprintf(buf, size, "%s %" PRId64 " %" PRId64 "\n", what, m->seq, m->ply); break;
    case RB_MSG_FLAG:
        n = snprintf(buf, size, "flag %" PRId64 " %s %" PRId64 "\n", m->seq, color_name(m->color), m->ply);
        break;
    case RB_MSG_CLAIM:
        n = snprintf(buf, size, "claim %" PRId64 " %s %" PRId64 "\n", m->seq, rb_net_claim_name(m->kind), m->ply);
        break;
    case RB_MSG_CHAT: n = snprintf(buf, size, "chat %" PRId64 " %s\n", m->seq, m->text); break;
    case RB_MSG_REFUSE:
        n = snprintf(buf, size, "refuse %" PRId64 " %" PRId64 " %s\n", m->seq, m->of_seq, m->text);
        break;
    case RB_MSG_PGN:
        if (rb_net_encode(m->text, strlen(m->text), a, sizeof a) < 0) {
            return 0;
        }
        n = snprintf(buf, size, "pgn %" PRId64 " %d %d %s\n", m->seq, m->index, m->count, a);
        break;
    default: return 0;
    }
    if (n < 0 || (size_t)n >= size || (size_t)n > RB_NET_LINE_MAX + 1) {
        return 0;
    }
    return (size_t)n;
}
