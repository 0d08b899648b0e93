/* SPDX-License-Identifier: MIT */
#include "mesh_gen.h"

#include <stdlib.h>

tc_mesh_data *gen_grid_mesh(int n, float cell, test_rng *bumps)
{
    tc_vec3 *v = malloc(sizeof(tc_vec3) * (size_t)((n + 1) * (n + 1)));
    int32_t *idx = malloc(sizeof(int32_t) * (size_t)(6 * n * n));
    tc_mesh_data *m = NULL;
    if (v && idx) {
        for (int i = 0; i <= n; ++i)
            for (int j = 0; j <= n; ++j) {
                float y = bumps ? (float)test_rng_uniform(bumps, -0.2, 0.2) : 0.0f;
                v[i * (n + 1) + j] = tc_vec3_make(((float)i - n / 2.0f) * cell, y, ((float)j - n / 2.0f) * cell);
            }
        int k = 0;
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                int a = i * (n + 1) + j, b = a + 1, c = a + n + 1, d = c + 1;
                idx[k++] = a; idx[k++] = b; idx[k++] = d;
                idx[k++] = a; idx[k++] = d; idx[k++] = c;
            }
        m = tc_mesh_data_create(v, (n + 1) * (n + 1), idx, 2 * n * n, NULL);
    }
    free(idx);
    free(v);
    return m;
}
