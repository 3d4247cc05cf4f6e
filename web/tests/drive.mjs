// Drives the pages in the system's headless Chromium (puppeteer-core, no browser download):
//   node web/tests/drive.mjs URL OUTDIR [board|seat|companion|all] [SCRIPT.json]
// SCRIPT.json (companion): {lines: [serial lines], answers: {ids, state, version}, record: text}
// Prints one JSON object with what it saw; tests/test_web.py asserts on it.
import puppeteer from "puppeteer-core";
import fs from "fs";

const [url, outdir, which = "all"] = process.argv.slice(2);
const exe = process.env.CHROMIUM || "/usr/bin/chromium";
const out = { board: null, seat: null, phone: null, companion: null, console: [] };
let lastPage = null;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(page, fn, arg, timeout = 10000) {
  return page.waitForFunction(fn, { timeout: timeout, polling: 50 }, arg);
}

async function pressButton(page, name) {
  const el = await page.$('button[data-button="' + name + '"]');
  const box = await el.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down(); await sleep(100); await page.mouse.up();
}

// the opening roll: each player presses main (a press held 100 ms, like a finger);
// equal dice roll again (docs/table.md), so press again until a turn begins
const rolledRe = /^(White|Black) \d-\d/;
async function openingRoll(page, r) {
  r.openingPresses = 0;
  for (let round = 0; round < 6; round++) {
    for (const b of ["p1_main", "p2_main"]) {
      await pressButton(page, b);
      r.openingPresses += 1;
      await sleep(150);
    }
    try { await waitFor(page, (re) => new RegExp(re).test(tablier.screen[0]), rolledRe.source, 2000); break; }
    catch (e) { /* a tie: again */ }
  }
  await waitFor(page, (re) => new RegExp(re).test(tablier.screen[0]), rolledRe.source);
}

async function openBoard(browser, r) {
  const page = lastPage = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  page.on("console", (m) => out.console.push(m.text()));
  page.on("pageerror", (e) => out.console.push("pageerror: " + e.message));
  const t0 = Date.now();
  await page.goto(url + "index.html");
  await waitFor(page, () => window.tablier && window.tablier.ready && window.tablier.firstRenderMs !== null);
  r.wallReadyMs = Date.now() - t0;
  Object.assign(r, await page.evaluate(() => ({ firstRenderMs: tablier.firstRenderMs, readyMs: tablier.startedMs,
    bootMs: tablier.bootMs, micropython: tablier.micropython })));
  return page;
}

// The board in a seat: after the opening roll the mover's seat goes to the board (the
// page's seat control: Settings' seat item, in the game in progress); its engine (pure
// Python under the WebAssembly port) thinks, the OLED says "... plays ...", the page's
// hands make the play, the firmware judges the checkers and the turn passes.
async function seat(browser) {
  const r = {};
  const page = await openBoard(browser, r);
  await page.click("#setup");
  await waitFor(page, () => tablier.screen.join("|").includes("Opening roll"));
  await openingRoll(page, r);
  const m = /^(White|Black) (\d)-(\d)/.exec(await page.evaluate(() => tablier.screen[0]));
  r.mover = m[1]; r.dice = [+m[2], +m[3]];
  const player = r.mover === "White" ? 0 : 1;
  r.serialBefore = await page.evaluate(() => tablier.serial.length);
  r.slowBefore = await page.evaluate(() => tablier.slow.length);     // the worker's long turns so far
  const t1 = Date.now();
  r.level = process.env.SEAT_LEVEL || "normal";          // (SEAT_LEVEL=strong: to time the strong level)
  await page.select("#seat-" + player, r.level);
  await waitFor(page, () => tablier.state.board_play, null, 60000);
  r.thinkWallMs = Date.now() - t1;
  await sleep(100);
  r.shown = await page.evaluate(() => ({ screen: tablier.screen.slice(), seats: tablier.seats.slice(),
    codes: tablier.codes.slice(), points: tablier.state.points,
    disabled: document.getElementById("board-play").disabled }));
  r.oledShown = await page.evaluate(() => tablier.readOled());
  await page.click("#board-play");
  const next = player ? "White" : "Black";
  await waitFor(page, (n) => tablier.screen[0].startsWith(n) && !tablier.state.hands_busy, next, 20000);
  await sleep(200);
  r.after = await page.evaluate((k) => ({ screen: tablier.screen.slice(), points: tablier.state.points,
    bar: tablier.state.bar, serial: tablier.serial.slice(k), errors: tablier.errors.slice(), slow: tablier.slow.slice(),
    disabled: document.getElementById("board-play").disabled }), r.serialBefore);
  r.oledAfter = await page.evaluate(() => tablier.readOled());
  // the person's hands put a sixth checker on their 6-point (from their mid-point): every
  // checker is drawn, the sixth one too, with the count
  const six = player ? 6 : 19, mid = player ? 13 : 12;
  const a = await page.evaluate((p) => tablier.placeXY(p), mid);
  await page.mouse.click(a.x, a.y);
  await waitFor(page, () => tablier.state.hand);
  const b = await page.evaluate((p) => tablier.placeXY(p), six);
  await page.mouse.click(b.x, b.y);
  await waitFor(page, (p) => tablier.state.points[p - 1].length === 6, six);
  await sleep(200);
  r.six = await page.evaluate((p) => {
    const d = tablier.drawn.points[p], c = document.getElementById("board").getContext("2d");
    const last = d[d.length - 1];
    // the sixth checker's body, between its rim and its inner ring
    const body = Array.from(c.getImageData(Math.round(last.x + 22), Math.round(last.y), 1, 1).data.slice(0, 3));
    return { point: p, onBoard: tablier.state.points[p - 1], drawn: d, body: body };
  }, six);
  await page.screenshot({ path: outdir + "/seat.png" });
  await page.close();
  return r;
}

