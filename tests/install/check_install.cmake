# SPDX-License-Identifier: MIT
# Installs the build into a scratch prefix, then builds and runs a consumer
# through find_package(touche) and through touche.pc, as the README shows,
# with no LD_LIBRARY_PATH: both must get the one library that was built
# (static by default, shared with BUILD_SHARED_LIBS) and its version.
# Also checks that a shared library exports nothing but the tc_ API.
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
run(${WORK_DIR}/cmake_build/consumer)

# 2. pkg-config, the README's way: `cc main.c $(pkg-config --cflags --libs touche)`.
# Where pkg-config is not installed, read the .pc file's Version, Cflags and
# Libs lines ourselves, expanding its variables.
file(GLOB pc_file ${prefix}/lib*/pkgconfig/touche.pc ${prefix}/lib/*/pkgconfig/touche.pc)
if(NOT pc_file)
  message(FATAL_ERROR "touche.pc was not installed")
endif()
get_filename_component(pc_dir ${pc_file} DIRECTORY)
find_program(PKG_CONFIG_EXE NAMES pkg-config pkgconf)
if(PKG_CONFIG_EXE)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir} ${PKG_CONFIG_EXE} --cflags --libs touche
                  OUTPUT_VARIABLE pc_flags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pkg-config does not know touche")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir} ${PKG_CONFIG_EXE} --modversion touche
                  OUTPUT_VARIABLE pc_version OUTPUT_STRIP_TRAILING_WHITESPACE)
else()
  message(STATUS "pkg-config not installed: reading ${pc_file} directly")
  file(STRINGS ${pc_file} pc_lines)
  foreach(line IN LISTS pc_lines)
    if(line MATCHES "^([a-z]+)=(.*)$")
      set(value "${CMAKE_MATCH_2}")
      string(REPLACE "\${pcfiledir}" "${pc_dir}" value "${value}")
      string(REPLACE "\${prefix}" "${pc_prefix}" value "${value}")
      if(CMAKE_MATCH_1 STREQUAL "prefix")
        set(pc_prefix "${value}")
      endif()
      set(pc_${CMAKE_MATCH_1} "${value}")
    elseif(line MATCHES "^(Version|Cflags|Libs): (.*)$")
      set(value "${CMAKE_MATCH_2}")
      string(REPLACE "\${prefix}" "${pc_prefix}" value "${value}")
      string(REPLACE "\${libdir}" "${pc_libdir}" value "${value}")
      string(REPLACE "\${includedir}" "${pc_includedir}" value "${value}")
      set(pc_field_${CMAKE_MATCH_1} "${value}")
    endif()
  endforeach()
  set(pc_flags "${pc_field_Cflags} ${pc_field_Libs}")
  set(pc_version "${pc_field_Version}")
endif()
if(NOT pc_version STREQUAL VERSION)
  message(FATAL_ERROR "touche.pc says version '${pc_version}', CMake's project says ${VERSION}")
endif()
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
# With include/touche itself on the include path as well: <math.h> must stay
# the C library's. (-lm last: the consumer calls sqrt itself.)
run(${C_COMPILER} -std=c11 -I${prefix}/include/touche ${SOURCE_DIR}/tests/install/consumer/main.c
    -DTOUCHE_PACKAGE_VERSION="${pc_version}" ${pc_flags} -lm -o ${WORK_DIR}/pc_consumer)
run(${WORK_DIR}/pc_consumer)

# Both ways got the same kind of library: the one that was built.
foreach(exe ${WORK_DIR}/cmake_build/consumer ${WORK_DIR}/pc_consumer)
  file(GET_RUNTIME_DEPENDENCIES EXECUTABLES ${exe} RESOLVED_DEPENDENCIES_VAR deps
       UNRESOLVED_DEPENDENCIES_VAR missing PRE_EXCLUDE_REGEXES "^lib(c|m|gcc_s|stdc\\+\\+)\\.")
  set(linked_shared FALSE)
  foreach(dep IN LISTS deps missing)
    if(dep MATCHES "libtouche")
      set(linked_shared TRUE)
    endif()
  endforeach()
  if(SHARED AND NOT linked_shared)
    message(FATAL_ERROR "${exe} was not linked against the shared libtouche that was built")
  elseif(NOT SHARED AND linked_shared)
    message(FATAL_ERROR "${exe} needs a shared libtouche, but the static one was built")
  endif()
endforeach()

# 3. The shared library exports only tc_ symbols.
find_program(NM_EXE nm)
if(NM_EXE AND SHARED)
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
