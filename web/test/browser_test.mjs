// SPDX-License-Identifier: MIT
// The browser test of the live page: build/web/ served on 127.0.0.1 by this
// process, Debian's Chromium driven by playwright-core (nothing downloads a
// browser). It clicks where a named collider projects, checks the page picked
// it with the answer the native `touche` tool gives for the same scene,
// camera and pixel, checks the screenshot's pixels, the FILE:LINE:COLUMN
// errors of a bad scene, that no script error or failed request happened,
// and measures the frame rate of the 1,000-collider stress world (reported,
// not asserted: the machine is shared).
//
// usage: node browser_test.mjs WEB_DIR TOUCHE_TOOL OUT_DIR
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const [webDir, tool, outDir] = process.argv.slice(2);
if (!webDir || !tool || !outDir) {
  console.error("usage: node browser_test.mjs WEB_DIR TOUCHE_TOOL OUT_DIR");
  process.exit(2);
}
const started = Date.now();
const NAME = "sword4";        // not the nearest sword: the pick must find it behind nothing
const PICKED = [255, 140, 0]; // the page's colour for the picked collider (#ff8c00)

// The whole test is bounded: a hung browser or page fails it, never hangs CI.
const deadline = setTimeout(() => { console.error("web test: FAILED: timed out after 90 s"); process.exit(1); }, 90000);

const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); return ok; };

