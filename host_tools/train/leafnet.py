"""The strong level's leaf net file (engine/leafnet.bin, "TBL1": firmware/engine/deepleaf.py)
from a float net fitted by probe_inputs.py with its 16 hand-made inputs, and that file's
integer arithmetic emulated in numpy.

    python -m host_tools.train.probe_inputs fit DATA-1.npz DATA-2.npz --hidden 256 \
        --epochs 40 --features -o build/train/leaf256.npz
    python -m host_tools.train.leafnet tune build/train/leaf256.npz DATA-1.npz DATA-2.npz \
        --epochs 4 -o build/train/leaf256q.npz
    python -m host_tools.train.leafnet write build/train/leaf256q.npz -o firmware/engine/leafnet.bin
    python -m host_tools.train.leafnet check firmware/engine/leafnet.bin DATA-1.npz [DATA-2.npz]

Quantization: the raw inputs' rows as the board's net (fit.quantize: int8 with a scale per
hidden unit set by its largest raw weight); the hand-made inputs' rows apart, int8 with a
scale per input (their counts reach 900, their weights are not on the raw rows' scale):
E[f][j] = round(127 W[f][j] / S_f), S_f the row's largest |weight|, and the count's
multiplier P_f = round(S_f / 127 x 1024 / DIV_f x 2048), so that (sum_f E x count x P) >> 11
is the rows' sum in 1/1024.
"""
import argparse
import os
import struct

import numpy as np

from host_tools.train import fit as F

from engine import leaffeat

ROOT = F.ROOT

NRAW = 202
NFEAT = leaffeat.NFEAT
DIV = np.array(leaffeat.DIV * 2, np.float64)


def quantize(w1, b1, w2, b2):
    """(mul, qb1, w8, e, p, q2): the file's integers of a float net (w1: (218, H))."""
    w1 = np.asarray(w1, np.float64)
    raw, wf = w1[:NRAW], w1[NRAW:]
    assert wf.shape[0] == NFEAT
    g1 = np.round(raw * F.W1_ONE)
    mul = np.maximum(1, np.ceil(np.abs(g1).max(axis=0) * 64.0 / 127.0)).astype(np.int64)
    assert mul.max() < 65536
    w8 = np.clip(np.round(g1 * 64.0 / mul[None, :]), -127, 127).astype(np.int64)
    top = np.maximum(np.abs(wf).max(axis=1), 1e-9)                      # S_f
    e = np.clip(np.round(wf / top[:, None] * 127.0), -127, 127).astype(np.int64)
    p = np.round(top / 127.0 * F.W1_ONE / DIV * 2048.0).astype(np.int64)
    qb1 = np.round(np.asarray(b1, np.float64) * F.W1_ONE).astype(np.int64)
    q2 = np.round(np.vstack([np.asarray(w2), np.asarray(b2)[None, :]]) * F.W2_ONE).astype(np.int64)
    assert np.abs(qb1).max() < 32768 and np.abs(q2).max() < 4096
    return mul, qb1, w8, e, p, q2


def write(path, q):
    mul, qb1, w8, e, p, q2 = q
    h = len(mul)
    assert h % 16 == 0 and h <= 256
    out = b"TBL1" + struct.pack("<4H", NRAW, NFEAT, h, 0)
    out += p.astype("<i4").tobytes()
    out += (q2[h] + 4096).astype("<u2").tobytes() + b"\0\0"
    assert len(out) == 88
    out += (w8 + 128).astype("u1").tobytes()
    units = np.zeros((h, 30), np.uint8)
    units[:, 0:2] = mul.astype("<u2").view(np.uint8).reshape(h, 2)
    units[:, 2:4] = qb1.astype("<i2").view(np.uint8).reshape(h, 2)
    units[:, 4:14] = (q2[:h] + 4096).astype("<u2").view(np.uint8).reshape(h, 10)
    units[:, 14:30] = (e.T + 128).astype("u1")
    out += units.tobytes()
    out = F.checked(out)                 # its check last (engine/filecheck.py)
    with open(path, "wb") as f:
        f.write(out)
    return len(out)


