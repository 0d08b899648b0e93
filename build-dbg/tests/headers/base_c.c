#include <touche/base.h>
int touche_header_base_c;
