/* SPDX-License-Identifier: MIT */
/* Hulls and meshes in the scene format: the OBJ reader's errors, each at its
 * line and column of the OBJ file (directly and through the binary), the
 * index forms and polygon fans it reads, inline meshes and hulls read as
 * written, and groups and filters as the parser reads them. */
#include "harness.h"
#include "obj.h"
#include "scene.h"
#include "tool_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct obj_case {
    const char *label;
    const char *text;
    int line, column;     /* 0, 0: the file as a whole */
    const char *expect;
} obj_case;

#define TRI "v 0 0 0\nv 1 0 0\nv 0 1 0\n"

static const obj_case obj_cases[] = {
    { "vertex short of z", "v 1 2\n", 1, 6, "expected the z of 'v' (3 numbers), found end of line" },
    { "vertex short of y", "v 1\n", 1, 4, "expected the y of 'v'" },
    { "vertex with a word", "v 1 x 3\n", 1, 5, "expected a number, found 'x'" },
    { "vertex NaN", "v nan 0 0\n", 1, 3, "expected a number, found 'nan'" },
    { "vertex infinity", "v 0 -inf 0\n", 1, 5, "expected a number, found '-inf'" },
    { "vertex hexadecimal", "v 0x10 0 0\n", 1, 3, "expected a number" },
    { "vertex out of range", "v 1e9 0 0\n", 1, 3, "out of range: numbers must lie within -1e6..1e6" },
    { "vertex of 8 numbers", "v 1 2 3 4 5 6 7 8\n", 1, 17, "too many numbers for 'v'" },
    { "face of two corners", TRI "f 1 2\n", 4, 6, "a face needs at least 3 corners, found 2" },
    { "face of none", TRI "f\n", 4, 2, "a face needs at least 3 corners, found none" },
    { "index zero", TRI "f 0 1 2\n", 4, 3, "vertex index 0: OBJ indices start at 1" },
    { "index beyond", TRI "f 1 2 4\n", 4, 7, "vertex index beyond the vertices defined so far (3 vertices" },
    { "index before defined", "v 0 0 0\nf 1 2 3\nv 1 0 0\nv 0 1 0\n", 2, 5, "vertex index beyond" },
    { "negative too far", TRI "f -1 -2 -4\n", 4, 9, "negative vertex index reaches before the first vertex" },
    { "fractional index", TRI "f 1.5 2 3\n", 4, 3, "expected a vertex index (v, v/vt, v/vt/vn or v//vn), found '1.5'" },
    { "bad texture index", TRI "f 1/a 2 3\n", 4, 5, "expected a texture index after '/', found '1/a'" },
    { "empty normal index", TRI "f 1 2 3/1/\n", 4, 11, "expected a normal index after '/'" },
    { "empty texture index alone", TRI "f 1/ 2 3\n", 4, 5, "expected a texture index after '/'" },
    { "four fields", TRI "f 1/1/1/1 2 3\n", 4, 3, "expected a face corner (v, v/vt, v/vt/vn or v//vn)" },
    { "junk statement", TRI "@ 1 2 3\n", 4, 1, "expected an OBJ statement (v, f, vt, vn, o, g, ...), found '@'" },
    { "binary", "\x01\x02\xff\n", 1, 1, "expected an OBJ statement" },
    { "no faces", TRI "vn 0 0 1\n", 0, 0, "no faces: expected 'f' lines" },
    { "empty file", "", 0, 0, "no faces" },
    { "error after a comment", "# a comment\n\n  v 0 0\n", 3, 8, "expected the z of 'v'" },
};

