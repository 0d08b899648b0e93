/* SPDX-License-Identifier: MIT */
#include "peers.h"

#include <stdio.h>

int bench_peers_print_missing(unsigned wanted)
{
    static const struct {
        unsigned bit;
        int have;
        const char *name, *package;
    } peers[] = {
        { BENCH_PEER_ODE, TOUCHE_BENCH_HAVE_ODE, "ODE", "libode-dev" },
        { BENCH_PEER_BULLET, TOUCHE_BENCH_HAVE_BULLET, "Bullet", "libbullet-dev" },
        { BENCH_PEER_CCD, TOUCHE_BENCH_HAVE_CCD, "libccd", "libccd-dev" },
        { BENCH_PEER_FCL, TOUCHE_BENCH_HAVE_FCL, "FCL", "libfcl-dev" },
        { BENCH_PEER_EMBREE, TOUCHE_BENCH_HAVE_EMBREE, "Embree", "libembree-dev" },
        { BENCH_PEER_QHULL, TOUCHE_BENCH_HAVE_QHULL, "qhull", "libqhull-dev" },
    };
    int missing = 0;
    for (size_t i = 0; i < sizeof peers / sizeof peers[0]; ++i) {
        if ((wanted & peers[i].bit) && !peers[i].have) {
            printf("%s not installed: skipped (apt-get install %s)\n", peers[i].name, peers[i].package);
            ++missing;
        }
    }
    fflush(stdout);
    return missing;
}
