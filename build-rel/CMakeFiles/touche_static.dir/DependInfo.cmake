
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/world/src/core/alloc.c" "CMakeFiles/touche_static.dir/src/core/alloc.c.o" "gcc" "CMakeFiles/touche_static.dir/src/core/alloc.c.o.d"
  "/work/wt/world/src/core/assert.c" "CMakeFiles/touche_static.dir/src/core/assert.c.o" "gcc" "CMakeFiles/touche_static.dir/src/core/assert.c.o.d"
  "/work/wt/world/src/math/mat4.c" "CMakeFiles/touche_static.dir/src/math/mat4.c.o" "gcc" "CMakeFiles/touche_static.dir/src/math/mat4.c.o.d"
  "/work/wt/world/src/math/mat4d.c" "CMakeFiles/touche_static.dir/src/math/mat4d.c.o" "gcc" "CMakeFiles/touche_static.dir/src/math/mat4d.c.o.d"
  "/work/wt/world/src/math/math.c" "CMakeFiles/touche_static.dir/src/math/math.c.o" "gcc" "CMakeFiles/touche_static.dir/src/math/math.c.o.d"
  "/work/wt/world/src/queries/camera.c" "CMakeFiles/touche_static.dir/src/queries/camera.c.o" "gcc" "CMakeFiles/touche_static.dir/src/queries/camera.c.o.d"
  "/work/wt/world/src/queries/dispatch.c" "CMakeFiles/touche_static.dir/src/queries/dispatch.c.o" "gcc" "CMakeFiles/touche_static.dir/src/queries/dispatch.c.o.d"
  "/work/wt/world/src/queries/overlap_box.c" "CMakeFiles/touche_static.dir/src/queries/overlap_box.c.o" "gcc" "CMakeFiles/touche_static.dir/src/queries/overlap_box.c.o.d"
  "/work/wt/world/src/queries/overlap_capsule.c" "CMakeFiles/touche_static.dir/src/queries/overlap_capsule.c.o" "gcc" "CMakeFiles/touche_static.dir/src/queries/overlap_capsule.c.o.d"
  "/work/wt/world/src/queries/overlap_sphere.c" "CMakeFiles/touche_static.dir/src/queries/overlap_sphere.c.o" "gcc" "CMakeFiles/touche_static.dir/src/queries/overlap_sphere.c.o.d"
  "/work/wt/world/src/queries/overlap_triangle.c" "CMakeFiles/touche_static.dir/src/queries/overlap_triangle.c.o" "gcc" "CMakeFiles/touche_static.dir/src/queries/overlap_triangle.c.o.d"
  "/work/wt/world/src/queries/raycast_box.c" "CMakeFiles/touche_static.dir/src/queries/raycast_box.c.o" "gcc" "CMakeFiles/touche_static.dir/src/queries/raycast_box.c.o.d"
  "/work/wt/world/src/queries/raycast_flat.c" "CMakeFiles/touche_static.dir/src/queries/raycast_flat.c.o" "gcc" "CMakeFiles/touche_static.dir/src/queries/raycast_flat.c.o.d"
  "/work/wt/world/src/queries/raycast_round.c" "CMakeFiles/touche_static.dir/src/queries/raycast_round.c.o" "gcc" "CMakeFiles/touche_static.dir/src/queries/raycast_round.c.o.d"
  "/work/wt/world/src/queries/sat_box_box.c" "CMakeFiles/touche_static.dir/src/queries/sat_box_box.c.o" "gcc" "CMakeFiles/touche_static.dir/src/queries/sat_box_box.c.o.d"
  "/work/wt/world/src/queries/sat_box_triangle.c" "CMakeFiles/touche_static.dir/src/queries/sat_box_triangle.c.o" "gcc" "CMakeFiles/touche_static.dir/src/queries/sat_box_triangle.c.o.d"
  "/work/wt/world/src/shapes/bounds.c" "CMakeFiles/touche_static.dir/src/shapes/bounds.c.o" "gcc" "CMakeFiles/touche_static.dir/src/shapes/bounds.c.o.d"
  "/work/wt/world/src/shapes/construct.c" "CMakeFiles/touche_static.dir/src/shapes/construct.c.o" "gcc" "CMakeFiles/touche_static.dir/src/shapes/construct.c.o.d"
  "/work/wt/world/src/shapes/point_queries.c" "CMakeFiles/touche_static.dir/src/shapes/point_queries.c.o" "gcc" "CMakeFiles/touche_static.dir/src/shapes/point_queries.c.o.d"
  "/work/wt/world/src/shapes/segment.c" "CMakeFiles/touche_static.dir/src/shapes/segment.c.o" "gcc" "CMakeFiles/touche_static.dir/src/shapes/segment.c.o.d"
  "/work/wt/world/src/shapes/triangle.c" "CMakeFiles/touche_static.dir/src/shapes/triangle.c.o" "gcc" "CMakeFiles/touche_static.dir/src/shapes/triangle.c.o.d"
  "/work/wt/world/src/shapes/validity.c" "CMakeFiles/touche_static.dir/src/shapes/validity.c.o" "gcc" "CMakeFiles/touche_static.dir/src/shapes/validity.c.o.d"
  "/work/wt/world/src/tree/tree.c" "CMakeFiles/touche_static.dir/src/tree/tree.c.o" "gcc" "CMakeFiles/touche_static.dir/src/tree/tree.c.o.d"
  "/work/wt/world/src/tree/tree_query.c" "CMakeFiles/touche_static.dir/src/tree/tree_query.c.o" "gcc" "CMakeFiles/touche_static.dir/src/tree/tree_query.c.o.d"
  "/work/wt/world/src/world/pair_set.c" "CMakeFiles/touche_static.dir/src/world/pair_set.c.o" "gcc" "CMakeFiles/touche_static.dir/src/world/pair_set.c.o.d"
  "/work/wt/world/src/world/world.c" "CMakeFiles/touche_static.dir/src/world/world.c.o" "gcc" "CMakeFiles/touche_static.dir/src/world/world.c.o.d"
  "/work/wt/world/src/world/world_debug.c" "CMakeFiles/touche_static.dir/src/world/world_debug.c.o" "gcc" "CMakeFiles/touche_static.dir/src/world/world_debug.c.o.d"
  "/work/wt/world/src/world/world_query.c" "CMakeFiles/touche_static.dir/src/world/world_query.c.o" "gcc" "CMakeFiles/touche_static.dir/src/world/world_query.c.o.d"
  "/work/wt/world/src/world/world_update.c" "CMakeFiles/touche_static.dir/src/world/world_update.c.o" "gcc" "CMakeFiles/touche_static.dir/src/world/world_update.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