TEST_CASE(each_malformed_obj_gives_its_error_at_its_position)
{
    for (size_t i = 0; i < sizeof obj_cases / sizeof obj_cases[0]; i++) {
        const obj_case *c = &obj_cases[i];
        tt_diags d;
        memset(&d, 0, sizeof d);
        tt_obj obj;
        bool ok = tt_obj_parse(c->text, strlen(c->text), "dir/ground.obj", TT_MAX_GEOMETRY, &d, &obj);
        CHECK_MSG(!ok, "%s: accepted", c->label);
        CHECK_MSG(obj.vertices == NULL && obj.indices == NULL && obj.triangle_count == 0, "%s: output kept", c->label);
        CHECK_MSG(d.count >= 1, "%s: no diagnostic", c->label);
        if (d.count < 1) continue;
        CHECK_MSG(!strcmp(d.items[0].file, "dir/ground.obj"), "%s: in '%s'", c->label, d.items[0].file);
        CHECK_MSG(d.items[0].loc.line == c->line && d.items[0].loc.column == c->column, "%s: at %d:%d, expected %d:%d (%s)",
                  c->label, d.items[0].loc.line, d.items[0].loc.column, c->line, c->column, d.items[0].message);
        CHECK_MSG(strstr(d.items[0].message, c->expect) != NULL, "%s: message \"%s\" lacks \"%s\"", c->label,
                  d.items[0].message, c->expect);
    }
}

TEST_CASE(obj_errors_are_listed_several_and_capped)
{
    /* Each bad line is its own error, up to the cap. */
    char text[4096] = TRI;
    for (int i = 0; i < 30; i++) strcat(text, "f 1 2\n");
    tt_diags d;
    memset(&d, 0, sizeof d);
    tt_obj obj;
    CHECK(!tt_obj_parse(text, strlen(text), "m.obj", TT_MAX_GEOMETRY, &d, &obj));
    CHECK(d.count == TT_MAX_ERRORS);
    for (int i = 0; i < d.count; i++) CHECK(d.items[i].loc.line == 4 + i && d.items[i].loc.column == 6);
}

/* The triangles a parsed OBJ holds, as index triples. */
static bool obj_triangles_are(const char *text, const int32_t *expect, int32_t count)
{
    tt_diags d;
    memset(&d, 0, sizeof d);
    tt_obj obj;
    bool ok = tt_obj_parse(text, strlen(text), "m.obj", TT_MAX_GEOMETRY, &d, &obj);
    CHECK_MSG(ok, "rejected: %s", d.count ? d.items[0].message : "?");
    if (!ok) return false;
    bool same = obj.triangle_count == count;
    for (int32_t i = 0; same && i < 3 * count; i++) same = obj.indices[i] == expect[i];
    tt_obj_free(&obj);
    return same;
}

TEST_CASE(obj_index_forms_negative_indices_and_fans)
{
    /* A pentagon with every corner form, fanned from its first corner; then
     * a triangle in negative indices; other statements read past; CRLF ends. */
    const char *text = "# five corners\r\nv 0 0 0\r\nv 1 0 0\r\nv 1 1 0 1\r\nv 0 1 0 0.5 0.5 0.5\r\nv 0.5 1.5 0\r\n"
                       "vt 0 0\nvn 0 0 1\no thing\ng part\ns 1\nusemtl stone\n"
                       "f 1 2/7 3/1/2 4//3 5   # a comment after a face\n"
                       "f -5 -4 -3\n"
                       "f\t3  4\t5\n";
    const int32_t expect[] = { 0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 1, 2, 2, 3, 4 };
    CHECK(obj_triangles_are(text, expect, 5));
    /* Vertices are read as written. */
    tt_diags d;
    memset(&d, 0, sizeof d);
    tt_obj obj;
    CHECK(tt_obj_parse(text, strlen(text), "m.obj", TT_MAX_GEOMETRY, &d, &obj));
    CHECK(obj.vertex_count == 5);
    if (obj.vertex_count == 5) {
        CHECK(obj.vertices[2].x == 1.0f && obj.vertices[2].y == 1.0f && obj.vertices[2].z == 0.0f);
        CHECK(obj.vertices[4].x == 0.5f && obj.vertices[4].y == 1.5f);
    }
    tt_obj_free(&obj);
}

