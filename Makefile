# SPDX-License-Identifier: MIT
# Touché: the two commands a new checkout needs are `make run` and `make test`.
# This file only drives CMake: each configuration is a preset of
# CMakePresets.json (usable directly: `cmake --preset debug`,
# `cmake --build --preset debug`, `ctest --preset debug`), built in build/<name>.
# A configuration is configured once (again when CMakePresets.json changes);
# after that CMake's own build re-runs the configure step when it must, so a
# `make` with nothing changed compiles nothing.
.PHONY: all run test bench fuzz docs clean

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
CONFIGS = debug release asan opt
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

test: $(TESTS)
	@echo "make test: all $(words $(CONFIGS)) configurations passed ($(CONFIGS))"

# Builds only the tool (and the library it links) before running it.
run: build/release/CMakeCache.txt
	@$(CMAKE) --build build/release --target touche_cli -j $(JOBS)
	build/release/tools/touche run $(SCENE) --svg build/scene.svg && echo "picture: build/scene.svg"

bench: build-release
	@for b in build/release/bench/bench_*; do [ -x "$$b" ] && "$$b" || exit 1; done

# The HTML API reference (Doxygen), or one line saying Doxygen is missing.
docs: build/release/CMakeCache.txt
	@$(CMAKE) --build build/release --target docs

fuzz:
	@$(MAKE) -s -f tools/fuzz/fuzz.mk

clean:
	rm -rf build