def read(path):
    """The integers of a TBL1 file (as quantize() returns them)."""
    d = open(path, "rb").read()
    assert d[:4] == b"TBL1"
    nraw, nfeat, h, _ = struct.unpack_from("<4H", d, 4)
    p = np.frombuffer(d, "<i4", nfeat, 12).astype(np.int64)
    b2 = np.frombuffer(d, "<u2", 5, 76).astype(np.int64) - 4096
    w8 = np.frombuffer(d, "u1", nraw * h, 88).reshape(nraw, h).astype(np.int64) - 128
    units = np.frombuffer(d, "u1", 30 * h, 88 + nraw * h).reshape(h, 30)
    mul = units[:, 0:2].copy().view("<u2").reshape(h).astype(np.int64)
    qb1 = units[:, 2:4].copy().view("<i2").reshape(h).astype(np.int64)
    w2 = units[:, 4:14].copy().view("<u2").reshape(h, 5).astype(np.int64) - 4096
    e = units[:, 14:30].T.astype(np.int64) - 128
    return mul, qb1, w8, e, p, np.vstack([w2, b2[None, :]])


def counts(boards):
    """The 16 hand-made inputs' integer counts (engine/leaffeat.py's), (N, 16)."""
    from host_tools.train.probe_inputs import features
    return np.round(features(boards).astype(np.float64) * DIV).astype(np.int64)


def int_probs(boards, q, sig=None):
    """The file's integer arithmetic over (N, 50) boards: (N, 5) outputs in 0..65535."""
    mul, qb1, w8, e, p, q2 = q
    sig = np.array(sig or F.sig_table(), np.int64)
    x = F.encode(boards).astype(np.int64)
    s = x @ w8
    ff = (counts(boards) * p[None, :]) @ e
    a = qb1 + ((s * mul) >> 6) + (ff >> 11)
    h = F._sig_lookup(sig, (a >> 6) + 128, a & 63, 6) >> 6
    n = len(mul)
    b = h @ q2[:n] + q2[n] * 1024
    return F._sig_lookup(sig, (b >> 14) + 128, b & 16383, 14)


def int_equity(boards, q):
    o = int_probs(boards, q)
    return -65536 + 2 * o[:, 0] + o[:, 1] + o[:, 2] - o[:, 3] - o[:, 4]


def stored(params):
    """The float net as the file stores it, in float: (w1, b1, w2, b2) of quantize()'s
    integers (a feature row's weight per input value: e x P x DIV / 2048 in 1/1024)."""
    mul, qb1, w8, e, p, q2 = quantize(*params)
    h = len(mul)
    raw = w8 * mul[None, :] / (64.0 * F.W1_ONE)
    feat = e * (p * DIV)[:, None] / (2048.0 * F.W1_ONE)
    return (np.vstack([raw, feat]).astype(np.float32), (qb1 / F.W1_ONE).astype(np.float32),
            (q2[:h] / F.W2_ONE).astype(np.float32), (q2[h] / F.W2_ONE).astype(np.float32))


