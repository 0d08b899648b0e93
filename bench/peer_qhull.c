/* SPDX-License-Identifier: MIT */
/* qhull glue for the hull-build benchmark (compiled only when Debian's
 * libqhull_r is installed): the reentrant library, "qhull Qt" (triangulated
 * output, the cheapest that still gives every facet), points in double as
 * qhull takes them (the conversion is not timed). */
#include "peers.h"
#include "bench_util.h"

#include <libqhull_r/qhull_ra.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double peer_qhull_build(const float *points, int n, int reps, int *vertices)
{
    coordT *c = malloc(sizeof(coordT) * 3 * (size_t)n);
    if (!c) return INFINITY;
    for (int i = 0; i < 3 * n; ++i) c[i] = points[i];
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        qhT qh_qh;
        qhT *qh = &qh_qh;
        qh_zero(qh, stderr);
        char options[] = "qhull Qt";
        double t0 = bench_now();
        int err = qh_new_qhull(qh, 3, n, c, False, options, NULL, stderr);
        double dt = bench_now() - t0;
        if (!err && vertices) *vertices = qh->num_vertices;
        if (dt < best) best = dt;
        int curlong, totlong;
        qh_freeqhull(qh, !qh_ALL);
        qh_memfreeshort(qh, &curlong, &totlong);
    }
    free(c);
    return best;
}
