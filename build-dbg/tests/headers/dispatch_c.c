#include <touche/dispatch.h>
int touche_header_dispatch_c;
