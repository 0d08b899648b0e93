file(REMOVE_RECURSE
  "CMakeFiles/touche_oracle.dir/oracle/counting_allocator.c.o"
  "CMakeFiles/touche_oracle.dir/oracle/counting_allocator.c.o.d"
  "CMakeFiles/touche_oracle.dir/oracle/oracle_gen.c.o"
  "CMakeFiles/touche_oracle.dir/oracle/oracle_gen.c.o.d"
  "CMakeFiles/touche_oracle.dir/oracle/oracle_geom.c.o"
  "CMakeFiles/touche_oracle.dir/oracle/oracle_geom.c.o.d"
  "CMakeFiles/touche_oracle.dir/oracle/oracle_lib.c.o"
  "CMakeFiles/touche_oracle.dir/oracle/oracle_lib.c.o.d"
  "CMakeFiles/touche_oracle.dir/oracle/oracle_print.c.o"
  "CMakeFiles/touche_oracle.dir/oracle/oracle_print.c.o.d"
  "CMakeFiles/touche_oracle.dir/oracle/oracle_ray.c.o"
  "CMakeFiles/touche_oracle.dir/oracle/oracle_ray.c.o.d"
  "CMakeFiles/touche_oracle.dir/oracle/world_oracle.c.o"
  "CMakeFiles/touche_oracle.dir/oracle/world_oracle.c.o.d"
  "libtouche_oracle.a"
  "libtouche_oracle.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/touche_oracle.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
