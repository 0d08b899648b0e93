#include <touche/raycast.h>
int touche_header_raycast_c;
