// The board's match record (firmware/record.py, "TBR 2", format 1 still read) to a Jellyfish
// .mat text, in the browser: a port of record.read_lines (seals, resume lines, renumbered
// lines), host_tools/matfile.py from_record, clean_name and write, and cmd_export's
// export_record (split_matches, the match starts without a move left out, the game joined in
// progress left out). tests/test_web_mat.py checks that it writes byte for byte what
// `python -m host_tools export` writes for the same records.
export const FORMAT_VERSION = 2;
const KIND = { M: "match", N: "name", G: "game", R: "roll", P: "play", D: "double", T: "take",
  K: "drop", B: "beaver", S: "resign", A: "accept", X: "decline", O: "timeout", E: "end",
  W: "resume", H: "position", F: "commit", V: "reveal", U: "entered" };
const NO_PLAYER = "MGWHFVU";
const BARE = ["take", "drop", "accept", "decline", "timeout"];
const START = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];
// record.py's bounds: a line beyond them is damaged, not a match
const MAX_LENGTH = 32767, MAX_SCORE = 2 * MAX_LENGTH + 3 * 32768, MAX_CUBE = 32768;
const TORN = ["torn line", "check failed"];     // the reasons a power cut can leave
const PLAYED = ["play", "double", "end"];       // what makes a match more than its start

function check(cond, what) { if (!cond) throw new Error(what); }
// Python's repr of a str (the messages quote lines and fields the way record.py does)
function repr(s) {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = "";
  for (const c of s) {
    const n = c.codePointAt(0);
    if (c === "\\" || c === q) out += "\\" + c;
    else if (c === "\n") out += "\\n";
    else if (c === "\r") out += "\\r";
    else if (c === "\t") out += "\\t";
    else if (!printable(c)) out += n < 0x100 ? "\\x" + n.toString(16).padStart(2, "0")
      : n < 0x10000 ? "\\u" + n.toString(16).padStart(4, "0") : "\\U" + n.toString(16).padStart(8, "0");
    else out += c;
  }
  return q + out + q;
}
// Python's str.isprintable for one character: no control, format, private, unassigned
// character, no separator but the space
const printable = (c) => c === " " || !/[\p{C}\p{Z}]/u.test(c);
const isDigits = (f) => /^[0-9]+$/.test(f);
const isHex64 = (f) => /^[0-9a-f]{64}$/.test(f);
function ints(fields) {
  return fields.map((f) => { check(isDigits(f), "not a number: " + repr(f)); return parseInt(f, 10); });
}
const words = (s) => s.split(/\s+/).filter((f) => f);

export function fletcher16(bytes) {
  let a = 0, b = 0;
  for (const x of bytes) { a = (a + x) % 255; b = (b + a) % 255; }
  return (b << 8) | a;
}
const utf8 = new TextEncoder();

// record_open.unseal: [event text, seq (null for "-")]; throws for a torn or damaged line
export function unseal(line) {
  const j = line.lastIndexOf(" ");
  const i = j > 0 ? line.lastIndexOf(" @", j - 1) : -1;
  check(i > 0 && i + 2 <= j, "torn line: no check at its end");
  const chk = line.slice(j + 1);
  check(/^[0-9a-f]{4}$/.test(chk), "torn line: no check at its end");
  check(parseInt(chk, 16) === fletcher16(utf8.encode(line.slice(0, j))), "check failed: torn or damaged line");
  const s = line.slice(i + 2, j);
  if (s === "-") return [line.slice(0, i), null];
  check(isDigits(s), "bad sequence number " + repr(s));
  return [line.slice(0, i), parseInt(s, 10)];
}

// record_writer.seal: "text @SEQ CCCC" (the tests write records with it)
export function seal(text, seq = null) {
  const body = text + " @" + (seq === null ? "-" : seq);
  return body + " " + fletcher16(utf8.encode(body)).toString(16).padStart(4, "0");
}

// true when a problem readRecord reported is a torn or damaged line its check caught
export const isTorn = (reason) => TORN.some((t) => reason.startsWith(t));

