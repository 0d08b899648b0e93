#----------------------------------------------------------------
# Generated CMake target import file for configuration "Debug".
#----------------------------------------------------------------

# Commands may need to know the format version.
set(CMAKE_IMPORT_FILE_VERSION 1)

# Import target "touche::touche_static" for configuration "Debug"
set_property(TARGET touche::touche_static APPEND PROPERTY IMPORTED_CONFIGURATIONS DEBUG)
set_target_properties(touche::touche_static PROPERTIES
  IMPORTED_LINK_INTERFACE_LANGUAGES_DEBUG "C"
  IMPORTED_LOCATION_DEBUG "${_IMPORT_PREFIX}/lib/libtouche.a"
  )

list(APPEND _cmake_import_check_targets touche::touche_static )
list(APPEND _cmake_import_check_files_for_touche::touche_static "${_IMPORT_PREFIX}/lib/libtouche.a" )

# Import target "touche::touche_shared" for configuration "Debug"
set_property(TARGET touche::touche_shared APPEND PROPERTY IMPORTED_CONFIGURATIONS DEBUG)
set_target_properties(touche::touche_shared PROPERTIES
  IMPORTED_LOCATION_DEBUG "${_IMPORT_PREFIX}/lib/libtouche.so.0.1.0"
  IMPORTED_SONAME_DEBUG "libtouche.so.0"
  )

list(APPEND _cmake_import_check_targets touche::touche_shared )
list(APPEND _cmake_import_check_files_for_touche::touche_shared "${_IMPORT_PREFIX}/lib/libtouche.so.0.1.0" )

# Commands beyond this point should not need to know the version.
set(CMAKE_IMPORT_FILE_VERSION)
