file(REMOVE_RECURSE
  "CMakeFiles/test_mat4.dir/test_mat4.c.o"
  "CMakeFiles/test_mat4.dir/test_mat4.c.o.d"
  "test_mat4"
  "test_mat4.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_mat4.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
