/* SPDX-License-Identifier: MIT */
#include "rng.h"

#include <math.h>

uint64_t test_rng_next(test_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double test_rng_uniform(test_rng *r, double lo, double hi)
{
    return lo + (hi - lo) * ((double)(test_rng_next(r) >> 11) * (1.0 / 9007199254740992.0));
}

void test_rng_uniform3(test_rng *r, double lo, double hi, double out[3])
{
    for (int k = 0; k < 3; ++k) out[k] = test_rng_uniform(r, lo, hi);
}

int test_rng_int(test_rng *r, int lo, int hi)
{
    return lo + (int)(test_rng_next(r) % (uint64_t)(hi - lo + 1));
}

double test_rng_log_range(test_rng *r, double lo, double hi)
{
    return exp(test_rng_uniform(r, log(lo), log(hi)));
}

void test_rng_unit_vector(test_rng *r, double out[3])
{
    /* Rejection from the cube keeps the direction uniform. */
    for (;;) {
        double x = test_rng_uniform(r, -1.0, 1.0);
        double y = test_rng_uniform(r, -1.0, 1.0);
        double z = test_rng_uniform(r, -1.0, 1.0);
        double l2 = x * x + y * y + z * z;
        if (l2 > 1e-6 && l2 <= 1.0) {
            double inv = 1.0 / sqrt(l2);
            out[0] = x * inv;
            out[1] = y * inv;
            out[2] = z * inv;
            return;
        }
    }
}

void test_rng_quat(test_rng *r, double out[4])
{
    /* Shoemake's subgroup algorithm: uniform over rotations. */
    const double two_pi = 6.283185307179586;
    double u1 = test_rng_uniform(r, 0.0, 1.0);
    double u2 = test_rng_uniform(r, 0.0, 1.0);
    double u3 = test_rng_uniform(r, 0.0, 1.0);
    double r1 = sqrt(1.0 - u1), r2 = sqrt(u1);
    out[0] = r1 * sin(two_pi * u2);
    out[1] = r1 * cos(two_pi * u2);
    out[2] = r2 * sin(two_pi * u3);
    out[3] = r2 * cos(two_pi * u3);
}

float test_rng_float(test_rng *r, double lo, double hi) { return (float)test_rng_uniform(r, lo, hi); }

tc_vec3 test_rng_vec3(test_rng *r, double lo, double hi)
{
    const float x = test_rng_float(r, lo, hi);
    const float y = test_rng_float(r, lo, hi);
    const float z = test_rng_float(r, lo, hi);
    return tc_vec3_make(x, y, z);
}

tc_quat test_rng_quat_raw(test_rng *r)
{
    const float x = test_rng_float(r, -1, 1);
    const float y = test_rng_float(r, -1, 1);
    const float z = test_rng_float(r, -1, 1);
    const float w = test_rng_float(r, -1, 1);
    return tc_quat_make(x, y, z, w);
}

tc_quat test_rng_rotation(test_rng *r)
{
    double q[4];
    test_rng_quat(r, q);
    return tc_quat_make((float)q[0], (float)q[1], (float)q[2], (float)q[3]);
}
