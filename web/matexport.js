// The board's match record (firmware/record.py, "TBR 1") to a Jellyfish .mat text, in the
// browser: a port of record.read_lines, host_tools/matfile.py from_record and write, and
// cmd_export.split_matches. tests/test_web_mat.py checks that it writes byte for byte what
// `python -m host_tools export` writes for the same records.
export const FORMAT_VERSION = 1;
const KIND = { M: "match", N: "name", G: "game", R: "roll", P: "play", D: "double", T: "take",
  K: "drop", B: "beaver", S: "resign", A: "accept", X: "decline", O: "timeout", E: "end" };
const BARE = ["take", "drop", "accept", "decline", "timeout"];
const START = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];

function check(cond, what) { if (!cond) throw new Error(what); }
function ints(fields) {
  return fields.map((f) => { check(/^\d+$/.test(f), "not a number: '" + f + "'"); return parseInt(f, 10); });
}

// one record line -> an event array (as record.py's tuples); throws with a reason
export function decodeLine(line) {
  line = line.trim();
  check(line, "empty line");
  const code = line[0];
  check(code in KIND, "unknown event code '" + code + "'");
  const kind = KIND[code];
  if (code === "M" || code === "G") {
    const fields = line.slice(1).split(/\s+/).filter((f) => f);
    if (kind === "match") {
      check(fields.length === 3, "match start needs length, rules and date");
      const rules = fields[1] === "-" ? "" : fields[1];
      check([...rules].every((c) => "CJB".includes(c)), "unknown rule letter in '" + rules + "'");
      const date = fields[2] === "-" ? "" : fields[2];
      check(!date || /^.{4}-.{2}-.{2}$/.test(date), "bad date '" + date + "'");
      return ["match", ints(fields.slice(0, 1))[0], rules, date];
    }
    check(fields.length === 2 || fields.length === 3, "game start needs the two scores");
    const [s0, s1] = ints(fields.slice(0, 2));
    check(fields.length === 2 || fields[2] === "C", "unknown game flag '" + fields[fields.length - 1] + "'");
    return ["game", s0, s1, fields.length === 3];
  }
  check(line.length > 1 && "01".includes(line[1]), "player must be 0 or 1");
  const p = parseInt(line[1], 10);
  check(line.length === 2 || line[2] === " ", "missing space after '" + line.slice(0, 2) + "'");
  if (kind === "name") { const name = line.slice(3); check(name, "empty name"); return ["name", p, name]; }
  const nums = ints(line.slice(2).split(/\s+/).filter((f) => f));
  if (BARE.includes(kind)) { check(!nums.length, kind + " takes no fields"); return [kind, p]; }
  if (kind === "roll") {
    check(nums.length === 2 && nums.every((d) => d >= 1 && d <= 6), "a roll is two dice 1-6");
    return ["roll", p, nums[0], nums[1]];
  }
  if (kind === "play") {
    check(nums.length % 2 === 0 && nums.length <= 8, "a play is up to 4 (from, to) pairs");
    const moves = [];
    for (let i = 0; i < nums.length; i += 2) {
      const f = nums[i], t = nums[i + 1];
      check(f >= 1 && f <= 25 && t >= 0 && t <= 24 && f > t, "bad move " + f + "/" + t);
      moves.push([f, t]);
    }
    return ["play", p, moves];
  }
  check(nums.length === 1, kind + " takes one number");
  const n = nums[0];
  if (kind === "double" || kind === "beaver") check(n >= 2 && (n & (n - 1)) === 0, "cube value " + n + " is not a power of two");
  else if (kind === "resign") check(n >= 1 && n <= 3, "resignation must be 1, 2 or 3");
  else check(n >= 1, "a game is won by at least 1 point");
  return [kind, p, n];
}

// a record's text -> {events, problems: [[line number, reason]]}; throws for a newer format
export function readRecord(text) {
  const events = [], problems = [];
  const lines = text.split("\n");
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  for (let n = 1; n <= lines.length; n++) {
    const line = lines[n - 1].trim();
    if (n === 1) {
      if (line.startsWith("TBR")) {
        const v = line.slice(4);
        if (line[3] === " " && /^\d+$/.test(v)) {
          if (parseInt(v, 10) > FORMAT_VERSION) throw new Error("record format " + v + " comes from a newer firmware; this reader handles format " + FORMAT_VERSION);
          continue;
        }
        problems.push([1, "damaged header; read as format " + FORMAT_VERSION]);
        continue;
      }
      problems.push([1, "missing header; read as format " + FORMAT_VERSION]);
    }
    if (!line) continue;
    try { events.push(decodeLine(line)); } catch (e) { problems.push([n, e.message + ": '" + line.slice(0, 40) + "'"]); }
  }
  return { events, problems };
}

// the board appends every match to one record: one event list per match
export function splitMatches(events) {
  const out = [];
  for (const ev of events) {
    if (ev[0] === "match" || !out.length) out.push([]);
    out[out.length - 1].push(ev);
  }
  return out.filter((m) => m.some((ev) => ev[0] === "game"));
}

