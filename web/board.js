// The board on a page: draws what the worker's firmware shows (checkers, LEDs, OLED) and
// sends it the player's hands (lift, place) and fingers (buttons). Everything the board
// shows is also in window.tablier (for tests and curious people).
const W = 920, H = 560;
const X0 = 40, COL = 60, BAR_COL = 6, TRAY_X = 830, TRAY_W = 70;
const TOP = 40, BOTTOM = 520, MID = 280, POINT_H = 200, R = 26;
const WHITE = 1, BLACK = 2, BAR = 25, OFF = 0;

const canvas = document.getElementById("board");
const ctx = canvas.getContext("2d");
const oled = document.getElementById("oled");
const octx = oled.getContext("2d");
const statusEl = document.getElementById("status");
const serialEl = document.getElementById("serial");

const T = window.tablier = {
  ready: false, startedMs: null, firstRenderMs: null, state: null, palette: null,
  leds: [], codes: [], screen: [], serial: [], demo: [], errors: [], slow: [], seats: ["person", "person"],
  send: (msg) => worker.postMessage(msg),
  readOled: () => ask({ t: "rows" }).then((m) => m.rows),      // text read back from the OLED RAM
  command: (line) => ask({ t: "serial", line: line }).then((m) => m.line),
};

let pending = {}, nextId = 1;
function ask(msg) {
  const id = nextId++;
  return new Promise((resolve) => { pending[id] = resolve; worker.postMessage(Object.assign({ id: id }, msg)); });
}

const worker = new Worker("worker.js", { type: "module" });
worker.onmessage = (ev) => {
  const m = ev.data;
  if (m.t === "state") { T.state = m.state; T.leds = m.state.leds; T.codes = m.state.codes; T.screen = m.state.screen; draw(); }
  else if (m.t === "ready") {
    T.ready = true; T.startedMs = Math.round(performance.now()); T.bootMs = m.ms; T.palette = m.palette;
    T.micropython = m.micropython;
    statusEl.textContent = "Board ready (" + m.version + ", started in " + m.ms + " ms). Press \"set up\".";
    document.body.dataset.ready = "1";
  }
  else if (m.t === "serial") { T.serial.push(m.line); serialEl.textContent += m.line + "\n"; serialEl.scrollTop = 1e9; }
  else if (m.t === "demo") { T.demo.push(m.text); statusEl.textContent = "Demo: " + m.text; if (m.text === "match over") setDemo(false); }
  else if (m.t === "error") { T.errors.push(m.text); statusEl.textContent = "Error: " + m.text; }
  else if (m.t === "log") console.log("[board]", m.text);
  else if (m.t === "slow") T.slow.push({ ms: m.ms, at: m.at });
  else if (m.t === "seated") statusEl.textContent = (m.player ? "Black" : "White") + ": " +
    (m.level === "person" ? "a person" : "the board (" + m.level + ")") + ".";
  else if (m.t === "hands") statusEl.textContent = m.actions ? "Your hands make the board's play..." : "The board shows no play to make.";
  else if ((m.t === "rows" || m.t === "answer") && pending[m.id]) { pending[m.id](m); delete pending[m.id]; }
};

// ---------------------------------------------------------------- geometry (White's numbering)
function colOfPoint(p) {
  if (p <= 6) return 13 - p;          // bottom right: 1 at the far right
  if (p <= 12) return 12 - p;         // bottom left
  if (p <= 18) return p - 13;         // top left
  return p - 12;                      // top right
}
function pointX(p) { return X0 + colOfPoint(p) * COL + COL / 2; }
function isTop(p) { return p >= 13; }
// the page coordinates of a place's middle (its base for a point): for tests and tools
T.placeXY = (place, colour) => {
  let x, y;
  if (place === OFF) { x = TRAY_X + TRAY_W / 2; y = colour === BLACK ? TOP + 60 : BOTTOM - 60; }
  else if (place === BAR) { x = X0 + BAR_COL * COL + COL / 2; y = colour === WHITE ? MID - 60 : MID + 60; }
  else { x = pointX(place); y = isTop(place) ? TOP + 40 : BOTTOM - 40; }
  const r = canvas.getBoundingClientRect();
  return { x: r.left + x * r.width / W, y: r.top + y * r.height / H };
};

