# SPDX-License-Identifier: MIT
"""The benchmark figures in README.md and docs/, from one committed log.

`make bench` writes its whole output to build/bench.txt; `make bench-record`
copies it to docs/bench/latest.txt and runs this script with --write, which
regenerates every generated block from that log. A block is the text between

    <!-- bench-figures: NAME -->
    ...
    <!-- /bench-figures -->

in a Markdown file; NAME is one of BLOCKS below. With --check (a CTest test)
nothing is written: the script fails when a block differs from what the log
gives, so no figure in the README or docs/ can drift from the log.

Each figure is read from the output of one benchmark program (the lines after
its `## bench_name` header in the log) by a regular expression on the lines
that program prints for people. A figure the log lacks (a peer not installed,
a program missing) reads "not installed" when the program said so, else
"not measured": the blocks still build from any log.
"""

import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOG = os.path.join("docs", "bench", "latest.txt")


def sections(text):
    """{program: its output} from the log's `## bench_x` headers."""
    out, name, lines = {}, None, []
    for line in text.splitlines():
        m = re.match(r"^## (bench_\w+)( failed)?$", line)
        if m:
            if name and not m.group(2):
                out[name] = "\n".join(lines)
            if not m.group(2):
                name, lines = m.group(1), []
            continue
        if name:
            lines.append(line)
    if name:
        out[name] = "\n".join(lines)
    return out


class Figures:
    def __init__(self, text):
        self.header = next((l for l in text.splitlines() if l.startswith("# make bench")), "")
        self.sec = sections(text)

    def get(self, program, pattern, group=1, after=None):
        """The first match of pattern (multiline) in program's output, after
        the first line matching `after` when given; None if absent."""
        body = self.sec.get(program)
        if body is None:
            return None
        if after:
            m = re.search(after, body, re.M)
            if not m:
                return None
            body = body[m.end():]
        m = re.search(pattern, body, re.M)
        return m.group(group) if m else None

    def missing(self, program, peer):
        """What a missing figure of peer says: "not installed" when the
        program reported the peer absent."""
        body = self.sec.get(program, "")
        if peer and re.search(r"^%s not installed" % re.escape(peer), body, re.M | re.I):
            return "not installed"
        if program not in self.sec:
            return "not measured"
        return "not measured"


def num(s, digits=None):
    """A figure as printed, or rounded to `digits` significant places, with
    thousands separators for integers."""
    if s is None:
        return None
    x = float(s)
    if digits is None:
        return s
    if x == 0:
        return "0"
    from math import floor, log10
    places = max(0, digits - 1 - int(floor(log10(abs(x)))))
    r = round(x, places)
    if places == 0:
        return "{:,}".format(int(round(r)))
    return "{:.{p}f}".format(r, p=places)


def count(s):
    return None if s is None else "{:,}".format(int(s))


def speed(ratio):
    """A printed speedup (peer time over Touché's, "4.04x") in words."""
    if ratio is None:
        return None
    x = float(ratio.rstrip("x"))
    return "Touché %s faster" % ratio if x >= 1.0 else "Touché at %s the peer's speed" % ratio


def us(ns):
    return None if ns is None else num(str(float(ns) / 1000.0), 3)


def label(f, program, parts, fallback):
    """A row's first cell: with the run's sizes when the log has them."""
    v = cell(f, program, None, parts)
    return fallback if v in ("not installed", "not measured") else v


def cell(f, program, peer, parts):
    """parts: text and (callable) pieces; a None figure makes the whole cell
    the missing text."""
    out = []
    for p in parts:
        v = p(f) if callable(p) else p
        if v is None:
            return f.missing(program, peer)
        out.append(v)
    return "".join(out)


# ---- the figures ---------------------------------------------------------------
# Regular expressions on the benchmark programs' own lines (see their printf
# formats). A table row: the label, then whitespace-separated columns.

def row(program, label, col, after=None):
    """Column `col` (0: the first after the label) of the row starting with label."""
    pat = r"^%s\s+%s" % (re.escape(label), r"\s+".join([r"(\S+)"] * (col + 1)))
    return lambda f: f.get(program, pat, col + 1, after)


