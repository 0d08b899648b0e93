/* SPDX-License-Identifier: MIT */
/** @file
 * Touché: 3D collision detection in C11.
 *
 * The one header to include. Every header opens with its conventions; the
 * shared ones are: shapes are closed (touching overlaps), pair functions take
 * shapes in the order sphere, capsule, aabb, obb, triangle, plane, invalid
 * data (NaN, infinity, negative sizes) answers false, and nothing allocates
 * except the world, through hooks the caller may replace.
 */
#ifndef TOUCHE_TOUCHE_H
#define TOUCHE_TOUCHE_H

#include "base.h"
#include "vecmath.h"
#include "shapes.h"
#include "overlap.h"
#include "raycast.h"
#include "dispatch.h"
#include "alloc.h"
#include "mat4.h"
#include "camera.h"
#include "tree.h"
#include "world.h"
#include "distance.h"
#include "contact.h"
#include "sweep.h"
#include "hull.h"
#include "mesh.h"

#endif