// one record line (without its seal) -> an event array (as record.py's tuples); throws with a reason
export function decodeLine(line) {
  line = line.trim();
  check(line, "empty line");
  const code = line[0];
  check(code in KIND, "unknown event code " + repr(code));
  const kind = KIND[code];
  if (NO_PLAYER.includes(code)) {
    const fields = words(line.slice(1));
    if (kind === "match") {
      check(fields.length === 3, "match start needs length, rules and date");
      const length = ints(fields.slice(0, 1))[0];
      check(length <= MAX_LENGTH, "match length " + length + " is above " + MAX_LENGTH);
      const rules = fields[1] === "-" ? "" : fields[1];
      check([...rules].every((c) => "CJB".includes(c)), "unknown rule letter in " + repr(rules));
      const date = fields[2] === "-" ? "" : fields[2];
      check(!date || (date.length === 10 && date[4] === "-" && date[7] === "-"), "bad date " + repr(date));
      return ["match", length, rules, date];
    }
    if (kind === "resume") {
      check(fields.length === 1, "a resume line holds one line number");
      return ["resume", ints(fields)[0]];
    }
    if (kind === "position") {
      check(fields.length === 2 && fields.every((f) => [...f].length <= 20),
        "a position line holds a position ID, the player on roll and the dice");
      return ["position", fields[0], fields[1]];
    }
    if (kind === "commit") {
      check(fields.length === 3 && isHex64(fields[0]) && [...fields[1]].length <= 16,
        "a dice commitment holds a SHA-256 in hex, the salt and a roll number");
      return ["commit", fields[0], fields[1] === "-" ? "" : fields[1], ints(fields.slice(2))[0]];
    }
    if (kind === "reveal") {
      check(fields.length === 1 && isHex64(fields[0]), "a dice reveal holds the seed in hex");
      return ["reveal", fields[0]];
    }
    if (kind === "entered") {
      check(fields.length === 1 && (fields[0] === "0" || fields[0] === "1"),
        "dice entered is 1 (by the players) or 0 (the board's)");
      return ["entered", parseInt(fields[0], 10)];
    }
    check(fields.length === 2 || fields.length === 3, "game start needs the two scores");
    const [s0, s1] = ints(fields.slice(0, 2));
    check(s0 <= MAX_SCORE && s1 <= MAX_SCORE, "score " + s0 + "-" + s1 + " is not a real score");
    check(fields.length === 2 || fields[2] === "C", "unknown game flag " + repr(fields[fields.length - 1]));
    return ["game", s0, s1, fields.length === 3];
  }
  check(line.length > 1 && "01".includes(line[1]), "player must be 0 or 1");
  const p = parseInt(line[1], 10);
  check(line.length === 2 || line[2] === " ", "missing space after " + repr(line.slice(0, 2)));
  if (kind === "name") { const name = line.slice(3); check(name, "empty name"); return ["name", p, name]; }
  const nums = ints(words(line.slice(2)));
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
  if (kind === "double" || kind === "beaver") {
    check(n >= 2 && n <= MAX_CUBE && (n & (n - 1)) === 0, "cube value " + n + " is not a power of two up to " + MAX_CUBE);
  } else if (kind === "resign") check(n >= 1 && n <= 3, "resignation must be 1, 2 or 3");
  else {
    const low = kind === "end" ? 0 : 1;     // `E p 0`: seed 003's ghost won, no points counted
    check(n >= low && n <= 3 * MAX_CUBE, "a game is won by " + low + " to " + 3 * MAX_CUBE + " points, not " + n);
  }
  return [kind, p, n];
}

function headerVersion(line) {       // record_open.header_version
  return line.startsWith("TBR") && line[3] === " " && isDigits(line.slice(4)) ? parseInt(line.slice(4), 10) : null;
}
// a line as a message may show it: the first 40 characters, printable ASCII only
const shown = (line) => [...line].slice(0, 40).map((c) => (c >= " " && c <= "~" ? c : "?")).join("");

