/*
 * fuzz_position.c - fuzzes the position-string parser and, through it, the
 * move generator.
 *
 * An input is either a position string (any bytes) or, when it starts with
 * '#', a placement built piece by piece: byte 1 sets the side to move and the
 * out flags, then each pair of bytes puts a piece on a square. Built
 * placements reach positions no mutation of a string would find quickly; they
 * go through the parser too, as text, so only legal ones are checked further.
 *
 * The parser must never crash, and everything it accepts must pass
 * rb_fuzz_check_position (round trip, key, copy-make, the plain generator).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rb_board.h"

/* Longer strings than this only repeat what shorter ones test. */
#define MAX_TEXT 512

static void built_text(const uint8_t *data, size_t size, char *text)
{
    rb_pos pos;
    rb_pos_clear(&pos);
    if (size > 1) {
        rb_pos_set_side(&pos, data[1] & 1);
        rb_pos_set_out(&pos, (data[1] >> 1) & 3);
    }
    for (size_t i = 2; i + 1 < size; i += 2) {
        int sq = data[i] % RB_NSQ;
        int kind = data[i + 1] % 9; /* 0 empties the square, 1..8 a piece */
        if (kind == 0) {
            rb_pos_remove(&pos, sq);
        } else {
            rb_pos_remove(&pos, sq);
            rb_pos_put(&pos, sq, RB_PIECE((kind - 1) / 4, (kind - 1) % 4 + 1));
        }
    }
    rb_pos_format(&pos, text, RB_POS_TEXT_MAX);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[MAX_TEXT + 1];
    if (size > 0 && data[0] == '#') {
        built_text(data, size > 2 + 2 * 16 ? 2 + 2 * 16 : size, text);
    } else {
        size_t n = size < MAX_TEXT ? size : MAX_TEXT;
        memcpy(text, data, n);
        text[n] = '\0';
    }

    rb_pos pos, untouched;
    memset(&pos, 0xa5, sizeof pos);
    untouched = pos;
    char err[256];
    err[0] = '\0';
    if (rb_pos_parse(&pos, text, err, sizeof err) != 0) {
        if (memcmp(&pos, &untouched, sizeof pos) != 0) {
            rb_fuzz_fail("a rejected string changed the position: '%s'", text);
        }
        if (err[0] == '\0' || memchr(err, '\0', sizeof err) == NULL) {
            rb_fuzz_fail("'%s' was rejected without a message", text);
        }
        /* A tiny message buffer must be respected too. */
        char small[4] = {'z', 'z', 'z', 'z'};
        rb_pos_parse(&pos, text, small, 3);
        if (small[3] != 'z') {
            rb_fuzz_fail("the parser wrote past the message buffer for '%s'", text);
        }
        rb_pos_parse(&pos, text, NULL, 0);
        return 0;
    }
    rb_fuzz_check_position(&pos);
    return 0;
}
