# SPDX-License-Identifier: MIT
# Touché: the two commands a new checkout needs are `make run` and `make test`.
# This file only drives CMake: each configuration is a preset of
# CMakePresets.json (usable directly: `cmake --preset debug`,
# `cmake --build --preset debug`, `ctest --preset debug`), built in build/<name>.
# A configuration is configured once (again when CMakePresets.json changes);
# after that CMake's own build re-runs the configure step when it must, so a
# `make` with nothing changed compiles nothing.
.PHONY: all run test test-traps test-web web figures bench bench-record fuzz docs clean

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE ?= cmake
CTEST ?= ctest
CMAKE_ARGS ?=
SCENE ?= examples/scenes/five_figures.scene

# Debug (gcc, asserts on, the portable scalar paths), optimised (clang -O3,
# SIMD paths, shared library), sanitized (gcc, ASan + UBSan, SIMD paths) and
# optimised gcc (-O3 -march=native): every test runs against both code paths
# and at every optimisation level, warnings as errors. A new configuration is
# a preset plus its name here.
# The no-trap proof (docs/conventions.md): the whole suite with FE_INVALID,
# FE_DIVBYZERO and FE_OVERFLOW trapping, each compiler on each path (gcc
# scalar -O0 and SIMD -O3, clang SIMD -O3 and scalar -O0). Part of
# `make test`, so CI proves "no floating-point trap" on every commit (each
# took 7-9 min to build and 3-7 min to test on the shared 2-core machine,
# about 2.5 min of CPU to build and 1 min to test).
TRAP_CONFIGS = traps-gcc traps-clang traps-gcc-simd traps-clang-scalar
CONFIGS = debug release asan opt $(TRAP_CONFIGS)
BUILDS = $(addprefix build-,$(CONFIGS))
TESTS = $(addprefix test-,$(CONFIGS))
.PHONY: $(BUILDS) $(TESTS)

all: build-release

# The cache is the configure step's product: never an intermediate file to delete.
.PRECIOUS: build/%/CMakeCache.txt

build/%/CMakeCache.txt: CMakePresets.json
	$(CMAKE) --preset $* $(CMAKE_ARGS)

$(BUILDS): build-%: build/%/CMakeCache.txt
	$(CMAKE) --build build/$* -j $(JOBS)

$(TESTS): test-%: build-%
	$(CTEST) --preset $* -j $(JOBS)

test: $(addprefix test-,$(CONFIGS)) test-web
	@echo "make test: all $(words $(CONFIGS)) configurations passed ($(CONFIGS)), and the browser test ran or said what it needs"

test-traps: $(addprefix test-,$(TRAP_CONFIGS))

# The live page (web/): the library compiled to WebAssembly into build/web/.
web:
	@$(MAKE) -s -f web/web.mk -j2 web

# The page in headless Chromium, checked against the native tool's answers;
# skipped with one line saying what to install when a piece is missing.
test-web: build-release
	@web/test/run.sh build/release/tools/touche

# The tool's figures in README.md and docs/ (listed in docs/figures/touche-figures.list),
# drawn again by the tool; a test fails when a committed one is out of date.
figures: build/release/CMakeCache.txt
	@$(CMAKE) --build build/release --target touche_cli -j $(JOBS)
	@grep -v '^#' docs/figures/touche-figures.list | while read -r out args; do \
		[ -n "$$out" ] || continue; \
		build/release/tools/touche $$args --svg docs/figures/$$out >/dev/null || exit 1; \
		echo "drew docs/figures/$$out"; \
	done

# Builds only the tool (and the library it links) before running it.
run: build/release/CMakeCache.txt
	@$(CMAKE) --build build/release --target touche_cli -j $(JOBS)
	build/release/tools/touche run $(SCENE) --svg build/scene.svg && echo "picture: build/scene.svg"

# `make bench` prints every benchmark and keeps the whole output in
# build/bench.txt; `make bench-record` runs it, then makes that log the one
# source of the figures: it is copied to docs/bench/latest.txt and the README
# and docs tables are regenerated from it (tools/bench_figures.py; a CTest
# test checks they agree).
bench: build-release
	@mkdir -p build
	@{ echo "# make bench, $$(date -u '+%Y-%m-%d %H:%M UTC'), commit $$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$$(git diff --quiet HEAD -- 2>/dev/null || echo ' (modified)'), $$(nproc) cores, $$(uname -m)"; \
	  for b in build/release/bench/bench_*; do \
		[ -x "$$b" ] || continue; \
		echo "## $$(basename $$b)"; \
		"$$b" 2>&1 || { echo "## $$(basename $$b) failed"; echo 1 > build/bench.failed; }; \
	  done; } | tee build/bench.txt
	@if [ -f build/bench.failed ]; then rm -f build/bench.failed; echo "make bench: a benchmark failed (see build/bench.txt)"; exit 1; fi

bench-record: bench
	@mkdir -p docs/bench
	@cp build/bench.txt docs/bench/latest.txt
	@python3 tools/bench_figures.py --write

# The HTML API reference (Doxygen), or one line saying Doxygen is missing.
docs: build/release/CMakeCache.txt
	@$(CMAKE) --build build/release --target docs

fuzz:
	@$(MAKE) -s -f tools/fuzz/fuzz.mk

clean:
	rm -rf build
