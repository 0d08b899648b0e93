CMakeFiles/touche_static.dir/src/queries/overlap_box.c.o: \
  /work/wt/world/src/queries/overlap_box.c \
  /work/wt/world/include/touche/overlap.h \
  /work/wt/world/include/touche/shapes.h \
  /work/wt/world/include/touche/math.h \
  /work/wt/world/include/touche/base.h \
  /usr/lib/llvm-14/lib/clang/14.0.6/include/stdbool.h \
  /usr/lib/llvm-14/lib/clang/14.0.6/include/stddef.h \
  /usr/lib/llvm-14/lib/clang/14.0.6/include/__stddef_max_align_t.h \
  /usr/lib/llvm-14/lib/clang/14.0.6/include/stdint.h \
  /usr/include/stdint.h \
  /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
  /usr/include/features.h /usr/include/features-time64.h \
  /usr/include/x86_64-linux-gnu/bits/wordsize.h \
  /usr/include/x86_64-linux-gnu/bits/timesize.h \
  /usr/include/stdc-predef.h /usr/include/x86_64-linux-gnu/sys/cdefs.h \
  /usr/include/x86_64-linux-gnu/bits/long-double.h \
  /usr/include/x86_64-linux-gnu/gnu/stubs.h \
  /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
  /usr/include/x86_64-linux-gnu/bits/types.h \
  /usr/include/x86_64-linux-gnu/bits/typesizes.h \
  /usr/include/x86_64-linux-gnu/bits/time64.h \
  /usr/include/x86_64-linux-gnu/bits/wchar.h \
  /usr/include/x86_64-linux-gnu/bits/stdint-intn.h \
  /usr/include/x86_64-linux-gnu/bits/stdint-uintn.h \
  /work/wt/world/src/core/assert.h \
  /work/wt/world/src/queries/sat_box_box.h \
  /work/wt/world/src/queries/sat_box_triangle.h \
  /work/wt/world/src/shapes/box.h /work/wt/world/src/core/float.h \
  /usr/lib/llvm-14/lib/clang/14.0.6/include/float.h
