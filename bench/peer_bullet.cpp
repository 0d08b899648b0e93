// SPDX-License-Identifier: MIT
// Bullet glue for the box-box benchmarks (compiled only when Bullet is
// installed). Boxes become btBoxShape with a zero collision margin (Bullet's
// default margin of 0.04 would make every box bigger than the one tested)
// and btTransform; both are built outside the timed loop.
#include "peers.h"
#include "bench_util.h"

#include <btBulletCollisionCommon.h>
#include <BulletCollision/CollisionDispatch/btBoxBoxDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btRaycastCallback.h>
#include <LinearMath/btAabbUtil2.h>
#include <LinearMath/btConvexHullComputer.h>

#include <cmath>
#include <cstdint>
#include <new>
#include <vector>

namespace {

struct Chunk {
    btTransform tf_a[BENCH_BOX_CHUNK], tf_b[BENCH_BOX_CHUNK];
    btBoxShape *box_a[BENCH_BOX_CHUNK], *box_b[BENCH_BOX_CHUNK];
    size_t n = 0;
};

btBoxShape *make_box(const tc_obb &o)
{
    btVector3 half(o.half.x, o.half.y, o.half.z);
    btBoxShape *box = new btBoxShape(half);
    box->setMargin(0);
    // setMargin keeps the outer size but rounds through the old margin; set
    // the exact half extents again.
    box->setImplicitShapeDimensions(half);
    return box;
}

btTransform make_transform(const tc_obb &o)
{
    const tc_mat3 &r = o.rotation;
    btMatrix3x3 m(r.cx.x, r.cy.x, r.cz.x, r.cx.y, r.cy.y, r.cz.y, r.cx.z, r.cy.z, r.cz.z);
    return btTransform(m, btVector3(o.center.x, o.center.y, o.center.z));
}

Chunk *convert(const tc_obb *a, const tc_obb *b, size_t n)
{
    Chunk *c = new Chunk;
    c->n = n;
    for (size_t i = 0; i < n; ++i) {
        c->tf_a[i] = make_transform(a[i]);
        c->tf_b[i] = make_transform(b[i]);
        c->box_a[i] = make_box(a[i]);
        c->box_b[i] = make_box(b[i]);
    }
    return c;
}

void release(Chunk *c)
{
    for (size_t i = 0; i < c->n; ++i) {
        delete c->box_a[i];
        delete c->box_b[i];
    }
    delete c;
}

// Overlap = a contact at zero or negative distance.
struct OverlapResult : public btDiscreteCollisionDetectorInterface::Result {
    bool hit = false;
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3 &, const btVector3 &, btScalar depth) override
    {
        if (depth <= 0) hit = true;
    }
};

// The deepest point reported (most negative distance) and its normal.
struct DeepestResult : public btDiscreteCollisionDetectorInterface::Result {
    bool any = false;
    btScalar distance = BT_LARGE_FLOAT;
    btVector3 normal_on_b{0, 0, 0};
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3 &normal_on_b_in_world, const btVector3 &, btScalar depth) override
    {
        if (!any || depth < distance) {
            distance = depth;
            normal_on_b = normal_on_b_in_world;
        }
        any = true;
    }
};

void to_contact(const DeepestResult &r, bench_contact &out)
{
    // Bullet's normal lies on B and points towards A: Touché's is its opposite.
    out.hit = r.any && r.distance <= 0 ? 1 : 0;
    out.depth = r.any ? (float)-r.distance : 0.0f;
    out.normal[0] = (float)-r.normal_on_b.x();
    out.normal[1] = (float)-r.normal_on_b.y();
    out.normal[2] = (float)-r.normal_on_b.z();
}

using Input = btDiscreteCollisionDetectorInterface::ClosestPointInput;

// Times every pair of a chunk, fastest of `reps` passes. `detect(i, input,
// result)` runs one detector on pair i; `store(i, result)` records its answer.
template <typename Result, typename Detect, typename Store>
double time_pairs(const Chunk *c, int reps, Detect detect, Store store)
{
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < c->n; ++i) {
            Input input;
            input.m_transformA = c->tf_a[i];
            input.m_transformB = c->tf_b[i];
            Result result;
            detect(i, input, result);
            store(i, result);
        }
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}

// The two detectors measured, as `detect` callbacks.
struct BoxBox {
    const Chunk *c;
    template <typename Result> void operator()(size_t i, const Input &input, Result &result) const
    {
        btBoxBoxDetector detector(c->box_a[i], c->box_b[i]);
        detector.getClosestPoints(input, result, nullptr);
    }
};

