/* A tiny program built against the installed package. */
#include <touche/touche.h>
#include <stdio.h>

int main(void)
{
    tc_obb a = tc_obb_from_quat(tc_vec3_make(0, 0, 0), tc_vec3_make(1, 1, 1), tc_quat_identity());
    tc_obb b = tc_obb_from_quat(tc_vec3_make(1.5f, 0, 0), tc_vec3_make(1, 1, 1),
                                tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), 0.5f));
    tc_obb c = tc_obb_from_quat(tc_vec3_make(5, 0, 0), tc_vec3_make(1, 1, 1), tc_quat_identity());
    if (!tc_overlap_obb_obb(&a, &b) || tc_overlap_obb_obb(&a, &c)) {
        puts("wrong answer");
        return 1;
    }
    printf("touche %u ok\n", (unsigned)tc_version());
    return 0;
}
