/* SPDX-License-Identifier: MIT */
/* The scene a `touche` scene file describes, and its loader.
 *
 * A scene is a set of named frames (parent/child transforms, e.g. the bones of
 * a skeleton), colliders placed under them, rays, an optional camera with
 * screen clicks, and distance queries. Everything here is what the file said,
 * in the file's local coordinates; tt_eval (eval.h) places it in the world.
 *
 * The loader never crashes on bad input: it collects diagnostics with the
 * line and column (1-based, columns count bytes) where something else was
 * expected, and returns NULL when there is any. docs/scene-format.md is the
 * user's description of the format.
 */
#ifndef TT_SCENE_H
#define TT_SCENE_H

#include <touche/touche.h>

#include <stddef.h>

/* Limits that keep a hostile file from asking for absurd work. */
#define TT_NUMBER_LIMIT 1e6       /* every number lies within +-1e6 */
#define TT_MAX_ERRORS 20          /* diagnostics kept per file */
#define TT_MAX_OBJECTS 100000     /* frames + colliders + rays + clicks + queries */
#define TT_MAX_PLANES 1000        /* a plane may pair with every collider */
#define TT_MAX_MOVING 1000        /* each sweep is tested against every collider; casts and swings count too */
#define TT_MAX_NAME 64            /* bytes in a name */
#define TT_MAX_VIEWPORT 16384     /* pixels on either side */
#define TT_MAX_HULL_POINTS 100000 /* points of one hull */
#define TT_MAX_MESH_TRIANGLES 1000000 /* triangles of one mesh (inline or OBJ) */
#define TT_MAX_MESH_VERTICES 1000000  /* vertices of one mesh */
#define TT_MAX_GEOMETRY 4000000   /* hull points + mesh vertices + triangles, the whole scene */
#define TT_MAX_POLYGON 1000       /* corners of one OBJ face */
#define TT_MAX_SIDES 256          /* sides of a cylinder or cone */
#define TT_MAX_GROUP 1000000      /* collider groups are 0..TT_MAX_GROUP */

typedef struct tt_loc { int line, column; } tt_loc;

/* A diagnostic; `file` is empty for the scene file itself, else the path of
 * the file the line and column are in (a mesh's OBJ file). */
typedef struct tt_diag { tt_loc loc; char message[240]; char file[256]; } tt_diag;

typedef struct tt_diags {
    tt_diag items[TT_MAX_ERRORS];
    int count;        /* kept */
    int dropped;      /* found beyond TT_MAX_ERRORS */
} tt_diags;

typedef enum tt_shape_kind {
    TT_SPHERE, TT_CAPSULE, TT_AABB, TT_BOX, TT_TRIANGLE, TT_PLANE, TT_HULL, TT_MESH, TT_SHAPE_KIND_COUNT
} tt_shape_kind;

/* A named transform: position and rotation relative to its parent (or the
 * world), and a uniform scale that applies to everything beneath it. */
typedef struct tt_frame {
    const char *name;
    tt_loc loc;              /* of the name */
    const char *parent_name; /* NULL: the world */
    tt_loc parent_loc;
    int parent;              /* index into frames, or -1 */
    tc_vec3 position;
    tc_quat rotation;
    float scale;
} tt_frame;

/* A collider, in its parent frame's coordinates. Which fields matter depends
 * on the kind:
 *   sphere:   p[0] centre, radius
 *   capsule:  p[0], p[1] segment ends, radius
 *   aabb:     p[0] min, p[1] max (world coordinates, no parent)
 *   box:      p[0] centre, half (half extents), rotation (posture in the parent)
 *   triangle: p[0], p[1], p[2] corners
 *   plane:    p[0] unit normal, offset (solid: dot(normal, x) <= offset)
 *   hull:     hull (the data, owned by the scene), p[0] position, rotation, scale
 *   mesh:     mesh (the data, owned by the scene), p[0] position, rotation, scale
 * Every collider has a group (0: none) and a category and mask (default all
 * bits), given to the world as they are (world.h). */
typedef struct tt_collider {
    const char *name;
    tt_loc loc;
    tt_shape_kind kind;
    const char *parent_name;
    tt_loc parent_loc;
    int parent;
    tc_vec3 p[3];
    tc_vec3 half;
    float radius;
    float offset;
    tc_quat rotation;
    float scale;             /* hull, mesh: the data's uniform scale */
    const tc_hull_data *hull;
    const tc_mesh_data *mesh;
    const char *source;      /* hull, mesh: "points", "cylinder", "cone", "inline" or the OBJ file's name */
    uint32_t group;
    uint64_t category, mask;
    bool moving;
    tc_vec3 velocity;        /* displacement over the sweep, in world units */
} tt_collider;