struct Gjk {
    const Chunk *c;
    btVoronoiSimplexSolver *simplex;
    btGjkEpaPenetrationDepthSolver *epa;
    template <typename Result> void operator()(size_t i, const Input &input, Result &result) const
    {
        btGjkPairDetector detector(c->box_a[i], c->box_b[i], simplex, epa);
        detector.getClosestPoints(input, result, nullptr);
    }
};

} // namespace

extern "C" double peer_bullet_box_box(const tc_obb *a, const tc_obb *b, size_t n, unsigned char *out, int reps)
{
    Chunk *c = convert(a, b, n);
    double best = time_pairs<OverlapResult>(c, reps, BoxBox{c},
                                            [&](size_t i, const OverlapResult &r) { out[i] = r.hit ? 1 : 0; });
    release(c);
    return best;
}

extern "C" double peer_bullet_gjk(const tc_obb *a, const tc_obb *b, size_t n, unsigned char *out, int reps)
{
    Chunk *c = convert(a, b, n);
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    double best = time_pairs<OverlapResult>(c, reps, Gjk{c, &simplex, &epa},
                                            [&](size_t i, const OverlapResult &r) { out[i] = r.hit ? 1 : 0; });
    release(c);
    return best;
}

extern "C" double peer_bullet_box_contact(const tc_obb *a, const tc_obb *b, size_t n, bench_contact *out, int reps)
{
    Chunk *c = convert(a, b, n);
    double best = time_pairs<DeepestResult>(c, reps, BoxBox{c},
                                            [&](size_t i, const DeepestResult &r) { to_contact(r, out[i]); });
    release(c);
    return best;
}

extern "C" double peer_bullet_gjk_contact(const tc_obb *a, const tc_obb *b, size_t n, bench_contact *out, int reps)
{
    Chunk *c = convert(a, b, n);
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    double best = time_pairs<DeepestResult>(c, reps, Gjk{c, &simplex, &epa},
                                            [&](size_t i, const DeepestResult &r) { to_contact(r, out[i]); });
    release(c);
    return best;
}

extern "C" double peer_bullet_gjk_distance(const tc_obb *a, const tc_obb *b, size_t n, float *out, int reps)
{
    Chunk *c = convert(a, b, n);
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    double best = time_pairs<DeepestResult>(
        c, reps, Gjk{c, &simplex, &epa},
        [&](size_t i, const DeepestResult &r) { out[i] = r.any ? (float)r.distance : NAN; });
    release(c);
    return best;
}

// ---- broadphase -------------------------------------------------------------------

struct bench_broadphase {
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher{&config};
    btDbvtBroadphase broadphase;
    std::vector<btBroadphaseProxy *> proxies;
    std::vector<tc_aabb> tight;
};

namespace {

btVector3 bt(tc_vec3 v) { return btVector3(v.x, v.y, v.z); }

bool boxes_touch(const tc_aabb &a, const tc_aabb &b)
{
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
           a.min.z <= b.max.z && b.min.z <= a.max.z;
}

} // namespace

extern "C" bench_broadphase *peer_bullet_broadphase_create(const tc_aabb *boxes, size_t count)
{
    bench_broadphase *bp = new bench_broadphase;
    bp->proxies.resize(count);
    bp->tight.assign(boxes, boxes + count);
    for (size_t i = 0; i < count; ++i)
        bp->proxies[i] = bp->broadphase.createProxy(bt(boxes[i].min), bt(boxes[i].max), BOX_SHAPE_PROXYTYPE,
                                                    reinterpret_cast<void *>(static_cast<uintptr_t>(i)), 1, -1,
                                                    &bp->dispatcher);
    bp->broadphase.calculateOverlappingPairs(&bp->dispatcher);
    return bp;
}

extern "C" size_t peer_bullet_broadphase_update(bench_broadphase *bp, const tc_aabb *boxes, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        bp->tight[i] = boxes[i];
        bp->broadphase.setAabb(bp->proxies[i], bt(boxes[i].min), bt(boxes[i].max), &bp->dispatcher);
    }
    bp->broadphase.calculateOverlappingPairs(&bp->dispatcher);
    btOverlappingPairCache *cache = bp->broadphase.getOverlappingPairCache();
    const int n = cache->getNumOverlappingPairs();
    const btBroadphasePair *pairs = cache->getOverlappingPairArrayPtr();
    size_t touching = 0;
    for (int k = 0; k < n; ++k) {
        size_t i = static_cast<size_t>(reinterpret_cast<uintptr_t>(pairs[k].m_pProxy0->m_clientObject));
        size_t j = static_cast<size_t>(reinterpret_cast<uintptr_t>(pairs[k].m_pProxy1->m_clientObject));
        touching += boxes_touch(bp->tight[i], bp->tight[j]) ? 1 : 0;
    }
    return touching;
}