// drop the last lines numbered above n (a power cut undid them)
function voidAfter(kept, n) {
  while (kept.length && kept[kept.length - 1][0] !== null && kept[kept.length - 1][0] > n) kept.pop();
}

// a record's text -> {events, problems: [[line number, reason]]}; throws for a newer format.
// Format 2 lines are checked (a torn or damaged one is skipped) and sequenced: `W n` voids
// the lines numbered above n before it, a line numbered at or below one already read
// replaces it and those after it; voided lines are not events, resume lines neither.
export function readRecord(text) {
  const kept = [], problems = [];
  let sealed = true, last = null, skipped = 0;
  const lines = text.split("\n");
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  for (let n = 1; n <= lines.length; n++) {
    let line = lines[n - 1].trim();
    if (n === 1) {
      const v = headerVersion(line);
      if (v !== null) {
        if (v > FORMAT_VERSION) {
          throw new Error("record format " + v + " comes from a newer firmware; this reader handles " +
            "formats 1 to " + FORMAT_VERSION + ": update the software reading it");
        }
        sealed = v >= 2;
        continue;
      }
      sealed = null;           // no header, or a damaged one: each line read as sealed if it is
      if (line.startsWith("TBR")) {
        problems.push([1, "damaged header " + repr([...line].slice(0, 20).join("")) + "; lines read as they come"]);
        continue;
      }
      problems.push([1, "missing header; lines read as they come"]);
    }
    if (!line) continue;
    let seq = null, ev;
    try {
      if (sealed || (sealed === null && line.includes(" @"))) [line, seq] = unseal(line);
      ev = decodeLine(line);
    } catch (e) {
      problems.push([n, e.message + ": " + repr(shown(line))]);
      skipped += 1;
      continue;
    }
    if (ev[0] === "resume") { voidAfter(kept, ev[1]); last = ev[1]; skipped = 0; continue; }
    if (seq !== null && !(ev[0] === "match" && seq === 1)) {
      // (a match numbered 1 is a Table started afresh: a new count, not a rewind)
      if (last !== null && seq <= last) voidAfter(kept, seq - 1);
      else if (last !== null && seq > last + 1 + skipped) {
        problems.push([n, (seq - last - 1) + " record line(s) missing before this one"]);
      }
    }
    if (seq !== null) { last = seq; skipped = 0; }
    kept.push([seq, ev]);
  }
  return { events: kept.map((k) => k[1]), problems };
}

// the board appends every match to one record: one event list per match
export function splitMatches(events) {
  const out = [];
  for (const ev of events) {
    if (ev[0] === "match" || !out.length) out.push([]);
    out[out.length - 1].push(ev);
  }
  return out;
}

// matfile.clean_name: printable characters only, none of " [ ] \ :, spaces collapsed,
// at most 40 characters; `fallback` when nothing is left
export function cleanName(name, fallback = "Player") {
  const kept = [...name].map((c) => (printable(c) && !'"[]\\:'.includes(c) ? c : " ")).join("");
  const out = [...words(kept).join(" ")].slice(0, 40).join("").trim();
  return out || fallback;
}
// cmd_export.printable: control characters replaced by '?'
const printed = (text) => [...String(text)].map((c) => (printable(c) ? c : "?")).join("");

