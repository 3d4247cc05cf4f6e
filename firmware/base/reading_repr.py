"""How a Sensed reading (base/reading.py) prints: `Sensed(6:b5 8:b3 13:b5 ...)`, each
point with a checker or a range as point:colour count (a range lo-hi; ? weak, ! a fault),
the bars, the faults. For the tests', the simulator's and the tools' logs: never in a
turn, so loaded for the call and forgotten (base/rare.py: reading_repr.sensed_repr)."""

def sensed_repr(s):
    """repr(sensed)."""
    parts = []
    for p in range(1, s.n_points + 1):
        c = s.colour[p]
        if c or s.hi[p]:
            n = str(s.lo[p]) if s.lo[p] == s.hi[p] else "%d-%d" % (s.lo[p], s.hi[p])
            parts.append("%d:%s%s%s" % (p, ".wbm"[c], n, ("", "?", "!")[s.why[p]]))
    for c in (1, 2):          # base/reading.py's WHITE, BLACK (not imported: it calls here)
        if s.bar_hi[c]:
            parts.append("bar:%s%d-%d" % (".wbm"[c], s.bar_lo[c], s.bar_hi[c]))
    return "Sensed(%s%s)" % (" ".join(parts), (" faults=%r" % (s.faults,)) if s.faults else "")