extern "C" void peer_bullet_broadphase_destroy(bench_broadphase *bp)
{
    // Each destroyProxy scans the whole pair cache for the proxy's pairs:
    // empty it first, last pair first (each removal is then O(1)), or the
    // teardown of 100,000 proxies takes longer than the benchmark.
    btOverlappingPairCache *cache = bp->broadphase.getOverlappingPairCache();
    while (cache->getNumOverlappingPairs() > 0) {
        btBroadphasePair &last = cache->getOverlappingPairArray()[cache->getNumOverlappingPairs() - 1];
        cache->removeOverlappingPair(last.m_pProxy0, last.m_pProxy1, &bp->dispatcher);
    }
    for (btBroadphaseProxy *p : bp->proxies) bp->broadphase.destroyProxy(p, &bp->dispatcher);
    delete bp;
}

// ---- rays through the broadphase ---------------------------------------------------

namespace {

// Keeps the nearest box the ray enters, with Bullet's own slab test
// (btRayAabb2) on the tight box, and lowers m_lambda_max to it so that the
// tree walk skips what lies beyond (as btCollisionWorld's closest-hit
// callback does). Lambda is the distance along the unit direction.
struct ClosestBoxRay : public btBroadphaseRayCallback {
    const std::vector<tc_aabb> *tight = nullptr;
    btVector3 from;
    bool hit = false;
    bool process(const btBroadphaseProxy *proxy) override
    {
        const size_t i = static_cast<size_t>(reinterpret_cast<uintptr_t>(proxy->m_clientObject));
        const tc_aabb &b = (*tight)[i];
        const btVector3 bounds[2] = { bt(b.min), bt(b.max) };
        btScalar t = 0;
        if (btRayAabb2(from, m_rayDirectionInverse, m_signs, bounds, t, 0, m_lambda_max) && t <= m_lambda_max) {
            m_lambda_max = t;
            hit = true;
        }
        return true;
    }
};

} // namespace

extern "C" void peer_bullet_broadphase_optimize(bench_broadphase *bp) { bp->broadphase.optimize(); }

extern "C" size_t peer_bullet_broadphase_raycast_closest(bench_broadphase *bp, const tc_ray *rays, size_t count,
                                                         float length, float *t_out)
{
    size_t hits = 0;
    for (size_t r = 0; r < count; ++r) {
        ClosestBoxRay cb;
        cb.tight = &bp->tight;
        cb.from = bt(rays[r].origin);
        const btVector3 dir = bt(rays[r].dir);
        for (int k = 0; k < 3; ++k) cb.m_rayDirectionInverse[k] = dir[k] == 0 ? BT_LARGE_FLOAT : 1 / dir[k];
        cb.m_signs[0] = cb.m_rayDirectionInverse[0] < 0;
        cb.m_signs[1] = cb.m_rayDirectionInverse[1] < 0;
        cb.m_signs[2] = cb.m_rayDirectionInverse[2] < 0;
        cb.m_lambda_max = length;
        bp->broadphase.rayTest(cb.from, cb.from + dir * length, cb);
        t_out[r] = cb.hit ? static_cast<float>(cb.m_lambda_max) : INFINITY;
        hits += cb.hit ? 1 : 0;
    }
    return hits;
}

// ---- meshes and hulls (bench_hulls.c) ----------------------------------------------

struct bench_mesh {
    std::vector<btScalar> vertices;
    std::vector<int> indices;
    btTriangleIndexVertexArray *array = nullptr;
    btBvhTriangleMeshShape *shape = nullptr;
};

extern "C" bench_mesh *peer_bullet_mesh_create(const tc_vec3 *vertices, size_t vertex_count, const int32_t *indices,
                                               size_t triangle_count, double *build_seconds)
{
    bench_mesh *m = new bench_mesh;
    m->vertices.resize(3 * vertex_count);
    for (size_t i = 0; i < vertex_count; ++i) {
        m->vertices[3 * i] = vertices[i].x;
        m->vertices[3 * i + 1] = vertices[i].y;
        m->vertices[3 * i + 2] = vertices[i].z;
    }
    m->indices.assign(indices, indices + 3 * triangle_count);
    double t0 = bench_now();
    m->array = new btTriangleIndexVertexArray((int)triangle_count, m->indices.data(), 3 * (int)sizeof(int),
                                              (int)vertex_count, m->vertices.data(), 3 * (int)sizeof(btScalar));
    m->shape = new btBvhTriangleMeshShape(m->array, true, true);
    if (build_seconds) *build_seconds = bench_now() - t0;
    return m;
}

