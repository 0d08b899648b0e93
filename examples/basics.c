/* SPDX-License-Identifier: MIT */
/* The README's example: two boxes riding on parent frames, a ray, a sphere.
 * Its test compares what it prints with basics.expected (worked out by hand:
 * the ray through the shield's centre at 45 degrees to its thin axis enters
 * 0.05 / sin 45 = 0.0707 before the centre, at t = 2.629). */
#include <math.h>
#include <stdio.h>
#include <touche/touche.h>

int main(void)
{
    /* A collider is a local centre, half extents and posture under a parent
     * (a bone or the world). Compose once, then query as often as you like. */
    tc_transform hand = tc_transform_make(tc_vec3_make(0.0f, 1.0f, 0.0f),
                                          tc_quat_from_euler_deg(0.0f, 0.0f, 30.0f));
    tc_obb sword = tc_obb_from_local(hand, tc_vec3_make(0.0f, 0.5f, 0.0f), tc_vec3_make(0.05f, 0.5f, 0.05f),
                                     tc_quat_identity());
    tc_obb shield = tc_obb_from_quat(tc_vec3_make(-0.3f, 1.4f, 0.0f), tc_vec3_make(0.3f, 0.3f, 0.05f),
                                     tc_quat_from_euler_deg(0.0f, 45.0f, 0.0f));

    printf("sword vs shield: %s\n", tc_overlap_obb_obb(&sword, &shield) ? "overlap" : "apart");

    tc_ray ray = { { -3.0f, 1.4f, 0.0f }, { 1.0f, 0.0f, 0.0f } };
    tc_ray_hit hit;
    if (tc_raycast_obb(&ray, &shield, INFINITY, &hit))
        printf("ray hits shield at t=%.3f point=(%.3f %.3f %.3f) normal=(%.3f %.3f %.3f)\n", hit.t, hit.point.x,
               hit.point.y, hit.point.z, hit.normal.x, hit.normal.y, hit.normal.z);

    tc_sphere ball = { { 0.5f, 2.0f, 0.0f }, 0.25f };
    printf("ball vs sword: %s\n", tc_overlap_sphere_obb(&ball, &sword) ? "overlap" : "apart");
    return 0;
}