def rx(program, pattern, after=None, group=1):
    return lambda f: f.get(program, pattern, group, after)


def fmt(getter, how):
    return lambda f: how(getter(f))


BLOCKS = {}


def block(name):
    def deco(fn):
        BLOCKS[name] = fn
        return fn
    return deco


def md_table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def source_line(f):
    h = f.header[2:] if f.header.startswith("# ") else "an unlabelled run"
    return "From `%s` (%s; `make bench-record` regenerates this table from it)." % (LOG, h)



NUM = r"([-\d.]+)"


def peer_piece(f, program, peer, label, parts):
    """One peer's part of a cell: `label` then its figures, or `label` and
    why it has none."""
    v = cell(f, program, peer, parts)
    if v in ("not installed", "not measured"):
        return "%s %s" % (label, v)
    return "%s %s" % (label, v)


# bench_box_box: the overlap table (label, ns/pair, x touche, overlaps, missed, ...)
BOX = "bench_box_box"


def box_row(label, col):
    return row(BOX, label, col)


# bench_contact: the contact tables (label, ns/call, x touche, contacts, missed, ...),
# the side-by-side table (label, random ns, overlap ns, ...), the distance table.
CON = "bench_contact"
SIDE = r"^box-box contact, this run"


def side(label, col):
    return row(CON, label, col, after=SIDE)


def dist(label, col):
    return row(CON, label, col, after=r"^distance on ")


# bench_hulls: bench_table_row rows (label, touche ns, base ns, speedup, agree, note)
HUL = "bench_hulls"
MESH_T = r"^mesh rays$"
BUILD_T = r"^hull build$"
PAIRS_T = r"^hull pairs$"


def trow(label, col, after):
    return row(HUL, label, col, after=after)


# bench_world: free-form lines under the "100000 boxes" headers
WOR = "bench_world"
FRAME_T = r"^ *100000 boxes, \d+ frames"
RAY_T = r"^ *100000 boxes: closest-hit rays"


