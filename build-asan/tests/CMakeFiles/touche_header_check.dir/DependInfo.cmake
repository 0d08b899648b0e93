
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/world/build-asan/tests/headers/alloc_c.c" "tests/CMakeFiles/touche_header_check.dir/headers/alloc_c.c.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/alloc_c.c.o.d"
  "/work/wt/world/build-asan/tests/headers/base_c.c" "tests/CMakeFiles/touche_header_check.dir/headers/base_c.c.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/base_c.c.o.d"
  "/work/wt/world/build-asan/tests/headers/camera_c.c" "tests/CMakeFiles/touche_header_check.dir/headers/camera_c.c.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/camera_c.c.o.d"
  "/work/wt/world/build-asan/tests/headers/dispatch_c.c" "tests/CMakeFiles/touche_header_check.dir/headers/dispatch_c.c.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/dispatch_c.c.o.d"
  "/work/wt/world/build-asan/tests/headers/mat4_c.c" "tests/CMakeFiles/touche_header_check.dir/headers/mat4_c.c.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/mat4_c.c.o.d"
  "/work/wt/world/build-asan/tests/headers/math_c.c" "tests/CMakeFiles/touche_header_check.dir/headers/math_c.c.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/math_c.c.o.d"
  "/work/wt/world/build-asan/tests/headers/overlap_c.c" "tests/CMakeFiles/touche_header_check.dir/headers/overlap_c.c.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/overlap_c.c.o.d"
  "/work/wt/world/build-asan/tests/headers/raycast_c.c" "tests/CMakeFiles/touche_header_check.dir/headers/raycast_c.c.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/raycast_c.c.o.d"
  "/work/wt/world/build-asan/tests/headers/shapes_c.c" "tests/CMakeFiles/touche_header_check.dir/headers/shapes_c.c.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/shapes_c.c.o.d"
  "/work/wt/world/build-asan/tests/headers/touche_c.c" "tests/CMakeFiles/touche_header_check.dir/headers/touche_c.c.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/touche_c.c.o.d"
  "/work/wt/world/build-asan/tests/headers/tree_c.c" "tests/CMakeFiles/touche_header_check.dir/headers/tree_c.c.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/tree_c.c.o.d"
  "/work/wt/world/build-asan/tests/headers/world_c.c" "tests/CMakeFiles/touche_header_check.dir/headers/world_c.c.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/world_c.c.o.d"
  "/work/wt/world/build-asan/tests/headers/alloc_cpp.cpp" "tests/CMakeFiles/touche_header_check.dir/headers/alloc_cpp.cpp.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/alloc_cpp.cpp.o.d"
  "/work/wt/world/build-asan/tests/headers/base_cpp.cpp" "tests/CMakeFiles/touche_header_check.dir/headers/base_cpp.cpp.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/base_cpp.cpp.o.d"
  "/work/wt/world/build-asan/tests/headers/camera_cpp.cpp" "tests/CMakeFiles/touche_header_check.dir/headers/camera_cpp.cpp.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/camera_cpp.cpp.o.d"
  "/work/wt/world/build-asan/tests/headers/dispatch_cpp.cpp" "tests/CMakeFiles/touche_header_check.dir/headers/dispatch_cpp.cpp.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/dispatch_cpp.cpp.o.d"
  "/work/wt/world/build-asan/tests/headers/mat4_cpp.cpp" "tests/CMakeFiles/touche_header_check.dir/headers/mat4_cpp.cpp.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/mat4_cpp.cpp.o.d"
  "/work/wt/world/build-asan/tests/headers/math_cpp.cpp" "tests/CMakeFiles/touche_header_check.dir/headers/math_cpp.cpp.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/math_cpp.cpp.o.d"
  "/work/wt/world/build-asan/tests/headers/overlap_cpp.cpp" "tests/CMakeFiles/touche_header_check.dir/headers/overlap_cpp.cpp.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/overlap_cpp.cpp.o.d"
  "/work/wt/world/build-asan/tests/headers/raycast_cpp.cpp" "tests/CMakeFiles/touche_header_check.dir/headers/raycast_cpp.cpp.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/raycast_cpp.cpp.o.d"
  "/work/wt/world/build-asan/tests/headers/shapes_cpp.cpp" "tests/CMakeFiles/touche_header_check.dir/headers/shapes_cpp.cpp.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/shapes_cpp.cpp.o.d"
  "/work/wt/world/build-asan/tests/headers/touche_cpp.cpp" "tests/CMakeFiles/touche_header_check.dir/headers/touche_cpp.cpp.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/touche_cpp.cpp.o.d"
  "/work/wt/world/build-asan/tests/headers/tree_cpp.cpp" "tests/CMakeFiles/touche_header_check.dir/headers/tree_cpp.cpp.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/tree_cpp.cpp.o.d"
  "/work/wt/world/build-asan/tests/headers/world_cpp.cpp" "tests/CMakeFiles/touche_header_check.dir/headers/world_cpp.cpp.o" "gcc" "tests/CMakeFiles/touche_header_check.dir/headers/world_cpp.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
