/*
 * elo.c - the logistic Elo scale (see rb_util_elo.h).
 */
#include "rb_util_elo.h"

#include <math.h>

double rb_util_elo_from_score(double score)
{
    return -400.0 * log10(1.0 / score - 1.0);
}

double rb_util_score_from_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}
