// The companion for a real board: Web Serial (Chromium) to the Pico's USB line. Reads the
// board's JSON event lines (firmware/events.py), keeps a mirror of the match, asks the
// board for its IDs and screen (app/commands.py: ids, state, press), copies the match
// record off it through MicroPython's raw REPL and writes .mat files (matexport.js), and
// plays online on bgammon.org (online.js: WebSocket to the server, the relay's Python).
// Everything it knows is in window.companion (for tests and curious people).
//
// The board seam: companion.html?board=ws://127.0.0.1:PORT takes the board's line from a
// WebSocket (a line a message: `python -m host_tools.wsock PTY PORT` relays the simulator's
// `sim --serial` pty or a real board's port) instead of Web Serial, which a headless browser
// cannot drive. The raw REPL (Download the record) needs Web Serial.
import { exportRecord, fromRecord, writeMat } from "./matexport.js";
import { setupOnline } from "./online.js";

const BAUD = 115200;
const STATE_POLL_MS = 1000;         // the OLED and the clocks: `state` once a second
const START = { 24: 2, 13: 5, 8: 3, 6: 5 };
const $ = (id) => document.getElementById(id);

const C = window.companion = {
  connected: false, events: [], lines: [], errors: [], messages: [], downloads: [],
  fw: null, match: null, names: ["White", "Black"], score: [0, 0], game: null, crawford: false,
  turn: null, dice: null, cube: { value: 1, owner: -1, offered: -1 },
  points: null, bar: [0, 0], off: [0, 0], ids: { pos: null, match: null },
  screen: null, leds: null, clocks: null, illegal: [], live: [],
  exportLive: () => exportLive(), pullRecord: () => pullRecord(),
};

let port = null, reader = null, writer = null, pollTimer = null;
let boardWs = null;                 // the board seam: its line over a WebSocket (?board=ws://...)
const BOARD_WS = new URLSearchParams(location.search).get("board");
let raw = null;                     // the raw-REPL exchange under way: {text, resolve}

// ---------------------------------------------------------------- the serial line
async function connect() {
  if (BOARD_WS) return connectWs(BOARD_WS);
  if (!("serial" in navigator)) { status("This browser has no Web Serial: use Chromium or Chrome."); return; }
  try {
    port = await navigator.serial.requestPort({ filters: [{ usbVendorId: 0x2e8a }] });   // Raspberry Pi
    await port.open({ baudRate: BAUD });
  } catch (e) { status("Not connected: " + e.message); return; }
  writer = port.writable.getWriter();
  C.connected = true;
  status("Connected.");
  if (C.onBoardConnected) C.onBoardConnected();
  for (const id of ["disconnect", "ask-ids", "pull-record", "export-live"]) $(id).disabled = false;
  $("connect").disabled = true;
  readLoop();
  await send("version");
  await send("ids");
  pollTimer = setInterval(() => { if (!raw) send("state"); }, STATE_POLL_MS);
}

// the board's line over a WebSocket (the seam above): a message a line, each way
function connectWs(url) {
  boardWs = new WebSocket(url);
  boardWs.onopen = async () => {
    C.connected = true;
    status("Connected (the board's line over " + url + ").");
    for (const id of ["disconnect", "ask-ids", "export-live"]) $(id).disabled = false;
    $("connect").disabled = true;
    if (C.onBoardConnected) C.onBoardConnected();
    await send("version");
    await send("ids");
    pollTimer = setInterval(() => send("state"), STATE_POLL_MS);
  };
  boardWs.onmessage = (e) => {
    for (const line of String(e.data).split("\n")) { const l = line.replace(/\r$/, ""); if (l.trim()) onLine(l); }
  };
  boardWs.onclose = () => { C.connected = false; clearInterval(pollTimer); status("The board went away."); boardWs = null; };
}

