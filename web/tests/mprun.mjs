// Runs a Python script on MicroPython's WebAssembly port in node, on a built site's tree
// (the fw/ files `make web` lays out, mounted as the worker mounts them):
//   node web/tests/mprun.mjs SITE_DIR SCRIPT.py
// host_tools/benches/bench_web.py times the engine there (the page's own interpreter).
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

const [site, script] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.join(site, "mp", "micropython.mjs")).href);
const mp = await loadMicroPython({ stdout: (l) => console.log(l), stderr: (l) => console.error(l) });
const manifest = JSON.parse(fs.readFileSync(path.join(site, "manifest.json"), "utf8"));
for (const f of manifest.files) {
  const p = "/" + f;
  mp.FS.mkdirTree(p.substring(0, p.lastIndexOf("/")));
  mp.FS.writeFile(p, fs.readFileSync(path.join(site, f)));
}
mp.runPython(fs.readFileSync(script, "utf8"));