// A phone: a 390 px wide viewport; the OLED and the board fit its width, the serial
// panel is folded away.
async function phone(browser) {
  const r = {};
  const page = lastPage = await browser.newPage();
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  page.on("pageerror", (e) => out.console.push("pageerror: " + e.message));
  await page.goto(url + "index.html");
  await waitFor(page, () => window.tablier && window.tablier.ready && window.tablier.firstRenderMs !== null);
  Object.assign(r, await page.evaluate(() => {
    const box = (id) => { const b = document.getElementById(id).getBoundingClientRect(); return { left: b.left, right: b.right, width: b.width, height: b.height }; };
    return { viewport: window.innerWidth, scrollWidth: document.documentElement.scrollWidth,
      oled: box("oled"), board: box("board"), serialOpen: document.getElementById("serial-panel").open,
      serialHeight: box("serial-panel").height };
  }));
  await page.screenshot({ path: outdir + "/phone.png", fullPage: true });
  await page.close();
  return r;
}

async function board(browser) {
  const r = {};
  const page = await openBoard(browser, r);
  r.screenAtStart = await page.evaluate(() => tablier.screen);
  await page.click("#setup");
  await waitFor(page, () => tablier.screen.join("|").includes("Opening roll"));
  r.setupCodes = await page.evaluate(() => tablier.codes.slice(1, 25));
  await openingRoll(page, r);
  r.rolled = await page.evaluate(() => tablier.screen.slice());
  r.oledRead = await page.evaluate(() => tablier.readOled());
  const m = /^(White|Black) (\d)-(\d)/.exec(r.rolled[0]);
  const white = m[1] === "White", dice = [+m[2], +m[3]];
  r.mover = m[1]; r.dice = dice;
  r.turnCodes = await page.evaluate(() => [tablier.codes[27], tablier.codes[28]]);
  r.matchDrawn = await page.evaluate(() => {
    const c = document.getElementById("board").getContext("2d"), d = tablier.drawn;
    // the pixels under the drawn dice and cube (a die's corner, inside its border)
    const px = (x, y) => Array.from(c.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3));
    const dieX = 40 + (tablier.state.on_roll === 0 ? 9.5 : 2.5) * 60;
    return { drawn: d, state: { dice: tablier.state.dice, on_roll: tablier.state.on_roll, score: tablier.state.score,
      length: tablier.state.length, cube: tablier.state.cube },
      line: document.getElementById("match-line").textContent,
      diePixel: px(dieX - 22 - 13, 280 - 13), cubePixel: d.cube ? px(d.cube.x - 13, d.cube.y - 13) : null,
      serialOpen: document.getElementById("serial-panel").open };
  });
  // the play 8/8-d1 8/8-d2 (always legal from the start), in White's numbering
  const from = white ? 8 : 17;
  const to = dice.map((d) => white ? 8 - d : 17 + d);
  r.play = [];
  for (let i = 0; i < 2; i++) {
    const a = await page.evaluate((p) => tablier.placeXY(p), from);
    await page.mouse.click(a.x, a.y);
    await waitFor(page, (p) => tablier.state.hand && tablier.codes[p] === 4, from);     // LIFTED
    const lit = await page.evaluate(() => tablier.codes.map((c, i) => c === 2 ? i : -1).filter((i) => i > 0));
    const b = await page.evaluate((p) => tablier.placeXY(p), to[i]);
    await page.mouse.click(b.x, b.y);
    await waitFor(page, (p) => !tablier.state.hand && tablier.codes[p] !== 2, to[i]);
    await sleep(200);
    r.play.push({ from: from, to: to[i], dest: lit, screen: await page.evaluate(() => tablier.screen.slice()) });
  }
  await pressButton(page, white ? "p1_main" : "p2_main");
  const next = white ? "Black" : "White";
  await waitFor(page, (n) => tablier.screen[0].startsWith(n), next);
  await sleep(300);
  r.afterCommit = await page.evaluate(() => ({ screen: tablier.screen.slice(), codes: tablier.codes.slice(),
    leds: tablier.leds.slice(), points: tablier.state.points, serial: tablier.serial.slice(), errors: tablier.errors }));
  r.oledAfter = await page.evaluate(() => tablier.readOled());
  r.dom = await page.evaluate(() => ({ oledText: document.getElementById("oled-text").textContent,
    turnLed: [getComputedStyle(document.getElementById("led-27")).backgroundColor,
              getComputedStyle(document.getElementById("led-28")).backgroundColor] }));
  await page.screenshot({ path: outdir + "/board.png" });
  r.screenshot = outdir + "/board.png";
  // the menu: a short press opens it, a long press (a shift-click: held 1 s) closes it
  // (the rows that show a running clock, W1:52 B2:00, are compared without it)
  const calm = () => tablier.screen.filter((r) => !/\d:\d\d/.test(r)).join("|");
  await page.evaluate("window.calmScreen = " + calm.toString());
  const before = await page.evaluate(() => calmScreen());
  await pressButton(page, "menu");
  await waitFor(page, (b) => calmScreen() !== b, before);
  r.menuOpen = await page.evaluate(() => tablier.screen.slice());
  await page.keyboard.down("Shift");
  await page.click('button[data-button="menu"]');
  await page.keyboard.up("Shift");
  await waitFor(page, (b) => calmScreen() === b, before, 5000);
  r.menuClosed = await page.evaluate(() => tablier.screen.slice());
  r.menuBefore = before.split("|");
  r.menuOpen = r.menuOpen.filter((x) => !/\d:\d\d/.test(x)); r.menuClosed = r.menuClosed.filter((x) => !/\d:\d\d/.test(x));
  // the demo takes the game on from here: simui's two players, run by the page's MicroPython
  await page.click("#demo");
  await waitFor(page, () => tablier.demo.filter((t) => / plays /.test(t)).length >= 2, null, 20000);
  await page.click("#demo");
  r.demo = await page.evaluate(() => ({ said: tablier.demo.slice(), errors: tablier.errors.slice(),
    plays: tablier.serial.filter((l) => l.includes('"t":"play"')).length }));
  await page.close();
  return r;
}

