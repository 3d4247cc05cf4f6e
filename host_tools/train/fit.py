"""Fit the engine's two nets (contact, race) to gnubg's 0-ply labels; write the integer
weights file the firmware loads (format: firmware/engine/net.py).

`python -m host_tools.train.fit DATA.npz [DATA2.npz ...] --hidden 64 --race-hidden 32
     --epochs 12 --seed 1 -o firmware/engine/weights.bin`

Run with OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 (one core; also makes the float sums,
hence the weights, reproducible on one machine and numpy version). The float net is
the integer net's model: hidden = sigmoid(x . W1 + b1), outputs = sigmoid(h . W2 + b2),
cross-entropy against gnubg's five probabilities, Adam, minibatches; then W1 is rounded
to int8 with a scale per hidden unit and W2 to 1/256 (int16) (quantize()), and the integer net is checked on the held-out
positions with the exact integer arithmetic of net.py (emulated in numpy).
"""
import argparse
import math
import os
import struct
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

NIN = 202
SIDE = 101
W1_ONE = 1024.0
W2_ONE = 256.0
W_LIMIT = 31.9          # |W1| bound: int16 at 1/1024
W2_LIMIT = 15.9         # |W2| bound: below 4096/256, the viper output sums stay < 2**31


def sig_table():
    return [int(round(65535.0 / (1.0 + math.exp(-(k - 128) / 16.0)))) for k in range(257)]


def encode(boards):
    """(N, 50) uint8 boards -> (N, 202) float32 inputs, exactly net.py's input values."""
    b = boards.astype(np.int32)
    x = np.zeros((len(b), NIN), dtype=np.float32)
    for s in range(2):
        side = b[:, 25 * s:25 * s + 25]
        base = SIDE * s
        for i in range(25):
            n = side[:, i]
            x[:, base + 4 * i] = n >= 1
            x[:, base + 4 * i + 1] = n >= 2
            x[:, base + 4 * i + 2] = n >= 3
            x[:, base + 4 * i + 3] = np.maximum(n - 3, 0)
        x[:, base + 100] = 15 - side.sum(axis=1)
    return x


def race_mask(boards):
    """bg.position.is_race over (N, 50) boards."""
    me = boards[:, :25]
    opp = boards[:, 25:]
    idx = np.arange(1, 26)
    my_back = np.where(me > 0, idx, 0).max(axis=1)
    opp_back = np.where(opp > 0, idx, 0).max(axis=1)
    return (my_back == 0) | (opp_back == 0) | (my_back + opp_back <= 25)


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


def fake_quant(w1):
    """W1 as quantize() will store it (int8 times the unit's scale), in float: the
    forward pass of the last epochs (quantization-aware training: the gradient flows to
    the float weights as if the rounding were not there)."""
    g = np.round(w1.astype(np.float64) * W1_ONE)
    mul = np.maximum(1, np.ceil(np.abs(g).max(axis=0) * 64.0 / 127.0))
    w8 = np.clip(np.round(g * 64.0 / mul[None, :]), -127, 127)
    return (w8 * mul[None, :] / (64.0 * W1_ONE)).astype(np.float32)


C_EQ = np.array([2.0, 1.0, 1.0, -1.0, -1.0], np.float32)   # equity = C_EQ . p - 1


def rank_targets(labels, group, tau):
    """For --rank-data: the groups' starts and sizes, and each result's share of its
    group's softmax of the mover's gnubg equity / tau (the ranking loss's target)."""
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    sizes = np.diff(np.r_[starts, len(group)])
    z = -(labels.astype(np.float64) @ C_EQ - 1) / tau      # the mover's equity: -(side on roll's)
    z -= np.repeat(np.maximum.reduceat(z, starts), sizes)
    e = np.exp(z)
    return starts, sizes, (e / np.repeat(np.add.reduceat(e, starts), sizes)).astype(np.float32)


