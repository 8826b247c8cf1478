/*
 * tb_file.c - a table on disk: a 64-byte header, then one byte per index.
 *
 * The header says what the bytes are (magic, format version, the set, the
 * rules' fingerprint, the number of entries) and carries a checksum of
 * them, so that a table from another rules version, a truncated download
 * or a flipped bit is refused with the file's name instead of being read
 * as if it were right. All numbers are little-endian. docs/tablebases.md
 * describes the layout byte by byte.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_fast.h"
#include "rb_tb.h"

static const uint8_t magic[8] = {'R', 'B', 'T', 'B', '\r', '\n', 0x1a, '\n'};

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

static uint64_t fnv(uint64_t h, const void *data, size_t len)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < len; i++) {
        h = (h ^ p[i]) * FNV_PRIME;
    }
    return h;
}

uint64_t rb_tb_checksum(const uint8_t *data, size_t len)
{
    return fnv(FNV_OFFSET, data, len);
}

static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++) {
        b[i] = (uint8_t)(v >> (8 * i));
    }
    return fnv(h, b, 8);
}

static uint64_t fnv_ray(uint64_t h, const rb_ray *r)
{
    h = fnv_u64(h, r->len);
    h = fnv_u64(h, (uint64_t)(int64_t)r->rebound);
    return fnv(h, r->sq, r->len);
}

uint64_t rb_tb_rules_fingerprint(void)
{
    /* Every fact a move or an ending depends on: the pieces' reach with
     * its rebounds, promotion, the thrones and the out flags' lines, and
     * a word for the ending rules (mate, throne, stalemate; no move
     * limit), which the geometry does not show. */
    uint64_t h = fnv(FNV_OFFSET, "rollerball endings: mate throne stalemate-draw no-limit", 55);
    for (int s = 0; s < RB_NSQ; s++) {
        h = fnv_u64(h, rb_fast.king_steps[s]);
        h = fnv_u64(h, rb_fast.pawn_targets[s]);
        h = fnv_u64(h, rb_fast.rook_steps[s]);
        h = fnv_u64(h, rb_fast.bishop_steps[s]);
        for (int i = 0; i < rb_fast.rook_nrays[s]; i++) {
            h = fnv_ray(h, &rb_fast.rook_rays[s][i]);
        }
        for (int i = 0; i < rb_fast.bishop_nrays[s]; i++) {
            h = fnv_ray(h, &rb_fast.bishop_rays[s][i]);
        }
    }
    for (int c = 0; c < 2; c++) {
        h = fnv_u64(h, rb_fast.promotion[c]);
        h = fnv_u64(h, rb_fast.throne[c]);
        h = fnv_u64(h, rb_fast.line_behind[c]);
        h = fnv_u64(h, rb_fast.line_ahead[c]);
    }
    return h;
}

static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

static void put_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

static uint32_t get_u32(const uint8_t *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--) {
        v = (v << 8) | p[i];
    }
    return v;
}

static uint64_t get_u64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) {
        v = (v << 8) | p[i];
    }
    return v;
}

int rb_tb_write(const char *path, const rb_tb_set *set, const uint8_t *values, char *err, size_t errlen)
{
    uint8_t h[RB_TB_HEADER_SIZE] = {0};
    memcpy(h, magic, sizeof magic);
    put_u32(h + 8, RB_TB_VERSION);
    put_u32(h + 12, RB_TB_HEADER_SIZE);
    memcpy(h + 16, set->name, strlen(set->name));
    put_u64(h + 32, rb_tb_rules_fingerprint());
    put_u64(h + 40, set->size);
    put_u64(h + 48, rb_tb_checksum(values, set->size));
    rb_tb_stats st;
    rb_tb_count(set, values, &st);
    put_u32(h + 56, (uint32_t)st.longest);
    /* Written beside the target and renamed over it, so that a reader
     * never sees half a table. */
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.part", path) >= (int)sizeof tmp) {
        snprintf(err, errlen, "%s: the path is too long", path);
        return -1;
    }
    FILE *f = fopen(tmp, "wb");
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot write: %s", tmp, strerror(errno));
        return -1;
    }
    bool ok = fwrite(h, 1, sizeof h, f) == sizeof h && fwrite(values, 1, set->size, f) == set->size;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

uint8_t *rb_tb_read(const char *path, const rb_tb_set *set, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return NULL;
    }
    uint8_t h[RB_TB_HEADER_SIZE];
    const char *why = NULL;
    uint8_t *values = NULL;
    char name[17] = {0};
    if (fread(h, 1, sizeof h, f) != sizeof h) {
        why = "shorter than a table's header";
    } else if (memcmp(h, magic, sizeof magic) != 0) {
        why = "not a Rollerball table (wrong magic)";
    } else if (get_u32(h + 8) != RB_TB_VERSION || get_u32(h + 12) != RB_TB_HEADER_SIZE) {
        why = "a table format this program does not read (wrong version)";
    } else if (memcpy(name, h + 16, 16), strcmp(name, set->name) != 0) {
        why = "holds another material set than its name says";
    } else if (get_u64(h + 32) != rb_tb_rules_fingerprint()) {
        why = "computed for other rules (the rules fingerprint differs)";
    } else if (get_u64(h + 40) != set->size) {
        why = "has the wrong number of entries for its set";
    } else if ((values = malloc(set->size ? set->size : 1)) == NULL) {
        why = "no memory to read it";
    } else if (fread(values, 1, set->size, f) != set->size) {
        why = "is truncated";
    } else if (fgetc(f) != EOF) {
        why = "has bytes after its entries";
    } else if (rb_tb_checksum(values, set->size) != get_u64(h + 48)) {
        why = "is damaged (its checksum does not match)";
    }
    fclose(f);
    if (why != NULL) {
        snprintf(err, errlen, "%s: %s; the table is not used", path, why);
        free(values);
        return NULL;
    }
    return values;
}