// ---- a static server for build/web on 127.0.0.1 --------------------------------
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".scene": "text/plain" };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  const file = path.join(webDir, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ""));
  const target = url.pathname === "/" ? path.join(webDir, "index.html") : file;
  fs.readFile(target, (err, data) => {
    if (err) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { "Content-Type": TYPES[path.extname(target)] || "application/octet-stream" });
    res.end(data);
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}/`;

// ---- PNG decoding (8-bit RGB or RGBA, what Chromium's screenshots are) --------------
function decodePng(buf) {
  let pos = 8, width = 0, height = 0, type = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), kind = buf.toString("ascii", pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (kind === "IHDR") {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4); type = data[9];
      if (data[8] !== 8 || (type !== 2 && type !== 6) || data[12] !== 0) throw new Error("unsupported PNG");
    } else if (kind === "IDAT") idat.push(data);
    pos += 12 + len;
  }
  const bpp = type === 6 ? 4 : 3, stride = width * bpp;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const px = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)], row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? px[y * stride + i - bpp] : 0, b = y > 0 ? px[(y - 1) * stride + i] : 0;
      const c = i >= bpp && y > 0 ? px[(y - 1) * stride + i - bpp] : 0;
      let v = row[i];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      px[y * stride + i] = v & 255;
    }
  }
  return { width, height, at: (x, y) => [px[y * stride + x * bpp], px[y * stride + x * bpp + 1], px[y * stride + x * bpp + 2]] };
}
function countColour(png, cx, cy, r, rgb) {
  let n = 0;
  for (let y = Math.max(0, cy - r); y < Math.min(png.height, cy + r); y++)
    for (let x = Math.max(0, cx - r); x < Math.min(png.width, cx + r); x++) {
      const p = png.at(x, y);
      if (Math.abs(p[0] - rgb[0]) + Math.abs(p[1] - rgb[1]) + Math.abs(p[2] - rgb[2]) < 60) n++;
    }
  return n;
}

// ---- the browser ----------------------------------------------------------------------
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "touche-web-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  viewport: { width: 1400, height: 760 },
});
const errors = [];
let stress = null, pageT = null, nativeT = null;
try {
  const page = context.pages()[0] || await context.newPage();
  page.on("pageerror", (e) => errors.push(`script error: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") errors.push(`console error: ${m.text()}`); });
  page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`); });

  // The scene at t = 0, paused: exactly the file's poses, as the tool sees them.
  await page.goto(`${base}?t=0`);
  await page.waitForSelector("body[data-ready='1']", { timeout: 20000 });
  const where = await page.evaluate((n) => window.touche.colliderScreen(n), NAME);
  check(where !== null, `${NAME} is not on screen`);
  const px = Math.round(where.x), py = Math.round(where.y);
  const canvas = await page.$("#scene-canvas");
  const box = await canvas.boundingBox();
  const border = await page.evaluate(() => parseFloat(getComputedStyle(document.getElementById("scene-canvas")).borderLeftWidth));
  const before = decodePng(await canvas.screenshot());
  // Mouse events' offsetX/offsetY are measured from inside the border.
  await page.mouse.click(box.x + border + px, box.y + border + py);
  await page.waitForFunction(() => window.touche.state.lastPick !== null, null, { timeout: 5000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const pick = await page.evaluate(() => window.touche.state.lastPick);
  const shown = await page.textContent("#picked");
  check(pick.sx === px && pick.sy === py, `the page saw the click at (${pick.sx}, ${pick.sy}), not (${px}, ${py})`);
  check(pick.name === NAME, `the page picked ${pick.name}, not ${NAME}`);
  check(shown.includes(`picked ${NAME}`), `the page shows "${shown.split("\n")[0]}"`);

  // The native answer: the same scene with a click at the same pixel, through the tool.
  const sceneText = fs.readFileSync(path.join(webDir, "five_figures.scene"), "utf8");
  const tmp = path.join(outDir, "web_test_click.scene");
  fs.writeFileSync(tmp, `${sceneText}\nclick webtest at ${pick.sx} ${pick.sy}\n`);
  const report = JSON.parse(execFileSync(tool, ["run", tmp, "--json"], { encoding: "utf8" }));
  const native = report.picks[report.picks.length - 1].hit;
  check(native && native.collider === pick.name, `native picks ${native && native.collider}, the page ${pick.name}`);
  if (native) {
    pageT = pick.t; nativeT = native.t;
    // Both run the same float code; only libm (glibc vs wasi-libc) may differ in the last bits.
    check(Math.abs(native.t - pick.t) <= 1e-4 * Math.max(1, Math.abs(native.t)), `t: page ${pick.t}, native ${native.t}`);
    for (let k = 0; k < 3; k++)
      check(Math.abs(native.point[k] - pick.point[k]) <= 1e-4 * Math.max(1, Math.abs(native.point[k])),
        `point: page ${pick.point}, native ${native.point}`);
  }

  // The screenshot: the picked colour around the collider, and not before the click.
  const shot = await canvas.screenshot({ path: path.join(outDir, "web_test_pick.png") });
  const png = decodePng(shot);
  const dpr = png.width / box.width;
  const cx = Math.round((border + where.x) * dpr), cy = Math.round((border + where.y) * dpr);
  const orangeAfter = countColour(png, cx, cy, Math.round(60 * dpr), PICKED);
  const orangeBefore = countColour(before, cx, cy, Math.round(60 * dpr), PICKED);
  check(orangeAfter >= 30, `only ${orangeAfter} pixels of the picked colour around ${NAME}`);
  check(orangeBefore === 0, `${orangeBefore} pixels of the picked colour before the click`);

  // A scene with mistakes shows them as FILE:LINE:COLUMN.
  await page.evaluate(() => window.touche.loadScene("bad.scene", "box a center 0 0\nsphere b radius x\n"));
  const shownErrors = await page.textContent("#errors");
  check(/^bad\.scene:1:\d+: /m.test(shownErrors) && /^bad\.scene:2:\d+: /m.test(shownErrors),
    `a bad scene's errors read "${shownErrors}"`);

  // The stress world, animated: frames counted in the page over two seconds.
  await page.goto(`${base}?stress=1000`);
  await page.waitForSelector("body[data-ready='1']", { timeout: 20000 });
  await page.waitForTimeout(1000);
  stress = await page.evaluate(() => new Promise((resolve) => {
    const s = window.touche.state, f0 = s.frames, t0 = performance.now();
    setTimeout(() => resolve({
      fps: ((s.frames - f0) * 1000) / (performance.now() - t0), update: s.updateMs, draw: s.drawMs,
      canvas: s.canvasMs, colliders: 1000,
    }), 2000);
  }));
  await page.screenshot({ path: path.join(outDir, "web_test_stress.png") });
} finally {
  await context.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
  clearTimeout(deadline);
}
for (const e of errors) check(false, e);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (stress)
  console.log(`web test: stress ${stress.colliders} colliders: ${stress.fps.toFixed(1)} fps; world update ${stress.update.toFixed(2)} ms, ` +
    `debug draw ${stress.draw.toFixed(2)} ms, canvas ${stress.canvas.toFixed(2)} ms per frame`);
if (pageT !== null) console.log(`web test: picked ${NAME}: page t ${pageT}, native t ${nativeT}`);
if (failures.length) {
  for (const f of failures) console.error(`web test: FAILED: ${f}`);
  process.exit(1);
}
console.log(`web test: passed in ${seconds} s (screenshots in ${outDir})`);
