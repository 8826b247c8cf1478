/*
 * fuzz_move_text.c - fuzzes the readers of moves as text, both forms.
 *
 * The first byte picks one of a few positions chosen for what their moves
 * carry (rebounds, promotions, a throne win, a mate, a game already over);
 * the rest is the text, given to the coordinate reader, the display reader
 * and the reader of either form. Whatever they accept must be one of the
 * position's legal moves, and must read back identically from the text the
 * writers make of it. Rejections must come with a message.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "rb_notation.h"

#define MAX_TEXT 256

static const char *const positions[] = {
    "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1",
    "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 b - 0 1",
    "7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1",
    "5R1/1k5/2xxx2/2xxx1K/2xxx2/1p2R2/7 w - 0 1",
    "2k4/7/1pxxx2/2xxxK1/2xxx2/7/3B3 w - 0 1",
    "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1",
    "4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1",
    "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1",
    "5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/7 w - 0 1",
    "7/3K3/2xxx2/2xxx2/2xxxk1/7/7 b K 0 1", /* won by throne: no moves */
};
#define NPOS (sizeof positions / sizeof positions[0])

typedef int (*reader)(const rb_pos *, const char *, rb_move *, char *, size_t);

static void try_reader(const rb_pos *pos, const char *text, reader read, const char *name)
{
    rb_move m = RB_MOVE_NONE;
    char err[256];
    err[0] = '\0';
    if (read(pos, text, &m, err, sizeof err) != 0) {
        if (err[0] == '\0') {
            rb_fuzz_fail("%s reader rejected '%s' without a message", name, text);
        }
        char small[4] = {'z', 'z', 'z', 'z'};
        read(pos, text, &m, small, 3);
        if (small[3] != 'z') {
            rb_fuzz_fail("%s reader wrote past the message buffer for '%s'", name, text);
        }
        read(pos, text, &m, NULL, 0);
        return;
    }
    rb_movelist list;
    rb_gen_legal(pos, &list);
    bool legal = false;
    for (int i = 0; i < list.count; i++) {
        legal = legal || list.moves[i] == m;
    }
    if (!legal) {
        rb_fuzz_fail("%s reader accepted '%s' as move %u, which is not legal", name, text, (unsigned)m);
    }
    char coord[RB_MOVE_TEXT_MAX], display[RB_MOVE_TEXT_MAX];
    rb_move back;
    rb_move_to_coord(m, coord);
    rb_move_to_display(pos, m, display);
    if (rb_move_parse(pos, coord, &back, err, sizeof err) != 0 || back != m) {
        rb_fuzz_fail("'%s' read as %s, which does not read back", text, coord);
    }
    if (rb_move_parse(pos, display, &back, err, sizeof err) != 0 || back != m) {
        rb_fuzz_fail("'%s' read as %s, which does not read back", text, display);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) {
        return 0;
    }
    rb_pos pos;
    char err[256];
    if (rb_pos_parse(&pos, positions[data[0] % NPOS], err, sizeof err) != 0) {
        rb_fuzz_fail("built-in position %d rejected: %s", data[0] % (int)NPOS, err);
    }
    char text[MAX_TEXT + 1];
    size_t n = size - 1 < MAX_TEXT ? size - 1 : MAX_TEXT;
    memcpy(text, data + 1, n);
    text[n] = '\0';

    try_reader(&pos, text, rb_move_parse_coord, "coordinate");
    try_reader(&pos, text, rb_move_parse_display, "display");
    try_reader(&pos, text, rb_move_parse, "either-form");
    return 0;
}