namespace {
// Keeps the closest hit: returning the hit fraction shortens the ray.
struct ClosestTriangle : public btTriangleRaycastCallback {
    btScalar best = 1;
    int triangle = -1;
    ClosestTriangle(const btVector3 &from, const btVector3 &to) : btTriangleRaycastCallback(from, to, 0) {}
    btScalar reportHit(const btVector3 &, btScalar fraction, int, int triangle_index) override
    {
        if (fraction < best) {
            best = fraction;
            triangle = triangle_index;
        }
        return fraction;
    }
};
} // namespace

extern "C" size_t peer_bullet_mesh_raycast(bench_mesh *m, const tc_ray *rays, size_t count, float max_t, float *t_out,
                                           uint32_t *tri_out)
{
    size_t hits = 0;
    for (size_t i = 0; i < count; ++i) {
        const tc_ray &r = rays[i];
        btVector3 from(r.origin.x, r.origin.y, r.origin.z);
        btVector3 to(r.origin.x + r.dir.x * max_t, r.origin.y + r.dir.y * max_t, r.origin.z + r.dir.z * max_t);
        ClosestTriangle cb(from, to);
        m->shape->performRaycast(&cb, from, to);
        bool hit = cb.triangle >= 0;
        hits += hit;
        if (t_out) t_out[i] = hit ? (float)(cb.best * max_t) : INFINITY;
        if (tri_out) tri_out[i] = hit ? (uint32_t)cb.triangle : UINT32_MAX;
    }
    return hits;
}

extern "C" void peer_bullet_mesh_destroy(bench_mesh *m)
{
    if (!m) return;
    delete m->shape;
    delete m->array;
    delete m;
}

extern "C" double peer_bullet_hull_build(const float *points, int n, int reps, int *vertices)
{
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        btConvexHullComputer hull;
        double t0 = bench_now();
        hull.compute(points, 3 * (int)sizeof(float), n, 0, 0);
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
        if (vertices) *vertices = hull.vertices.size();
    }
    return best;
}

namespace {
struct HullChunk {
    std::vector<btConvexHullShape *> a, b;
    std::vector<btTransform> tf_a, tf_b;
};

btConvexHullShape *make_hull(const float *p, int points)
{
    btConvexHullShape *s = new btConvexHullShape(p, points, 3 * (int)sizeof(float));
    s->setMargin(0);
    return s;
}

HullChunk *convert_hulls(const bench_hull_pairs *p)
{
    HullChunk *c = new HullChunk;
    for (size_t i = 0; i < p->n; ++i) {
        c->a.push_back(make_hull(p->a + 3 * p->points * i, p->points));
        c->b.push_back(make_hull(p->b + 3 * p->points * i, p->points));
        c->tf_a.push_back(btTransform::getIdentity());
        c->tf_b.push_back(btTransform::getIdentity());
    }
    return c;
}

void release_hulls(HullChunk *c)
{
    for (size_t i = 0; i < c->a.size(); ++i) {
        delete c->a[i];
        delete c->b[i];
    }
    delete c;
}

template <typename Store> double time_hulls(const HullChunk *c, int reps, Store store)
{
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < c->a.size(); ++i) {
            Input input;
            input.m_transformA = c->tf_a[i];
            input.m_transformB = c->tf_b[i];
            DeepestResult result;
            btGjkPairDetector detector(c->a[i], c->b[i], &simplex, &epa);
            detector.getClosestPoints(input, result, nullptr);
            store(i, result);
        }
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}
} // namespace

extern "C" double peer_bullet_hull_overlap(const bench_hull_pairs *p, unsigned char *out, int reps)
{
    HullChunk *c = convert_hulls(p);
    double best = time_hulls(c, reps, [&](size_t i, const DeepestResult &r) { out[i] = r.any && r.distance <= 0; });
    release_hulls(c);
    return best;
}

extern "C" double peer_bullet_hull_distance(const bench_hull_pairs *p, float *out, int reps)
{
    HullChunk *c = convert_hulls(p);
    double best = time_hulls(c, reps, [&](size_t i, const DeepestResult &r) { out[i] = r.any ? (float)r.distance : NAN; });
    release_hulls(c);
    return best;
}

extern "C" double peer_bullet_hull_contact(const bench_hull_pairs *p, bench_contact *out, int reps)
{
    HullChunk *c = convert_hulls(p);
    double best = time_hulls(c, reps, [&](size_t i, const DeepestResult &r) { to_contact(r, out[i]); });
    release_hulls(c);
    return best;
}