async function disconnect() {
  clearInterval(pollTimer);
  C.connected = false;
  if (boardWs) { boardWs.close(); boardWs = null; status("Disconnected."); $("connect").disabled = false; return; }
  try { if (reader) await reader.cancel(); if (writer) writer.releaseLock(); await port.close(); } catch (e) { /* gone */ }
  status("Disconnected.");
  for (const id of ["disconnect", "ask-ids", "pull-record"]) $(id).disabled = true;
  $("connect").disabled = false;
}

async function write(text) { await writer.write(new TextEncoder().encode(text)); }
async function send(cmd) {
  if (!C.connected) return;
  if (boardWs) boardWs.send(cmd); else await write(cmd + "\r\n");
}

async function readLoop() {
  const decoder = new TextDecoder();
  let buf = "";
  reader = port.readable.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (raw) { raw.text += text; raw.check(); continue; }
      buf += text;
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl).replace(/\r$/, "");
        buf = buf.slice(nl + 1);
        if (line.trim()) onLine(line);
      }
    }
  } catch (e) {
    status("The board went away: " + e.message);
  } finally {
    reader.releaseLock();
  }
}

function status(text) { $("conn-status").textContent = text; }

// ---------------------------------------------------------------- events -> the mirror
function onLine(line) {
  C.lines.push(line);
  const log = $("serial");
  log.textContent += line + "\n";
  log.scrollTop = 1e9;
  let ev;
  try {
    ev = JSON.parse(line);
    if (typeof ev !== "object" || ev === null || typeof ev.t !== "string") throw new Error("no event kind");
  } catch (e) {
    return;                         // boot text, a traceback, noise: shown in the log only
  }
  C.events.push(ev);
  handle(ev);
  if (C.onBoardLine) C.onBoardLine(line);      // online play: the relay reads the board's events
  render();
}

function wp(p, point) { return p === 0 ? point : 25 - point; }    // White's number of p's point
function startPosition() {
  const pts = new Array(25).fill(0);             // +n White, -n Black, White's numbering
  for (const p in START) { pts[+p] += START[p]; pts[25 - p] -= START[p]; }
  return pts;
}

function say(text, error) {
  C.messages.push(text);
  const li = document.createElement("li"); li.textContent = text; if (error) li.className = "error";
  const ul = $("messages"); ul.prepend(li);
  while (ul.children.length > 60) ul.lastChild.remove();        // the latest ones: the log keeps all
}

