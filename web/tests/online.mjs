// The companion page playing online, in the system's headless Chromium (puppeteer-core):
//   node web/tests/online.mjs PAGE_URL SERVER_WS_URL USER [create POINTS | join]
// PAGE_URL names the board seam (companion.html?board=ws://...). The page connects to the
// board, logs in, then creates a match or lists the matches and joins the first open one;
// the test plays the match on the board and on the server meanwhile. When stdin closes
// (and the page has seen the match's end), prints one JSON object: window.companion.online's words and lines, the mirror, the console.
import puppeteer from "puppeteer-core";

const [url, server, user, how = "join", points = "3"] = process.argv.slice(2);
const exe = process.env.CHROMIUM || "/usr/bin/chromium";
const out = { console: [], steps: [] };
const browser = await puppeteer.launch({ executablePath: exe, headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
const closed = new Promise((resolve) => { process.stdin.on("end", resolve); process.stdin.resume(); });
const wait = (page, fn, arg, timeout = 120000) => page.waitForFunction(fn, { timeout: timeout, polling: 50 }, arg);
let page = null;
try {
  page = await browser.newPage();
  page.on("console", (m) => out.console.push(m.text()));
  page.on("pageerror", (e) => out.console.push("pageerror: " + e.message));
  await page.goto(url);
  await page.click("#connect");
  await wait(page, () => window.companion.connected);
  out.steps.push("board connected");
  await page.$eval("#online-server", (el, v) => { el.value = v; }, server);
  await page.type("#online-user", user);
  await page.click("#online-login");
  await wait(page, () => window.companion.online.loggedIn, null, 60000);
  out.steps.push("logged in");
  if (how === "create") {
    await page.$eval("#online-points", (el, v) => { el.value = v; }, points);
    await page.click("#online-create");
  } else {
    await page.click("#online-list");
    await wait(page, () => window.companion.online.matches.some((g) => g.Players < 2));
    const id = await page.evaluate(() => window.companion.online.matches.find((g) => g.Players < 2).ID);
    await page.click("#online-join-" + id);
    out.steps.push("joined " + id);
  }
  await closed;
  // the board's last lines may still be on their way (the relay, the WebSocket)
  await wait(page, () => window.companion.events.some((e) => e.t === "match_end"), null, 15000)
    .catch(() => out.steps.push("no match_end seen"));
} catch (e) {
  out.error = String(e.stack || e);
}
try {
  out.online = await page.evaluate(() => {
    const O = window.companion.online;
    return { said: O.said, sent: O.sent, received: O.received.length, last_received: O.received.slice(-25),
             connects: O.connects,
             score: window.companion.score, names: window.companion.names,
             messages: window.companion.messages.slice(-40) };
  });
} catch (e) { out.error = (out.error || "") + " " + String(e); }
await browser.close();
console.log(JSON.stringify(out));