// matfile.from_record: a roll and the play after it make one `dd: moves` cell; resignations
// offered, accepted, declined and timeouts have no place in the format
// names: as each seat was when the match's play began; later changes of hands as notes
const ACTS = ["roll", "play", "double", "beaver", "take", "drop", "end", "position"];
export function fromRecord(events) {
  const match = { length: 0, players: ["Player 1", "Player 2"], crawford: true, date: "", site: "", games: [], notes: [] };
  let game = null, roll = null, noted = null, moves = 0;
  const now = match.players.slice();
  for (const ev of events) {
    const kind = ev[0];
    if (ACTS.includes(kind) && game !== null) {
      if (noted === null) { match.players = now.slice(); noted = now.slice(); }
      for (const p of [0, 1]) {
        if (now[p] !== noted[p]) {
          match.notes.push("Game " + match.games.length + ", move " + (moves + 1) + ": " + match.players[p] + "'s seat is " + now[p]);
          noted[p] = now[p];
        }
      }
    }
    if (kind === "match") { match.length = ev[1]; match.crawford = ev[2].includes("C"); match.date = ev[3]; }
    else if (kind === "name") now[ev[1]] = cleanName(ev[2], now[ev[1]]);
    else if (kind === "game") { game = { score: [ev[1], ev[2]], actions: [], joined: null }; match.games.push(game); roll = null; moves = 0; }
    else if (kind === "commit" || kind === "reveal" || kind === "entered") { /* fair dice: for verify-dice, not the .mat */ }
    else if (game === null) throw new Error("record event " + JSON.stringify(ev) + " before any game start");
    else if (kind === "position") {
      // the record started again in the middle of this game: rolled already when the dice are
      game.joined = ev[1];
      const who = ev[2];
      if (/^[0-9]{3}$/.test(who) && who[1] !== "0") roll = ["roll", +who[0], +who[1], +who[2]];
    } else if (kind === "roll") roll = ev;
    else if (kind === "play") {
      if (roll === null || roll[1] !== ev[1]) throw new Error("play " + JSON.stringify(ev) + " without its roll");
      game.actions.push(["move", ev[1], roll[2], roll[3], ev[2]]); roll = null; moves += 1;
    } else if (kind === "double" || kind === "beaver") game.actions.push([kind, ev[1], ev[2]]);
    else if (kind === "take" || kind === "drop") game.actions.push([kind, ev[1]]);
    else if (kind === "end") {
      // matfile.from_record: a roll never played (lost on time, resigned) is written alone
      if (roll !== null) { game.actions.push(["rolled", roll[1], roll[2], roll[3]]); roll = null; }
      const score = game.score.slice(); score[ev[1]] += ev[2];
      game.actions.push(["win", ev[1], ev[2], !!match.length && score[ev[1]] >= match.length]);
      if (!ev[2]) {
        match.notes.push("Game " + match.games.length + ": won by " + match.players[ev[1]] + "'s seat while " + now[ev[1]] +
          ", no points counted (seed 003: a game the ghost won); its last action is left out, or GNU Backgammon would score it");
      }
    }
  }
  if (noted === null) match.players = now.slice();
  return match;
}

// matfile._as_gnubg_scores: a game that counts no points loses the action that ends it
function asGnubgScores(actions) {
  const win = actions.length ? actions[actions.length - 1] : null;
  if (win === null || win[0] !== "win" || win[2]) return actions;
  const rest = actions.slice(0, -1);
  const last = rest[rest.length - 1];
  if (last && ((last[0] === "move" && last[1] === win[1]) || last[0] === "drop")) {
    rest.pop();
    const d = rest[rest.length - 1];
    if (d && d[0] === "double" && d[1] === win[1]) rest.pop();
  }
  return rest;
}

