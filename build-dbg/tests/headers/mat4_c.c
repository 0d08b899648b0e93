#include <touche/mat4.h>
int touche_header_mat4_c;
