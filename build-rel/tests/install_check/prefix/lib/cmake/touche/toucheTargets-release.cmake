#----------------------------------------------------------------
# Generated CMake target import file for configuration "Release".
#----------------------------------------------------------------

# Commands may need to know the format version.
set(CMAKE_IMPORT_FILE_VERSION 1)

# Import target "touche::touche_static" for configuration "Release"
set_property(TARGET touche::touche_static APPEND PROPERTY IMPORTED_CONFIGURATIONS RELEASE)
set_target_properties(touche::touche_static PROPERTIES
  IMPORTED_LINK_INTERFACE_LANGUAGES_RELEASE "C"
  IMPORTED_LOCATION_RELEASE "${_IMPORT_PREFIX}/lib/libtouche.a"
  )

list(APPEND _cmake_import_check_targets touche::touche_static )
list(APPEND _cmake_import_check_files_for_touche::touche_static "${_IMPORT_PREFIX}/lib/libtouche.a" )

# Import target "touche::touche_shared" for configuration "Release"
set_property(TARGET touche::touche_shared APPEND PROPERTY IMPORTED_CONFIGURATIONS RELEASE)
set_target_properties(touche::touche_shared PROPERTIES
  IMPORTED_LOCATION_RELEASE "${_IMPORT_PREFIX}/lib/libtouche.so.0.1.0"
  IMPORTED_SONAME_RELEASE "libtouche.so.0"
  )

list(APPEND _cmake_import_check_targets touche::touche_shared )
list(APPEND _cmake_import_check_files_for_touche::touche_shared "${_IMPORT_PREFIX}/lib/libtouche.so.0.1.0" )

# Commands beyond this point should not need to know the version.
set(CMAKE_IMPORT_FILE_VERSION)
