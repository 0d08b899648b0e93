// SPDX-License-Identifier: MIT
// The WebAssembly module of web/touche_web.c behind a small JavaScript object.
// Results come back through linear memory (web_floats, the segment buffers),
// read with typed-array views made afresh after each call, since any call
// that allocates may grow the memory and detach older views.

// The WASI calls wasi-libc links in: stdio's, and the file calls the scene
// loader's OBJ reader brings (fopen). The page never opens a file, so only
// writes to stdout/stderr can happen (they go to the console); the rest say
// "no such descriptor" (EBADF also ends wasi-libc's scan for preopened
// directories at start-up) or "not supported".
function wasiImports(getMemory) {
  const ENOSYS = 52, EBADF = 8;
  const decoder = new TextDecoder();
  return {
    fd_write(fd, iovs, iovsLen, nwritten) {
      const mem = getMemory();
      const view = new DataView(mem.buffer);
      let total = 0;
      let text = "";
      for (let i = 0; i < iovsLen; i++) {
        const ptr = view.getUint32(iovs + 8 * i, true);
        const len = view.getUint32(iovs + 8 * i + 4, true);
        text += decoder.decode(new Uint8Array(mem.buffer, ptr, len));
        total += len;
      }
      if (text) (fd === 2 ? console.warn : console.log)(text.replace(/\n$/, ""));
      view.setUint32(nwritten, total, true);
      return 0;
    },
    fd_close() { return ENOSYS; },
    fd_seek() { return ENOSYS; },
    fd_read() { return EBADF; },
    fd_fdstat_get() { return EBADF; },
    fd_fdstat_set_flags() { return EBADF; },
    fd_prestat_get() { return EBADF; },
    fd_prestat_dir_name() { return EBADF; },
    path_open() { return ENOSYS; },
    proc_exit(code) { throw new Error(`touche.wasm exited with status ${code}`); },
  };
}

export async function loadTouche(source) {
  let memory = null;
  const imports = { wasi_snapshot_preview1: wasiImports(() => memory) };
  const { instance } = source instanceof Response
    ? await WebAssembly.instantiateStreaming(source, imports)
    : await WebAssembly.instantiate(source, imports);
  const x = instance.exports;
  memory = x.memory;
  x._initialize();
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const floats = (n) => new Float32Array(memory.buffer, x.web_floats(), n);
  const cstring = (ptr) => {
    const bytes = new Uint8Array(memory.buffer, ptr);
    let end = 0;
    while (bytes[end] !== 0) end++;
    return decoder.decode(bytes.subarray(0, end));
  };
  // Copies a JS string into a fresh NUL-terminated buffer; the caller frees it.
  const withString = (s, fn) => {
    const bytes = encoder.encode(s);
    const ptr = x.web_alloc(bytes.length + 1);
    const mem = new Uint8Array(memory.buffer, ptr, bytes.length + 1);
    mem.set(bytes);
    mem[bytes.length] = 0;
    try { return fn(ptr, bytes.length); } finally { x.web_free(ptr); }
  };
  const hitFrom = (index) => {
    const f = floats(13);
    return {
      index,
      name: index >= 0 ? cstring(x.web_collider_name(index)) : null,
      t: f[0], point: [f[1], f[2], f[3]], normal: [f[4], f[5], f[6]],
      ray: { origin: [f[7], f[8], f[9]], dir: [f[10], f[11], f[12]] },
    };
  };

  return {
    // Loads scene text; returns [] or the diagnostics as "LINE:COLUMN: message" strings.
    load(text) {
      const n = withString(text, (ptr, len) => x.web_load(ptr, len));
      if (n === 0) return [];
      return cstring(x.web_text()).split("\n").filter((l) => l.length > 0);
    },
    stress(count) { return x.web_stress(count) !== 0; },
    sceneCamera() {
      x.web_scene_camera();
      const f = floats(14);
      return {
        position: [f[0], f[1], f[2]], target: [f[3], f[4], f[5]], up: [f[6], f[7], f[8]],
        fov: f[9], near: f[10], far: f[11], width: f[12], height: f[13],
      };
    },
    setCamera(c, width, height) {
      x.web_set_camera(...c.position, ...c.target, ...c.up, c.fov, c.near, c.far, width, height);
    },
    animate(t) { x.web_animate(t); },
    update() { return x.web_update() !== 0; },
    // Segments as [x0, y0, x1, y1] * n and their kinds (see touche_web.c).
    draw() {
      x.web_draw();
      return this.lastSegments();
    },
    // The segments the last draw or sat call made.
    lastSegments() {
      const n = x.web_segment_count();
      return {
        count: n,
        xy: new Float32Array(memory.buffer, x.web_segments(), 4 * n),
        kind: new Uint8Array(memory.buffer, x.web_segment_kinds(), n),
      };
    },
    // The last segments as an RGBA image (touche_web.c, web_raster), or null.
    raster(width, height, scale) {
      const ptr = x.web_raster(width, height, scale);
      return ptr ? new Uint8ClampedArray(memory.buffer, ptr, width * height * 4) : null;
    },
    pick(sx, sy) { return hitFrom(x.web_pick(sx, sy)); },
    clearPick() { x.web_clear_pick(); },
    unproject(sx, sy) {
      if (!x.web_unproject(sx, sy)) return null;
      const f = floats(13);
      return { origin: [f[7], f[8], f[9]], dir: [f[10], f[11], f[12]] };
    },
    aim(origin, dir) { x.web_aim(...origin, ...dir); },
    aimClear() { x.web_aim_clear(); },
    aimResult() {
      const i = x.web_aim_result();
      if (i < 0) return null;
      const f = floats(4);
      return { index: i, name: cstring(x.web_collider_name(i)), t: f[0], point: [f[1], f[2], f[3]] };
    },
    colliderCount() { return x.web_collider_count(); },
    overlapCount() { return x.web_overlap_count(); },
    pairCount() { return x.web_pair_count(); },
    colliderName(i) { return cstring(x.web_collider_name(i)); },
    findCollider(name) { return withString(name, (ptr) => x.web_find_collider(ptr)); },
    // Where collider i's centre is (world) and lands on the canvas (null: behind the camera).
    colliderScreen(i) {
      if (!x.web_collider_screen(i)) return null;
      const f = floats(5);
      return { x: f[0], y: f[1], center: [f[2], f[3], f[4]] };
    },
    // boxA/boxB: [cx, cy, cz, ex, ey, ez (degrees), hx, hy, hz].
    sat(boxA, boxB, axis) {
      const ptr = x.web_alloc(18 * 4);
      new Float32Array(memory.buffer, ptr, 18).set([...boxA, ...boxB]);
      const verdict = x.web_sat(ptr, ptr + 36, axis);
      x.web_free(ptr);
      const t = new Float32Array(memory.buffer, x.web_sat_table(), 150);
      const rows = [];
      for (let k = 0; k < 15; k++) {
        const r = t.subarray(10 * k, 10 * k + 10);
        rows.push({
          name: cstring(x.web_sat_axis_name(k)), axis: [r[0], r[1], r[2]],
          centerA: r[3], centerB: r[4], radiusA: r[5], radiusB: r[6], gap: r[7],
          degenerate: r[8] !== 0, separates: r[9] !== 0,
        });
      }
      return { verdict, rows };
    },
  };
}
