"""Generate firmware/engine/bearoff.bin: the one-sided bear-off table of the board's cube.

`python -m host_tools train bearoff` (deterministic; CPython).

For every small bear-off position of one side (every checker in its home board, at least one
borne off, at most PIPS pips), the chance that it needs exactly k more rolls to bear off,
k = 1..K, each roll played as the play that needs the fewest rolls on average (GNU
Backgammon's one-sided bear-off database's rule). In a bear-off the two sides' races are
independent, so two of these give the side on roll's win chance exactly (engine/bearoff.py).
Computed here once, in double precision, rather than on the board: at 15 pips a side the
computation took 20-35 ms of the unix port, several seconds of the Pico's, for a cube question.

File "TBB1" (little-endian):
  0   b"TBB1", uint16 n (positions), uint8 K (rolls), uint8 0
  8   n entries in increasing key order, each 3 + 2K bytes: the key (uint24: the counts of
      points 1..6, 4 bits each, point 1 lowest), then K x uint16 P(exactly k rolls) in
      1/65535, k = 1..K
  end 4 bytes: the first 4 of the SHA-256 of everything before them (engine/filecheck.py)
"""
import argparse
import hashlib
import os
import struct

PIPS = 15
CHECKERS = 14           # at least one off: no gammon is left, the two races decide
OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                   "firmware", "engine", "bearoff.bin")
ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def positions():
    """Every small position as a tuple of the counts on points 1..6."""
    out = []

    def rec(i, left, pips, cur):
        if i == 6:
            if sum(cur):
                out.append(tuple(cur))
            return
        c = 0
        while c <= left and pips + c * (i + 1) <= PIPS:
            rec(i + 1, left - c, pips + c * (i + 1), cur + [c])
            c += 1
    rec(0, CHECKERS, 0, [])
    return out


def key(counts):
    k = 0
    for i, c in enumerate(counts):
        k |= c << (4 * i)
    return k


def _steps(pos, d):
    """The positions one die d leads to (bear-off rules: a checker moves d pips or comes
    off from point d, or from the highest point when d is higher than it)."""
    top = max((i for i in range(6) if pos[i]), default=-1)
    if top < 0:
        return {pos}
    out = set()
    for i in range(top + 1):
        if not pos[i]:
            continue
        p = list(pos)
        if i + 1 > d:
            p[i] -= 1
            p[i - d] += 1
        elif i + 1 == d or i == top:
            p[i] -= 1
        else:
            continue
        out.add(tuple(p))
    return out


def plays(pos, a, b):
    """Every position the roll (a, b) leads to, both orders, four steps for a double."""
    results = set()
    for order in ([(a, a, a, a)] if a == b else [(a, b), (b, a)]):
        now = {pos}
        for d in order:
            now = set(q for p in now for q in _steps(p, d))
        results |= now
    return results


def table():
    """{position: [P(exactly k rolls), k = 0..]} for every small position, and K."""
    mean = {(0,) * 6: 0.0}

    def rolls(pos):
        if pos in mean:
            return mean[pos]
        acc = 0.0
        for a, b in ROLLS:
            acc += min(rolls(q) for q in plays(pos, a, b)) * (1 if a == b else 2)
        mean[pos] = 1.0 + acc / 36.0
        return mean[pos]

    dist = {(0,) * 6: [1.0]}

    def needs(pos):
        if pos in dist:
            return dist[pos]
        rolls(pos)
        out = [0.0]
        for a, b in ROLLS:
            best = min(plays(pos, a, b), key=lambda q: (rolls(q), q))
            w = (1 if a == b else 2) / 36.0
            for k, p in enumerate(needs(best)):
                while len(out) <= k + 1:
                    out.append(0.0)
                out[k + 1] += w * p
        dist[pos] = out
        return out

    every = positions()
    got = {p: needs(p) for p in every}
    return got, max(len(v) for v in got.values()) - 1


def build():
    """The file's bytes."""
    got, k_max = table()
    rows = sorted((key(p), d) for p, d in got.items())
    body = bytearray(b"TBB1" + struct.pack("<HBB", len(rows), k_max, 0))
    for k, d in rows:
        body += struct.pack("<I", k)[:3]
        for r in range(1, k_max + 1):
            body += struct.pack("<H", round((d[r] if r < len(d) else 0.0) * 65535))
    return bytes(body) + hashlib.sha256(body).digest()[:4]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools train bearoff",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=OUT, help="the file to write (default: %(default)s)")
    args = ap.parse_args(argv)
    data = build()
    with open(args.out, "wb") as f:
        f.write(data)
    print("wrote %s: %d bytes" % (args.out, len(data)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