def rank_grads(params, boards, starts, sizes, t, pick, tau, lam):
    """The ranking loss's gradients for the groups `pick`: KL(target || softmax of the net's
    mover equity / tau) per group, averaged, times lam; at the output layer's sums and
    below, as the cross-entropy's are."""
    w1, b1, w2, b2 = params
    idx = np.concatenate([np.arange(starts[g], starts[g] + sizes[g]) for g in pick])
    seg = np.repeat(np.arange(len(pick)), sizes[pick])
    xb = encode(boards[idx])
    h = sigmoid(xb @ w1 + b1)
    o = sigmoid(h @ w2 + b2)
    z = -(o @ C_EQ - 1) / tau
    heads = np.r_[0, np.cumsum(sizes[pick])[:-1]]
    z = z - np.maximum.reduceat(z, heads)[seg]       # each group's own largest: no 0 / 0
    e = np.exp(z.astype(np.float64))
    q = e / np.bincount(seg, e, len(pick))[seg]
    g_z = lam * (q - t[idx]) / len(pick)              # d loss / d z
    g_o = (-g_z / tau)[:, None] * C_EQ[None, :]        # z = -(C_EQ . o - 1) / tau
    d_o = (g_o * o * (1 - o)).astype(np.float32)
    d_h = (d_o @ w2.T) * h * (1 - h)
    return xb.T @ d_h, d_h.sum(axis=0), h.T @ d_o, d_o.sum(axis=0)


