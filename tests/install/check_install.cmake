# Installs the build into a scratch prefix, then builds and runs a consumer
# through find_package(touche) and through touche.pc, static and shared.
# Also checks that the shared library exports nothing but the tc_ API.
set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed: ${ARGN}\n${out}\n${err}")
  endif()
  message(STATUS "${out}")
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

# 1. CMake package.
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/install/consumer -B ${WORK_DIR}/cmake_build
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_C_COMPILER=${C_COMPILER})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cmake_build)
run(${WORK_DIR}/cmake_build/consumer_static)
run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${prefix}/lib ${WORK_DIR}/cmake_build/consumer_shared)

# 2. pkg-config. Where pkg-config is not installed, read the .pc file's
# Cflags and Libs lines ourselves, expanding its variables.
file(GLOB pc_file ${prefix}/lib*/pkgconfig/touche.pc ${prefix}/lib/*/pkgconfig/touche.pc)
if(NOT pc_file)
  message(FATAL_ERROR "touche.pc was not installed")
endif()
find_program(PKG_CONFIG_EXE NAMES pkg-config pkgconf)
if(PKG_CONFIG_EXE)
  get_filename_component(pc_dir ${pc_file} DIRECTORY)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir} ${PKG_CONFIG_EXE} --cflags --libs touche
                  OUTPUT_VARIABLE shared_flags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir} ${PKG_CONFIG_EXE} --static --cflags --libs touche
                  OUTPUT_VARIABLE static_flags OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pkg-config does not know touche")
  endif()
else()
  message(STATUS "pkg-config not installed: reading ${pc_file} directly")
  file(STRINGS ${pc_file} pc_lines)
  get_filename_component(pc_dir ${pc_file} DIRECTORY)
  foreach(line IN LISTS pc_lines)
    if(line MATCHES "^([a-z]+)=(.*)$")
      set(value "${CMAKE_MATCH_2}")
      string(REPLACE "\${pcfiledir}" "${pc_dir}" value "${value}")
      string(REPLACE "\${prefix}" "${pc_prefix}" value "${value}")
      if(CMAKE_MATCH_1 STREQUAL "prefix")
        set(pc_prefix "${value}")
      endif()
      set(pc_${CMAKE_MATCH_1} "${value}")
    elseif(line MATCHES "^(Cflags|Libs|Libs.private): (.*)$")
      set(value "${CMAKE_MATCH_2}")
      string(REPLACE "\${prefix}" "${pc_prefix}" value "${value}")
      string(REPLACE "\${libdir}" "${pc_libdir}" value "${value}")
      string(REPLACE "\${includedir}" "${pc_includedir}" value "${value}")
      string(REPLACE "." "_" key "${CMAKE_MATCH_1}")
      set(pc_field_${key} "${value}")
    endif()
  endforeach()
  set(shared_flags "${pc_field_Cflags} ${pc_field_Libs}")
  set(static_flags "${pc_field_Cflags} ${pc_field_Libs} ${pc_field_Libs_private}")
endif()
separate_arguments(shared_flags UNIX_COMMAND "${shared_flags}")
separate_arguments(static_flags UNIX_COMMAND "${static_flags}")
# Static: the archive itself where the .pc says -ltouche (the linker would
# otherwise prefer the shared library sitting beside it).
list(TRANSFORM static_flags REPLACE "^-ltouche$" "${prefix}/lib/libtouche.a")
run(${C_COMPILER} -std=c11 ${SOURCE_DIR}/tests/install/consumer/main.c ${shared_flags} -o ${WORK_DIR}/pc_shared)
run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${prefix}/lib ${WORK_DIR}/pc_shared)
run(${C_COMPILER} -std=c11 ${SOURCE_DIR}/tests/install/consumer/main.c ${static_flags} -o ${WORK_DIR}/pc_static)
run(${WORK_DIR}/pc_static)

# 3. The shared library exports only tc_ symbols.
find_program(NM_EXE nm)
if(NM_EXE)
  file(GLOB so_file ${prefix}/lib/libtouche.so)
  execute_process(COMMAND ${NM_EXE} -D --defined-only ${so_file} OUTPUT_VARIABLE syms)
  string(REGEX MATCHALL "[ \t][TDBRV] [A-Za-z_][A-Za-z0-9_]*" exported "${syms}")
  foreach(sym IN LISTS exported)
    string(REGEX REPLACE "^[ \t][TDBRV] " "" sym "${sym}")
    if(NOT sym MATCHES "^tc_" AND NOT sym MATCHES "^_(init|fini|edata|end|_bss_start)$")
      message(FATAL_ERROR "libtouche.so exports ${sym}, which is not part of the tc_ API")
    endif()
  endforeach()
endif()
message(STATUS "install check passed")