@block("readme")
def readme_block(f):
    rows = []
    pairs = fmt(rx(BOX, r"^bench_box_box: (\d+) random OBB pairs"), count)
    rows.append([
        label(f, BOX, ["OBB-OBB overlap, ", pairs, " pairs, half near touching"], "OBB-OBB overlap"),
        cell(f, BOX, None, [fmt(box_row("Touche tc_overlap_obb_obb", 0), lambda x: num(x, 3)), " ns, ",
                            fmt(box_row("Touche tc_overlap_obb_obb", 3), count), " missed"]),
        ", ".join([
            peer_piece(f, BOX, "ODE", "ODE `dBoxBox`", [fmt(box_row("ODE dBoxBox (1 contact)", 0), lambda x: num(x, 3)), " ns (",
                                                       fmt(box_row("ODE dBoxBox (1 contact)", 3), count), " missed)"]),
            peer_piece(f, BOX, "Bullet", "Bullet box-box", [fmt(box_row("Bullet btBoxBoxDetector", 0), lambda x: num(x, 3)), " ns (",
                                                           fmt(box_row("Bullet btBoxBoxDetector", 3), count), " missed)"]),
            peer_piece(f, BOX, "libccd", "libccd MPR", [fmt(box_row("libccd ccdMPRIntersect", 0), lambda x: num(x, 3)), " ns"]),
            peer_piece(f, BOX, "FCL", "FCL", [fmt(box_row("FCL fcl::collide (Boxd)", 0), lambda x: num(x, 3)), " ns"]),
        ]),
    ])
    rnd = fmt(rx(CON, r"^contact, random[^:]*: (\d+) pairs"), count)
    ovl = fmt(rx(CON, r"^contact, overlapping[^:]*: (\d+) pairs"), count)
    t3 = lambda x: num(x, 3)
    rows.append([
        "OBB-OBB contact manifold",
        cell(f, CON, None, [fmt(side("Touche tc_contact_obb_obb", 0), t3), " ns on ", rnd, " random pairs, ",
                            fmt(side("Touche tc_contact_obb_obb", 1), t3), " ns on ", ovl, " overlapping pairs"]),
        ", ".join([
            peer_piece(f, CON, "ODE", "ODE `dBoxBox`", [fmt(side("ODE dBoxBox (4 contacts)", 0), t3), " / ",
                                                       fmt(side("ODE dBoxBox (4 contacts)", 1), t3), " ns"]),
            peer_piece(f, CON, "ODE", "`dCollide`", [fmt(side("ODE dCollide (4 contacts)", 0), t3), " / ",
                                                    fmt(side("ODE dCollide (4 contacts)", 1), t3), " ns"]),
            peer_piece(f, CON, "Bullet", "Bullet box-box", [fmt(side("Bullet btBoxBoxDetector", 0), t3), " / ",
                                                           fmt(side("Bullet btBoxBoxDetector", 1), t3), " ns"]),
        ]),
    ])
    dpairs = rx(CON, r"^distance on (\d+) separated pairs")
    rows.append([
        "OBB-OBB distance",
        cell(f, CON, None, [fmt(dist("Touche tc_distance_obb_obb", 0), t3), " ns, ", fmt(dist("Touche tc_distance_obb_obb", 2), count),
                            " of ", fmt(dpairs, count), " within 1e-4"]),
        ", ".join([
            peer_piece(f, CON, "Bullet", "Bullet GJK", [fmt(dist("Bullet btGjkPairDetector", 0), t3), " ns (",
                                                       fmt(dist("Bullet btGjkPairDetector", 2), count), " within 1e-4)"]),
            peer_piece(f, CON, "FCL", "FCL", [fmt(dist("FCL fcl::distance (Boxd)", 0), t3), " ns"]),
        ]),
    ])
    tri = fmt(rx(HUL, r"^closest-hit rays on a (\d+)-triangle terrain mesh"), count)
    build_s = fmt(rx(HUL, r"^closest-hit rays on a .*hierarchy built in (\d+) ms"), lambda x: num(str(float(x) / 1000.0), 2))
    emb_build = fmt(rx(HUL, r"^  vs Embree .*BVH built in (\d+) ms", after=MESH_T), lambda x: num(str(float(x) / 1000.0), 2))
    rows.append([
        label(f, HUL, ["closest-hit ray, ", tri, "-triangle mesh"], "closest-hit ray, triangle mesh"),
        cell(f, HUL, None, [fmt(trow("tc_raycast_mesh", 0, MESH_T), us), " us (hierarchy built in ", build_s, " s)"]),
        ", ".join([
            peer_piece(f, HUL, "Embree", "Embree `rtcIntersect1`", [fmt(trow("  vs Embree", 1, MESH_T), us), " us (built in ", emb_build, " s)"]),
            peer_piece(f, HUL, "Bullet", "Bullet `btBvhTriangleMeshShape`", [fmt(trow("  vs Bullet", 1, MESH_T), us), " us"]),
        ]),
    ])
    hv = rx(HUL, r"^hull-hull pairs, (\d+) vertices each")
    rows.append([
        label(f, HUL, ["hull-hull overlap / distance / contact, ", hv, " vertices"], "hull-hull overlap / distance / contact"),
        cell(f, HUL, None, [fmt(trow("tc_overlap_hull_hull", 0, PAIRS_T), us), " / ", fmt(trow("tc_distance_hull_hull", 0, PAIRS_T), us),
                            " / ", fmt(trow("tc_contact_hull_hull", 0, PAIRS_T), us), " us, ",
                            rx(HUL, r"^  vs \S+ GJK +.*Touche (\d+), \d+\)", after=PAIRS_T), " missed"]),
        ", ".join([
            peer_piece(f, HUL, "Bullet", "Bullet GJK / GJK+EPA", [fmt(trow("  vs Bullet GJK", 1, PAIRS_T), us), " / ",
                                                                 fmt(trow("  vs Bullet GJK+EPA", 1, PAIRS_T), us), " us (",
                                                                 rx(HUL, r"^  vs Bullet GJK .*\((\d+) missed", after=PAIRS_T), " missed)"]),
            peer_piece(f, HUL, "libccd", "libccd MPR", [fmt(trow("  vs libccd MPR", 1, PAIRS_T), us), " us overlap, ",
                                                       fmt(trow("  vs libccd MPR", 1, r"^tc_contact_hull_hull"), us), " us contact"]),
        ]),
    ])
    rows.append([
        "world update + pairs, 100,000 moving boxes",
        cell(f, WOR, None, [fmt(rx(WOR, r"world update \+ pairs +median +([\d.]+) ms", after=FRAME_T), lambda x: num(x, 3)), " ms per frame (median)"]),
        peer_piece(f, WOR, "Bullet", "Bullet `btDbvtBroadphase`", [fmt(rx(WOR, r"Bullet btDbvtBroadphase median +([\d.]+) ms", after=FRAME_T), lambda x: num(x, 3)),
                                                                  " ms (", rx(WOR, r"world vs Bullet: ([\d.]+)x by medians", after=FRAME_T), "x)"]),
    ])
    rows.append([
        "closest-hit ray, 100,000 boxes",
        cell(f, WOR, None, [rx(WOR, r"world +\d+ rays/s \(([\d.]+) us/ray", after=RAY_T), " us (ray index remade in ",
                            rx(WOR, r"world ray index: [\d.]+ ms to make after the first update \(([\d.]+) ms again", after=RAY_T), " ms after a frame)"]),
        ", ".join([
            peer_piece(f, WOR, "Embree", "Embree (user geometry, 1 thread)", [rx(WOR, r"Embree \(user geometry, 1 thread\) \d+ rays/s \(([\d.]+) us/ray", after=RAY_T),
                                                                             " us (world at ", rx(WOR, r"world is ([\d.]+)x Embree's speed", after=RAY_T), "x)"]),
            peer_piece(f, WOR, "Bullet", "Bullet `btDbvtBroadphase::rayTest`", [rx(WOR, r"Bullet btDbvtBroadphase::rayTest \d+ rays/s \(([\d.]+) us/ray", after=RAY_T), " us"]),
        ]),
    ])
    return source_line(f) + "\n\n" + md_table(["query", "Touché", "peers"], rows)


