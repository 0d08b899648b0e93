/* SPDX-License-Identifier: MIT */
/* Regressions of issue 12 through the tool, with the issue's own scenes. */
#include "harness.h"
#include "tool_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A sweep read the manifold of a contact call that had returned false: a
 * segfault in release from this two-line scene. */
TEST_CASE(sweep_unwritten_manifold)
{
    static const char scene[] =
        "aabb crate min -3 2.875 -4.0625 max 0.3125 5.3125 2.25 velocity 1 0 0\n"
        "triangle shard a -6.6875 -2.375 -3.6875 b 7.1875 1.6875 -6.625 c 2.5625 4.5625 2.5625\n";
    tool_run r = tool_exec_scene("run", "regress_sweep_unwritten_manifold.scene", scene, NULL, "--json");
    CHECK_MSG(r.exit_code == 0, "touche run exited %d: %s", r.exit_code, r.err ? r.err : "");
    json *j = r.out ? json_parse(r.out) : NULL;
    CHECK_MSG(j != NULL, "touche run --json printed no JSON");
    json_free(j);
    tool_run_free(&r);
}
