/* SPDX-License-Identifier: MIT */
/* Embree glue for the world ray benchmark (compiled only when Embree 3 is
 * installed). The boxes are Embree user geometry: Embree builds its BVH over
 * their bounds and calls our intersector for the boxes a ray reaches; the
 * intersector is a plain float slab test, which is what an Embree user
 * would write for boxes. The device runs with one thread so the comparison
 * with the single-threaded Touché world is like for like. */
#include "peers.h"
#include "bench_util.h"

#include <embree3/rtcore.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct bench_ray_scene {
    RTCDevice device;
    RTCScene scene;
    tc_aabb *boxes;
    size_t count;
};

static void box_bounds(const struct RTCBoundsFunctionArguments *args)
{
    const struct bench_ray_scene *s = (const struct bench_ray_scene *)args->geometryUserPtr;
    const tc_aabb *b = &s->boxes[args->primID];
    args->bounds_o->lower_x = b->min.x;
    args->bounds_o->lower_y = b->min.y;
    args->bounds_o->lower_z = b->min.z;
    args->bounds_o->upper_x = b->max.x;
    args->bounds_o->upper_y = b->max.y;
    args->bounds_o->upper_z = b->max.z;
}

/* Entry distance of the ray into the box within [tnear, tfar], or -1. */
static float slab(const tc_aabb *b, const struct RTCRay *ray, int *axis_out)
{
    const float o[3] = { ray->org_x, ray->org_y, ray->org_z }, d[3] = { ray->dir_x, ray->dir_y, ray->dir_z };
    const float lo[3] = { b->min.x, b->min.y, b->min.z }, hi[3] = { b->max.x, b->max.y, b->max.z };
    float t0 = ray->tnear, t1 = ray->tfar;
    int axis = -1;
    for (int k = 0; k < 3; ++k) {
        if (d[k] == 0.0f) {
            if (o[k] < lo[k] || o[k] > hi[k]) return -1.0f;
            continue;
        }
        float inv = 1.0f / d[k];
        float a = (lo[k] - o[k]) * inv, c = (hi[k] - o[k]) * inv;
        if (a > c) { float tmp = a; a = c; c = tmp; }
        if (a > t0) { t0 = a; axis = k; }
        if (c < t1) t1 = c;
        if (t0 > t1) return -1.0f;
    }
    *axis_out = axis;
    return t0;
}

static void box_intersect(const struct RTCIntersectFunctionNArguments *args)
{
    if (!args->valid[0]) return;
    const struct bench_ray_scene *s = (const struct bench_ray_scene *)args->geometryUserPtr;
    struct RTCRayHit *rh = (struct RTCRayHit *)args->rayhit; /* N is 1 for rtcIntersect1 */
    int axis = -1;
    float t = slab(&s->boxes[args->primID], &rh->ray, &axis);
    if (t < 0.0f) return;
    rh->ray.tfar = t;
    rh->hit.geomID = args->geomID;
    rh->hit.primID = args->primID;
    rh->hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
    rh->hit.u = rh->hit.v = 0.0f;
    rh->hit.Ng_x = axis == 0 ? 1.0f : 0.0f;
    rh->hit.Ng_y = axis == 1 ? 1.0f : 0.0f;
    rh->hit.Ng_z = axis == 2 ? 1.0f : 0.0f;
}

static void box_occluded(const struct RTCOccludedFunctionNArguments *args)
{
    if (!args->valid[0]) return;
    const struct bench_ray_scene *s = (const struct bench_ray_scene *)args->geometryUserPtr;
    struct RTCRay *ray = (struct RTCRay *)args->ray;
    int axis;
    if (slab(&s->boxes[args->primID], ray, &axis) >= 0.0f) ray->tfar = -INFINITY;
}

bench_ray_scene *peer_embree_create(const tc_aabb *boxes, size_t count)
{
    bench_ray_scene *s = (bench_ray_scene *)calloc(1, sizeof *s);
    if (!s) return NULL;
    s->boxes = (tc_aabb *)malloc(sizeof(tc_aabb) * (count ? count : 1));
    if (!s->boxes) {
        free(s);
        return NULL;
    }
    for (size_t i = 0; i < count; ++i) s->boxes[i] = boxes[i];
    s->count = count;
    s->device = rtcNewDevice("threads=1");
    if (!s->device) {
        fprintf(stderr, "Embree: rtcNewDevice failed\n");
        free(s->boxes);
        free(s);
        return NULL;
    }
    s->scene = rtcNewScene(s->device);
    RTCGeometry geom = rtcNewGeometry(s->device, RTC_GEOMETRY_TYPE_USER);
    rtcSetGeometryUserPrimitiveCount(geom, (unsigned int)count);
    rtcSetGeometryUserData(geom, s);
    rtcSetGeometryBoundsFunction(geom, box_bounds, NULL);
    rtcSetGeometryIntersectFunction(geom, box_intersect);
    rtcSetGeometryOccludedFunction(geom, box_occluded);
    rtcCommitGeometry(geom);
    rtcAttachGeometry(s->scene, geom);
    rtcReleaseGeometry(geom);
    rtcCommitScene(s->scene);
    return s;
}