def table_rows(f, program, after, ncols):
    """The rows of a fixed-layout table printed after the line matching
    `after`: (label, [ncols columns]) until the first line that is not one."""
    body = f.sec.get(program)
    if body is None:
        return []
    m = re.search(after, body, re.M)
    if not m:
        return []
    out = []
    pat = re.compile(r"^(\S.*?)\s+" + r"\s+".join([r"(-?[\d.]+x?%?|-)"] * ncols) + r"(?:\s|$)")
    for line in body[m.end():].splitlines()[1:]:
        if not line.strip() or line.startswith("---"):
            if out:
                break
            continue
        r = pat.match(line)
        if not r:
            if out:
                break
            continue
        out.append((r.group(1).strip(), [r.group(i + 2) for i in range(ncols)]))
    return out


def absent_peers(f, program):
    body = f.sec.get(program, "")
    return re.findall(r"^(\S+) not installed", body, re.M)


def absent_note(f, program):
    peers = absent_peers(f, program)
    return ("\n\nNot installed in this run: %s." % ", ".join(peers)) if peers else ""


@block("sat")
def sat_block(f):
    rows = []
    for label, c in table_rows(f, BOX, r"^library / call +ns/pair", 8):
        rows.append([label, num(c[0], 3), c[1], count(c[2]), count(c[3]), count(c[4]), count(c[6]), count(c[7])])
    pairs = f.get(BOX, r"^bench_box_box: (\d+) random OBB pairs")
    intro = "%s `bench_box_box`: %s random pairs, many near touching; ns per pair, x Touché = the call's time over Touché's, missed = truth overlaps reported apart (of them beyond the 1e-5 band), false+ = apart pairs reported overlapping (of them beyond the band)." % (
        source_line(f)[:-1] + ";", count(pairs) if pairs else "no")
    if not rows:
        return intro + "\n\nbench_box_box: not measured in this log."
    return intro + "\n\n" + md_table(["library / call", "ns/pair", "x Touché", "overlaps", "missed", "missed >band", "false+", "false+ >band"], rows) + absent_note(f, BOX)


