#include <touche/camera.h>
int touche_header_camera_cpp;