// matfile.clean_note
function cleanNote(text) {
  const kept = [...text].map((c) => (printable(c) && !'"[]\\'.includes(c) ? c : " ")).join("");
  return [...words(kept).join(" ")].slice(0, 200).join("");
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

const width = (s) => [...s].length;             // Python's len: code points
const ljust = (s, n) => width(s) >= n ? s : s + " ".repeat(n - width(s));
const pad3 = (n) => { const s = String(n); return s.length >= 3 ? s : " ".repeat(3 - s.length) + s; };
const points = (n) => n + " point" + (n === 1 ? "" : "s");

function cell(a, boards) {
  const kind = a[0], p = a[1];
  if (kind === "move") {
    const me = boards[p], opp = boards[1 - p];
    const text = a[4].map(([f, t]) => f + "/" + t + (applyStep(me, opp, f, t) ? "*" : "")).join(" ");
    return "" + a[2] + a[3] + ": " + text;
  }
  if (kind === "rolled") return "" + a[2] + a[3] + ": ";
  if (kind === "double") return " Doubles => " + a[2];
  if (kind === "beaver") return " Beavers => " + a[2];
  if (kind === "take") return " Takes";
  if (kind === "drop") return " Drops";
  throw new Error("no cell for " + kind);
}

// matfile.write: the .mat text, laid out the way GNU Backgammon exports it
export function writeMat(match) {
  const out = [];
  const names = [cleanName(match.players[0], "Player 1"), cleanName(match.players[1], "Player 2")];
  out.push('; [Site "' + cleanName(match.site || "Tablier", "Tablier") + '"]');
  out.push('; [Player 1 "' + names[0] + '"]');
  out.push('; [Player 2 "' + names[1] + '"]');
  if (match.date) out.push('; [EventDate "' + match.date.replace(/-/g, ".") + '"]');
  out.push('; [Variation "Backgammon"]');
  out.push('; [Crawford "' + (match.crawford ? "On" : "Off") + '"]');
  for (const note of match.notes || []) out.push('; [Note "' + cleanNote(note) + '"]');
  out.push("");
  out.push(" " + match.length + " point match");
  match.games.forEach((game, i) => {
    out.push("");
    out.push(" Game " + (i + 1));
    out.push(" " + ljust(names[0] + " : " + game.score[0] + " ", 31) + names[1] + " : " + game.score[1]);
    const boards = [START.slice(), START.slice()];
    const row = [null, null], rows = [];
    let numbered = 0;
    const flush = () => {
      if (row[0] !== null || row[1] !== null) { rows.push([row[0] || "", row[1] || ""]); row[0] = row[1] = null; }
    };
    const emitRows = () => {
      for (const [a, b] of rows) {
        numbered += 1;
        out.push((pad3(numbered) + ") " + (width(a) >= 28 ? ljust(a, 28) + " " + b : ljust(a, 28) + b)).replace(/\s+$/, ""));
      }
      rows.length = 0;
    };
    for (const a of asGnubgScores(game.actions)) {
      const kind = a[0], p = a[1];
      if (kind === "loss") continue;
      if (kind === "win" && !a[2]) continue;   // no points: no `Wins` line (a note says why)
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

// every match of a record's text -> {files: [{name, text, games, players}], problems: the
// lines skipped, [[line number, reason]], notes: the rest in words (cmd_export's messages:
// matches left out, games joined in progress), broken: true when a skipped line is not one a
// power cut leaves or a match could not be exported (host_tools export exits with 1 then)}.
// Throws, with the reason in words, for a record of a newer format.
export function exportRecord(text, base = "tablier") {
  const { events, problems } = readRecord(text);
  const notes = [];
  let broken = problems.some(([, why]) => !isTorn(why));
  const matches = splitMatches(events);
  const played = matches.filter((m) => m.some((ev) => PLAYED.includes(ev[0])));
  if (played.length < matches.length) notes.push((matches.length - played.length) + " match start(s) without a move left out");
  if (!played.length) { notes.push("no game in this record"); broken = true; }
  const files = [];
  played.forEach((m, i) => {
    const name = played.length === 1 ? base + ".mat" : base + "-" + (i + 1) + ".mat";
    if (m[0][0] !== "match") {
      notes.push("a match whose match line is missing or damaged (its length and rules are unknown): not exported");
      broken = true;
      return;
    }
    let match;
    try { match = fromRecord(m); } catch (e) { notes.push(e.message); broken = true; return; }
    const joined = match.games.filter((g) => g.joined !== null);
    for (const g of joined) {
      notes.push("the game at " + g.score[0] + "-" + g.score[1] + " was joined in progress (the record was " +
        "started again there, position " + printed(g.joined) + "): left out, the match goes on from the next game");
    }
    match.games = match.games.filter((g) => g.joined === null);
    if (!match.games.length) {
      notes.push("no complete game yet in this match");
      broken = broken || !joined.length;
      return;
    }
    files.push({ name, text: writeMat(match), games: match.games.length,
                 players: [cleanName(match.players[0], "Player 1"), cleanName(match.players[1], "Player 2")] });
  });
  return { files, problems, notes, broken };
}
