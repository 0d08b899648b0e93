/* SPDX-License-Identifier: MIT */
/* Meshes for the tests: grids of triangles. */
#ifndef TOUCHE_TEST_MESH_GEN_H
#define TOUCHE_TEST_MESH_GEN_H

#include <touche/mesh.h>

#include "harness.h"

/* An n x n grid of unit squares (two triangles each) centred on the origin
 * in the xz plane, scaled by cell; with an rng, heights bumped by up to
 * 0.2. NULL when memory runs out. */
tc_mesh_data *gen_grid_mesh(int n, float cell, test_rng *bumps);

#endif
