#include <touche/math.h>
int touche_header_math_cpp;
