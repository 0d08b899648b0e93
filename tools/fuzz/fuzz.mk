# `make fuzz`: a longer libFuzzer campaign on the scene loader (and everything
# a loaded scene goes through: evaluation, both reports, the picture, explain).
# Needs clang with -fsanitize=fuzzer; `make test` replays the corpus with any
# compiler instead. New inputs go to build/fuzz/corpus, crashes to build/fuzz/.
#   make fuzz FUZZ_TIME=3600    # seconds (default 300)
FUZZ_BUILD ?= build/fuzz
FUZZ_TIME ?= 300
FUZZ_CC ?= clang
CMAKE ?= cmake

fuzz:
	$(CMAKE) -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=$(FUZZ_CC) \
		-DTOUCHE_SANITIZE=ON -DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link \
		-DTOUCHE_BUILD_TESTS=OFF -DTOUCHE_BUILD_BENCH=OFF >/dev/null
	$(CMAKE) --build $(FUZZ_BUILD) --target touche_fuzz_scene -j 2
	@test -x $(FUZZ_BUILD)/tools/touche_fuzz_scene || { echo "make fuzz: $(FUZZ_CC) cannot build a libFuzzer target"; exit 1; }
	@mkdir -p $(FUZZ_BUILD)/corpus
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	$(FUZZ_BUILD)/tools/touche_fuzz_scene -max_total_time=$(FUZZ_TIME) -max_len=4096 -timeout=10 \
		-dict=tools/fuzz/scene.dict -artifact_prefix=$(FUZZ_BUILD)/ -print_final_stats=1 \
		$(FUZZ_BUILD)/corpus tools/fuzz/corpus examples/scenes

.PHONY: fuzz
