// The board's heap on a 32-bit MicroPython: the WebAssembly port from npm (the .mpy format
// of the Pico's v1.28.0; objects have the chip's sizes), its GC heap exactly the Pico's
// 245,888 bytes (heapsize 253,600). Runs a list of Python steps, each its own call from
// JavaScript: this port collects only between calls (it grows its heap instead of
// collecting inside one), so a step reads the live heap the previous steps left, and the
// growth of gc.mem_alloc() inside one step is what that step allocated.
//   node heap32.mjs SITE_DIR STEPS.json [HEAPSIZE]    (SITE_DIR: `host_tools web --build-only`'s tree)
// The firmware is mounted at / as `make flash` lays it out on the Pico (its modules'
// __file__ as long as there), the host's fakes and board model at /host.
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

const [site, stepsFile, heapArg] = process.argv.slice(2);
// (a third argument: another heapsize, for bench heap32's cross-check of power-up on a heap
// that need not grow)
const heapsize = heapArg ? parseInt(heapArg, 10) : 253600;
const { loadMicroPython } = await import(pathToFileURL(path.join(site, "mp", "micropython.mjs")).href);
const mp = await loadMicroPython({ heapsize, stdout: (l) => console.log(l), stderr: (l) => console.error(l) });
const manifest = JSON.parse(fs.readFileSync(path.join(site, "manifest.json"), "utf8"));
for (const f of manifest.files) {
  const p = f.startsWith("fw/") ? "/" + f.substring(3) : "/" + f;
  mp.FS.mkdirTree(p.substring(0, p.lastIndexOf("/")) || "/");
  mp.FS.writeFile(p, fs.readFileSync(path.join(site, f)));
}
mp.FS.writeFile("/calibration.bin", fs.readFileSync(path.join(site, manifest.calibration)));
const steps = JSON.parse(fs.readFileSync(stepsFile, "utf8"));
for (const [name, code] of steps) {
  try {
    mp.runPython(code);
  } catch (e) {
    console.log(JSON.stringify({ step: name, error: String(e.message || e).split("\n").slice(-3).join(" ") }));
    process.exit(1);
  }
}
