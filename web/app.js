// SPDX-License-Identifier: MIT
// The page: the scene view (animated world, wireframes, picking, an aimed ray,
// dropped scene files, a stress world) and the two-box separating-axis view.
// Everything geometric is computed by the library in touche.wasm; this file
// only handles input, the camera's position and the canvas.
import { loadTouche } from "./touche.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

// Segment kinds of touche_web.c, and how each is stroked.
const STYLE = [
  { color: "#1f9e3a", width: 1.5 },            // free
  { color: "#d62728", width: 2 },              // overlapping
  { color: "#1f5fbf", width: 2.5 },            // hit by the aimed ray
  { color: "#ff8c00", width: 3 },              // picked
  { color: "#1f5fbf", width: 1.5, dash: [6, 4] }, // the aimed ray / the shown axis
  { color: "#1f5fbf", width: 6 },              // A's projection
  { color: "#e67e22", width: 6 },              // B's projection
  { color: "#9aa0a6", width: 1, dash: [3, 3] }, // drop lines
  { color: "#1f5fbf", width: 2 },              // box A
  { color: "#e67e22", width: 2 },              // box B
];
// Drawn last so they sit on top: picked, ray hit, overlapping.
const ORDER = [0, 7, 8, 9, 4, 5, 6, 1, 2, 3];

function drawSegments(ctx, segs) {
  const paths = STYLE.map(() => new Path2D());
  const { xy, kind, count } = segs;
  for (let i = 0; i < count; i++) {
    const p = paths[kind[i]];
    p.moveTo(xy[4 * i], xy[4 * i + 1]);
    p.lineTo(xy[4 * i + 2], xy[4 * i + 3]);
  }
  for (const k of ORDER) {
    ctx.strokeStyle = STYLE[k].color;
    ctx.lineWidth = STYLE[k].width;
    ctx.setLineDash(STYLE[k].dash || []);
    ctx.stroke(paths[k]);
  }
  ctx.setLineDash([]);
}

// Sizes the canvas's backing store for the screen's pixel ratio while every
// coordinate the library sees stays in CSS pixels (camera.h's screen points).
function sizeCanvas(canvas, width, height) {
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a, s) => [a[0] * s, a[1] * s, a[2] * s];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a) => scale(a, 1 / Math.hypot(...a));
// Rodrigues' rotation of v about unit axis k by angle a.
function rotate(v, k, a) {
  const c = Math.cos(a), s = Math.sin(a);
  return add(add(scale(v, c), scale(cross(k, v), s)), scale(k, dot(k, v) * (1 - c)));
}

// Orbit, pan and zoom of a look-at camera. The camera keeps the exact values
// it was given until the user moves it, so an untouched page uses the scene's
// own camera, bit for bit, as `touche run` does.
function attachCameraControls(canvas, getCamera, onClick, onAim) {
  let down = null;
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  canvas.addEventListener("mousedown", (e) => {
    down = { x: e.offsetX, y: e.offsetY, lastX: e.offsetX, lastY: e.offsetY, button: e.button,
             shift: e.shiftKey, ctrl: e.ctrlKey, moved: false };
    if (down.shift && onAim) onAim(e.offsetX, e.offsetY, true);
  });
  window.addEventListener("mouseup", (e) => {
    if (!down) return;
    if (!down.moved && !down.shift && down.button === 0 && e.target === canvas && onClick) onClick(e.offsetX, e.offsetY);
    down = null;
  });
  canvas.addEventListener("mousemove", (e) => {
    if (!down) return;
    const dx = e.offsetX - down.lastX, dy = e.offsetY - down.lastY;
    if (Math.abs(e.offsetX - down.x) + Math.abs(e.offsetY - down.y) > 3) down.moved = true;
    down.lastX = e.offsetX;
    down.lastY = e.offsetY;
    if (!down.moved) return;
    const cam = getCamera();
    if (down.shift && onAim) { onAim(e.offsetX, e.offsetY, false); return; }
    const up = norm(cam.up);
    let offset = sub(cam.position, cam.target);
    const right = norm(cross(offset, up));
    if (down.button === 2 || down.ctrl) {
      const dist = Math.hypot(...offset);
      const perPixel = 2 * dist * Math.tan((cam.fov * Math.PI) / 360) / canvas.clientHeight;
      const camUp = norm(cross(right, offset));
      const move = add(scale(right, dx * perPixel), scale(camUp, dy * perPixel));
      cam.position = add(cam.position, move);
      cam.target = add(cam.target, move);
    } else {
      offset = rotate(offset, up, -dx * 0.01);
      const pitched = rotate(offset, right, -dy * 0.01);
      // Stop short of the poles, where the look-at frame would flip.
      if (Math.abs(dot(norm(pitched), up)) < 0.98) offset = pitched;
      cam.position = add(cam.target, offset);
    }
  });
  canvas.addEventListener("wheel", (e) => {
    e.preventDefault();
    const cam = getCamera();
    const f = Math.exp(e.deltaY * 0.001);
    cam.position = add(cam.target, scale(sub(cam.position, cam.target), f));
  }, { passive: false });
}

