#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `make test`'s browser step: runs web/test/browser_test.mjs when Chromium,
# Node with the lockfile's node_modules, and the WebAssembly toolchain are
# all here; otherwise says in one line what to install and succeeds, so a
# machine without them still runs every other test.
# usage: web/test/run.sh TOUCHE_TOOL   (from the repository root)
set -euo pipefail
tool=${1:?usage: web/test/run.sh TOUCHE_TOOL}
missing=()
[ -x /usr/bin/chromium ] || missing+=("chromium")
command -v node >/dev/null 2>&1 || missing+=("nodejs")
if ! make -s -f web/web.mk check-toolchain >/dev/null 2>&1; then missing+=("clang lld-14 wasi-libc libclang-rt-14-dev-wasm32"); fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "make test: browser test skipped: apt-get install ${missing[*]}, then npm ci --prefix web/test"
    exit 0
fi
if [ ! -d web/test/node_modules/playwright-core ]; then
    echo "make test: browser test skipped: run npm ci --prefix web/test (installs playwright-core from the lockfile)"
    exit 0
fi
make -s -f web/web.mk -j2 web >/dev/null
mkdir -p build/web-test
node web/test/browser_test.mjs build/web "$tool" build/web-test
