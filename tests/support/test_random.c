/* SPDX-License-Identifier: MIT */
#include "test_random.h"

tc_quat test_rng_quat4(test_rng *r, double lo, double hi)
{
    const float x = (float)test_rng_uniform(r, lo, hi);
    const float y = (float)test_rng_uniform(r, lo, hi);
    const float z = (float)test_rng_uniform(r, lo, hi);
    const float w = (float)test_rng_uniform(r, lo, hi);
    return tc_quat_make(x, y, z, w);
}