def fit(x, y, hidden, epochs, seed, log, qat_epochs=0, rank=None):
    """rank: None, or (boards, starts, sizes, targets, tau, lam, groups a step) for the
    ranking loss on rolls' results (gengroups.py) beside the cross-entropy."""
    rng = np.random.default_rng(seed)
    n = len(x)
    w1 = (rng.standard_normal((NIN, hidden)) * 0.1).astype(np.float32)
    b1 = np.zeros(hidden, np.float32)
    w2 = (rng.standard_normal((hidden, 5)) * 0.1).astype(np.float32)
    b2 = np.zeros(5, np.float32)
    params = [w1, b1, w2, b2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    batch = 256
    step = 0
    steps_total = epochs * (n // batch)
    for ep in range(epochs):
        order = rng.permutation(n)
        tot = 0.0
        qat = ep >= epochs - qat_epochs
        for s in range(0, n - batch + 1, batch):
            idx = order[s:s + batch]
            xb = x[idx]
            yb = y[idx]
            h = sigmoid(xb @ (fake_quant(w1) if qat else w1) + b1)
            o = sigmoid(h @ w2 + b2)
            d_o = (o - yb) / batch                     # cross-entropy through the sigmoid
            tot += float(np.mean((o - yb) ** 2)) * batch
            g_w2 = h.T @ d_o
            g_b2 = d_o.sum(axis=0)
            d_h = (d_o @ w2.T) * h * (1 - h)       # (straight through the rounding)
            g_w1 = xb.T @ d_h
            g_b1 = d_h.sum(axis=0)
            if rank is not None:
                rb, rs, rz, rt, tau, lam, per = rank
                extra = rank_grads(params, rb, rs, rz, rt, rng.integers(0, len(rs), per), tau, lam)
                g_w1, g_b1, g_w2, g_b2 = g_w1 + extra[0], g_b1 + extra[1], g_w2 + extra[2], g_b2 + extra[3]
            step += 1
            lr = 0.002 * (0.5 * (1 + math.cos(math.pi * step / steps_total))) + 1e-5
            for i, g in enumerate((g_w1, g_b1, g_w2, g_b2)):
                m[i] = beta1 * m[i] + (1 - beta1) * g
                v[i] = beta2 * v[i] + (1 - beta2) * g * g
                mh = m[i] / (1 - beta1 ** step)
                vh = v[i] / (1 - beta2 ** step)
                params[i] -= lr * mh / (np.sqrt(vh) + eps)
                lim = W_LIMIT if i < 2 else W2_LIMIT
                np.clip(params[i], -lim, lim, out=params[i])
        log("  epoch %d%s: train mse %.5f" % (ep + 1, " (int8 W1)" if qat else "", tot / n))
    return params


def quantize(params):
    """The float net -> the file's integers: per hidden unit j a scale M[j] (uint16,
    in 1/65536 of 1/1024: the unit's weights are w8 * M[j] / 64 in 1/1024) chosen so
    that its largest |weight| is 127; W1 int8; B1 int16 in 1/1024; W2 and B2 int16 in
    1/256, hidden-major (H + 1, 5), the bias row last. W1 goes through the 1/1024 grid
    first, so a TBN1 file (int16 at 1/1024) converts to exactly what a fit writes."""
    w1, b1, w2, b2 = params
    g1 = np.round(np.asarray(w1, np.float64) * W1_ONE)                      # (202, H), 1/1024
    top = np.abs(g1).max(axis=0)
    mul = np.maximum(1, np.ceil(top * 64.0 / 127.0)).astype(np.int64)       # (H,)
    assert mul.max() < 65536
    w8 = np.clip(np.round(g1 * 64.0 / mul[None, :]), -127, 127).astype(np.int64)
    qb1 = np.round(np.asarray(b1, np.float64) * W1_ONE).astype(np.int64)
    q2 = np.round(np.vstack([np.asarray(w2), np.asarray(b2)[None, :]]) * W2_ONE).astype(np.int64)
    assert np.abs(qb1).max() < 32768 and np.abs(q2).max() < 4096
    return mul, qb1, w8, q2


def _sig_lookup(sig, t, frac, bits):
    tc = np.clip(t, 0, 255)
    lo = sig[tc]
    v = lo + (((sig[tc + 1] - lo) * frac) >> bits)
    return np.where(t < 0, sig[0], np.where(t >= 256, sig[256], v))


def int_forward(xi, q, sig):
    """net.py's integer arithmetic over many positions (numpy int64: no wrap)."""
    mul, qb1, w8, q2 = q
    sig = np.array(sig, dtype=np.int64)
    a = qb1 + ((xi @ w8) * mul >> 6)
    h = _sig_lookup(sig, (a >> 6) + 128, a & 63, 6) >> 6
    hn = len(mul)
    b = h @ q2[:hn] + q2[hn] * 1024
    return _sig_lookup(sig, (b >> 14) + 128, b & 16383, 14)


def checked(data):
    """A weights file's bytes with their check after them (engine/filecheck.py): the first
    4 bytes of their SHA-256."""
    import hashlib
    return data + hashlib.sha256(data).digest()[:4]


def write_weights(path, sig, nets):
    """The TBN2 file (layout: firmware/engine/net.py), its check last."""
    out = b"TBN2" + struct.pack("<257H", *sig) + b"\0\0"
    for mul, qb1, w8, q2 in nets:
        h = len(mul)
        assert h % 4 == 0
        sec = struct.pack("<4H", NIN, h, 5, 0)
        sec += mul.astype("<u2").tobytes() + qb1.astype("<i2").tobytes()
        sec += (w8 + 128).astype("u1").tobytes()
        sec += (q2 + 4096).astype("<u2").tobytes()
        sec += b"\0" * (-len(sec) % 4)
        out += sec
    with open(path, "wb") as f:
        f.write(checked(out))


def read_tbn1(path):
    """The float nets (W1 at 1/1024, W2 at 1/256) of a TBN1 file (the format before int8)."""
    data = open(path, "rb").read()
    assert data[:4] == b"TBN1"
    at = 4 + 2 * 257
    nets = []
    for _ in range(2):
        nin, h, nout = struct.unpack_from("<3H", data, at)
        at += 6
        q1 = np.frombuffer(data, "<i2", (nin + 1) * h, at).reshape(nin + 1, h).astype(np.float64)
        at += 2 * (nin + 1) * h
        q2 = np.frombuffer(data, "<i2", nout * (h + 1), at).reshape(nout, h + 1).astype(np.float64)
        at += 2 * nout * (h + 1)
        nets.append((q1[:nin] / W1_ONE, q1[nin] / W1_ONE, q2[:, :h].T / W2_ONE, q2[:, h] / W2_ONE))
    return nets


def equity(p):
    return 2 * p[:, 0] - 1 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4]


def distinct(paths):
    """The positions of the data files, each once with its first label (the files' order
    decides which label a repeated position keeps: relabel.py's before gendata's)."""
    boards = np.concatenate([np.load(p)["boards"] for p in paths])
    labels = np.concatenate([np.load(p)["labels"] for p in paths]).astype(np.float32)
    # dedupe exact repeats (the opening and early positions recur thousands of times)
    _, keep = np.unique(boards, axis=0, return_index=True)
    keep.sort()
    return boards[keep], labels[keep]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", nargs="*")
    ap.add_argument("--from-tbn1", metavar="FILE",
                    help="no fit: convert the nets of a TBN1 file (int16 W1) to this format")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--race-hidden", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--race-epochs", type=int, default=12)
    ap.add_argument("--qat-epochs", type=int, default=0,
                    help="the last N epochs of each net with W1 rounded as stored (int8)")
    ap.add_argument("--contact-data", nargs="+", metavar="FILE",
                    help="fit the contact net on these files' contact positions only (for "
                         "example relabel.py's 1-ply ones); the race net on the data's races")
    ap.add_argument("--rank-data", nargs="+", metavar="FILE",
                    help="gengroups.py files: the contact net also learns to rank each roll's "
                         "results (a softmax of the mover's equity over the group)")
    ap.add_argument("--rank-weight", type=float, default=0.01)
    ap.add_argument("--rank-temp", type=float, default=0.05, help="the softmax's temperature, in points")
    ap.add_argument("--rank-groups", type=int, default=16, help="groups a step")
    ap.add_argument("--float-out", metavar="FILE",
                    help="where the float nets go (default build/train/OUT.float.npz)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--out", required=True)
    a = ap.parse_args(argv)
    t0 = time.time()
    if a.from_tbn1:
        write_weights(a.out, sig_table(), [quantize(p) for p in read_tbn1(a.from_tbn1)])
        print("wrote %s (%d bytes) from %s" % (a.out, os.path.getsize(a.out), a.from_tbn1))
        return
    if not a.data:
        ap.error("give the data files (or --from-tbn1)")

    def log(msg):
        print("%6.0f s %s" % (time.time() - t0, msg), flush=True)

    boards, labels = distinct(a.data)
    race = race_mask(boards)
    log("%d distinct positions, %d race" % (len(boards), int(race.sum())))
    rng = np.random.default_rng(a.seed)
    held = rng.random(len(boards)) < 0.02
    sets = [("contact", boards, labels, held, ~race, a.hidden, a.epochs),
            ("race", boards, labels, held, race, a.race_hidden, a.race_epochs)]
    if a.contact_data:
        cb, cl = distinct(a.contact_data)
        crace = race_mask(cb)
        log("contact net from %d distinct positions of %s (%d race, left out)"
            % (len(cb), " ".join(a.contact_data), int(crace.sum())))
        sets[0] = ("contact", cb, cl, rng.random(len(cb)) < 0.02, ~crace, a.hidden, a.epochs)
    rank = None
    if a.rank_data:
        gb, gl, gg, off = [], [], [], 0
        for p in a.rank_data:
            z = np.load(p)
            g = z["group"].astype(np.int64)
            gb.append(z["boards"])
            gl.append(z["labels"])
            gg.append(g + off)            # each file's groups numbered after the last's
            off += int(g.max()) + 1
        gb = np.concatenate(gb)
        rs, rz, rt = rank_targets(np.concatenate(gl), np.concatenate(gg), a.rank_temp)
        rank = (gb, rs, rz, rt, a.rank_temp, a.rank_weight, a.rank_groups)
        log("ranking loss: %d groups, %d results, weight %g, temperature %g, %d groups a step"
            % (len(rs), len(gb), a.rank_weight, a.rank_temp, a.rank_groups))
    sig = sig_table()
    nets = []
    floats = []
    for name, boards, labels, held, mask, hidden, epochs in sets:
        tr = mask & ~held
        te = mask & held
        x = encode(boards[tr])
        log("%s net: %d inputs x %d hidden, %d training positions" % (name, NIN, hidden, len(x)))
        params = fit(x, labels[tr], hidden, epochs, a.seed, log, a.qat_epochs,
                     rank if name == "contact" else None)
        q = quantize(params)
        xt = encode(boards[te])
        fl = sigmoid(sigmoid(xt @ params[0] + params[1]) @ params[2] + params[3])
        it = int_forward(xt.astype(np.int64), q, sig) / 65536.0
        yt = labels[te]
        log("  held out (%d): float equity MAE %.4f, integer equity MAE %.4f, win MAE %.4f"
            % (len(yt), np.mean(np.abs(equity(fl) - equity(yt))),
               np.mean(np.abs(equity(it) - equity(yt))), np.mean(np.abs(it[:, 0] - yt[:, 0]))))
        nets.append(q)
        floats.append(params)
    write_weights(a.out, sig, nets)
    # the float nets too (build/: not committed), to quantize again without a new fit
    fl = a.float_out or os.path.join(ROOT, "build", "train", os.path.basename(a.out) + ".float.npz")
    os.makedirs(os.path.dirname(fl) or ".", exist_ok=True)
    np.savez(fl, **{"%s_%d" % (n, i): p for n, ps in zip(("contact", "race"), floats) for i, p in enumerate(ps)})
    log("wrote %s (%d bytes)" % (a.out, os.path.getsize(a.out)))


if __name__ == "__main__":
    main()
