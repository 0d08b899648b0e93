/* SPDX-License-Identifier: MIT */
/* Private: the single manifold tc_shape_contact gives for a pair with a mesh,
 * the deepest touching triangle's (ties: the lowest triangle index), found in
 * the same walk as tc_contact_X_mesh without a buffer of every triangle's. */
#ifndef TOUCHE_SRC_QUERIES_MESH_DEEPEST_H
#define TOUCHE_SRC_QUERIES_MESH_DEEPEST_H

#include <touche/mesh.h>

bool tc_mesh_deepest_contact_sphere(const tc_sphere *a, const tc_mesh *b, tc_manifold *m);
bool tc_mesh_deepest_contact_capsule(const tc_capsule *a, const tc_mesh *b, tc_manifold *m);
bool tc_mesh_deepest_contact_aabb(const tc_aabb *a, const tc_mesh *b, tc_manifold *m);
bool tc_mesh_deepest_contact_obb(const tc_obb *a, const tc_mesh *b, tc_manifold *m);
bool tc_mesh_deepest_contact_triangle(const tc_triangle *a, const tc_mesh *b, tc_manifold *m);
bool tc_mesh_deepest_contact_plane(const tc_plane *a, const tc_mesh *b, tc_manifold *m);
bool tc_mesh_deepest_contact_hull(const tc_hull *a, const tc_mesh *b, tc_manifold *m);

#endif
