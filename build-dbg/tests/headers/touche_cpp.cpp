#include <touche/touche.h>
int touche_header_touche_cpp;
