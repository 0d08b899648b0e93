/* SPDX-License-Identifier: MIT */
/** @file
 * Touché ray casts: where does a ray first meet a shape?
 *
 * Conventions:
 *  - A ray is origin + t * dir for t >= 0; dir need not be unit length and t
 *    is measured in units of dir. max_t bounds the search and may be INFINITY
 *    for an unbounded ray; a NaN or negative max_t finds nothing.
 *  - On a hit, hit->t is in [0, max_t], hit->point = origin + t * dir and
 *    hit->normal is the unit surface normal facing the ray (dot(normal, dir)
 *    <= 0). For a two-sided triangle the normal faces the ray's origin.
 *  - Shapes are closed: a ray grazing a face, edge or corner hits. A ray lying
 *    in a triangle's plane that crosses it hits, at the first point of the
 *    triangle along the ray.
 *  - A ray whose origin is inside or on a solid shape hits at t = 0 with
 *    point = origin and normal = -dir/|dir|. A zero dir hits only when the
 *    origin is inside (normal then is zero).
 *  - NaN or infinite ray data, or an invalid shape, finds nothing.
 *  - hit may be NULL when only the yes/no answer is wanted.
 *  - hit->feature names the part of the shape hit: a mesh's triangle index
 *    (mesh.h); -1 for the shapes here and hulls.
 */
#ifndef TOUCHE_RAYCAST_H
#define TOUCHE_RAYCAST_H

#include "shapes.h"

TC_C_BEGIN

/// A ray from origin along dir; points origin + t * dir for t >= 0 (dir need not be unit length).
typedef struct tc_ray      { tc_vec3 origin; tc_vec3 dir; } tc_ray;
/// Where a ray first meets a shape: t along the ray (units of its dir), the point, the unit normal facing
/// the ray, and feature: the triangle index for a mesh (mesh.h), -1 for every shape that has no such part.
typedef struct tc_ray_hit  { float t; tc_vec3 point; tc_vec3 normal; int32_t feature; } tc_ray_hit;

/// The first hit of the ray on a sphere within max_t: true and *hit filled (hit may be NULL), else false.
TC_API bool tc_raycast_sphere(const tc_ray *ray, const tc_sphere *shape, float max_t, tc_ray_hit *hit);
/// The first hit of the ray on a capsule within max_t: true and *hit filled (hit may be NULL), else false.
TC_API bool tc_raycast_capsule(const tc_ray *ray, const tc_capsule *shape, float max_t, tc_ray_hit *hit);
/// The first hit of the ray on an AABB within max_t: true and *hit filled (hit may be NULL), else false.
TC_API bool tc_raycast_aabb(const tc_ray *ray, const tc_aabb *shape, float max_t, tc_ray_hit *hit);
/// The first hit of the ray on an OBB within max_t: true and *hit filled (hit may be NULL), else false.
TC_API bool tc_raycast_obb(const tc_ray *ray, const tc_obb *shape, float max_t, tc_ray_hit *hit);
/// The first hit of the ray on a triangle within max_t: true and *hit filled (hit may be NULL), else false.
TC_API bool tc_raycast_triangle(const tc_ray *ray, const tc_triangle *shape, float max_t, tc_ray_hit *hit);
/// The first hit of the ray on a plane within max_t: true and *hit filled (hit may be NULL), else false.
TC_API bool tc_raycast_plane(const tc_ray *ray, const tc_plane *shape, float max_t, tc_ray_hit *hit);

TC_C_END

#endif
