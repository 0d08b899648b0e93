# SPDX-License-Identifier: MIT
# `make web`: the library, the tool's scene loader and web/touche_web.c
# compiled to one WebAssembly module with Debian's clang (wasm32-wasi target),
# lld and wasi-libc, copied with the page into build/web/. A plain rule rather
# than a CMake toolchain: the module is one link of plain C files, and CMake's
# try-compile checks would need a WASI runtime to run them.
# Run from the repository root (the main Makefile does: make web).

WASM_CC ?= clang
OUT ?= build/web
OBJ = $(OUT)/obj
# Install hint printed when the toolchain is missing: one line, what to install.
WASM_HINT = make web: needs clang's wasm32 target, lld and wasi-libc: apt-get install clang lld-14 wasi-libc libclang-rt-14-dev-wasm32

# The library's own warning and floating-point rules, and the module's shape:
# a reactor (no main; _initialize runs libc's constructors), a 1 MiB stack.
WASM_FLAGS = --target=wasm32-wasi --sysroot=/usr -std=c11 -O2 -Wall -Wextra -Wpedantic -Werror -ffp-contract=off
WASM_LDFLAGS = -mexec-model=reactor -Wl,-z,stack-size=1048576 -Wl,--strip-all

LIB_SRC := $(sort $(wildcard src/*/*.c))
# The version is written once, in CMakeLists.txt's project(VERSION); read it from there.
VERSION := $(shell awk '$$1 ~ /^project/ && $$2 == "VERSION" { print $$3 }' CMakeLists.txt)
VERSION_DEFS = $(shell echo $(VERSION) | awk -F. '{ printf "-DTOUCHE_VERSION_MAJOR=%s -DTOUCHE_VERSION_MINOR=%s -DTOUCHE_VERSION_PATCH=%s", $$1, $$2, $$3 }')
TOOL_SRC := $(addprefix tools/touche/,utf8.c scene_lex.c scene_parse.c obj.c camera.c eval.c explain.c report.c svg.c)
LIB_OBJ := $(patsubst src/%.c,$(OBJ)/lib/%.o,$(LIB_SRC))
TOOL_OBJ := $(patsubst tools/touche/%.c,$(OBJ)/tool/%.o,$(TOOL_SRC))
PAGE := $(OUT)/index.html $(OUT)/touche.js $(OUT)/app.js $(OUT)/five_figures.scene

.PHONY: web check-toolchain
web: check-toolchain $(OUT)/touche.wasm $(PAGE)
	@echo "make web: built $(OUT)/; open it with: python3 -m http.server -d $(OUT) 8000 --bind 127.0.0.1  (then http://127.0.0.1:8000/)"

# A tiny link with libc and libm proves the whole toolchain is there.
check-toolchain:
	@mkdir -p $(OBJ)
	@printf '#include <math.h>\n#include <stdio.h>\nint f(double x) { char b[8]; return snprintf(b, 8, "%%g", sin(x)); }\n' > $(OBJ)/probe.c
	@$(WASM_CC) $(WASM_FLAGS) $(WASM_LDFLAGS) -o $(OBJ)/probe.wasm $(OBJ)/probe.c -lm >/dev/null 2>&1 || { echo "$(WASM_HINT)"; exit 1; }

# Library sources build as the library builds them (its private headers, its export macro).
$(OBJ)/lib/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WASM_FLAGS) -Iinclude -Isrc -DTOUCHE_BUILDING -DTOUCHE_NO_SIMD $(VERSION_DEFS) -MMD -MP -c $< -o $@
$(OBJ)/tool/%.o: tools/touche/%.c
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WASM_FLAGS) -Iinclude -Itools/touche -MMD -MP -c $< -o $@
# The glue sees the public headers and the scene loader only.
$(OBJ)/touche_web.o: web/touche_web.c
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WASM_FLAGS) -Iinclude -Itools/touche -MMD -MP -c $< -o $@

$(OUT)/touche.wasm: $(LIB_OBJ) $(TOOL_OBJ) $(OBJ)/touche_web.o
	$(WASM_CC) $(WASM_FLAGS) $(WASM_LDFLAGS) -o $@ $^ -lm

$(OUT)/five_figures.scene: examples/scenes/five_figures.scene
	@mkdir -p $(OUT)
	cp $< $@
$(OUT)/%: web/%
	@mkdir -p $(OUT)
	cp $< $@

# Header dependencies, written by -MMD beside each object.
-include $(LIB_OBJ:.o=.d) $(TOOL_OBJ:.o=.d) $(OBJ)/touche_web.d