function placeAt(x, y) {
  // -> {place, colour} or null
  if (x >= TRAY_X && x <= TRAY_X + TRAY_W) return { place: OFF, colour: y < MID ? BLACK : WHITE };
  const col = Math.floor((x - X0) / COL);
  if (col < 0 || col > 12 || y < TOP - 20 || y > BOTTOM + 20) return null;
  if (col === BAR_COL) return { place: BAR, colour: y < MID ? WHITE : BLACK };
  const top = y < MID;
  const p = top ? (col < 6 ? 13 + col : 12 + col) : (col < 6 ? 12 - col : 13 - col);
  return { place: p, colour: 0 };
}

// ---------------------------------------------------------------- drawing
function rgb(c) { return "rgb(" + c[0] + "," + c[1] + "," + c[2] + ")"; }
function ledColour(role) {
  const code = T.codes[role] || 0;
  return T.palette ? rgb(T.palette.rgb[code] || [0, 0, 0]) : "#000";
}

function checker(x, y, colour, label) {
  ctx.beginPath(); ctx.arc(x, y, R, 0, 2 * Math.PI);
  ctx.fillStyle = colour === WHITE ? "#f6f1e4" : "#2b1d16"; ctx.fill();
  ctx.lineWidth = 2; ctx.strokeStyle = colour === WHITE ? "#8a7f6a" : "#000"; ctx.stroke();
  ctx.beginPath(); ctx.arc(x, y, R - 8, 0, 2 * Math.PI);
  ctx.strokeStyle = colour === WHITE ? "#d8cfba" : "#4a3a30"; ctx.stroke();
  if (label) {
    ctx.fillStyle = colour === WHITE ? "#000" : "#fff"; ctx.font = "bold 18px sans-serif";
    ctx.textAlign = "center"; ctx.textBaseline = "middle"; ctx.fillText(label, x, y);
  }
}

// Every checker of a place is drawn: up to 5 at the usual spacing, more closer together so
// that the stack keeps out of the middle strip (the dice and the cube); from 6 on, the
// outermost checker carries the count.
const STACK_REACH = BOTTOM - MID - 22;          // from the base to the outermost checker's edge
function stack(x, yBase, dir, colours, reach) {
  const n = colours.length, drawn = [];
  const step = n > 1 ? Math.min(2 * R * 0.82, ((reach || STACK_REACH) - 2 * R) / (n - 1)) : 0;
  for (let i = 0; i < n; i++) {
    const label = (i === n - 1 && n > 5) ? String(n) : "";
    checker(x, yBase + dir * (R + i * step), colours[i], label);
    drawn.push({ x: x, y: yBase + dir * (R + i * step), colour: colours[i], label: label });
  }
  return drawn;
}

function led(x, y, role) {
  ctx.beginPath(); ctx.arc(x, y, 7, 0, 2 * Math.PI);
  ctx.fillStyle = ledColour(role); ctx.fill();
  ctx.lineWidth = 1.5; ctx.strokeStyle = "#111"; ctx.stroke();
}

// the point labels follow the player whose turn it is (the OLED says Black's plays in
// Black's numbering); White's between turns
function numbering() { return T.state && T.state.on_roll === 1 ? BLACK : WHITE; }
function numberOf(p) { return numbering() === BLACK ? 25 - p : p; }

function die(x, y, n) {
  const s = 34;
  ctx.fillStyle = "#fbfaf5"; ctx.strokeStyle = "#333"; ctx.lineWidth = 1.5;
  ctx.beginPath(); ctx.roundRect(x - s / 2, y - s / 2, s, s, 6); ctx.fill(); ctx.stroke();
  const pips = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] }[n] || [];
  ctx.fillStyle = "#222";
  for (const [a, b] of pips) { ctx.beginPath(); ctx.arc(x + a * 9, y + b * 9, 3.4, 0, 2 * Math.PI); ctx.fill(); }
}