TEST_CASE(obj_budget_limits_what_a_file_may_hold)
{
    /* The scene's geometry budget: 3 vertices fit in 3, the triangle does not. */
    tt_diags d;
    memset(&d, 0, sizeof d);
    tt_obj obj;
    CHECK(!tt_obj_parse(TRI "f 1 2 3\n", strlen(TRI "f 1 2 3\n"), "m.obj", 3, &d, &obj));
    CHECK(d.count == 1 && d.items[0].loc.line == 4 && strstr(d.items[0].message, "too many triangles") != NULL);
    memset(&d, 0, sizeof d);
    CHECK(tt_obj_parse(TRI "f 1 2 3\n", strlen(TRI "f 1 2 3\n"), "m.obj", 4, &d, &obj));
    tt_obj_free(&obj);
}

/* Writes a file into the test work directory. */
static void write_work_file(const char *name, const char *text)
{
    CHECK(write_whole_file(work_path(name), text, strlen(text)));
}

TEST_CASE(binary_reports_obj_errors_at_the_obj_files_position)
{
    write_work_file("mesh_bad.obj", TRI "f 1 2 9\n");
    write_work_file("mesh_bad.scene", "sphere s radius 1\nmesh ground file \"mesh_bad.obj\"\n");
    char args[1400], expect[1400];
    snprintf(args, sizeof args, "check \"%s\"", work_path("mesh_bad.scene"));
    tool_run r = tool_exec(args);
    CHECK(r.exit_code == 2 && r.out[0] == '\0');
    /* The OBJ file beside the scene, by the path the tool opened. */
    const char *scene = work_path("mesh_bad.scene");
    const char *slash = strrchr(scene, '/');
    snprintf(expect, sizeof expect, "%.*s/mesh_bad.obj:4:7: vertex index beyond", (int)(slash - scene), scene);
    CHECK_MSG(strncmp(r.err, expect, strlen(expect)) == 0, "stderr \"%s\" does not start with \"%s\"", r.err, expect);
    tool_run_free(&r);

    /* A mesh file that is not there: the scene's line and column of the name. */
    write_work_file("mesh_missing.scene", "sphere s radius 1\nmesh ground  file \"no_such.obj\"\n");
    snprintf(args, sizeof args, "check \"%s\"", work_path("mesh_missing.scene"));
    r = tool_exec(args);
    CHECK(r.exit_code == 2);
    snprintf(expect, sizeof expect, "%s:2:19: cannot open the mesh file '", work_path("mesh_missing.scene"));
    CHECK_MSG(strncmp(r.err, expect, strlen(expect)) == 0, "stderr \"%s\" does not start with \"%s\"", r.err, expect);
    tool_run_free(&r);

    /* Only files beside the scene or below it. */
    const char *outside[] = { "/etc/hosts", "../mesh_good.obj", "sub/../../x.obj", "c:mesh.obj" };
    for (int i = 0; i < 4; i++) {
        char text[200];
        snprintf(text, sizeof text, "mesh ground file \"%s\"\n", outside[i]);
        write_work_file("mesh_outside.scene", text);
        snprintf(args, sizeof args, "check \"%s\"", work_path("mesh_outside.scene"));
        r = tool_exec(args);
        CHECK(r.exit_code == 2);
        snprintf(expect, sizeof expect, "%s:1:18: the mesh file '%s' is not beside the scene", work_path("mesh_outside.scene"),
                 outside[i]);
        CHECK_MSG(strncmp(r.err, expect, strlen(expect)) == 0, "stderr \"%s\" does not start with \"%s\"", r.err, expect);
        tool_run_free(&r);
    }

    /* A good one loads, and the run names the triangle a ray hits. */
    write_work_file("mesh_good.obj", "v 0 0 0\nv 4 0 0\nv 4 0 4\nv 0 0 4\nf 1 2 3 4\n");
    write_work_file("mesh_good.scene", "mesh ground file \"mesh_good.obj\"\nray down origin 1 2 3 dir 0 -1 0\n");
    snprintf(args, sizeof args, "run \"%s\"", work_path("mesh_good.scene"));
    r = tool_exec(args);
    CHECK(r.exit_code == 0);
    /* (1, 3) lies in the fan's second triangle, corners 1 3 4. */
    CHECK_MSG(strstr(r.out, "ground (triangle 1)") != NULL, "%s", r.out);
    tool_run_free(&r);
}

