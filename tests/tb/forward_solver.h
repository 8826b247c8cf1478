/*
 * forward_solver.h - a second, deliberately plain way to solve an ending,
 * to check the tablebase generator against.
 *
 * It shares nothing with the generator but the rules library's move
 * generator: its own naive index (every man on any of the 40 squares, both
 * sides to move, four flag pairs), its own material handling, and instead
 * of un-moves a forward fixed-point iteration: pass k marks won in k every
 * position with a move to a position lost in k - 1, and lost in k every
 * position all of whose moves lead to positions won in at most k - 1, one
 * of them in exactly k - 1. Whatever no pass marks is a draw. Smaller
 * materials (after a capture or a promotion) are solved the same way first.
 */
#ifndef FORWARD_SOLVER_H
#define FORWARD_SOLVER_H

#include <stdint.h>

#include "rb_board.h"

#define FS_MAX_MEN 4

typedef struct fs_result fs_result;
typedef struct fs_solver fs_solver;

fs_solver *fs_new(void);
void fs_free(fs_solver *s);
/* The value of pos (the tables' byte code: 0 none, 1 draw, 2 + d), solving
 * its material first if needed. pos must have at most FS_MAX_MEN men. */
int fs_value(fs_solver *s, const rb_pos *pos);
/* Solves the material of pos now (so that timing excludes it later). */
void fs_solve_material_of(fs_solver *s, const rb_pos *pos);

#endif
