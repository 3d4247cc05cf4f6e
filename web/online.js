// Online play from the companion page (issue 29): the page is the relay between the board
// (Web Serial, or the board seam: companion.js) and a bgammon server over WebSocket, as
// `python -m host_tools online` is over TCP. The relay's state is the same Python, not a
// rewrite: host_tools/online_bridge.py and bgmap.py with the rules core (firmware/bg) on
// MicroPython's WebAssembly port, loaded when "Log in" is pressed. This file does the
// sockets, the timers and the buttons; Python decides what is sent each way.
// The state is in window.companion.online (for tests and curious people).
const KEEPALIVE_MS = 20000;          // the server drops a client silent for 40 s
const BACKOFF_S = [1, 2, 4, 8, 15, 30];
const TICK_MS = 50;
const PY_FILES = (f) => f.startsWith("fw/bg/") || f.startsWith("fw/base/") || f === "fw/version.mpy" ||
  f === "host/online_bridge.mpy" || f === "host/bgmap.mpy";
const $ = (id) => document.getElementById(id);

export function setupOnline(C, { sendBoard, say }) {
  const O = C.online = { ready: false, loggedIn: false, said: [], sent: [], received: [], matches: [],
                         server: null, user: null, connects: 0 };
  let mp = null, bridge = null, ws = null, wanted = false, tries = 0, retry = null, written = 0;
  let creds = { user: "", password: "" };
  const t0 = performance.now();
  const now = () => (performance.now() - t0) / 1000;

  function status(text) { $("online-status").textContent = text; }
  function said(text) {           // the relay's words: shown and kept
    O.said.push(text);
    say("online: " + text);
    if (text.startsWith("logged in as ")) {
      O.loggedIn = true;
      status("Logged in as " + text.slice(13) + ".");
      for (const id of ["online-list", "online-create"]) $(id).disabled = false;
    }
  }

  async function load() {
    if (bridge) return;
    status("Loading the relay (MicroPython)...");
    const { loadMicroPython } = await import("./mp/micropython.mjs");
    mp = await loadMicroPython({ stdout: (l) => console.log(l), stderr: (l) => console.log(l) });
    const manifest = await (await fetch("manifest.json")).json();
    const files = manifest.files.filter(PY_FILES);
    const blobs = await Promise.all(files.map(async (f) => {
      const r = await fetch(f);
      if (!r.ok) throw new Error("cannot load " + f + ": HTTP " + r.status);
      return [f, new Uint8Array(await r.arrayBuffer())];
    }));
    for (const [f, data] of blobs) {
      const path = "/" + f;
      mp.FS.mkdirTree(path.substring(0, path.lastIndexOf("/")));
      mp.FS.writeFile(path, data);
    }
    mp.registerJsModule("companionhost", { say: (text) => said(String(text)) });
    mp.runPython("import sys\nsys.path[:0] = ['/host', '/fw']\nimport companionhost\n" +
                 "from online_bridge import Bridge\nbridge = Bridge(companionhost.say)\n");
    bridge = mp.globals.get("bridge");
    O.ready = true;
    setInterval(pump, TICK_MS);
    if (C.connected) bridge.board_connected();
  }

  function serverWrite(line, secret) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(line);
    written = Date.now();
    O.sent.push(secret ? line.split(" ").slice(0, 3).join(" ") + " ***" : line);
    return true;
  }

  function serverLine(line) {
    O.received.push(line);
    if (line.startsWith("{")) {
      try {
        const ev = JSON.parse(line);
        if (ev.Type === "list") showMatches(ev.Games || []);
      } catch (e) { /* the relay says what it cannot read */ }
    }
    bridge.server_line(line);
  }

  function pump() {
    if (!bridge) return;
    try {
      bridge.tick(now());
      const [toServer, toBoard] = JSON.parse(bridge.take());
      if (ws && ws.readyState === WebSocket.OPEN) { for (const l of toServer) serverWrite(l); }
      for (const l of toBoard) sendBoard(l);
      if (ws && ws.readyState === WebSocket.OPEN && Date.now() - written >= KEEPALIVE_MS) serverWrite("pong tablier");
    } catch (e) { said("? " + (e.message || e)); }
  }

  function connectServer() {
    retry = null;
    if (!wanted) return;
    const url = O.server;
    said("connecting to " + url);
    bridge.link("connecting");
    O.connects += 1;
    ws = new WebSocket(url);
    ws.onopen = () => { tries = 0; serverWrite(bridge.login_line(creds.user, creds.password), true); };
    ws.onmessage = (e) => {
      for (const line of String(e.data).split("\n")) if (line.trim()) serverLine(line.trim());
    };
    ws.onclose = () => {
      ws = null;
      O.loggedIn = false;
      if (!wanted) { status("Logged out."); return; }
      bridge.lost();
      const wait = BACKOFF_S[Math.min(tries, BACKOFF_S.length - 1)];
      tries += 1;
      said("connection lost: reconnecting in " + wait + " s");
      status("Connection lost: reconnecting in " + wait + " s.");
      retry = setTimeout(connectServer, wait * 1000);
    };
  }

  function showMatches(games) {
    O.matches = games;
    const ul = $("online-matches");
    ul.textContent = "";
    if (!games.length) { const li = document.createElement("li"); li.textContent = "No match is waiting."; ul.append(li); }
    for (const g of games) {
      const li = document.createElement("li");
      li.textContent = "#" + g.ID + " " + (g.Name || "") + ": " + g.Points + " point(s), " + g.Players + " player(s) ";
      const b = document.createElement("button");
      b.id = "online-join-" + g.ID; b.textContent = "Join"; b.disabled = g.Players >= 2;
      b.addEventListener("click", () => { bridge.choose(0, String(g.ID)); });
      li.append(b); ul.append(li);
    }
  }

  $("online-login").addEventListener("click", async () => {
    try { await load(); } catch (e) { status("The relay did not load: " + (e.message || e)); return; }
    O.server = $("online-server").value.trim();
    creds = { user: $("online-user").value.trim(), password: $("online-password").value };
    O.user = creds.user;
    wanted = true;
    $("online-login").disabled = true; $("online-logout").disabled = false;
    connectServer();
  });
  $("online-logout").addEventListener("click", () => {
    wanted = false;
    if (retry) clearTimeout(retry);
    if (ws) { serverWrite("disconnect"); ws.close(); }
    $("online-login").disabled = false; $("online-logout").disabled = true;
    for (const id of ["online-list", "online-create"]) $(id).disabled = true;
  });
  $("online-list").addEventListener("click", () => serverWrite("list"));
  $("online-create").addEventListener("click", () => {
    const n = parseInt($("online-points").value, 10);
    if (!(n >= 1 && n <= 127)) { status("A match is 1 to 127 points."); return; }
    bridge.choose(n, "");
  });
  C.onBoardLine = (line) => { if (bridge) bridge.board_line(line, now()); };
  C.onBoardConnected = () => { if (bridge) bridge.board_connected(); };
  // (for tests and scripts: the same as the buttons)
  O.cut = () => { if (ws) ws.close(); };
}