async function main() {
  const touche = await loadTouche(await fetch("touche.wasm"));
  const state = {
    ready: false, paused: params.has("t"), time: Number(params.get("t") || 0), mode: "scene",
    camera: null, width: 960, height: 600, lastPick: null, errors: [], sceneName: "five_figures.scene",
    frameMs: 0, updateMs: 0, drawMs: 0, canvasMs: 0, frames: 0, fpsWindow: [],
  };
  const canvas = $("scene-canvas");
  let ctx = null;

  function useSceneCamera() {
    const c = touche.sceneCamera();
    state.camera = { position: c.position, target: c.target, up: c.up, fov: c.fov, near: c.near, far: c.far };
    state.width = c.width;
    state.height = c.height;
    ctx = sizeCanvas(canvas, state.width, state.height);
  }

  function showErrors(name, diags) {
    // The tool's form: FILE:LINE:COLUMN: message, or FILE: message without a position.
    state.errors = diags.map((d) => (d.startsWith("0:0: ") ? `${name}: ${d.slice(5)}` : `${name}:${d}`));
    $("errors").textContent = state.errors.join("\n");
  }

  function loadScene(name, text) {
    const diags = touche.load(text);
    showErrors(name, diags);
    if (diags.length > 0) return false;
    state.mode = "scene";
    state.sceneName = name;
    state.lastPick = null;
    touche.aimClear();
    $("picked").textContent = "Nothing picked yet.";
    $("ray").textContent = "";
    const title = text.match(/^\s*title\s+"([^"]*)"/m);
    $("title").textContent = `${name}${title ? `: ${title[1]}` : ""}`;
    useSceneCamera();
    return true;
  }

  function startStress(count) {
    touche.stress(count);
    state.mode = "stress";
    state.lastPick = null;
    touche.aimClear();
    $("title").textContent = `Stress: ${count} colliders moving`;
    $("picked").textContent = "Nothing picked yet.";
    $("ray").textContent = "";
    useSceneCamera();
  }

  const fmt = (v) => v.toFixed(3);
  const fmtv = (p) => `(${p.map(fmt).join(", ")})`;
  function pickAt(sx, sy) {
    touche.setCamera(state.camera, state.width, state.height);
    const hit = touche.pick(sx, sy);
    state.lastPick = { sx, sy, name: hit.name, t: hit.t, point: hit.point, normal: hit.normal, time: state.time };
    $("picked").textContent = hit.name
      ? `picked ${hit.name} at pixel (${sx}, ${sy})\n  t ${fmt(hit.t)}\n  point ${fmtv(hit.point)}\n  normal ${fmtv(hit.normal)}`
      : `nothing under pixel (${sx}, ${sy})`;
    return state.lastPick;
  }

  // Shift-drag aims a ray across the scene at the height of the camera's
  // target: from where the drag starts to where the mouse is.
  let aimStart = null;
  function groundPoint(sx, sy) {
    touche.setCamera(state.camera, state.width, state.height);
    const r = touche.unproject(sx, sy);
    if (!r || Math.abs(r.dir[1]) < 1e-6) return null;
    const s = (state.camera.target[1] - r.origin[1]) / r.dir[1];
    return s > 0 ? add(r.origin, scale(r.dir, s)) : null;
  }
  function aim(sx, sy, start) {
    const p = groundPoint(sx, sy);
    if (!p) return;
    if (start) { aimStart = p; return; }
    if (!aimStart) return;
    const d = sub(p, aimStart);
    if (Math.hypot(...d) > 1e-4) touche.aim(aimStart, d);
  }

  attachCameraControls(canvas, () => state.camera, pickAt, aim);
  $("pause").addEventListener("click", () => {
    state.paused = !state.paused;
    $("pause").textContent = state.paused ? "Play" : "Pause";
  });
  $("reset").addEventListener("click", useSceneCamera);
  $("stress").addEventListener("click", () => startStress(1000));
  $("figures").addEventListener("click", async () => loadScene("five_figures.scene", await (await fetch("five_figures.scene")).text()));

  // Any scene file the tool reads can be dropped on the picture.
  canvas.addEventListener("dragover", (e) => { e.preventDefault(); canvas.classList.add("drop"); });
  canvas.addEventListener("dragleave", () => canvas.classList.remove("drop"));
  canvas.addEventListener("drop", async (e) => {
    e.preventDefault();
    canvas.classList.remove("drop");
    const file = e.dataTransfer.files[0];
    if (file) loadScene(file.name, await file.text());
  });

  // One frame: animate, update (timed alone: the world's own cost), draw.
  let last = performance.now();
  function frame(now) {
    const dt = Math.min(now - last, 100);
    last = now;
    state.frameMs = state.frameMs * 0.9 + dt * 0.1;
    state.fpsWindow.push(now);
    while (state.fpsWindow.length > 0 && now - state.fpsWindow[0] > 1000) state.fpsWindow.shift();
    if (!state.paused) state.time += dt / 1000;
    if (state.activeView === "sat") { requestAnimationFrame(frame); return; }
    touche.setCamera(state.camera, state.width, state.height);
    touche.animate(state.time);
    const t0 = performance.now();
    touche.update();
    const t1 = performance.now();
    const segs = touche.draw();
    const t2 = performance.now();
    ctx.clearRect(0, 0, state.width, state.height);
    // Many colliders: one image rasterised by the module, since the canvas's
    // anti-aliased strokes of tens of thousands of segments take longer than a
    // frame on a machine without a GPU. Few: the canvas's own strokes.
    const pixels = segs.count > 4000 ? touche.raster(canvas.width, canvas.height, canvas.width / state.width) : null;
    if (pixels) ctx.putImageData(new ImageData(pixels, canvas.width, canvas.height), 0, 0);
    else drawSegments(ctx, segs);
    if (state.lastPick && state.lastPick.name) {
      // A small black cross where the click was (not the picked colour).
      ctx.strokeStyle = "#000";
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(state.lastPick.sx - 5, state.lastPick.sy); ctx.lineTo(state.lastPick.sx + 5, state.lastPick.sy);
      ctx.moveTo(state.lastPick.sx, state.lastPick.sy - 5); ctx.lineTo(state.lastPick.sx, state.lastPick.sy + 5);
      ctx.stroke();
    }
    const t3 = performance.now();
    state.updateMs = state.updateMs * 0.9 + (t1 - t0) * 0.1;
    state.drawMs = state.drawMs * 0.9 + (t2 - t1) * 0.1;
    state.canvasMs = state.canvasMs * 0.9 + (t3 - t2) * 0.1;
    state.frames++;
    const hit = touche.aimResult();
    $("ray").textContent = aimStart ? (hit ? `ray hits ${hit.name}\n  t ${fmt(hit.t)}\n  point ${fmtv(hit.point)}` : "ray hits nothing") : "";
    if (state.frames % 10 === 0) {
      $("stats").textContent =
        `${state.fpsWindow.length} fps, frame ${state.frameMs.toFixed(1)} ms\n` +
        `world update ${state.updateMs.toFixed(2)} ms, debug draw ${state.drawMs.toFixed(2)} ms, canvas ${state.canvasMs.toFixed(2)} ms\n` +
        `${touche.colliderCount()} colliders, ${touche.overlapCount()} overlapping, ${touche.pairCount()} pairs, ${segs.count} segments`;
    }
    requestAnimationFrame(frame);
  }

  // ---- the two-box view ----
  const sat = setupSat(touche);
  for (const [tab, view] of [["tab-scene", "scene"], ["tab-sat", "sat"]]) {
    $(tab).addEventListener("click", () => {
      state.activeView = view;
      $("tab-scene").classList.toggle("on", view === "scene");
      $("tab-sat").classList.toggle("on", view === "sat");
      $("view-scene").classList.toggle("on", view === "scene");
      $("view-sat").classList.toggle("on", view === "sat");
      if (view === "sat") sat.render();
    });
  }

  const text = await (await fetch("five_figures.scene")).text();
  loadScene("five_figures.scene", text);
  if (params.has("stress")) startStress(Number(params.get("stress")) || 1000);
  state.activeView = "scene";

  // For the browser test (web/test) and the curious: the page's state and a
  // few handles, on one global.
  window.touche = {
    state, pickAt, startStress, loadScene,
    colliderScreen(name) {
      touche.setCamera(state.camera, state.width, state.height);
      const i = touche.findCollider(name);
      return i >= 0 ? touche.colliderScreen(i) : null;
    },
    setTime(t) { state.time = t; state.paused = true; },
  };
  requestAnimationFrame((now) => {
    last = now;
    frame(now);
    state.ready = true;
    document.body.dataset.ready = "1";
  });
}

