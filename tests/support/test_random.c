/* SPDX-License-Identifier: MIT */
#include "test_random.h"

tc_vec3 test_rng_vec3(test_rng *r, double lo, double hi)
{
    double p[3];
    test_rng_uniform3(r, lo, hi, p);
    return tc_vec3_make((float)p[0], (float)p[1], (float)p[2]);
}

tc_quat test_rng_quat4(test_rng *r, double lo, double hi)
{
    const float x = (float)test_rng_uniform(r, lo, hi);
    const float y = (float)test_rng_uniform(r, lo, hi);
    const float z = (float)test_rng_uniform(r, lo, hi);
    const float w = (float)test_rng_uniform(r, lo, hi);
    return tc_quat_make(x, y, z, w);
}
