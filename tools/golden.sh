#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the golden-hash test (tests/test_golden.c) with gcc and clang at
# -O0, -O2, -O3 and -O3 -march=native, scalar (TOUCHE_NO_SIMD) and SIMD
# paths, runs each and prints the hashes side by side. Exits 1 when the
# builds disagree (a determinism bug) and 2 when they agree on a value other
# than the committed one (results changed: see docs/determinism.md).
#
#   tools/golden.sh                 # every configuration (16 builds)
#   COMPILERS=gcc LEVELS="-O2" tools/golden.sh
#
# Builds go to build/golden/<name>; only the library and the test are built,
# PARALLEL (2) at a time with JOBS (1) compile jobs each.
set -u
script=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "$(dirname "$0")/.." || exit 1
COMPILERS=${COMPILERS:-"gcc clang"}
LEVELS=${LEVELS:-"-O0|-O2|-O3|-O3 -march=native"}
PATHS=${PATHS_:-"scalar simd"}
# Builds run side by side, PARALLEL at a time with JOBS compile jobs each
# (the machine is shared: 2 x 1 by default). Each builds the library and
# test_golden only: no tests' support code, tool, examples or benchmarks.
PARALLEL=${PARALLEL:-2}
JOBS=${JOBS:-1}
root=build/golden
mkdir -p "$root"
results=$root/results.txt

# One configuration: `tools/golden.sh --one CC LEVEL PATH` (what the
# parallel runner below calls); prints its line.
if [ "${1:-}" = --one ]; then
    cc=$2 level=$3 path=$4
    name=$(printf '%s%s-%s' "$cc" "$level" "$path" | tr -c 'A-Za-z0-9_=\n-' '_' | tr '=' '_')
    dir=$root/$name
    nosimd=OFF
    [ "$path" = scalar ] && nosimd=ON
    ndebug=-DNDEBUG
    [ "$level" = -O0 ] && ndebug=
    if ! cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=None -DCMAKE_C_COMPILER="$cc" \
            -DCMAKE_C_FLAGS="$level $ndebug" -DTOUCHE_NO_SIMD=$nosimd \
            -DTOUCHE_BUILD_BENCH=OFF -DTOUCHE_BUILD_TOOLS=OFF >"$dir.log" 2>&1 ||
       ! cmake --build "$dir" -j "$JOBS" --target test_golden >>"$dir.log" 2>&1; then
        printf '%-36s build failed (see %s.log)\n' "$cc $level $path" "$dir"
        exit 0
    fi
    out=$("$dir/tests/test_golden" golden_hash_matches_committed_value 2>/dev/null)
    hash=$(printf '%s\n' "$out" | sed -n 's/^golden hash: \(0x[0-9a-f]*\)ull$/\1/p')
    sections=$(printf '%s\n' "$out" | sed -n 's/^golden sections: //p')
    printf '%-36s %s   %s\n' "$cc $level $path" "${hash:-none}" "$sections"
    exit 0
fi

# The configurations, one a line (compiler, level, path; tab-separated),
# then PARALLEL at a time.
list=$root/configurations.txt
: > "$list"
old_ifs=$IFS
for cc in $COMPILERS; do
    command -v "$cc" >/dev/null 2>&1 || { echo "skip $cc: not installed"; continue; }
    IFS='|'
    for level in $LEVELS; do
        IFS=$old_ifs
        for path in $PATHS; do printf '%s\t%s\t%s\n' "$cc" "$level" "$path" >> "$list"; done
        IFS='|'
    done
    IFS=$old_ifs
done
started=$(date +%s)
# xargs -P runs PARALLEL builds at once; each line's three fields become --one's arguments
tr '\t\n' '\000\000' < "$list" | xargs -0 -n 3 -P "$PARALLEL" sh "$script" --one | tee "$results"
echo "golden: $(grep -c . "$list") configurations in $(( $(date +%s) - started )) s ($PARALLEL at a time, -j $JOBS each)"

committed=$(sed -n 's/^#define TOUCHE_GOLDEN_HASH \(0x[0-9a-f]*\)ull.*/\1/p' tests/test_golden.c)
distinct=$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^0x[0-9a-f]+$|^none$/) { print $i; break } }' "$results" | sort -u)
count=$(printf '%s\n' "$distinct" | grep -c .)
echo "committed: $committed"
if [ "$count" -ne 1 ]; then
    echo "the builds DISAGREE: $(echo $distinct)"
    exit 1
fi
if [ "$distinct" != "$committed" ]; then
    echo "every build agrees on $distinct, which is not the committed value:"
    echo "results changed; if that is intended, set TOUCHE_GOLDEN_HASH in tests/test_golden.c to $distinct"
    exit 2
fi
echo "every build agrees with the committed value"
