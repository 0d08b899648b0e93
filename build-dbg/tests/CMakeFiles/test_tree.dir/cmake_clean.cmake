file(REMOVE_RECURSE
  "CMakeFiles/test_tree.dir/test_tree.c.o"
  "CMakeFiles/test_tree.dir/test_tree.c.o.d"
  "test_tree"
  "test_tree.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_tree.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
