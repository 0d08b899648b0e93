#include <touche/alloc.h>
int touche_header_alloc_cpp;
