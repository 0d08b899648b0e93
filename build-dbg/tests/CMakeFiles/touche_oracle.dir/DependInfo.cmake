
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/world/tests/oracle/counting_allocator.c" "tests/CMakeFiles/touche_oracle.dir/oracle/counting_allocator.c.o" "gcc" "tests/CMakeFiles/touche_oracle.dir/oracle/counting_allocator.c.o.d"
  "/work/wt/world/tests/oracle/oracle_gen.c" "tests/CMakeFiles/touche_oracle.dir/oracle/oracle_gen.c.o" "gcc" "tests/CMakeFiles/touche_oracle.dir/oracle/oracle_gen.c.o.d"
  "/work/wt/world/tests/oracle/oracle_geom.c" "tests/CMakeFiles/touche_oracle.dir/oracle/oracle_geom.c.o" "gcc" "tests/CMakeFiles/touche_oracle.dir/oracle/oracle_geom.c.o.d"
  "/work/wt/world/tests/oracle/oracle_lib.c" "tests/CMakeFiles/touche_oracle.dir/oracle/oracle_lib.c.o" "gcc" "tests/CMakeFiles/touche_oracle.dir/oracle/oracle_lib.c.o.d"
  "/work/wt/world/tests/oracle/oracle_print.c" "tests/CMakeFiles/touche_oracle.dir/oracle/oracle_print.c.o" "gcc" "tests/CMakeFiles/touche_oracle.dir/oracle/oracle_print.c.o.d"
  "/work/wt/world/tests/oracle/oracle_ray.c" "tests/CMakeFiles/touche_oracle.dir/oracle/oracle_ray.c.o" "gcc" "tests/CMakeFiles/touche_oracle.dir/oracle/oracle_ray.c.o.d"
  "/work/wt/world/tests/oracle/world_oracle.c" "tests/CMakeFiles/touche_oracle.dir/oracle/world_oracle.c.o" "gcc" "tests/CMakeFiles/touche_oracle.dir/oracle/world_oracle.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/world/build-dbg/CMakeFiles/touche_static.dir/DependInfo.cmake"
  "/work/wt/world/build-dbg/tests/CMakeFiles/touche_test_support.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