// the doubling cube on the bar: in the middle when centred, at its owner's side otherwise
function cubeAt(st) {
  const c = st.cube, bx = X0 + BAR_COL * COL + COL / 2;
  if (!c || !c.enabled) return null;
  const y = c.owner === 0 ? BOTTOM - 24 : c.owner === 1 ? TOP + 24 : MID;
  return { x: bx, y: y, value: c.owner < 0 && c.value === 1 ? 64 : c.value, owner: c.owner };
}
function cube(at) {
  const s = 36;
  ctx.fillStyle = "#fffdf3"; ctx.strokeStyle = "#111"; ctx.lineWidth = 2;
  ctx.beginPath(); ctx.roundRect(at.x - s / 2, at.y - s / 2, s, s, 5); ctx.fill(); ctx.stroke();
  ctx.fillStyle = "#111"; ctx.font = "bold 17px sans-serif"; ctx.textAlign = "center"; ctx.textBaseline = "middle";
  ctx.fillText(String(at.value), at.x, at.y + 1);
}

const NAMES = ["White", "Black"];
// the match in words: the score, the cube, the dice (also the page's #match-line)
function matchWords(st) {
  if (!st || !st.score) return "";
  const len = st.length ? "match to " + st.length : "money game";
  const c = st.cube && st.cube.enabled ? (st.cube.owner >= 0 ? ", cube " + st.cube.value + " (" + NAMES[st.cube.owner] + "'s)" :
    ", cube centred" + (st.cube.value > 1 ? " at " + st.cube.value : "")) : "";
  const d = st.on_roll >= 0 && st.dice[0] ? "; " + NAMES[st.on_roll] + " " + st.dice[0] + "-" + st.dice[1] : "";
  return "White " + st.score[0] + ", Black " + st.score[1] + " (" + len + ")" + c + d +
    "; points in " + NAMES[numbering() - 1] + "'s numbering";
}

function drawMatch(st) {
  const drawn = { dice: [], cube: null, score: null, numbering: NAMES[numbering() - 1], labels: [null] };
  for (let p = 1; p <= 24; p++) drawn.labels.push(numberOf(p));
  if (st.score) {
    drawn.score = st.score.slice();
    ctx.fillStyle = "#f4efe6"; ctx.font = "bold 14px sans-serif"; ctx.textAlign = "left"; ctx.textBaseline = "middle";
    ctx.fillText("White " + st.score[0] + "  Black " + st.score[1] + (st.length ? "  (to " + st.length + ")" : "  (money)"), X0, 11);
    ctx.textAlign = "right";
    ctx.fillText("points: " + drawn.numbering + "'s numbering", X0 + 13 * COL, 11);
  }
  // the dice in the mover's right-hand half: White sits at the bottom, Black at the top
  if (st.on_roll >= 0 && st.dice && st.dice[0]) {
    const cx = X0 + (st.on_roll === 0 ? 9.5 : 2.5) * COL;
    die(cx - 22, MID, st.dice[0]); die(cx + 22, MID, st.dice[1]);
    drawn.dice = st.dice.slice();
  }
  const at = cubeAt(st);
  if (at) { cube(at); drawn.cube = at; }
  T.drawn = drawn;
}

