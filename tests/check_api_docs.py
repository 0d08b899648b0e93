#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fails when a public declaration has no doc comment of its own.

Usage: check_api_docs.py HEADER...

A declaration is documented by a `///` or `/** ... */` comment right above it
(nothing but other doc lines in between) or, for enum constants, a `///<` / `/**<`
comment after it on its line. Declarations are: functions (TC_API and static inline), typedefs,
struct, union and enum types, enum constants, and macros (a macro defined in
several #if branches needs its comment on one of them). Struct fields are
documented where they carry meaning, so they are not required here.
Prints FILE:LINE: NAME for each undocumented one and exits 1 if any.
"""
import re
import sys

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def items(lines):
    """Yields (kind, lineno, text, trailing_doc): kind is 'doc', 'comment',
    'blank', 'directive' or 'code'; comments are folded into one item."""
    i = 0
    n = len(lines)
    while i < n:
        raw = lines[i]
        s = raw.strip()
        start = i + 1
        if not s:
            yield ("blank", start, "", False)
            i += 1
            continue
        if s.startswith("///") and not s.startswith("///<"):
            yield ("doc", start, s, False)
            i += 1
            continue
        if s.startswith("//"):
            yield ("comment", start, s, False)
            i += 1
            continue
        if s.startswith("/*"):
            kind = "doc" if (s.startswith("/**") and not s.startswith("/**<") and not s.startswith("/**/")) else "comment"
            text = s
            while "*/" not in text[2:] and i + 1 < n:
                i += 1
                text += "\n" + lines[i].strip()
            i += 1
            rest = text[text.index("*/", 2) + 2:].strip()
            if rest:
                # A comment followed by code on the same line: the comment documents it.
                yield (kind, start, text, False)
                yield ("code", start, rest, False)
            else:
                yield (kind, start, text, False)
            continue
        if s.startswith("#"):
            text = s
            while text.endswith("\\") and i + 1 < n:
                i += 1
                text = text[:-1] + " " + lines[i].strip()
            i += 1
            yield ("directive", start, text, False)
            continue
        # Code, perhaps with a trailing comment (which may run onto further lines).
        code, trailing = s, False
        m = re.search(r"//|/\*", s)
        if m:
            code = s[: m.start()].rstrip()
            comment = s[m.start():]
            trailing = comment.startswith("///<") or comment.startswith("/**<")
            if comment.startswith("/*") and "*/" not in comment[2:]:
                while i + 1 < n:
                    i += 1
                    if "*/" in lines[i]:
                        break
        i += 1
        yield ("code", start, code, trailing)


def check(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    missing = []
    macros = {}          # name -> (first line, documented anywhere)
    doc = False          # a doc comment stands right above
    stmt = None          # the top-level statement being read
    depth = 0

    for kind, line, text, trailing in items(lines):
        if kind == "doc":
            doc = True
            continue
        if kind in ("blank", "comment"):
            doc = False
            continue
        if kind == "directive":
            m = re.match(r"#\s*define\s+(" + IDENT + ")", text)
            if m:
                name = m.group(1)
                if not re.fullmatch(r"TOUCHE_[A-Z0-9_]*_H", name):
                    first, documented = macros.get(name, (line, False))
                    macros[name] = (first, documented or doc)
                doc = False
            continue
        # code
        if stmt is None:
            if re.fullmatch(r"TC_C_(BEGIN|END)", text):
                doc = False
                continue
            # A trailing ///< documents fields and enum constants only (Doxygen
            # would give a type's or function's trailing comment to the typedef
            # alone, or to nothing).
            stmt = {"line": line, "text": "", "doc": doc, "enum": False, "body_seen": False}
        if depth == 1 and stmt["enum"]:
            # One or more enum constants on this line.
            for name in re.findall(r"(?:^|,)\s*(" + IDENT + r")\s*(?:=|,|$)", text):
                if not (doc or trailing):
                    missing.append((line, name))
        before = depth
        for ch in text:
            if ch == "{":
                if depth == 0:
                    head = stmt["text"] + text[: text.index("{")]
                    stmt["enum"] = bool(re.search(r"\benum\b", head)) and "(" not in head
                    stmt["body_seen"] = True
                depth += 1
            elif ch == "}":
                depth -= 1
        stmt["text"] += " " + text
        doc = False
        t = stmt["text"].strip()
        # A declaration ends at a ';' outside braces, an inline function at its body's closing brace.
        ended = depth == 0 and (t.endswith(";") or (stmt["body_seen"] and t.endswith("}") and "(" in t.split("{")[0]))
        if not ended:
            continue
        head = t.split("{")[0]
        if "(" in head and not head.lstrip().startswith("typedef"):
            m = re.search(r"(" + IDENT + r")\s*\(", head)
            name = m.group(1) if m else head
        elif head.lstrip().startswith("typedef") and "(" in t and "{" not in t:
            # typedef of a function type: typedef bool tc_x_fn(...);
            m = re.search(r"(" + IDENT + r")\s*\(", t)
            name = m.group(1) if m else t
        else:
            idents = re.findall(IDENT, t.split("}")[-1]) if "}" in t else re.findall(IDENT, t)
            name = idents[-1] if idents else t
        if not stmt["doc"]:
            missing.append((stmt["line"], name))
        stmt = None
    for name, (line, documented) in macros.items():
        if not documented:
            missing.append((line, name))
    return sorted(missing)


def main(argv):
    bad = 0
    for path in argv[1:]:
        for line, name in check(path):
            print(f"{path}:{line}: {name} has no doc comment (/// or /** */)")
            bad += 1
    if bad:
        print(f"{bad} public declaration(s) without a doc comment")
        return 1
    print(f"every public declaration in {len(argv) - 1} header(s) is documented")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
