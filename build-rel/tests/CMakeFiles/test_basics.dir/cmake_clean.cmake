file(REMOVE_RECURSE
  "CMakeFiles/test_basics.dir/test_basics.c.o"
  "CMakeFiles/test_basics.dir/test_basics.c.o.d"
  "test_basics"
  "test_basics.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_basics.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