TEST_CASE(inline_meshes_hulls_and_filters_read_as_written)
{
    const char *text = "mesh m  vertices 0 0 0  2 0 0  0 2 0\n"
                       "           2 2 0\n"
                       "        triangles 0 1 2  1 3 2  center 1 2 3  scale 2\n"
                       "hull h  points 0 0 0  1 0 0  0 1 0  0 0 1  0.2 0.2 0.2  group 7  category 0 3  mask 1\n"
                       "cylinder c radius 0.5 height 2 sides 8\n"
                       "cone k radius 0.5 height 2\n"
                       "sphere s radius 1 mask 2 63\n";
    tt_diags d;
    tt_scene *s = tt_scene_parse(text, strlen(text), &d);
    CHECK_MSG(s != NULL, "%s", d.count ? d.items[0].message : "?");
    if (!s) return;
    CHECK(s->collider_count == 5 && s->mesh_data_count == 1 && s->hull_data_count == 3);
    const tt_collider *m = &s->colliders[0], *h = &s->colliders[1], *c = &s->colliders[2], *k = &s->colliders[3];
    CHECK(m->kind == TT_MESH && tc_mesh_data_triangle_count(m->mesh) == 2);
    tc_triangle t = tc_mesh_data_triangle(m->mesh, 1);
    CHECK(t.a.x == 2.0f && t.a.y == 0.0f && t.b.x == 2.0f && t.b.y == 2.0f && t.c.x == 0.0f && t.c.y == 2.0f);
    CHECK(m->scale == 2.0f && m->p[0].x == 1.0f && m->p[0].y == 2.0f && m->p[0].z == 3.0f);
    /* The point inside the tetrahedron is no vertex of its hull. */
    CHECK(h->kind == TT_HULL && tc_hull_data_vertex_count(h->hull) == 4);
    CHECK(h->group == 7 && h->category == ((uint64_t)1 | (uint64_t)8) && h->mask == 2);
    CHECK(c->kind == TT_HULL && tc_hull_data_vertex_count(c->hull) == 16);
    CHECK(k->kind == TT_HULL && tc_hull_data_vertex_count(k->hull) == 25);
    CHECK(s->colliders[4].group == 0 && s->colliders[4].category == ~(uint64_t)0 &&
          s->colliders[4].mask == ((uint64_t)4 | ((uint64_t)1 << 63)));
    tt_scene_free(s);
}

TEST_CASE(groups_and_filters_decide_the_reported_pairs)
{
    /* Four unit spheres at one point: a and b share group 1, b is only
     * category bit 1, c meets only bit 1, d is only bit 2. */
    write_work_file("filters.scene", "sphere a radius 1 group 1\n"
                                     "sphere b radius 1 group 1 category 1\n"
                                     "sphere c radius 1 mask 1\n"
                                     "sphere d radius 1 category 2\n");
    char args[1400];
    snprintf(args, sizeof args, "run \"%s\" --json", work_path("filters.scene"));
    tool_run r = tool_exec(args);
    CHECK(r.exit_code == 0);
    json *doc = json_parse(r.out);
    CHECK(doc != NULL);
    if (doc) {
        /* a-b: the same group; c-d: d's category (bit 2) is not in c's mask
         * (bit 1); every other pair meets. */
        const char *expect[][2] = { { "a", "c" }, { "a", "d" }, { "b", "c" }, { "b", "d" } };
        const json *pairs = json_get(doc, "pairs");
        CHECK(pairs && pairs->count == 4);
        for (int i = 0; pairs && i < 4 && i < pairs->count; i++) {
            CHECK(!strcmp(json_str(json_get(json_at(pairs, i), "a")), expect[i][0]));
            CHECK(!strcmp(json_str(json_get(json_at(pairs, i), "b")), expect[i][1]));
        }
        const json *b = json_at(json_get(doc, "colliders"), 1);
        CHECK(json_num(json_get(b, "group")) == 1.0);
        CHECK(!strcmp(json_str(json_get(b, "category")), "0x0000000000000002"));
        json_free(doc);
    }
    tool_run_free(&r);
    /* The text report shows the filters. */
    snprintf(args, sizeof args, "run \"%s\"", work_path("filters.scene"));
    r = tool_exec(args);
    CHECK(strstr(r.out, "group 1, category 1, mask all") != NULL);
    tool_run_free(&r);
}

