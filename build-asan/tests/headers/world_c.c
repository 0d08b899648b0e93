#include <touche/world.h>
int touche_header_world_c;
