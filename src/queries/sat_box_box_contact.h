// SPDX-License-Identifier: MIT
/* Box-box contact manifold from one pass of the 15-axis test and the
 * reference-face / incident-face clipping of two boxes. Private header. */
#ifndef TOUCHE_QUERIES_SAT_BOX_BOX_CONTACT_H
#define TOUCHE_QUERIES_SAT_BOX_BOX_CONTACT_H

#include "queries/sat_box_box.h"
#include "touche/contact.h"

/* What tc_box_box_contact found. */
typedef enum tc_box_box_result {
    TC_BOX_BOX_APART,        /* no contact: tc_overlap_obb_obb is false */
    TC_BOX_BOX_CONTACT,      /* a contact (m filled when not NULL), its points inside both boxes */
    TC_BOX_BOX_CONTACT_CHECK, /* a contact in m of one point that is not inside both boxes within 1e-6 of
                                 their scale (a deep edge-edge point, the fallbacks' estimates): the caller
                                 moves it into both */
    TC_BOX_BOX_OUT_OF_RANGE  /* a float outside the float pass's range (NaN, infinite, beyond 2^50, a rotation
                                entry beyond 2): no contact from it, the caller decides */
} tc_box_box_result;

/* The manifold of a pair the SAT pass s found overlapping (m not NULL);
 * true when it is a single point outside a box (TC_BOX_BOX_CONTACT_CHECK). */
bool tc_box_box_contact_from_sat(const tc_obb *a, const tc_obb *b, const tc_box_box_sat *s, tc_manifold *m);

/* The contact of tc_contact_obb_obb (non-NULL boxes; validity is checked
 * here); m may be NULL. The out-of-range verdict is the SAT pass's own
 * range test, so apart pairs pay for no second one. Inline: apart pairs
 * (most random ones) then reach the SAT pass through one call, not two. */
static inline tc_box_box_result tc_box_box_contact(const tc_obb *a, const tc_obb *b, tc_manifold *m)
{
    tc_box_box_sat s;
    if (!tc_box_box_sat_pass(a, b, &s)) return s.in_range ? TC_BOX_BOX_APART : TC_BOX_BOX_OUT_OF_RANGE;
    return m && tc_box_box_contact_from_sat(a, b, &s, m) ? TC_BOX_BOX_CONTACT_CHECK : TC_BOX_BOX_CONTACT;
}

#endif