function setupSat(touche) {
  const canvas = $("sat-canvas");
  const ctx = sizeCanvas(canvas, 640, 520);
  const camera = { position: [4.5, 3.5, 8], target: [0, -0.6, 0], up: [0, 1, 0], fov: 40, near: 0.1, far: 100 };
  // Start on a near miss: the faces all overlap, an edge-edge axis separates.
  const boxes = {
    a: [-1.05, 0, 0, 0, 0, 0, 0.8, 0.6, 0.5],
    b: [0.75, 0.55, 0.1, 35, 40, 25, 0.7, 0.5, 0.4],
  };
  const labels = ["x", "y", "z", "turn x", "turn y", "turn z", "half x", "half y", "half z"];
  const ranges = [[-3, 3, 0.01], [-3, 3, 0.01], [-3, 3, 0.01], [-180, 180, 1], [-180, 180, 1], [-180, 180, 1],
    [0.05, 2, 0.01], [0.05, 2, 0.01], [0.05, 2, 0.01]];
  let shown = -1;
  for (const key of ["a", "b"]) {
    const box = $(`box-${key}`);
    labels.forEach((label, i) => {
      const l = document.createElement("label");
      const input = document.createElement("input");
      const out = document.createElement("span");
      input.type = "range";
      [input.min, input.max, input.step] = ranges[i].map(String);
      input.value = String(boxes[key][i]);
      input.id = `sat-${key}-${i}`;
      out.textContent = ` ${boxes[key][i]}`;
      input.addEventListener("input", () => {
        boxes[key][i] = Number(input.value);
        out.textContent = ` ${input.value}`;
        render();
      });
      l.append(`${label} `, input, out);
      box.append(l);
    });
  }

  function render() {
    touche.setCamera(camera, 640, 520);
    const { verdict, rows } = touche.sat(boxes.a, boxes.b, shown);
    ctx.clearRect(0, 0, 640, 520);
    drawSegments(ctx, touche.lastSegments());
    const axis = shown >= 0 ? shown : verdict;
    $("verdict").textContent = verdict === -1 ? "No axis separates them: A and B overlap."
      : verdict === 15 ? "A box is invalid: no verdict."
        : `${rows[verdict].name} separates them first, by ${rows[verdict].gap.toFixed(4)}; ` +
          `${rows.filter((r) => r.separates && !r.degenerate).length} of 15 axes separate.` +
          (axis >= 0 && axis < 15 ? `\nDrawn: ${rows[axis].name}.` : "");
    const f = (v) => v.toFixed(3);
    const head = "<tr><th>#</th><th>axis</th><th>direction</th><th>A</th><th>B</th><th>gap</th><th></th></tr>";
    $("sat-table").innerHTML = head + rows.map((r, k) => {
      const cls = [r.degenerate ? "deg" : r.separates ? "sep" : "", k === axis ? "shown" : ""].join(" ");
      const what = r.degenerate ? "parallel edges: skipped" : r.separates ? "separates" : "overlap";
      return `<tr class="${cls}" data-k="${k}"><td>${k}</td><td>${r.name}</td>` +
        `<td>${r.axis.map(f).join(" ")}</td>` +
        `<td>${f(r.centerA - r.radiusA)}..${f(r.centerA + r.radiusA)}</td>` +
        `<td>${f(r.centerB - r.radiusB)}..${f(r.centerB + r.radiusB)}</td>` +
        `<td>${r.degenerate ? "" : r.gap.toFixed(4)}</td><td>${what}</td></tr>`;
    }).join("");
  }
  $("sat-table").addEventListener("click", (e) => {
    const tr = e.target.closest("tr[data-k]");
    if (!tr) return;
    const k = Number(tr.dataset.k);
    shown = shown === k ? -1 : k;
    render();
  });
  attachCameraControls(canvas, () => camera, null, null);
  canvas.addEventListener("mousemove", (e) => { if (e.buttons) render(); });
  canvas.addEventListener("wheel", () => render());
  return { render };
}

main().catch((e) => {
  document.body.dataset.error = String(e);
  $("errors").textContent = `The page could not start: ${e}`;
  throw e;
});