// A stand-in for navigator.serial, put in the page before its scripts run: one port that
// plays the script's event lines, answers the commands (ids, state, version, press) and
// MicroPython's raw REPL (the record download), as a board on USB would.
function fakeSerial(script) {
  const enc = new TextEncoder(), dec = new TextDecoder();
  let ctrl = null, rawMode = false, rawBuf = "", cmdBuf = "";
  const sent = window.__serialSent = [];
  // the board writes whole lines: an answer waits while the stream is in the middle of one
  let midLine = false, waiting = "";
  const emit = (text) => ctrl && ctrl.enqueue(enc.encode(text));
  const push = (text) => { if (midLine) waiting += text; else emit(text); };
  const port = {
    readable: null, writable: null,
    async open(opts) {
      window.__serialBaud = opts.baudRate;
      this.readable = new ReadableStream({ start(c) { ctrl = c; } });
      this.writable = new WritableStream({ write(chunk) { onWrite(dec.decode(chunk)); } });
      // the stream, in chunks that cut lines in the middle (as USB packets do)
      const text = script.lines.map((l) => l + "\r\n").join("");
      let i = 0;
      const feed = () => {
        if (i >= text.length) return;
        const chunk = text.slice(i, i + 700);
        i += chunk.length;
        midLine = !chunk.endsWith("\n");
        emit(chunk);
        if (!midLine && waiting) { emit(waiting); waiting = ""; }
        else if (midLine && waiting) {               // finish the line, then the answers
          const nl = text.indexOf("\n", i) + 1;
          emit(text.slice(i, nl) + waiting); waiting = ""; i = nl; midLine = false;
        }
        setTimeout(feed, 5);
      };
      setTimeout(feed, 20);
    },
    async close() {},
    getInfo() { return { usbVendorId: 0x2e8a, usbProductId: 0x0005 }; },
  };
  function onWrite(text) {
    for (const ch of text) {
      if (rawMode) {
        if (ch === "\x04") {
          sent.push({ raw: rawBuf });
          push("OK" + script.record.replace(/\n/g, "\r\n") + "\x04\x04>");
          rawBuf = "";
        } else if (ch === "\x02") { rawMode = false; }
        else rawBuf += ch;
        continue;
      }
      if (ch === "\x01") { rawMode = true; rawBuf = ""; push("raw REPL; CTRL-B to exit\r\n>"); continue; }
      if (ch === "\x03") { push("\r\nTraceback (most recent call last):\r\nKeyboardInterrupt: \r\n>>> "); continue; }
      if (ch === "\x04") { push("MPY: soft reboot\r\n" + script.answers.version + "\r\n"); continue; }
      if (ch === "\n") {
        const cmd = cmdBuf.trim(); cmdBuf = "";
        if (!cmd) continue;
        sent.push(cmd);
        const word = cmd.split(" ")[0];
        if (word === "press") push('{"t":"pressed","name":"' + cmd.split(" ")[1] + '","kind":"press"}\r\n');
        else if (script.answers[word]) push(script.answers[word] + "\r\n");
        continue;
      }
      cmdBuf += ch;
    }
  }
  Object.defineProperty(navigator, "serial", { value: {
    async requestPort() { return port; }, async getPorts() { return [port]; },
  } });
}

