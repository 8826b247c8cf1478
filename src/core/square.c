/*
 * square.c - square names and the geometry queries a front end needs.
 * All answers come from the generated tables; nothing is computed here.
 */
#include "rb_fast.h"
#include "rb_tables.h"

int rb_sq_at(int file, int rank)
{
    if (file < 0 || file >= RB_NFILES || rank < 0 || rank >= RB_NRANKS) {
        return -1;
    }
    return rb_geo.sq_at[file][rank];
}

static bool valid(int sq)
{
    return sq >= 0 && sq < RB_NSQ;
}

int rb_sq_file(int sq)
{
    return valid(sq) ? rb_geo.file[sq] : -1;
}
int rb_sq_rank(int sq)
{
    return valid(sq) ? rb_geo.rank[sq] : -1;
}
const char *rb_sq_name(int sq)
{
    return valid(sq) ? rb_geo.name[sq] : "??";
}
int rb_sq_forward(int sq)
{
    return valid(sq) ? rb_geo.forward[sq] : -1;
}
bool rb_sq_is_outer(int sq)
{
    return valid(sq) && (rb_geo.outer & RB_BIT(sq));
}
bool rb_sq_is_turn(int sq)
{
    return valid(sq) && (rb_geo.turns & RB_BIT(sq));
}

int rb_sq_parse(const char *text)
{
    if (!text || text[0] < 'a' || text[0] > 'g' || text[1] < '1' || text[1] > '7') {
        return -1;
    }
    return rb_sq_at(text[0] - 'a', text[1] - '1');
}

int rb_throne(int color)
{
    return rb_fast.throne[color & 1];
}
rb_bb rb_start_line_behind(int color)
{
    return rb_fast.line_behind[color & 1];
}
rb_bb rb_start_line_ahead(int color)
{
    return rb_fast.line_ahead[color & 1];
}
rb_bb rb_promotion_squares(int color)
{
    return rb_fast.promotion[color & 1];
}
