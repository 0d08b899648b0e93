// SPDX-License-Identifier: MIT
// FCL glue for the box-box benchmarks (compiled only when FCL is installed).
// fcl::Boxd takes full side lengths; the pose is an Isometry (Transform3d).
// Shapes and poses are built outside the timed loop; the timed call is
// fcl::collide on the geometries with default request (one contact, no
// contact details), which dispatches to FCL's box-box routine.
#include "peers.h"
#include "bench_util.h"

#include <fcl/geometry/shape/box.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/distance.h>

#include <Eigen/StdVector>

#include <cmath>
#include <vector>

namespace {

fcl::Transform3d make_transform(const tc_obb &o)
{
    const tc_mat3 &r = o.rotation;
    fcl::Matrix3d m;
    m << r.cx.x, r.cy.x, r.cz.x, r.cx.y, r.cy.y, r.cz.y, r.cx.z, r.cy.z, r.cz.z;
    fcl::Transform3d tf = fcl::Transform3d::Identity();
    tf.linear() = m;
    tf.translation() = fcl::Vector3d(o.center.x, o.center.y, o.center.z);
    return tf;
}

fcl::Boxd make_box(const tc_obb &o)
{
    return fcl::Boxd(2.0 * (double)o.half.x, 2.0 * (double)o.half.y, 2.0 * (double)o.half.z);
}

struct Pairs {
    std::vector<fcl::Transform3d, Eigen::aligned_allocator<fcl::Transform3d>> tf_a, tf_b;
    std::vector<fcl::Boxd> box_a, box_b;
    Pairs(const tc_obb *a, const tc_obb *b, size_t n)
    {
        tf_a.reserve(n); tf_b.reserve(n); box_a.reserve(n); box_b.reserve(n);
        for (size_t i = 0; i < n; ++i) {
            tf_a.push_back(make_transform(a[i]));
            tf_b.push_back(make_transform(b[i]));
            box_a.push_back(make_box(a[i]));
            box_b.push_back(make_box(b[i]));
        }
    }
};

} // namespace

extern "C" double peer_fcl_collide(const tc_obb *a, const tc_obb *b, size_t n, unsigned char *out, int reps)
{
    Pairs p(a, b, n);
    auto &tf_a = p.tf_a;
    auto &tf_b = p.tf_b;
    auto &box_a = p.box_a;
    auto &box_b = p.box_b;
    fcl::CollisionRequestd request;
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < n; ++i) {
            fcl::CollisionResultd result;
            out[i] = fcl::collide(&box_a[i], tf_a[i], &box_b[i], tf_b[i], request, result) > 0 ? 1 : 0;
        }
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}

extern "C" double peer_fcl_distance(const tc_obb *a, const tc_obb *b, size_t n, float *out, int reps)
{
    Pairs p(a, b, n);
    fcl::DistanceRequestd request;
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < n; ++i) {
            fcl::DistanceResultd result;
            out[i] = (float)fcl::distance(&p.box_a[i], p.tf_a[i], &p.box_b[i], p.tf_b[i], request, result);
        }
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}