let mouse = null;
function draw() {
  const st = T.state;
  ctx.fillStyle = "#5b3a1e"; ctx.fillRect(0, 0, W, H);                 // the wooden frame
  ctx.fillStyle = "#c9a66b"; ctx.fillRect(X0, TOP, 13 * COL, BOTTOM - TOP); // the field
  ctx.fillStyle = "#4a2f18"; ctx.fillRect(X0 + BAR_COL * COL, TOP - 20, COL, BOTTOM - TOP + 40); // bar
  for (let p = 1; p <= 24; p++) {
    const x = pointX(p), top = isTop(p);
    const yb = top ? TOP : BOTTOM, yt = top ? TOP + POINT_H : BOTTOM - POINT_H;
    ctx.beginPath(); ctx.moveTo(x - COL / 2 + 2, yb); ctx.lineTo(x + COL / 2 - 2, yb); ctx.lineTo(x, yt); ctx.closePath();
    ctx.fillStyle = p % 2 ? "#7a2e1d" : "#e8d8b0"; ctx.fill();
    ctx.fillStyle = "#f4efe6"; ctx.font = "12px sans-serif"; ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.fillText(String(numberOf(p)), x + 18, top ? TOP - 10 : BOTTOM + 10);
    led(x, top ? TOP - 10 : BOTTOM + 10, p);
  }
  // trays
  ctx.fillStyle = "#3d2612"; ctx.fillRect(TRAY_X, TOP, TRAY_W, MID - TOP - 10); ctx.fillRect(TRAY_X, MID + 10, TRAY_W, BOTTOM - MID - 10);
  ctx.fillStyle = "#f4efe6"; ctx.font = "12px sans-serif"; ctx.textAlign = "center";
  ctx.fillText("Black off", TRAY_X + TRAY_W / 2, TOP - 10); ctx.fillText("White off", TRAY_X + TRAY_W / 2, BOTTOM + 10);
  const bx = X0 + BAR_COL * COL + COL / 2;
  led(bx, TOP - 10, 25); led(bx, BOTTOM + 10, 26);
  if (st) {
    const points = [null];     // what was drawn where: for tests
    for (let p = 1; p <= 24; p++) {
      const top = isTop(p);
      points.push(stack(pointX(p), top ? TOP : BOTTOM, top ? 1 : -1, st.points[p - 1]));
    }
    stack(bx, MID - 20, -1, Array(st.bar.w).fill(WHITE), MID - 20 - TOP);
    stack(bx, MID + 20, 1, Array(st.bar.b).fill(BLACK), BOTTOM - MID - 20);
    drawMatch(st);
    T.drawn.points = points;
    document.getElementById("match-line").textContent = matchWords(st);
    tray(TOP + 6, 1, st.off.b, BLACK); tray(BOTTOM - 18, -1, st.off.w, WHITE);
    if (st.hand && mouse) { ctx.globalAlpha = 0.85; checker(mouse.x, mouse.y, st.hand, ""); ctx.globalAlpha = 1; }
    drawOled(st.oled);
    for (const role of [27, 28, 29, 30]) document.getElementById("led-" + role).style.background = ledColour(role);
    document.getElementById("oled-text").textContent = st.screen.join("\n");
    T.seats = st.seats;
    for (const p of [0, 1]) { const sel = document.getElementById("seat-" + p); if (sel.value !== st.seats[p]) sel.value = st.seats[p]; }
    document.getElementById("board-play").disabled = !st.board_play || st.hands_busy;
    if (T.handsBusy && !st.hands_busy) statusEl.textContent = "The hands are done: the board judges its checkers.";
    T.handsBusy = st.hands_busy;
    if (T.firstRenderMs === null) T.firstRenderMs = Math.round(performance.now());
  }
}

function tray(y, dir, n, colour) {
  for (let i = 0; i < n; i++) {
    ctx.fillStyle = colour === WHITE ? "#f6f1e4" : "#2b1d16";
    ctx.fillRect(TRAY_X + 6, y + dir * i * 14, TRAY_W - 12, 12);
    ctx.strokeStyle = "#888"; ctx.strokeRect(TRAY_X + 6, y + dir * i * 14, TRAY_W - 12, 12);
  }
}

// the SSD1306's display RAM as a viewer sees the panel (as host_tools/fakes/fake_ssd1306.py)
function drawOled(o) {
  const img = octx.createImageData(128, 64);
  const ram = new Uint8Array(1024);
  for (let i = 0; i < 1024; i++) ram[i] = parseInt(o.ram.substr(2 * i, 2), 16);
  for (let y = 0; y < 64; y++) for (let x = 0; x < 128; x++) {
    let v = 0;
    if (o.on) {
      if (o.entire) v = 1;
      else {
        const cx = o.seg_remap ? x : 127 - x;
        let ry = o.com_remap ? y : 63 - y;
        ry = (ry + o.start) & 63;
        v = (ram[(ry >> 3) * 128 + cx] >> (ry & 7)) & 1;
        if (o.inverse) v ^= 1;
      }
    }
    const k = 4 * (y * 128 + x);
    img.data[k] = v ? 120 : 0; img.data[k + 1] = v ? 220 : 0; img.data[k + 2] = v ? 255 : 0; img.data[k + 3] = 255;
  }
  const tmp = drawOled.c || (drawOled.c = new OffscreenCanvas(128, 64));
  tmp.getContext("2d").putImageData(img, 0, 0);
  octx.imageSmoothingEnabled = false;
  octx.drawImage(tmp, 0, 0, 384, 192);
}

