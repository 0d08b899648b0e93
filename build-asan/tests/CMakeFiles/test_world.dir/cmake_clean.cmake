file(REMOVE_RECURSE
  "CMakeFiles/test_world.dir/test_world.c.o"
  "CMakeFiles/test_world.dir/test_world.c.o.d"
  "test_world"
  "test_world.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_world.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
