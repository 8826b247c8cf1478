/*
 * geom_build.h - computes the geometry tables from the board description.
 * Used only by the build-time generator (gen_tables.c).
 */
#ifndef RB_GEOM_BUILD_H
#define RB_GEOM_BUILD_H

#include "rb_fast.h"
#include "rb_tables.h"

/* Fills g and fast. Returns 0, or -1 with a message in err when the
 * description is inconsistent (for example two routes of one piece reaching
 * the same square). */
int rb_geom_build(rb_geometry *g, rb_fast_tables *fast, char *err, size_t errlen);

#endif