// ---------------------------------------------------------------- hands
function pos(ev) {
  const r = canvas.getBoundingClientRect();
  return { x: (ev.clientX - r.left) * W / r.width, y: (ev.clientY - r.top) * H / r.height };
}
function holds(st, at) {
  if (at.place === OFF) return at.colour === WHITE ? st.off.w : st.off.b;
  if (at.place === BAR) return st.bar.w + st.bar.b;
  return st.points[at.place - 1].length;
}
let dragFrom = null, holding = 0;
canvas.addEventListener("pointerdown", (ev) => {
  const st = T.state; if (!st || !T.ready) return;
  const at = placeAt(pos(ev).x, pos(ev).y); if (!at) return;
  mouse = pos(ev);
  if (!st.hand && !holding) {
    if (!holds(st, at)) return;
    T.send({ t: "lift", place: at.place, colour: at.colour });
    holding = 1; dragFrom = at;
  } else {
    T.send({ t: "place", place: at.place }); holding = 0; dragFrom = null;
  }
});
canvas.addEventListener("pointermove", (ev) => { mouse = pos(ev); if (T.state && T.state.hand) draw(); });
canvas.addEventListener("pointerup", (ev) => {
  const at = placeAt(pos(ev).x, pos(ev).y);
  if (dragFrom && at && (at.place !== dragFrom.place || at.colour !== dragFrom.colour)) {
    T.send({ t: "place", place: at.place }); holding = 0;
  }
  dragFrom = null;
});
// the worker's state is the truth: a lift that found nothing leaves the hand empty
setInterval(() => { if (T.state && !T.state.hand && !dragFrom) holding = 0; }, 200);

// ---------------------------------------------------------------- fingers
for (const b of document.querySelectorAll("button[data-button]")) {
  const name = b.dataset.button;
  let down = false;
  b.addEventListener("pointerdown", (ev) => {
    if (ev.shiftKey) { T.send({ t: "button", name: name, down: true, hold: 1000 }); return; }   // a long press
    down = true; b.classList.add("down"); T.send({ t: "button", name: name, down: true });
  });
  const up = () => { if (!down) return; down = false; b.classList.remove("down"); T.send({ t: "button", name: name, down: false }); };
  b.addEventListener("pointerup", up); b.addEventListener("pointerleave", up);
}
document.getElementById("setup").addEventListener("click", () => {
  T.send({ t: "setup" });
  statusEl.textContent = "Set up. Each player presses main to roll one die for the opening.";
});
const demoBtn = document.getElementById("demo");
function setDemo(on) { demoBtn.classList.toggle("on", on); demoBtn.textContent = on ? "stop demo" : "demo"; T.send({ t: "demo", on: on }); }
demoBtn.addEventListener("click", () => setDemo(!demoBtn.classList.contains("on")));
// the seats: what the Settings menu's seat item does (a person, or the board at a level)
for (const p of [0, 1]) {
  const sel = document.getElementById("seat-" + p);
  for (const [v, text] of [["person", "a person"], ["easy", "board: easy"], ["normal", "board: normal"], ["strong", "board: strong"]]) {
    const o = document.createElement("option"); o.value = v; o.textContent = text; sel.appendChild(o);
  }
  sel.addEventListener("change", () => T.send({ t: "seat", player: p, level: sel.value }));
}
document.getElementById("board-play").addEventListener("click", () => T.send({ t: "boardplay" }));
draw();