@block("contacts")
def contacts_block(f):
    rows = []
    for label, c in table_rows(f, CON, SIDE, 4):
        rows.append([label, num(c[0], 3), num(c[1], 4), c[2], c[3]])
    rnd = f.get(CON, r"^contact, random[^:]*: (\d+) pairs")
    ovl = f.get(CON, r"^contact, overlapping[^:]*: (\d+) pairs")
    intro = "%s `bench_contact`: ns per call on %s random pairs (a third overlapping) and on %s overlapping pairs, and Touché's time over each peer's (below 1x: Touché is faster)." % (
        source_line(f)[:-1] + ";", count(rnd) if rnd else "no", count(ovl) if ovl else "no")
    if not rows:
        return intro + "\n\nbench_contact: not measured in this log."
    return intro + "\n\n" + md_table(["library / call", "random ns", "overlapping ns", "random ratio", "overlapping ratio"], rows) + absent_note(f, CON)


@block("hulls")
def hulls_block(f):
    t3 = lambda x: num(x, 3)
    ms = lambda x: None if x is None else num(str(float(x) / 1e6), 2)
    rows = []
    npts = rx(HUL, r"^the hull of (\d+) points")
    nv = rx(HUL, r"^the hull of \d+ points \((\d+) hull vertices")
    rows.append([
        label(f, HUL, ["hull of ", fmt(npts, count), " points (", nv, " vertices)"], "hull build"),
        cell(f, HUL, None, [fmt(trow("tc_hull_data_create", 0, BUILD_T), ms), " ms"]),
        ", ".join([
            peer_piece(f, HUL, "qhull", "qhull `Qt`", [fmt(trow("  vs qhull", 1, BUILD_T), ms), " ms (", fmt(trow("  vs qhull", 2, BUILD_T), speed), ")"]),
            peer_piece(f, HUL, "Bullet", "Bullet `btConvexHullComputer`", [fmt(trow("  vs Bullet", 1, BUILD_T), ms), " ms (", fmt(trow("  vs Bullet", 2, BUILD_T), speed), ")"]),
        ]),
    ])
    hv = rx(HUL, r"^hull-hull pairs, (\d+) vertices each")
    hp = fmt(rx(HUL, r"^hull-hull pairs, \d+ vertices each: (\d+) pairs"), count)
    tmiss = rx(HUL, r"Touche (\d+), \d+\)", after=PAIRS_T)
    note = lambda label, what, after=PAIRS_T: rx(HUL, r"^%s +.*\(([^()]*)\)$" % re.escape(label), after=after)
    rows.append([
        label(f, HUL, ["hull-hull overlap, ", hv, " vertices, ", hp, " pairs"], "hull-hull overlap"),
        cell(f, HUL, None, [fmt(trow("tc_overlap_hull_hull", 0, PAIRS_T), us), " us, ", tmiss, " missed"]),
        ", ".join([
            peer_piece(f, HUL, "Bullet", "Bullet GJK", [fmt(trow("  vs Bullet GJK", 1, PAIRS_T), us), " us (", rx(HUL, r"^  vs Bullet GJK .*\((\d+ missed, \d+ false)", after=PAIRS_T), ")"]),
            peer_piece(f, HUL, "libccd", "libccd GJK", [fmt(trow("  vs libccd GJK", 1, PAIRS_T), us), " us (", rx(HUL, r"^  vs libccd GJK .*\((\d+ missed, \d+ false)", after=PAIRS_T), ")"]),
            peer_piece(f, HUL, "libccd", "libccd MPR", [fmt(trow("  vs libccd MPR", 1, PAIRS_T), us), " us (", rx(HUL, r"^  vs libccd MPR .*\((\d+ missed, \d+ false)", after=PAIRS_T), ")"]),
        ]),
    ])
    rows.append([
        "hull-hull distance",
        cell(f, HUL, None, [fmt(trow("tc_distance_hull_hull", 0, PAIRS_T), us), " us"]),
        peer_piece(f, HUL, "Bullet", "Bullet GJK", [fmt(trow("  vs Bullet GJK", 1, r"^tc_distance_hull_hull"), us), " us (",
                                                   rx(HUL, r"\(distances within 1e-4: (\d+ of \d+)\)", after=PAIRS_T), " distances within 1e-4 of Touché's)"]),
    ])
    rows.append([
        "hull-hull contact",
        cell(f, HUL, None, [fmt(trow("tc_contact_hull_hull", 0, PAIRS_T), us), " us, ",
                            rx(HUL, r"Touche (\d+), \d+\)", after=r"^tc_contact_hull_hull"), " missed"]),
        ", ".join([
            peer_piece(f, HUL, "Bullet", "Bullet GJK+EPA", [fmt(trow("  vs Bullet GJK+EPA", 1, PAIRS_T), us), " us (",
                                                           rx(HUL, r"^  vs Bullet GJK\+EPA .*\((\d+) missed", after=PAIRS_T), " missed)"]),
            peer_piece(f, HUL, "libccd", "libccd MPR penetration", [fmt(trow("  vs libccd MPR", 1, r"^tc_contact_hull_hull"), us), " us (",
                                                                   rx(HUL, r"^  vs libccd MPR .*\((\d+) missed", after=r"^tc_contact_hull_hull"), " missed)"]),
        ]),
    ])
    return source_line(f) + " `bench_hulls`.\n\n" + md_table(["query", "Touché", "peers"], rows)