function handle(ev) {
  const who = (p) => C.names[p] || ("player " + p);
  switch (ev.t) {
    case "hello": C.fw = ev.fw + " (record format " + ev.rec + ")"; break;
    case "match":
      C.match = { len: ev.len, rules: ev.rules || "" }; C.names = ev.names || C.names; C.score = [0, 0];
      C.live.push(["match", ev.len, ev.rules || "", ""], ["name", 0, C.names[0]], ["name", 1, C.names[1]]);
      break;
    case "game":
      C.game = ev.n; C.score = ev.score; C.crawford = !!ev.crawford; C.points = startPosition();
      C.bar = [0, 0]; C.off = [0, 0]; C.cube = { value: 1, owner: -1, offered: -1 }; C.dice = null; C.illegal = [];
      C.live.push(["game", ev.score[0], ev.score[1], !!ev.crawford]);
      break;
    case "roll": C.turn = ev.p; C.dice = ev.d; C.illegal = []; C.live.push(["roll", ev.p, ev.d[0], ev.d[1]]); break;
    case "play": {
      if (!C.points) C.points = startPosition();
      const sign = ev.p === 0 ? 1 : -1;
      for (const [f, t] of ev.m) {
        if (f === 25) C.bar[ev.p] -= 1; else C.points[wp(ev.p, f)] -= sign;
        if (t === 0) { C.off[ev.p] += 1; continue; }
        const q = wp(ev.p, t);
        if (C.points[q] === -sign) { C.points[q] = 0; C.bar[1 - ev.p] += 1; }    // a hit
        C.points[q] += sign;
      }
      C.illegal = [];
      C.live.push(["play", ev.p, ev.m]);
      say(who(ev.p) + " plays " + (ev.n || ev.m.map((m) => m.join("/")).join(" ") || "nothing (no legal move)"));
      break;
    }
    case "cube":
      if (ev.a === "double") { C.cube.value = ev.v; C.cube.offered = 1 - ev.p; C.live.push(["double", ev.p, ev.v]); }
      else if (ev.a === "take") { C.cube.owner = ev.p; C.cube.offered = -1; C.live.push(["take", ev.p]); }
      else if (ev.a === "drop") { C.cube.offered = -1; C.live.push(["drop", ev.p]); }
      else if (ev.a === "beaver") { C.cube.value = ev.v; C.cube.owner = ev.p; C.cube.offered = 1 - ev.p; C.live.push(["beaver", ev.p, ev.v]); }
      say(who(ev.p) + " " + ({ double: "doubles to " + ev.v, beaver: "beavers to " + ev.v, take: "takes", drop: "passes" }[ev.a] || ev.a));
      break;
    case "resign": say(who(ev.p) + " resign " + ev.a + " (" + ["", "single", "gammon", "backgammon"][ev.n] + ")"); break;
    case "timeout": say(who(ev.p) + " ran out of time"); break;
    case "game_end": C.score = ev.score; C.live.push(["end", ev.w, ev.pts]); say(who(ev.w) + " wins " + ev.pts + " point(s)"); break;
    case "match_end": C.score = ev.score; say(who(ev.w) + " wins the match " + ev.score.join("-")); break;
    case "ids": C.ids = { pos: ev.pos, match: ev.match }; break;
    case "state":
      C.screen = ev.screen; C.leds = ev.leds;
      C.clocks = clocksOf(ev.screen);
      break;
    case "error":
      C.errors.push(ev);
      if (ev.pts && ev.pts.length) C.illegal = ev.pts;
      say(ev.msg + (ev.pts && ev.pts.length ? " (points " + ev.pts.join(", ") + ")" : ""), true);
      break;
  }
  if (ev.t === "play" || ev.t === "roll" || ev.t === "game" || ev.t === "cube") send("ids");
}

function clocksOf(rows) {
  for (const r of rows || []) {
    const m = /W\s*(\d+:\d\d)\s+B\s*(\d+:\d\d)/.exec(r);
    if (m) return { white: m[1], black: m[2] };
  }
  return null;
}

