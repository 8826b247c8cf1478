/*
 * tc.c - time controls (see tc.h for the conventions).
 */
#include "state/tc.h"
#include "words/i18n.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MINUTE_MS (60 * 1000LL)

const rb_ui_tc_preset rb_ui_tc_presets[RB_UI_TC_NPRESETS] = {
    {"untimed", {0, 0}},
    {"3+2", {3 * MINUTE_MS, 2000}},
    {"5+3", {5 * MINUTE_MS, 3000}},
    {"10+5", {10 * MINUTE_MS, 5000}},
    {"15+10", {15 * MINUTE_MS, 10000}},
};

bool rb_ui_tc_timed(rb_ui_time_control tc)
{
    return tc.base_ms > 0;
}

bool rb_ui_tc_equal(rb_ui_time_control a, rb_ui_time_control b)
{
    if (!rb_ui_tc_timed(a) || !rb_ui_tc_timed(b)) {
        return rb_ui_tc_timed(a) == rb_ui_tc_timed(b);
    }
    return a.base_ms == b.base_ms && a.increment_ms == b.increment_ms;
}

bool rb_ui_tc_valid(rb_ui_time_control tc, char *err, size_t errlen)
{
    if (tc.base_ms < 0 || tc.base_ms > RB_UI_TC_MAX_BASE_MS) {
        snprintf(err, errlen, "%s", _("the base time must be between 0 (untimed) and 10 hours"));
        return false;
    }
    if (tc.increment_ms < 0 || tc.increment_ms > RB_UI_TC_MAX_INC_MS) {
        snprintf(err, errlen, "%s", _("the increment must be between 0 and 10 minutes"));
        return false;
    }
    if (tc.base_ms == 0 && tc.increment_ms != 0) {
        snprintf(err, errlen, "%s", _("an untimed side cannot have an increment"));
        return false;
    }
    return true;
}

/* Seconds as PGN writes them: "300", or "0.5" when not whole. */
static size_t put_seconds(int64_t ms, char *buf, size_t len)
{
    int n;
    if (ms % 1000 == 0) {
        n = snprintf(buf, len, "%" PRId64, ms / 1000);
    } else {
        /* Three decimals, then trailing zeros dropped: 500 ms is "0.5". */
        int frac = (int)(ms % 1000), digits = 3;
        while (frac % 10 == 0) {
            frac /= 10;
            digits--;
        }
        n = snprintf(buf, len, "%" PRId64 ".%0*d", ms / 1000, digits, frac);
    }
    return n < 0 ? 0 : (size_t)n;
}

size_t rb_ui_tc_format(rb_ui_time_control tc, char *buf, size_t len)
{
    if (!rb_ui_tc_timed(tc)) {
        return (size_t)snprintf(buf, len, "-");
    }
    char base[24], inc[24];
    put_seconds(tc.base_ms, base, sizeof base);
    if (tc.increment_ms == 0) {
        return (size_t)snprintf(buf, len, "%s", base);
    }
    put_seconds(tc.increment_ms, inc, sizeof inc);
    return (size_t)snprintf(buf, len, "%s+%s", base, inc);
}

/* Reads "123" or "123.45" at *p into milliseconds and advances *p. At most
 * seven digits of seconds (far above any limit) so nothing overflows. */
bool rb_ui_tc_read_seconds(const char **p, int64_t *ms)
{
    const char *s = *p;
    int64_t whole = 0;
    int digits = 0;
    while (isdigit((unsigned char)*s) && digits < 8) {
        whole = whole * 10 + (*s++ - '0');
        digits++;
    }
    if (digits == 0 || digits > 7) {
        return false;
    }
    int64_t frac = 0;
    if (*s == '.') {
        s++;
        int scale = 100, fdigits = 0;
        while (isdigit((unsigned char)*s)) {
            if (++fdigits > 3) {
                return false;
            }
            frac += (*s++ - '0') * scale;
            scale /= 10;
        }
        if (fdigits == 0) {
            return false;
        }
    }
    *ms = whole * 1000 + frac;
    *p = s;
    return true;
}

int rb_ui_tc_parse(const char *text, rb_ui_time_control *tc, char *err, size_t errlen)
{
    if (strcmp(text, "?") == 0) {
        return 1;
    }
    if (strcmp(text, "-") == 0) {
        *tc = (rb_ui_time_control){0, 0};
        return 0;
    }
    if (strchr(text, '/') != NULL || strchr(text, ':') != NULL || text[0] == '*') {
        snprintf(err, errlen,
                 /* TRANSLATORS: %s is the TimeControl tag of a game file; keep "300+3" */
                 _("time control \"%.40s\": only a base and an increment (\"300+3\") can be played"), text);
        return -1;
    }
    const char *p = text;
    rb_ui_time_control got = {0, 0};
    bool ok = rb_ui_tc_read_seconds(&p, &got.base_ms);
    if (ok && *p == '+') {
        p++;
        ok = rb_ui_tc_read_seconds(&p, &got.increment_ms);
    }
    if (!ok || *p != '\0') {
        snprintf(err, errlen, _("time control \"%.40s\" is not seconds with an optional increment, like \"300+3\""),
                 text);
        return -1;
    }
    if (got.base_ms == 0) {
        snprintf(err, errlen, _("time control \"%.40s\" gives no time at all"), text);
        return -1;
    }
    char why[300];
    if (!rb_ui_tc_valid(got, why, sizeof why)) {
        /* TRANSLATORS: a TimeControl tag, then what is wrong with it */
        snprintf(err, errlen, _("time control \"%.40s\": %s"), text, why);
        return -1;
    }
    *tc = got;
    return 0;
}

static const char *const side_tag[2] = {"WhiteTimeControl", "BlackTimeControl"};

int rb_ui_tc_write_tags(rb_game *g, const rb_ui_time_control tc[2])
{
    char text[2][RB_UI_TC_TEXT_MAX];
    rb_ui_tc_format(tc[0], text[0], sizeof text[0]);
    rb_ui_tc_format(tc[1], text[1], sizeof text[1]);
    bool same = rb_ui_tc_equal(tc[0], tc[1]);
    int rc = rb_game_set_tag(g, "TimeControl", same ? text[0] : "?");
    for (int side = 0; side < 2 && rc == 0; side++) {
        rc = rb_game_set_tag(g, side_tag[side], same ? NULL : text[side]);
    }
    return rc;
}

int rb_ui_tc_read_tags(const rb_game *g, rb_ui_time_control tc[2], char *err, size_t errlen)
{
    rb_ui_time_control got[2] = {{0, 0}, {0, 0}};
    char why[400];
    const char *common = rb_game_tag(g, "TimeControl");
    if (common != NULL) {
        int rc = rb_ui_tc_parse(common, &got[0], why, sizeof why);
        if (rc < 0) {
            /* TRANSLATORS: TimeControl is the name of a tag in a game file: keep it */
            snprintf(err, errlen, _("TimeControl tag: %s"), why);
            return -1;
        }
        got[1] = got[0];
    }
    /* A side's own tag wins over the common one; "?" leaves that side as
     * the common tag had it. */
    for (int side = 0; side < 2; side++) {
        const char *own = rb_game_tag(g, side_tag[side]);
        if (own != NULL && rb_ui_tc_parse(own, &got[side], why, sizeof why) < 0) {
            /* TRANSLATORS: %s is the name of a tag in a game file (WhiteTimeControl), then what is wrong with it */
            snprintf(err, errlen, _("%s tag: %s"), side_tag[side], why);
            return -1;
        }
    }
    tc[0] = got[0];
    tc[1] = got[1];
    return 0;
}