size_t peer_embree_raycast_closest(bench_ray_scene *s, const tc_ray *rays, size_t count, float max_t, float *t_out,
                                   uint32_t *box_out)
{
    struct RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    size_t hits = 0;
    for (size_t r = 0; r < count; ++r) {
        struct RTCRayHit rh;
        rh.ray.org_x = rays[r].origin.x;
        rh.ray.org_y = rays[r].origin.y;
        rh.ray.org_z = rays[r].origin.z;
        rh.ray.dir_x = rays[r].dir.x;
        rh.ray.dir_y = rays[r].dir.y;
        rh.ray.dir_z = rays[r].dir.z;
        rh.ray.tnear = 0.0f;
        rh.ray.tfar = max_t;
        rh.ray.time = 0.0f;
        rh.ray.mask = 0xFFFFFFFFu;
        rh.ray.id = 0;
        rh.ray.flags = 0;
        rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
        rh.hit.primID = RTC_INVALID_GEOMETRY_ID;
        rh.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
        rtcIntersect1(s->scene, &context, &rh);
        bool hit = rh.hit.geomID != RTC_INVALID_GEOMETRY_ID;
        hits += hit;
        if (t_out) t_out[r] = hit ? rh.ray.tfar : INFINITY;
        if (box_out) box_out[r] = hit ? rh.hit.primID : UINT32_MAX;
    }
    return hits;
}

void peer_embree_destroy(bench_ray_scene *s)
{
    if (!s) return;
    rtcReleaseScene(s->scene);
    rtcReleaseDevice(s->device);
    free(s->boxes);
    free(s);
}

/* ---- a triangle mesh (bench_hulls.c): Embree's own triangle geometry and BVH ---- */
struct bench_mesh {
    RTCDevice device;
    RTCScene scene;
};

bench_mesh *peer_embree_mesh_create(const tc_vec3 *vertices, size_t vertex_count, const int32_t *indices,
                                    size_t triangle_count, double *build_seconds)
{
    bench_mesh *m = (bench_mesh *)calloc(1, sizeof *m);
    if (!m) return NULL;
    m->device = rtcNewDevice("threads=1");
    if (!m->device) {
        free(m);
        return NULL;
    }
    double t0 = bench_now();
    m->scene = rtcNewScene(m->device);
    RTCGeometry geom = rtcNewGeometry(m->device, RTC_GEOMETRY_TYPE_TRIANGLE);
    float *v = (float *)rtcSetNewGeometryBuffer(geom, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, 3 * sizeof(float),
                                                vertex_count);
    unsigned *ix = (unsigned *)rtcSetNewGeometryBuffer(geom, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                                                       3 * sizeof(unsigned), triangle_count);
    for (size_t i = 0; i < vertex_count; ++i) {
        v[3 * i] = vertices[i].x;
        v[3 * i + 1] = vertices[i].y;
        v[3 * i + 2] = vertices[i].z;
    }
    for (size_t i = 0; i < 3 * triangle_count; ++i) ix[i] = (unsigned)indices[i];
    rtcCommitGeometry(geom);
    rtcAttachGeometry(m->scene, geom);
    rtcReleaseGeometry(geom);
    rtcCommitScene(m->scene);
    if (build_seconds) *build_seconds = bench_now() - t0;
    return m;
}

size_t peer_embree_mesh_raycast(bench_mesh *m, const tc_ray *rays, size_t count, float max_t, float *t_out,
                                uint32_t *tri_out)
{
    /* The same loop as the box scene's: one rtcIntersect1 per ray. */
    bench_ray_scene s;
    s.scene = m->scene;
    return peer_embree_raycast_closest(&s, rays, count, max_t, t_out, tri_out);
}

void peer_embree_mesh_destroy(bench_mesh *m)
{
    if (!m) return;
    rtcReleaseScene(m->scene);
    rtcReleaseDevice(m->device);
    free(m);
}
