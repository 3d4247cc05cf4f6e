// The board's Pico, in a Web Worker: MicroPython's WebAssembly port runs the firmware
// (the .mpy files `make flash` installs) and the web rig (web/py/webrig.py: the fake
// `machine`, the physical board model, the real hall scanner) on a timer, virtual ms =
// wall ms. The page (board.js) sends hands and fingers; this posts what the board shows.
import { loadMicroPython } from "./mp/micropython.mjs";

const DEMO_BEAT_MS = 450;       // one demo action (a roll, a play, a take) per beat
const FRAME_MS = 33;            // the page gets a new picture at most this often
const SLOW_MS = 100;            // a timer turn longer than this is reported (the page froze that long)
let mp = null, rig = null, bot = null, demo = false, lastDemo = 0, lastFrame = 0, lastKey = "";
let t0 = 0;

function post(msg) { self.postMessage(msg); }

async function mount() {
  const manifest = await (await fetch("manifest.json")).json();
  // every file at once: the local server answers them in parallel
  const blobs = await Promise.all(manifest.files.map(async (f) => {
    const r = await fetch(f);
    if (!r.ok) throw new Error("cannot load " + f + ": HTTP " + r.status);
    return [f, new Uint8Array(await r.arrayBuffer())];
  }));
  for (const [f, data] of blobs) {
    const path = "/" + f;
    mp.FS.mkdirTree(path.substring(0, path.lastIndexOf("/")));
    mp.FS.writeFile(path, data);
  }
  const cal = await fetch(manifest.calibration);
  mp.FS.mkdirTree("/state");
  mp.FS.writeFile("/calibration.bin", new Uint8Array(await cal.arrayBuffer()));
  return manifest;
}

async function start() {
  t0 = performance.now();
  mp = await loadMicroPython({
    stdout: (line) => post({ t: "log", text: line }),
    stderr: (line) => post({ t: "log", text: line }),
  });
  const manifest = await mount();
  // the board's USB serial line: every JSON event line the firmware writes comes here
  mp.registerJsModule("webhost", { serial: (line) => post({ t: "serial", line: line }) });
  mp.runPython(`
import sys
sys.path[:0] = ["/host", "/fw"]
import webhost
import webrig
rig = webrig.WebRig(seed=1, workdir="/state", write_line=webhost.serial, cal_path="/calibration.bin")
`);
  rig = mp.globals.get("rig");
  const bootMs = performance.now() - t0;
  post({ t: "ready", ms: Math.round(bootMs), micropython: manifest.micropython,
         version: mp.pyimport("webrig").version(),
         palette: JSON.parse(mp.pyimport("webrig").palette()) });
  sendFrame(true);
  setInterval(tick, 10);
}

function tick() {
  try {
    const now = performance.now();
    rig.run_to(now - t0);
    if (demo && now - lastDemo >= DEMO_BEAT_MS) {
      lastDemo = now;
      if (!bot) {
        mp.runPython("import webdemo\nbot = webdemo.demo(rig)");
        bot = mp.globals.get("bot");
      }
      const did = bot.action();
      post({ t: "demo", text: did === null ? "match over" : did });
      if (did === null) demo = false;
    }
    if (now - lastFrame >= FRAME_MS) sendFrame(false);
    const took = performance.now() - now;     // the whole turn: the page waited that long
    if (took > SLOW_MS) post({ t: "slow", ms: Math.round(took), at: Math.round(now - t0) });
  } catch (e) {
    demo = false;
    post({ t: "error", text: String(e.message || e) });
  }
}

function sendFrame(force) {
  lastFrame = performance.now();
  const text = rig.state();
  const st = JSON.parse(text);
  const key = text.replace(/"now": \d+, /, "");
  if (!force && key === lastKey) return;
  lastKey = key;
  post({ t: "state", state: st });
}

self.onmessage = (ev) => {
  const m = ev.data;
  if (!rig) { post({ t: "error", text: "the board is still starting" }); return; }
  try {
    if (m.t === "lift") rig.lift(m.place, m.colour || 0);
    else if (m.t === "place") rig.place(m.place);
    else if (m.t === "button") rig.button(m.name, m.down, m.hold || 0);
    else if (m.t === "setup") { rig.set_start(); }
    else if (m.t === "seat") post({ t: "seated", player: m.player, level: rig.seat(m.player, m.level) });
    else if (m.t === "boardplay") post({ t: "hands", actions: rig.make_board_play() });
    else if (m.t === "demo") { demo = !!m.on; lastDemo = 0; if (demo) rig.put_back(); }
    else if (m.t === "serial") post({ t: "answer", id: m.id, line: rig.serial(m.line) });
    else if (m.t === "rows") post({ t: "rows", id: m.id, rows: JSON.parse(rig.rows_json()) });
    sendFrame(false);
  } catch (e) {
    post({ t: "error", text: String(e.message || e) });
  }
};

start().catch((e) => post({ t: "error", text: "the board did not start: " + (e.message || e) }));
