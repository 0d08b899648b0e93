# SPDX-License-Identifier: MIT
# `make fuzz`: longer libFuzzer campaigns on the scene loader (and everything
# a loaded scene goes through: evaluation, both reports, the picture, explain)
# on the pair queries (every query's contract on two shapes of any type),
# and on the world API (programs of world calls with numbers from the input:
# NaN, infinities, stale ids, failed allocations). Needs clang with
# -fsanitize=fuzzer; `make test` replays the scene corpus and seeded random
# world programs with any compiler instead. New inputs go to
# build/fuzz/corpus and build/fuzz/world_corpus, crashes to build/fuzz/.
#   make fuzz FUZZ_TIME=3600    # seconds for each target (default 300)
#   make -f tools/fuzz/fuzz.mk fuzz-world FUZZ_TIME=600   # one of them
FUZZ_BUILD ?= build/fuzz
FUZZ_TIME ?= 300
FUZZ_CC ?= clang
CMAKE ?= cmake
FUZZ_ENV = ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

fuzz: fuzz-scene fuzz-world fuzz-pairs

fuzz-build:
	$(CMAKE) -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=$(FUZZ_CC) \
		-DTOUCHE_SANITIZE=ON -DTOUCHE_FP_TRAPS=ON -DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link \
		-DTOUCHE_BUILD_TESTS=OFF -DTOUCHE_BUILD_BENCH=OFF >/dev/null
	$(CMAKE) --build $(FUZZ_BUILD) --target touche_fuzz_scene touche_fuzz_world touche_fuzz_pairs -j 2
	@test -x $(FUZZ_BUILD)/tools/touche_fuzz_scene -a -x $(FUZZ_BUILD)/tools/touche_fuzz_world || \
		{ echo "make fuzz: $(FUZZ_CC) cannot build a libFuzzer target"; exit 1; }

fuzz-scene: fuzz-build
	@mkdir -p $(FUZZ_BUILD)/corpus
	$(FUZZ_ENV) $(FUZZ_BUILD)/tools/touche_fuzz_scene -max_total_time=$(FUZZ_TIME) -max_len=4096 -timeout=10 \
		-dict=tools/fuzz/scene.dict -artifact_prefix=$(FUZZ_BUILD)/ -print_final_stats=1 \
		$(FUZZ_BUILD)/corpus tools/fuzz/corpus examples/scenes

fuzz-world: fuzz-build
	@mkdir -p $(FUZZ_BUILD)/world_corpus
	$(FUZZ_ENV) $(FUZZ_BUILD)/tools/touche_fuzz_world -max_total_time=$(FUZZ_TIME) -max_len=4096 -timeout=10 \
		-artifact_prefix=$(FUZZ_BUILD)/world- -print_final_stats=1 $(FUZZ_BUILD)/world_corpus tools/fuzz/world_corpus

# The pair queries: two shapes of any type, every query's contract
# (fuzz_pairs.c). New inputs go to build/fuzz/pairs_corpus.
fuzz-pairs: fuzz-build
	@mkdir -p $(FUZZ_BUILD)/pairs_corpus
	$(FUZZ_ENV) $(FUZZ_BUILD)/tools/touche_fuzz_pairs -max_total_time=$(FUZZ_TIME) -max_len=256 -timeout=10 \
		-artifact_prefix=$(FUZZ_BUILD)/pairs- -print_final_stats=1 $(FUZZ_BUILD)/pairs_corpus tools/fuzz/pairs_corpus

.PHONY: fuzz fuzz-build fuzz-scene fuzz-world fuzz-pairs
