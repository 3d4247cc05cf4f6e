"""The evaluator's pure-Python code (CPython: tests, the host's `bot`; MicroPython only
when the native emitter is missing): the integer arithmetic of engine/net.py, bit for bit.
A module of its own so that the board, which runs the viper code, does not keep it.

It imports nothing of engine/net.py (no import loop): the weights file's layout and the
fixed-point scales come with each PyNet, from the Evaluator that makes it (net.py's FORMAT
numbers, the one place they are written)."""


def active_py(side, base, rows, xs, k):
    """One side's active inputs from input `base`, appended at k: rows[k] = the input,
    xs[k] = its value. Returns the new count."""
    total = 0
    for i in range(25):
        n = side[i]
        if n:
            total += n
            r = base + 4 * i
            rows[k] = r
            xs[k] = 1
            k += 1
            if n >= 2:
                rows[k] = r + 1
                xs[k] = 1
                k += 1
                if n >= 3:
                    rows[k] = r + 2
                    xs[k] = 1
                    k += 1
                    if n > 3:
                        rows[k] = r + 3
                        xs[k] = n - 3
                        k += 1
    off = 15 - total
    if off > 0:
        rows[k] = base + 100
        xs[k] = off
        k += 1
    return k


def _u16(w, i):
    return w[i] | (w[i + 1] << 8)


class PyNet:
    """One net's numbers as Python ints, for the pure-Python code (CPython, tests, the
    host's `bot`; on the board only when viper is missing): W1 signed, input-major."""

    def __init__(self, sig, net, fmt):
        # fmt: engine/net.py's (NIN, NOUT, SIG_N, HID_ONE, P_ONE)
        NIN, NOUT, SIG_N, self.hid_one, self.p_one = fmt
        nh = net.nhid
        self.nh = nh
        self.nout = NOUT
        import array
        # int8 as the file has it, less 128: an array (a list of 16,000 ints would not fit
        # a MicroPython heap), made from weights.py's chunks
        w1 = self.w1 = array.array("b", bytes(NIN * nh))
        k = 0
        for c in net.chunks:
            for u in c:
                w1[k] = u - 128
                k += 1
        w = net.mb                      # M then B1 (engine/weights.py)
        self.mul = [_u16(w, 2 * j) for j in range(nh)]
        b1 = 2 * nh
        self.bias = [_u16(w, b1 + 2 * j) - (0x10000 if w[b1 + 2 * j + 1] & 0x80 else 0)
                     for j in range(nh)]
        w = net.wb                      # W2 then B2
        self.w2 = [_u16(w, 2 * k) - 4096 for k in range(NOUT * (nh + 1))]
        self.sig = [_u16(sig, 2 * t) for t in range(SIG_N)]


def _sig_py(sig, t, frac, bits):
    if t < 0:
        return sig[0]
    if t >= 256:
        return sig[256]
    lo = sig[t]
    return lo + (((sig[t + 1] - lo) * frac) >> bits)


def forward_py(pn, rows, xs, count, out):
    """The outputs of the active inputs (rows, xs) into out; returns the equity."""
    nh = pn.nh
    w1 = pn.w1
    s = [0] * nh
    for k in range(count):
        x = xs[k]
        at = rows[k] * nh
        row = w1[at:at + nh]
        if x == 1:
            s = [a + r for a, r in zip(s, row)]
        else:
            s = [a + x * r for a, r in zip(s, row)]
    sig = pn.sig
    w2 = pn.w2
    nout = pn.nout
    b = [0] * nout
    for j in range(nh):
        a = pn.bias[j] + ((s[j] * pn.mul[j]) >> 6)
        h = _sig_py(sig, (a >> 6) + 128, a & 63, 6) >> 6
        p = nout * j
        for k in range(nout):
            b[k] += h * w2[p + k]
    p = nout * nh
    for k in range(nout):
        v = b[k] + w2[p + k] * pn.hid_one
        out[k] = _sig_py(sig, (v >> 14) + 128, v & 16383, 14)
    return 2 * out[0] - pn.p_one + out[1] - out[3] + out[2] - out[4]


class PyPath:
    """The Evaluator's methods in pure Python, with its buffers: made by engine/net.py's
    Evaluator, they are set on it in place of its viper ones (the same integers, bit for
    bit)."""

    def __init__(self, ev, fmt, side, max_active):
        import array
        self.ev = ev
        self.side = side                    # the opponent's first input (net.SIDE)
        self.contact = PyNet(ev.sig, ev.contact, fmt)
        self.race = PyNet(ev.sig, ev.race, fmt)
        self.rows = array.array("H", bytes(2 * max_active))
        self.xs = bytearray(max_active)
        ev.probs = self.probs
        ev.equity = self.equity
        ev.set_root = self.set_root
        ev.equity_near = self.equity_near
        ev.probs_near = self.probs_near

    def _forward(self, me, opp, race):
        rows = self.rows
        xs = self.xs
        n = active_py(opp, self.side, rows, xs, active_py(me, 0, rows, xs, 0))
        return forward_py(self.race if race else self.contact, rows, xs, n, self.ev.out)

    def probs(self, me, opp, race):
        self.ev.count += 1
        self._forward(me, opp, race)
        return self.ev.out

    def equity(self, me, opp, race):
        self.ev.count += 1
        return self._forward(me, opp, race)

    def set_root(self, me, opp, race):
        ev = self.ev
        ev.root_race = race
        ev.root_net = ev.race if race else ev.contact

    def equity_near(self, me, opp):
        self.ev.count += 1
        return self._forward(me, opp, self.ev.root_race)

    def probs_near(self, me, opp):
        self.equity_near(me, opp)
        return self.ev.out