@block("meshes")
def meshes_block(f):
    tri = f.get(HUL, r"^closest-hit rays on a (\d+)-triangle terrain mesh")
    nr = f.get(HUL, r"^closest-hit rays on a \d+-triangle terrain mesh \((\d+) rays")
    nh = f.get(HUL, r"^closest-hit rays on a \d+-triangle terrain mesh \(\d+ rays, (\d+) hit")
    sec = lambda x: None if x is None else num(str(float(x) / 1000.0), 2)
    rays = [
        "closest-hit ray",
        cell(f, HUL, None, [fmt(trow("tc_raycast_mesh", 0, MESH_T), us), " us"]),
        cell(f, HUL, "Embree", [fmt(trow("  vs Embree", 1, MESH_T), us), " us (", fmt(trow("  vs Embree", 2, MESH_T), speed), ", hits agree on ", trow("  vs Embree", 3, MESH_T), ")"]),
        cell(f, HUL, "Bullet", [fmt(trow("  vs Bullet", 1, MESH_T), us), " us (", fmt(trow("  vs Bullet", 2, MESH_T), speed), ", hits agree on ", trow("  vs Bullet", 3, MESH_T), ")"]),
    ]
    build = [
        "hierarchy build",
        cell(f, HUL, None, [fmt(rx(HUL, r"hierarchy built in (\d+) ms"), sec), " s"]),
        cell(f, HUL, "Embree", [fmt(rx(HUL, r"^  vs Embree .*BVH built in (\d+) ms", after=MESH_T), sec), " s"]),
        cell(f, HUL, "Bullet", [fmt(rx(HUL, r"^  vs Bullet .*built in (\d+) ms", after=MESH_T), sec), " s"]),
    ]
    intro = "%s `bench_hulls`: a %s-triangle terrain, %s rays, %s hit." % (source_line(f)[:-1] + ";", count(tri) if tri else "no", count(nr) if nr else "no", count(nh) if nh else "no")
    return intro + "\n\n" + md_table(["", "Touché", "Embree 3 (`rtcIntersect1`, 1 thread)", "Bullet `btBvhTriangleMeshShape`"], [rays, build])