// ---------------------------------------------------------------- drawing the mirror
const cv = $("mirror"), g = cv.getContext("2d");
const MW = 740, MH = 420, MX = 20, MC = 50, MT = 20, MB = 400, MMID = 210;
function col(p) { return p <= 6 ? 13 - p : p <= 12 ? 12 - p : p <= 18 ? p - 13 : p - 12; }
function disc(x, y, white, label) {
  g.beginPath(); g.arc(x, y, 20, 0, 2 * Math.PI); g.fillStyle = white ? "#f6f1e4" : "#2b1d16"; g.fill();
  g.strokeStyle = "#000"; g.lineWidth = 1.5; g.stroke();
  if (label) { g.fillStyle = white ? "#000" : "#fff"; g.font = "bold 15px sans-serif"; g.textAlign = "center"; g.textBaseline = "middle"; g.fillText(label, x, y); }
}
function pile(x, base, dir, n, white) {
  const shown = Math.min(n, 5);
  for (let i = 0; i < shown; i++) disc(x, base + dir * (20 + i * 34), white, i === shown - 1 && n > 5 ? String(n) : "");
}
function drawMirror() {
  g.fillStyle = "#5b3a1e"; g.fillRect(0, 0, MW, MH);
  g.fillStyle = "#c9a66b"; g.fillRect(MX, MT, 13 * MC, MB - MT);
  g.fillStyle = "#4a2f18"; g.fillRect(MX + 6 * MC, MT, MC, MB - MT);
  for (let p = 1; p <= 24; p++) {
    const x = MX + col(p) * MC + MC / 2, top = p >= 13, yb = top ? MT : MB, yt = top ? MT + 160 : MB - 160;
    g.beginPath(); g.moveTo(x - MC / 2 + 2, yb); g.lineTo(x + MC / 2 - 2, yb); g.lineTo(x, yt); g.closePath();
    g.fillStyle = C.illegal.includes(p) ? "#e00" : (p % 2 ? "#7a2e1d" : "#e8d8b0"); g.fill();
    g.fillStyle = "#fff"; g.font = "11px sans-serif"; g.textAlign = "center"; g.fillText(String(p), x, top ? MT - 8 : MB + 12);
    if (C.points) { const n = C.points[p]; if (n) pile(x, yb, top ? 1 : -1, Math.abs(n), n > 0); }
  }
  const bx = MX + 6 * MC + MC / 2;
  if (C.bar[0]) pile(bx, MMID - 10, -1, C.bar[0], true);
  if (C.bar[1]) pile(bx, MMID + 10, 1, C.bar[1], false);
  // the trays, right of the field: Black's on top, White's below, with their counts
  const tx = MX + 13 * MC + 10, tw = MW - tx - 10;
  g.fillStyle = "#3d2612"; g.fillRect(tx, MT, tw, MMID - MT - 6); g.fillRect(tx, MMID + 6, tw, MB - MMID - 6);
  for (let i = 0; i < C.off[1]; i++) { g.fillStyle = "#2b1d16"; g.fillRect(tx + 4, MT + 4 + i * 11, tw - 8, 9); }
  for (let i = 0; i < C.off[0]; i++) { g.fillStyle = "#f6f1e4"; g.fillRect(tx + 4, MB - 13 - i * 11, tw - 8, 9); }
  g.fillStyle = "#fff"; g.font = "11px sans-serif"; g.textAlign = "center";
  g.fillText("off " + C.off[1], tx + tw / 2, MT - 8); g.fillText("off " + C.off[0], tx + tw / 2, MB + 12);
}

function render() {
  const m = C.match;
  $("f-match").textContent = m ? (m.len ? m.len + "-point match" : "money session") + ": " + C.names.join(" vs ") : "-";
  $("f-score").textContent = C.score.join(" - ") + (C.crawford ? " (Crawford game)" : "");
  $("f-game").textContent = C.game === null ? "-" : String(C.game);
  $("f-turn").textContent = C.turn === null ? "-" : C.names[C.turn];
  $("f-dice").textContent = C.dice ? C.dice.join("-") : "-";
  const cube = C.cube;
  $("f-cube").textContent = cube.value + (cube.owner < 0 ? ", centred" : ", owned by " + C.names[cube.owner]) +
    (cube.offered >= 0 ? ", " + C.names[cube.offered] + " to answer" : "");
  $("f-clocks").textContent = C.clocks ? "White " + C.clocks.white + ", Black " + C.clocks.black : "-";
  $("f-fw").textContent = C.fw || "-";
  $("screen").textContent = C.screen ? C.screen.join("\n") : "-";
  $("pos-id").textContent = C.ids.pos || "-";
  $("match-id").textContent = C.ids.match || "-";
  if (m) {
    $("s-play").textContent = m.len ? m.len + "-point match" : "money";
    const r = m.rules;
    $("s-rules").textContent = ["Crawford " + (r.includes("C") ? "on" : "off"), "Jacoby " + (r.includes("J") ? "on" : "off"),
      "beavers " + (r.includes("B") ? "on" : "off")].join(", ");
    $("s-names").textContent = C.names.join(", ");
  }
  drawMirror();
}

// ---------------------------------------------------------------- the record
function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const a = document.createElement("a"); a.href = url; a.download = name; a.textContent = name;
  const li = document.createElement("li"); li.append(a); $("downloads").append(li);
  C.downloads.push({ name: name, text: text });
  a.click();
}

