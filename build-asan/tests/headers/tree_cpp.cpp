#include <touche/tree.h>
int touche_header_tree_cpp;
