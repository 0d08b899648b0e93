file(REMOVE_RECURSE
  "CMakeFiles/touche_test_support.dir/support/harness.c.o"
  "CMakeFiles/touche_test_support.dir/support/harness.c.o.d"
  "libtouche_test_support.a"
  "libtouche_test_support.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/touche_test_support.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