function exportLive() {
  if (!C.live.some((e) => e[0] === "game")) { say("No game seen on the line yet: nothing to export.", true); return null; }
  // connected in the middle of a match: its start (match, names) and the games seen whole
  const first = C.live.findIndex((e) => e[0] === "game");
  const text = writeMat(fromRecord(C.live.filter((e, i) => i >= first || e[0] === "match" || e[0] === "name")));
  download("tablier-live.mat", text);
  return text;
}

const RAW_CODE = "import sys\r\ntry:\r\n f=open('match.rec','rb')\r\nexcept OSError:\r\n print('NO RECORD')\r\nelse:\r\n" +
  " while True:\r\n  b=f.read(256)\r\n  if not b:\r\n   break\r\n  sys.stdout.write(b.decode())\r\n f.close()\r\n";

function rawWait(pattern, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { raw.check = () => {}; reject(new Error("no answer from the board's REPL")); }, ms);
    raw.check = () => { const i = raw.text.indexOf(pattern); if (i >= 0) { clearTimeout(timer); const got = raw.text.slice(0, i); raw.text = raw.text.slice(i + pattern.length); resolve(got); } };
    raw.check();
  });
}

// match.rec off the board: interrupt, raw REPL, print the file, leave, soft reset (main.py
// starts again and resumes the saved match), as mpremote's `cp` does.
async function pullRecord() {
  if (!C.connected || raw) return null;
  if (boardWs) { say("The record is copied over Web Serial only (the raw REPL).", true); return null; }
  raw = { text: "", check: () => {} };
  let text = null;
  try {
    await write("\r\x03\x03");
    await new Promise((r) => setTimeout(r, 150));
    raw.text = "";
    await write("\x01");
    await rawWait("raw REPL; CTRL-B to exit\r\n>", 3000);
    await write(RAW_CODE + "\x04");
    await rawWait("OK", 3000);
    const out = await rawWait("\x04", 20000);
    const err = await rawWait("\x04>", 3000);
    if (err.trim()) throw new Error(err.trim().split("\n").pop());
    text = out.replace(/\r\n/g, "\n");
  } catch (e) {
    say("Could not copy the record: " + e.message, true);
  } finally {
    raw = null;
    await write("\x02\x04");          // leave the raw REPL; soft reset: the board starts again
  }
  if (text === null) return null;
  if (text.startsWith("NO RECORD")) { say("The board holds no match record yet.", true); return null; }
  download("match.rec", text);
  try {
    const { files, problems, notes } = exportRecord(text, "tablier");
    for (const [n, why] of problems) say("record line " + n + " skipped: " + why, true);
    for (const note of notes || []) say(note, true);   // what the export left out, and why
    for (const f of files) download(f.name, f.text);
    if (!files.length) say("The record holds no game yet.", true);
  } catch (e) { say(e.message, true); }
  return text;
}

// ---------------------------------------------------------------- the page's controls
$("connect").addEventListener("click", connect);
$("disconnect").addEventListener("click", disconnect);
$("ask-ids").addEventListener("click", () => send("ids"));
$("pull-record").addEventListener("click", pullRecord);
$("export-live").addEventListener("click", exportLive);
for (const b of document.querySelectorAll("button.press")) b.addEventListener("click", (ev) => send("press " + b.dataset.press + (ev.shiftKey ? " long" : "")));
for (const b of document.querySelectorAll("button.copy")) b.addEventListener("click", async () => {
  const text = $(b.dataset.copy).textContent;
  try { await navigator.clipboard.writeText(text); b.textContent = "copied"; } catch (e) { b.textContent = "select it"; }
  C.copied = text;
  setTimeout(() => { b.textContent = "copy"; }, 1500);
});
if (!("serial" in navigator) && !BOARD_WS) status("This browser has no Web Serial (use Chromium or Chrome): nothing to connect to.");
setupOnline(C, { sendBoard: send, say: say });
render();
