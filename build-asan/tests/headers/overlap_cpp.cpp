#include <touche/overlap.h>
int touche_header_overlap_cpp;