TEST_CASE(mesh_files_need_a_scene_file)
{
    /* Text that came from no file has no directory to read a mesh file from. */
    const char *text = "mesh m file \"t.obj\"\n";
    tt_diags d;
    tt_scene *s = tt_scene_parse(text, strlen(text), &d);
    CHECK(s == NULL);
    tt_scene_free(s);
    CHECK(d.count == 1 && d.items[0].loc.line == 1 && d.items[0].loc.column == 13 &&
          strstr(d.items[0].message, "mesh files are read beside a scene file") != NULL);
}

/* A swing turns a hull (a cylinder held by a frame) down onto what stands
 * under it: with the boulder in the way it hits the boulder first, without
 * it the floor of triangles, each on the way down (0 < t < 1), the normal
 * pointing from the hammer into what it hits. */
TEST_CASE(swing_of_a_hull_hits_hulls_and_meshes)
{
    const char *base = "frame arm  position 0 1.3 0  euler 0 0 80\n"
                       "cylinder hammer  parent arm  center 0 -1 0  radius 0.2  height 0.5  sides 10\n"
                       "mesh floor  vertices -3 0 -3  3 0 -3  3 0 3  -3 0 3  triangles 0 1 2  0 2 3\n"
                       "swing smash  collider hammer  joint arm  euler 0 0 -80\n";
    const char *boulder = "hull boulder  center -0.6 0.3 0  points -0.3 -0.3 -0.3  0.3 -0.3 -0.3  0 -0.3 0.3  0 0.9 0\n";
    const char *low = "frame arm  position 0 1.1 0  euler 0 0 80\n"
                      "cylinder hammer  parent arm  center 0 -1 0  radius 0.2  height 0.5  sides 10\n"
                      "mesh floor  vertices -3 0 -3  3 0 -3  3 0 3  -3 0 3  triangles 0 1 2  0 2 3\n"
                      "swing smash  collider hammer  joint arm  euler 0 0 -80\n";
    char text[1024];
    snprintf(text, sizeof text, "%s%s", base, boulder);
    const char *scenes[2] = { text, low };
    const char *want[2] = { "boulder", "floor" };
    for (int i = 0; i < 2; i++) {
        tool_run r = tool_exec_scene("run", "swing_hull.scene", scenes[i], NULL, "--json");
        CHECK_MSG(r.exit_code == 0, "exit %d: %s", r.exit_code, r.err);
        json *doc = json_parse(r.out);
        CHECK(doc != NULL);
        const json *first = json_get(json_at(json_get(doc, "casts"), 0), "first_contact");
        CHECK_MSG(first && !strcmp(json_str(json_get(first, "collider")), want[i]), "scene %d: first contact %s", i,
                  first ? json_str(json_get(first, "collider")) : "none");
        const double t = json_num(json_get(first, "t"));
        CHECK_MSG(t > 0.05 && t < 0.95, "scene %d: t = %g", i, t);
        double n[3] = { 0, 0, 0 };
        CHECK(json_vec3(json_get(first, "normal"), n));
        CHECK_MSG(n[1] < -0.2, "scene %d: normal (%g, %g, %g) not into what is below", i, n[0], n[1], n[2]);
        json_free(doc);
        tool_run_free(&r);
    }
}
