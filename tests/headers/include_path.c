/* SPDX-License-Identifier: MIT */
/* Compiled with include/touche itself on the include path, as some users set
 * it up: <math.h> must still be the C library's (no public header shadows a
 * standard one), and <touche/touche.h> must still be found beside it. */
#include <math.h>
#include <touche/touche.h>

/* M_PI-free uses of <math.h> that a shadowing header would not declare. */
double touche_include_path_check(double x);
double touche_include_path_check(double x)
{
    return sqrt(fabs(x)) + (double)tc_vec3_dot(tc_vec3_make(1, 0, 0), tc_vec3_make(1, 0, 0));
}
