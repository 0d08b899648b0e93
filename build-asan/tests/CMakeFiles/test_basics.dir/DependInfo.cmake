
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/world/tests/test_basics.c" "tests/CMakeFiles/test_basics.dir/test_basics.c.o" "gcc" "tests/CMakeFiles/test_basics.dir/test_basics.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/world/build-asan/CMakeFiles/touche_static.dir/DependInfo.cmake"
  "/work/wt/world/build-asan/tests/CMakeFiles/touche_test_support.dir/DependInfo.cmake"
  "/work/wt/world/build-asan/tests/CMakeFiles/touche_oracle.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
