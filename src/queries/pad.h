/* SPDX-License-Identifier: MIT */
/* Helpers that turn a float distance comparison into a conservative one. */
#ifndef TOUCHE_QUERIES_PAD_H
#define TOUCHE_QUERIES_PAD_H

#include "core/float.h"

/* d2 <= (r + pad)^2 with pad = TC_PAD_REL * magnitude, where magnitude
 * bounds the coordinates that went into d2 (their rounding is relative to
 * it). */
static inline bool tc_within(float d2, float r, float magnitude)
{
    float limit = r + TC_PAD_REL * magnitude;
    return d2 <= limit * limit;
}

#endif
