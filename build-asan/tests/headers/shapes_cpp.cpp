#include <touche/shapes.h>
int touche_header_shapes_cpp;
