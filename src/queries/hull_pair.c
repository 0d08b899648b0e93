/* SPDX-License-Identifier: MIT */
#include "queries/hull_pair.h"
#include "queries/hull_pair_support.h"

#include "core/inline.h"
#include "core/prefetch.h"
#include "shapes/hull_internal.h"

#include <string.h>

int32_t tc_hull_data_support_index_f(const tc_hull_data *h, float dx, float dy, float dz)
{
    return scan_index(h, dx, dy, dz);
}

static tc_mat3 placement(const tc_hull *h)
{
    tc_mat3 m;
    m.cx = tc_vec3_scale(h->rotation.cx, h->scale);
    m.cy = tc_vec3_scale(h->rotation.cy, h->scale);
    m.cz = tc_vec3_scale(h->rotation.cz, h->scale);
    return m;
}

static float col_sum(const tc_mat3 *m)
{
    /* the largest a placed local point of reach 1 can be, component-wise */
    float s = 0.0f;
    const tc_vec3 c[3] = { m->cx, m->cy, m->cz };
    for (int k = 0; k < 3; ++k) {
        float a = fabsf(c[k].x) + fabsf(c[k].y) + fabsf(c[k].z);
        if (a > s) s = a;
    }
    return s;
}

/* The centre of h's ball from h's position, in double from the
 * placement's own float numbers (as the double path places vertices). */
static tc_dvec3 ball_offset(const tc_hull *h)
{
    tc_vec3 c = h->data->sphere_center;
    double s = h->scale;
    tc_dvec3 r = tc_dvec3_scale(tc_dvec3_from(h->rotation.cx), s * c.x);
    r = tc_dvec3_mad(r, tc_dvec3_from(h->rotation.cy), s * c.y);
    return tc_dvec3_mad(r, tc_dvec3_from(h->rotation.cz), s * c.z);
}

/* Asks for h's header and float columns ahead of the first scan: a pair
 * query meets two hulls that are mostly out of cache, and the scan's first
 * loads wait on them (a quarter of an overlap call's perf samples on the
 * hull bench's pairs). The columns follow the header in the data's block
 * (hull_internal.h), so the header and a hull of up to some 32 vertices
 * are asked for at once, without waiting for the header to say where the
 * columns are; a larger hull's rest once it has. Issued before the
 * placement's arithmetic, the two hulls' misses overlap with it and with
 * each other. Only a hint: no value changes, and a prefetch past the block
 * reads nothing. */
#define TC_HULL_PREFETCH_BLIND 768
static void prefetch_columns(const tc_hull_data *h)
{
    /* addresses as integers: the blind ones may lie past the block */
    uintptr_t c = (uintptr_t)h;
    for (uintptr_t i = 0; i < TC_HULL_PREFETCH_BLIND; i += 64) TC_PREFETCH((const void *)(c + i));
}

static void prefetch_rest(const tc_hull_data *h)
{
    if (h->vertex_count > TC_HULL_SCAN_MAX) return; /* the climb reads a few vertices only */
    uintptr_t end = (uintptr_t)(h->soa + 3 * h->soa_stride);
    for (uintptr_t q = (uintptr_t)h + TC_HULL_PREFETCH_BLIND; q < end; q += 64) TC_PREFETCH((const void *)q);
}

void tc_hull_pair_init(tc_hull_pair *p, const tc_hull *a, const tc_hull *b)
{
    p->a = a->data;
    p->b = b->data;
    prefetch_columns(p->a);
    prefetch_columns(p->b);
    prefetch_rest(p->a);
    prefetch_rest(p->b);
    p->ma = placement(a);
    p->mb = placement(b);
    const tc_mat3 *m[2] = { &p->ma, &p->mb };
    for (int h = 0; h < 2; ++h) {
        const tc_vec3 c[3] = { m[h]->cx, m[h]->cy, m[h]->cz };
        for (int k = 0; k < 3; ++k) {
            const float row[4] = { (&c[0].x)[k], (&c[1].x)[k], (&c[2].x)[k], 0.0f };
            const float col[4] = { c[k].x, c[k].y, c[k].z, 0.0f };
            memcpy(p->rows[h][k], row, sizeof row);
            memcpy(p->cols[h][k], col, sizeof col);
        }
    }
    /* The frame sits at A's ball centre, so the float numbers are of the
     * hulls' size and distance, not of their place in the world. The
     * positions' difference first: added to a position of 2e27, the
     * centres' offsets of a few units were lost even in double, and a
     * point hull on a vertex of another at the same position was 1.5 off
     * it (the pair fuzzer: distance 0, overlap false). */
    const tc_dvec3 oa = ball_offset(a);
    p->origin = tc_dvec3_add(tc_dvec3_from(a->position), oa);
    p->ca = tc_dvec3_make(0, 0, 0);
    p->cb = tc_dvec3_add(tc_dvec3_sub(tc_dvec3_from(b->position), tc_dvec3_from(a->position)),
                         tc_dvec3_sub(ball_offset(b), oa));
    /* saturated: hulls near opposite ends of the float range are further
     * apart than any float (their L then keeps them off the float run) */
    p->tb = tc_dvec3_to_saturated(p->cb);
    const float tb4[4] = { p->tb.x, p->tb.y, p->tb.z, 0.0f };
    memcpy(p->tb4, tb4, sizeof tb4);
    /* A placed point is a few float operations on numbers no larger than
     * L (rounding of the centred columns, of the placement, the products
     * and sums: some 5 units of 2^-24 L per coordinate), and the scan's
     * pick falls short of the largest projection by a few more: 4e-6 L
     * bounds the lower bound's error with a margin. */
    double L = (double)fabsf(p->tb.x) + fabsf(p->tb.y) + fabsf(p->tb.z) + (double)col_sum(&p->ma) * p->a->reach +
               (double)col_sum(&p->mb) * p->b->reach;
    p->err = 4e-6 * L;
}

void tc_hull_pair_support(const tc_hull_pair *p, tc_dvec3 d, int32_t *ia, int32_t *ib, tc_dvec3 *pa, tc_dvec3 *pb)
{
    tc_hull_pair_support_inline(p, d, ia, ib, pa, pb, scan_index);
}