typedef struct tt_ray {
    const char *name;
    tt_loc loc;
    const char *parent_name;
    tt_loc parent_loc;
    int parent;
    tc_vec3 origin, dir;     /* in the parent frame */
    float max_t;             /* INFINITY when unbounded */
} tt_ray;

typedef struct tt_camera {
    bool present;
    tt_loc loc;
    tc_vec3 position, target, up;
    float fov_deg;           /* vertical field of view */
    int width, height;       /* viewport in pixels */
    float near_z, far_z;
} tt_camera;

/* A mouse click at a pixel of the camera's viewport (x right, y down, origin
 * at the top-left corner); it becomes a pick ray. */
typedef struct tt_click { const char *name; tt_loc loc; float x, y; } tt_click;

typedef struct tt_query { tt_loc loc; const char *a_name, *b_name; tt_loc a_loc, b_loc; int a, b; } tt_query;

/* A shape cast or a swing, both of a collider's shape through the world:
 *   cast:  its world shape moved by `velocity` (tc_world_sweep_closest, _all);
 *   swing: turned and moved with a joint (a frame at or above the collider)
 *          from the joint's pose in the file to `position` and `rotation`
 *          (tc_world_sweep_rigid_closest), a sword swung from the shoulder.
 * Both skip the collider itself and those it never pairs with (its group,
 * its category and mask). */
typedef struct tt_cast {
    const char *name;
    tt_loc loc;
    bool swing;
    const char *collider_name; tt_loc collider_loc; int collider;
    tc_vec3 velocity;                       /* cast */
    const char *joint_name; tt_loc joint_loc; int joint;  /* swing: NULL name: the collider's parent */
    tc_vec3 position; tc_quat rotation;     /* swing: the joint's local pose at the end */
} tt_cast;

typedef struct tt_grid { bool present; float height, size, step; } tt_grid;

typedef struct tt_scene {
    const char *title;       /* NULL when the file gave none */
    tt_frame *frames; int frame_count;
    tt_collider *colliders; int collider_count;
    tt_ray *rays; int ray_count;
    tt_click *clicks; int click_count;
    tt_query *distances; int distance_count;
    tt_cast *casts; int cast_count;
    tt_camera camera;
    tt_grid grid;
    tc_hull_data **hull_data; int hull_data_count;   /* owned: destroyed by tt_scene_free */
    tc_mesh_data **mesh_data; int mesh_data_count;
    const struct tt_names *names; /* every name, for lookups in O(1) */
    struct tt_arena *arena;  /* owns every string and array above */
} tt_scene;

/* Test hook for the promise of bounded cost: the loader, the evaluation and
 * the reports add the iterations of every loop that runs over the input
 * here, so a test can check that doubling a scene doubles the count (and
 * never quadruples it). Only ever increases. */
extern unsigned long long tt_cost_steps;

/* Parses `size` bytes of `text` (not necessarily NUL-terminated). Returns the
 * scene, or NULL with diags->count > 0. */
tt_scene *tt_scene_parse(const char *text, size_t size, tt_diags *diags);
/* The same, with `dir` the directory that mesh files are read from (NULL:
 * mesh files are refused, as when the text comes from no file). */
tt_scene *tt_scene_parse_in(const char *text, size_t size, const char *dir, tt_diags *diags);
/* Reads and parses a file (mesh files beside it); an unreadable file is one
 * diagnostic at line 0. */
tt_scene *tt_scene_load_file(const char *path, tt_diags *diags);
/* Reads a whole file of at most 64 MiB into malloc memory (*size bytes, not
 * NUL-terminated). NULL when it cannot, with the reason in `why`, naming
 * the file as `what` ("the scene file"). */
char *tt_read_file(const char *path, const char *what, size_t *size, char *why, size_t why_size);
/* Adds a diagnostic at `loc` of `file` (NULL: the scene file). */
void tt_diags_add(tt_diags *d, const char *file, tt_loc loc, const char *fmt, ...);
void tt_scene_free(tt_scene *scene);

/* Index of the collider called `name`, or -1 (a hash lookup). */
int tt_scene_find_collider(const tt_scene *scene, const char *name);

const char *tt_shape_kind_name(tt_shape_kind kind);

/* Prints every diagnostic as "path:line:column: message" (or "path: message"
 * when the line is 0) to `out`. */
void tt_diags_print(const tt_diags *diags, const char *path, void *out_file);

#endif
