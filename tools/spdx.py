#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every source file says its license in one line at its top.

  tools/spdx.py           adds `SPDX-License-Identifier: MIT` (as a comment in
                          the file's language) to each source file lacking it
  tools/spdx.py --check   only lists those files; exits 1 if there are any

Source files: C and C++ sources and headers, CMake files, Makefiles, shell,
Python and JavaScript, as git tracks them (every file below the checkout
outside git). The line goes first, or right after a `#!` line.
"""
import os
import subprocess
import sys

TAG = "SPDX-License-Identifier: MIT"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BY_EXT = {".c": "/* %s */", ".h": "/* %s */",
          ".cpp": "// %s", ".cc": "// %s", ".cxx": "// %s", ".hpp": "// %s", ".hh": "// %s",
          ".js": "// %s", ".mjs": "// %s",
          ".cmake": "# %s", ".mk": "# %s", ".sh": "# %s", ".py": "# %s"}
BY_NAME = {"CMakeLists.txt": "# %s", "Makefile": "# %s", "GNUmakefile": "# %s"}


def tracked_files():
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
        return [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(ROOT):
            dirs[:] = [x for x in dirs if not (d == ROOT and x in ("build", ".git"))]
            files += [os.path.relpath(os.path.join(d, n), ROOT) for n in names]
        return files


def comment_for(path, first_line):
    name = os.path.basename(path)
    if name in BY_NAME:
        return BY_NAME[name]
    if name.endswith(".cmake.in"):
        return "# %s"
    ext = os.path.splitext(name)[1]
    if ext:
        return BY_EXT.get(ext)
    # No extension: a source file when it is a shell script.
    if first_line.startswith(b"#!") and b"sh" in first_line:
        return "# %s"
    return None


def main(argv):
    check = "--check" in argv[1:]
    lacking = []
    for rel in sorted(tracked_files()):
        path = os.path.join(ROOT, rel)
        if not os.path.isfile(path) or os.path.islink(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        lines = data.split(b"\n", 2)
        style = comment_for(rel, lines[0])
        if style is None:
            continue
        shebang = lines[0].startswith(b"#!")
        where = 1 if shebang else 0
        if len(lines) > where and TAG.encode() in lines[where]:
            continue
        lacking.append(rel)
        if check:
            continue
        line = (style % TAG).encode() + b"\n"
        if shebang:
            head, _, rest = data.partition(b"\n")
            data = head + b"\n" + line + rest
        else:
            data = line + data
        with open(path, "wb") as f:  # rewrites in place: the file keeps its mode
            f.write(data)
        print("added:", rel)
    if check:
        for rel in lacking:
            print(f"{rel}: no '{TAG}' line at the top")
        if lacking:
            print(f"{len(lacking)} source file(s) without the SPDX line (run tools/spdx.py to add it)")
            return 1
        print("every source file has the SPDX line")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
