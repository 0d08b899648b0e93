// SPDX-License-Identifier: MIT
/* Box-box contact manifold from one pass of the 15-axis test and the
 * reference-face / incident-face clipping of two boxes. Private header. */
#ifndef TOUCHE_QUERIES_SAT_BOX_BOX_CONTACT_H
#define TOUCHE_QUERIES_SAT_BOX_BOX_CONTACT_H

#include "queries/sat_box_box.h"
#include "touche/contact.h"

/* The contact of tc_contact_obb_obb (non-NULL boxes; validity is checked
 * here): false exactly when tc_overlap_obb_obb is; m may be NULL. */
bool tc_box_box_contact(const tc_obb *a, const tc_obb *b, tc_manifold *m);

#endif
