file(REMOVE_RECURSE
  "CMakeFiles/touche_oracle.dir/oracle/counting_allocator.c.o"
  "CMakeFiles/touche_oracle.dir/oracle/counting_allocator.c.o.d"
  "CMakeFiles/touche_oracle.dir/oracle/world_oracle.c.o"
  "CMakeFiles/touche_oracle.dir/oracle/world_oracle.c.o.d"
  "libtouche_oracle.a"
  "libtouche_oracle.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/touche_oracle.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