export function fromRecord(events) {
  const match = { length: 0, players: ["Player 1", "Player 2"], crawford: true, date: "", site: "", games: [] };
  let game = null, roll = null;
  for (const ev of events) {
    const kind = ev[0];
    if (kind === "match") { match.length = ev[1]; match.crawford = ev[2].includes("C"); match.date = ev[3]; }
    else if (kind === "name") match.players[ev[1]] = ev[2];
    else if (kind === "game") { game = { score: [ev[1], ev[2]], actions: [] }; match.games.push(game); roll = null; }
    else if (game === null) throw new Error("record event " + JSON.stringify(ev) + " before any game start");
    else if (kind === "roll") roll = ev;
    else if (kind === "play") {
      if (roll === null || roll[1] !== ev[1]) throw new Error("play " + JSON.stringify(ev) + " without its roll");
      game.actions.push(["move", ev[1], roll[2], roll[3], ev[2]]); roll = null;
    } else if (kind === "double" || kind === "beaver") game.actions.push([kind, ev[1], ev[2]]);
    else if (kind === "take" || kind === "drop") game.actions.push([kind, ev[1]]);
    else if (kind === "end") {
      const score = game.score.slice(); score[ev[1]] += ev[2];
      game.actions.push(["win", ev[1], ev[2], !!match.length && score[ev[1]] >= match.length]);
    }
  }
  return match;
}

function applyStep(me, opp, frm, to) {      // bg/play.py apply_step: true when it hit
  me[frm - 1] -= 1;
  if (to > 0) {
    me[to - 1] += 1;
    const oi = 24 - to;
    if (opp[oi] === 1) { opp[oi] = 0; opp[24] += 1; return true; }
  }
  return false;
}

const ljust = (s, n) => s.length >= n ? s : s + " ".repeat(n - s.length);
const pad3 = (n) => { const s = String(n); return s.length >= 3 ? s : " ".repeat(3 - s.length) + s; };
const points = (n) => n + " point" + (n === 1 ? "" : "s");

function cell(a, boards) {
  const kind = a[0], p = a[1];
  if (kind === "move") {
    const me = boards[p], opp = boards[1 - p];
    const text = a[4].map(([f, t]) => f + "/" + t + (applyStep(me, opp, f, t) ? "*" : "")).join(" ");
    return "" + a[2] + a[3] + ": " + text;
  }
  if (kind === "double") return " Doubles => " + a[2];
  if (kind === "beaver") return " Beavers => " + a[2];
  if (kind === "take") return " Takes";
  if (kind === "drop") return " Drops";
  throw new Error("no cell for " + kind);
}

// matfile.write: the .mat text, laid out the way GNU Backgammon exports it
export function writeMat(match) {
  const out = [];
  out.push('; [Site "' + (match.site || "Tablier") + '"]');
  out.push('; [Player 1 "' + match.players[0] + '"]');
  out.push('; [Player 2 "' + match.players[1] + '"]');
  if (match.date) out.push('; [EventDate "' + match.date.replace(/-/g, ".") + '"]');
  out.push('; [Variation "Backgammon"]');
  out.push('; [Crawford "' + (match.crawford ? "On" : "Off") + '"]');
  out.push("");
  out.push(" " + match.length + " point match");
  match.games.forEach((game, i) => {
    out.push("");
    out.push(" Game " + (i + 1));
    out.push(" " + ljust(match.players[0] + " : " + game.score[0], 31) + match.players[1] + " : " + game.score[1]);
    const boards = [START.slice(), START.slice()];
    const row = [null, null], rows = [];
    let numbered = 0;
    const flush = () => {
      if (row[0] !== null || row[1] !== null) { rows.push([row[0] || "", row[1] || ""]); row[0] = row[1] = null; }
    };
    const emitRows = () => {
      for (const [a, b] of rows) {
        numbered += 1;
        out.push((pad3(numbered) + ") " + (a.length >= 28 ? ljust(a, 28) + " " + b : ljust(a, 28) + b)).replace(/\s+$/, ""));
      }
      rows.length = 0;
    };
    for (const a of game.actions) {
      const kind = a[0], p = a[1];
      if (kind === "loss") continue;
      if (kind === "win") {
        const text = "Wins " + points(a[2]) + (a[3] ? " and the match" : "");
        if (p === 1 && row[0] !== null && row[1] === null) { row[1] = text; flush(); emitRows(); continue; }
        flush(); emitRows();
        out.push(" ".repeat(p === 0 ? 6 : 34) + text);
        continue;
      }
      if (row[p] !== null || (p === 0 && row[1] !== null)) flush();
      row[p] = cell(a, boards);
    }
    flush(); emitRows();
  });
  out.push("");
  return out.join("\n");
}

// every match of a record's text -> [{name, text, games}], and the lines skipped
export function exportRecord(text, base = "tablier") {
  const { events, problems } = readRecord(text);
  const matches = splitMatches(events);
  const files = matches.map((m, i) => {
    const match = fromRecord(m);
    return { name: matches.length === 1 ? base + ".mat" : base + "-" + (i + 1) + ".mat",
             text: writeMat(match), games: match.games.length, players: match.players };
  });
  return { files, problems };
}