@block("world")
def world_block(f):
    rows = []
    for n in ("1000", "10000", "100000"):
        fr = r"^ *%s boxes, \d+ frames" % n
        ra = r"^ *%s boxes: closest-hit rays" % n
        rows.append([
            "{:,}".format(int(n)),
            cell(f, WOR, None, [fmt(rx(WOR, r"world update \+ pairs +median +([\d.]+) ms", after=fr), lambda x: num(x, 3)), " ms"]),
            cell(f, WOR, "Bullet", [fmt(rx(WOR, r"Bullet btDbvtBroadphase median +([\d.]+) ms", after=fr), lambda x: num(x, 3)), " ms (world ",
                                    rx(WOR, r"world vs Bullet: ([\d.]+)x by medians", after=fr), "x faster)"]),
            cell(f, WOR, None, [rx(WOR, r"world +\d+ rays/s \(([\d.]+) us/ray", after=ra), " us (index made in ",
                                rx(WOR, r"world ray index: [\d.]+ ms to make after the first update \(([\d.]+) ms again", after=ra), " ms)"]),
            cell(f, WOR, "Embree", [rx(WOR, r"Embree \(user geometry, 1 thread\) \d+ rays/s \(([\d.]+) us/ray", after=ra), " us (world at ",
                                    rx(WOR, r"world is ([\d.]+)x Embree's speed", after=ra), "x)"]),
            cell(f, WOR, "Bullet", [rx(WOR, r"Bullet btDbvtBroadphase::rayTest \d+ rays/s \(([\d.]+) us/ray", after=ra), " us"]),
        ])
    return (source_line(f)[:-1] + "; `bench_world`: per frame, every box's pose set then `tc_world_update` (median); rays closest-hit, one at a time.\n\n"
            + md_table(["boxes", "world frame", "Bullet `btDbvtBroadphase` frame", "world ray", "Embree ray (user geometry, 1 thread)", "Bullet `rayTest` ray"], rows))


def regenerate(text, figures, check_only):
    """Every block of one file rebuilt; returns the new text and the names
    of the blocks that changed."""
    changed = []

    def sub(m):
        name = m.group(1)
        if name not in BLOCKS:
            raise SystemExit("bench_figures: unknown block %r" % name)
        body = BLOCKS[name](figures)
        new = "<!-- bench-figures: %s -->\n%s\n<!-- /bench-figures -->" % (name, body)
        if new != m.group(0):
            changed.append(name)
        return new

    out = re.sub(r"<!-- bench-figures: (\S+) -->\n.*?<!-- /bench-figures -->", sub, text, flags=re.S)
    return out, changed


def markdown_files():
    files = [os.path.join(ROOT, "README.md")]
    d = os.path.join(ROOT, "docs")
    files += sorted(os.path.join(d, n) for n in os.listdir(d) if n.endswith(".md"))
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", action="store_true", help="regenerate the blocks from the log")
    g.add_argument("--check", action="store_true", help="fail when a block disagrees with the log")
    ap.add_argument("--log", default=os.path.join(ROOT, LOG), help="the bench log (default: %s)" % LOG)
    args = ap.parse_args()
    if not os.path.exists(args.log):
        print("bench_figures: no log at %s (run make bench-record)" % args.log)
        return 1
    with open(args.log, encoding="utf-8") as fh:
        figures = Figures(fh.read())
    bad, seen = [], 0
    for path in markdown_files():
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        new, changed = regenerate(text, figures, args.check)
        seen += len(re.findall(r"<!-- bench-figures: ", text))
        if changed:
            rel = os.path.relpath(path, ROOT)
            if args.check:
                bad += ["%s: block %s" % (rel, n) for n in changed]
            else:
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(new)
                print("bench_figures: regenerated %s (%s)" % (rel, ", ".join(changed)))
    if seen == 0:
        print("bench_figures: no generated block found in README.md or docs/")
        return 1
    if bad:
        print("bench_figures: figures disagree with %s (run python3 tools/bench_figures.py --write):" % LOG)
        for b in bad:
            print("  " + b)
        return 1
    print("bench_figures: %d block(s) agree with %s" % (seen, LOG) if args.check else "bench_figures: done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
