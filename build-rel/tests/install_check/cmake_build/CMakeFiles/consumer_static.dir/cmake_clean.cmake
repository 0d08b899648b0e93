file(REMOVE_RECURSE
  "CMakeFiles/consumer_static.dir/main.c.o"
  "CMakeFiles/consumer_static.dir/main.c.o.d"
  "consumer_static"
  "consumer_static.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/consumer_static.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
