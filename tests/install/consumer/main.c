/* SPDX-License-Identifier: MIT */
/* A tiny program built against the installed package, as the README shows.
 * TOUCHE_PACKAGE_VERSION is the version the package file (CMake's or
 * touche.pc) gave; it must be the library's. Built with include/touche itself
 * on the include path too: <math.h> stays the C library's. */
#include <math.h>
#include <stdio.h>
#include <touche/touche.h>

int main(void)
{
    tc_obb a = tc_obb_from_quat(tc_vec3_make(0, 0, 0), tc_vec3_make(1, 1, 1), tc_quat_identity());
    tc_obb b = tc_obb_from_quat(tc_vec3_make(1.5f, 0, 0), tc_vec3_make(1, 1, 1),
                                tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), 0.5f));
    tc_obb c = tc_obb_from_quat(tc_vec3_make(5, 0, 0), tc_vec3_make(1, 1, 1), tc_quat_identity());
    if (!tc_overlap_obb_obb(&a, &b) || tc_overlap_obb_obb(&a, &c) || !(sqrt(4.0) == 2.0)) {
        puts("wrong answer");
        return 1;
    }
    unsigned v = (unsigned)tc_version();
    char reported[32];
    snprintf(reported, sizeof reported, "%u.%u.%u", v >> 16, (v >> 8) & 0xffu, v & 0xffu);
#ifdef TOUCHE_PACKAGE_VERSION
    for (int i = 0;; ++i) {
        if (reported[i] != TOUCHE_PACKAGE_VERSION[i]) {
            printf("tc_version() is %s, the package says %s\n", reported, TOUCHE_PACKAGE_VERSION);
            return 1;
        }
        if (!reported[i]) break;
    }
#endif
    printf("touche %s ok\n", reported);
    return 0;
}
