# Touché: the two commands a new checkout needs are `make run` and `make test`.
# This file only drives CMake; every build lives under build/.
.PHONY: all run test test-debug test-release test-asan test-traps test-web web bench fuzz docs clean

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE ?= cmake
CTEST ?= ctest
GCC ?= gcc
CLANG ?= clang
COMMON = -DTOUCHE_WERROR=ON
SCENE ?= examples/scenes/five_figures.scene

all: build/release/.built

# Each configuration: build directory, compiler, CMake flags.
build/debug/.built: FORCE
	$(CMAKE) -S . -B build/debug -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=$(GCC) -DCMAKE_CXX_COMPILER=g++ -DTOUCHE_NO_SIMD=ON $(COMMON)
	$(CMAKE) --build build/debug -j $(JOBS)
	@touch $@
build/release/.built: FORCE
	$(CMAKE) -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=$(CLANG) -DCMAKE_CXX_COMPILER=clang++ $(COMMON)
	$(CMAKE) --build build/release -j $(JOBS)
	@touch $@
build/asan/.built: FORCE
	$(CMAKE) -S . -B build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=$(GCC) -DCMAKE_CXX_COMPILER=g++ -DTOUCHE_SANITIZE=ON -DTOUCHE_BUILD_BENCH=OFF $(COMMON)
	$(CMAKE) --build build/asan -j $(JOBS)
	@touch $@
# The no-trap proof (docs/conventions.md): the whole suite with FE_INVALID,
# FE_DIVBYZERO and FE_OVERFLOW trapping, gcc scalar and clang SIMD.
build/traps-gcc/.built: FORCE
	$(CMAKE) -S . -B build/traps-gcc -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=$(GCC) -DCMAKE_CXX_COMPILER=g++ -DTOUCHE_NO_SIMD=ON -DTOUCHE_FP_TRAPS=ON -DTOUCHE_BUILD_BENCH=OFF $(COMMON)
	$(CMAKE) --build build/traps-gcc -j $(JOBS)
	@touch $@
build/traps-clang/.built: FORCE
	$(CMAKE) -S . -B build/traps-clang -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=$(CLANG) -DCMAKE_CXX_COMPILER=clang++ -DTOUCHE_FP_TRAPS=ON -DTOUCHE_BUILD_BENCH=OFF $(COMMON)
	$(CMAKE) --build build/traps-clang -j $(JOBS)
	@touch $@
FORCE:

# Debug (gcc, asserts on, the portable scalar paths), optimised (clang -O3, SIMD paths),
# and sanitized (gcc, ASan + UBSan, SIMD paths): every test runs against both code paths.
test: test-debug test-release test-asan test-web
	@echo "make test: all three configurations passed"
test-debug: build/debug/.built
	$(CTEST) --test-dir build/debug --output-on-failure -j $(JOBS)
test-release: build/release/.built
	$(CTEST) --test-dir build/release --output-on-failure -j $(JOBS)
test-asan: build/asan/.built
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	$(CTEST) --test-dir build/asan --output-on-failure -j $(JOBS)

# The live page (web/): the library compiled to WebAssembly into build/web/.
web:
	@$(MAKE) -s -f web/web.mk -j2 web

# The page in headless Chromium, checked against the native tool's answers;
# skipped with one line saying what to install when a piece is missing.
test-web: build/release/.built
	@web/test/run.sh build/release/tools/touche

# Not yet part of `make test`: the traps the suite still finds outside the
# pair queries are listed in issue 12's report (see docs/conventions.md).
test-traps: build/traps-gcc/.built build/traps-clang/.built
	$(CTEST) --test-dir build/traps-gcc --output-on-failure -j $(JOBS)
	$(CTEST) --test-dir build/traps-clang --output-on-failure -j $(JOBS)

run: build/release/.built
	@if [ -x build/release/tools/touche ]; then \
		build/release/tools/touche run $(SCENE) --svg build/scene.svg && echo "picture: build/scene.svg"; \
	else \
		build/release/examples/example_basics; \
	fi

# The tool's figures in README.md and docs/ (listed in docs/figures/touche-figures.list),
# drawn again by the tool; a test fails when a committed one is out of date.
figures:
	$(CMAKE) -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=$(CLANG) -DCMAKE_CXX_COMPILER=clang++ $(COMMON) >/dev/null
	$(CMAKE) --build build/release --target touche_cli -j $(JOBS)
	@grep -v '^#' docs/figures/touche-figures.list | while read -r out args; do \
		[ -n "$$out" ] || continue; \
		build/release/tools/touche $$args --svg docs/figures/$$out >/dev/null || exit 1; \
		echo "drew docs/figures/$$out"; \
	done

bench: build/release/.built
	@for b in build/release/bench/bench_*; do [ -x "$$b" ] && "$$b" || exit 1; done

fuzz:
	@$(MAKE) -s -f tools/fuzz/fuzz.mk

clean:
	rm -rf build