async function companion(browser, script) {
  const r = {};
  const page = lastPage = await browser.newPage();
  await page.setViewport({ width: 1400, height: 1100 });
  page.on("console", (m) => out.console.push(m.text()));
  page.on("pageerror", (e) => out.console.push("pageerror: " + e.message));
  await page.evaluateOnNewDocument(fakeSerial, script);
  await page.goto(url + "companion.html");
  await page.click("#connect");
  const n = script.lines.filter((l) => l.startsWith("{")).length;
  await waitFor(page, (k) => companion.events.filter((e) => e.t !== "ids" && e.t !== "state" && e.t !== "hello").length >= k, n - 1);
  await waitFor(page, () => companion.screen !== null && companion.ids.pos !== null);
  await page.click('button[data-copy="pos-id"]');
  await page.click('button[data-press="menu"]');
  await sleep(100);
  r.mirror = await page.evaluate(() => ({ points: companion.points, bar: companion.bar, off: companion.off,
    score: companion.score, dice: companion.dice, cube: companion.cube, names: companion.names, match: companion.match,
    ids: companion.ids, copied: companion.copied, clocks: companion.clocks, screen: companion.screen,
    messages: companion.messages, errors: companion.errors, game: companion.game, fw: companion.fw,
    baud: window.__serialBaud }));
  r.live = await page.evaluate(() => companion.exportLive());
  await page.click("#pull-record");
  await waitFor(page, () => companion.downloads.some((d) => d.name.endsWith(".mat") && d.name !== "tablier-live.mat"));
  r.downloads = await page.evaluate(() => companion.downloads.filter((d) => d.name !== "tablier-live.mat"));
  r.sent = await page.evaluate(() => window.__serialSent);
  r.dom = await page.evaluate(() => ({ score: document.getElementById("f-score").textContent,
    cube: document.getElementById("f-cube").textContent, clocks: document.getElementById("f-clocks").textContent,
    pos: document.getElementById("pos-id").textContent, messages: document.getElementById("messages").textContent }));
  await page.screenshot({ path: outdir + "/companion.png", fullPage: true });
  await page.close();
  return r;
}

const browser = await puppeteer.launch({ executablePath: exe, headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
try {
  if (which === "all" || which === "board") out.board = await board(browser);
  if (which === "all" || which === "seat") out.seat = await seat(browser);
  if (which === "all" || which === "phone") out.phone = await phone(browser);
  if (which === "all" || which === "companion") out.companion = await companion(browser, JSON.parse(fs.readFileSync(process.argv[5], "utf8")));
} catch (e) {
  out.error = String(e.stack || e).split("\n").slice(0, 3).join("\n");
  try {
    out.last = await lastPage.evaluate(() => window.tablier ? { screen: tablier.screen, errors: tablier.errors,
      demo: tablier.demo, serial: tablier.serial, hand: tablier.state && tablier.state.hand }
      : { events: companion.events.length, lines: companion.lines.length, screen: companion.screen, ids: companion.ids,
          status: document.getElementById("conn-status").textContent, kinds: companion.events.reduce((a, e) => { a[e.t] = (a[e.t] || 0) + 1; return a; }, {}) });
  } catch (e2) { out.last = String(e2); }
} finally {
  await browser.close();
}
fs.mkdirSync(outdir, { recursive: true });
console.log(JSON.stringify(out));
