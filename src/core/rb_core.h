/*
 * rb_core.h - the whole rules library in one include.
 */
#ifndef RB_CORE_H
#define RB_CORE_H

#include "rb_board.h"
#include "rb_notation.h"
#include "rb_game.h"
#include "rb_pgn.h"
#include "rb_explain.h"

#endif
