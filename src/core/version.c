/* SPDX-License-Identifier: MIT */
/* The library's version. CMake's project(VERSION) is the one place it is
 * written; CMake hands it to this file alone as compile definitions. */
#include <touche/base.h>

#if !defined(TOUCHE_VERSION_MAJOR) || !defined(TOUCHE_VERSION_MINOR) || !defined(TOUCHE_VERSION_PATCH)
#  error "version.c is compiled by CMake, which defines TOUCHE_VERSION_MAJOR, _MINOR and _PATCH"
#endif

uint32_t tc_version(void)
{
    return ((uint32_t)TOUCHE_VERSION_MAJOR << 16) | ((uint32_t)TOUCHE_VERSION_MINOR << 8) |
           (uint32_t)TOUCHE_VERSION_PATCH;
}
