file(REMOVE_RECURSE
  "CMakeFiles/consumer_shared.dir/main.c.o"
  "CMakeFiles/consumer_shared.dir/main.c.o.d"
  "consumer_shared"
  "consumer_shared.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/consumer_shared.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