def tune(params, x, y, epochs, lr, seed, log, check=None):
    """Quantization-aware fine-tuning of a fitted float net: each step's forward pass runs
    the file's rounding (stored(): W1's int8 rows, B1, W2 and B2 on their grids, and the
    hidden activations floored to 1/1024 as the board's table look-up does), the gradient
    flows to the float weights as if the rounding were not there (straight through). Why:
    rounded after the fit, the file's integers are 0.0285 from gnubg where the float net is
    0.0257; the tuning lets the other weights make up for each one's rounding."""
    rng = np.random.default_rng(seed)
    params = [np.array(p, np.float32) for p in params]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    batch = 256
    n = len(x)
    step = 0
    steps_total = epochs * (n // batch)
    for ep in range(epochs):
        order = rng.permutation(n)
        tot = 0.0
        for s in range(0, n - batch + 1, batch):
            idx = order[s:s + batch]
            xb, yb = x[idx], y[idx]
            w1q, b1q, w2q, b2q = stored(params)
            h = F.sigmoid(xb @ w1q + b1q)
            hq = np.floor(h * 1024.0) / 1024.0
            o = F.sigmoid(hq @ w2q + b2q)
            d_o = (o - yb) / batch
            tot += float(np.mean((o - yb) ** 2)) * batch
            d_h = (d_o @ w2q.T) * h * (1 - h)
            grads = (xb.T @ d_h, d_h.sum(axis=0), hq.T @ d_o, d_o.sum(axis=0))
            step += 1
            rate = lr * 0.5 * (1 + np.cos(np.pi * step / steps_total))
            for i, g in enumerate(grads):
                m[i] = beta1 * m[i] + (1 - beta1) * g
                v[i] = beta2 * v[i] + (1 - beta2) * g * g
                mh = m[i] / (1 - beta1 ** step)
                vh = v[i] / (1 - beta2 ** step)
                params[i] -= (rate * mh / (np.sqrt(vh) + eps)).astype(np.float32)
                lim = F.W_LIMIT if i < 2 else F.W2_LIMIT
                np.clip(params[i], -lim, lim, out=params[i])
        log("  epoch %d: train mse %.5f%s" % (ep + 1, tot / n, check(params) if check else ""))
    return params


def cmd_tune(a, log):
    from host_tools.train.probe_inputs import inputs
    z = np.load(a.net)
    assert bool(z["features"]), "a net fitted with --features"
    params = [z["w1"], z["b1"], z["w2"], z["b2"]]
    boards, labels = F.distinct(a.data)       # probe_inputs fit's split: the same held out
    race = F.race_mask(boards)
    held = np.random.default_rng(a.seed).random(len(boards)) < 0.02
    tr, te = ~race & ~held, ~race & held
    tb, tl = boards[te], F.equity(labels[te])

    def check(p):
        e = np.abs(int_equity(tb, quantize(*p)) / 65536.0 - tl).mean()
        return "; held out (%d), the file's integers: equity error %.4f" % (len(tb), e)
    log("before%s" % check(params))
    x = inputs(boards[tr], True)
    params = tune(params, x, labels[tr], a.epochs, a.lr, a.seed, log, check)
    np.savez(a.out, w1=params[0], b1=params[1], w2=params[2], b2=params[3], features=True)
    log("wrote %s" % a.out)


def cmd_write(a):
    z = np.load(a.net)
    assert bool(z["features"]), "a net fitted with --features"
    n = write(a.out, quantize(z["w1"], z["b1"], z["w2"], z["b2"]))
    print("wrote %s (%d bytes)" % (a.out, n))


def cmd_check(a):
    from host_tools.train.probe_inputs import forward, inputs
    q = read(a.file)
    boards, labels = F.distinct(a.data)
    keep = ~F.race_mask(boards)
    boards, labels = boards[keep][::a.every], labels[keep][::a.every]
    ie = int_equity(boards, q) / 65536.0
    err = np.abs(ie - F.equity(labels))
    print("%d contact positions (every %d-th): integer equity error %.4f" % (len(boards), a.every, err.mean()))
    if a.net:
        z = np.load(a.net)
        fe = F.equity(forward([z["w1"], z["b1"], z["w2"], z["b2"]], inputs(boards, True)))
        print("  float net %.4f; integer against float %.4f" % (
            np.mean(np.abs(fe - F.equity(labels))), np.mean(np.abs(fe - ie))))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("write")
    w.add_argument("net")
    w.add_argument("-o", "--out", default=os.path.join(ROOT, "firmware", "engine", "leafnet.bin"))
    c = sub.add_parser("check")
    c.add_argument("file")
    c.add_argument("data", nargs="+")
    c.add_argument("--net", help="the float net it was written from")
    c.add_argument("--every", type=int, default=20)
    t = sub.add_parser("tune")
    t.add_argument("net")
    t.add_argument("data", nargs="+")
    t.add_argument("--epochs", type=int, default=4)
    t.add_argument("--lr", type=float, default=3e-4)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("-o", "--out", required=True)
    a = ap.parse_args(argv)
    if a.cmd == "tune":
        import time
        t0 = time.time()
        cmd_tune(a, lambda msg: print("%6.0f s %s" % (time.time() - t0, msg), flush=True))
    else:
        cmd_write(a) if a.cmd == "write" else cmd_check(a)


if __name__ == "__main__":
    main()
