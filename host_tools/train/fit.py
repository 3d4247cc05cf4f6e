"""Fit the engine's two nets (contact, race) to gnubg's 0-ply labels; write the integer
weights file the firmware loads (format: firmware/engine/net.py).

`python -m host_tools.train.fit DATA.npz [DATA2.npz ...] --hidden 64 --race-hidden 32
     --epochs 12 --seed 1 -o firmware/engine/weights.bin`

Run with OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 (one core; also makes the float sums,
hence the weights, reproducible on one machine and numpy version). The float net is
the integer net's model: hidden = sigmoid(x . W1 + b1), outputs = sigmoid(h . W2 + b2),
cross-entropy against gnubg's five probabilities, Adam, minibatches; then W1 is rounded
to 1/1024 and W2 to 1/256 (int16), and the integer net is checked on the held-out
positions with the exact integer arithmetic of net.py (emulated in numpy).
"""
import argparse
import math
import os
import struct
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

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


def fit(x, y, hidden, epochs, seed, log):
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
        for s in range(0, n - batch + 1, batch):
            idx = order[s:s + batch]
            xb = x[idx]
            yb = y[idx]
            h = sigmoid(xb @ w1 + b1)
            o = sigmoid(h @ w2 + b2)
            d_o = (o - yb) / batch                     # cross-entropy through the sigmoid
            tot += float(np.mean((o - yb) ** 2)) * batch
            g_w2 = h.T @ d_o
            g_b2 = d_o.sum(axis=0)
            d_h = (d_o @ w2.T) * h * (1 - h)
            g_w1 = xb.T @ d_h
            g_b1 = d_h.sum(axis=0)
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
        log("  epoch %d: train mse %.5f" % (ep + 1, tot / n))
    return params


def quantize(params):
    w1, b1, w2, b2 = params
    q1 = np.round(np.vstack([w1, b1[None, :]]) * W1_ONE).astype(np.int64)      # (203, H)
    q2 = np.round(np.hstack([w2.T, b2[:, None]]) * W2_ONE).astype(np.int64)    # (5, H+1)
    assert np.abs(q1).max() < 32768 and np.abs(q2).max() < 4096
    return q1, q2


def int_forward(xi, q1, q2, sig):
    """net.py's integer arithmetic over many positions (numpy int64: no wrap)."""
    sig = np.array(sig, dtype=np.int64)
    a = xi @ q1[:NIN] + q1[NIN]
    t = (a >> 6) + 128
    tc = np.clip(t, 0, 255)
    lo = sig[tc]
    v = lo + (((sig[tc + 1] - lo) * (a & 63)) >> 6)
    v = np.where(t < 0, sig[0], np.where(t >= 256, sig[256], v))
    h = v >> 6
    hn = q2.shape[1] - 1
    b = h @ q2[:, :hn].T + q2[:, hn] * 1024
    t = (b >> 14) + 128
    tc = np.clip(t, 0, 255)
    lo = sig[tc]
    v = lo + (((sig[tc + 1] - lo) * (b & 16383)) >> 14)
    return np.where(t < 0, sig[0], np.where(t >= 256, sig[256], v))


def write_weights(path, sig, nets):
    with open(path, "wb") as f:
        f.write(b"TBN1")
        f.write(struct.pack("<257H", *sig))
        for q1, q2 in nets:
            f.write(struct.pack("<3H", NIN, q1.shape[1], 5))
            f.write(q1.astype("<i2").tobytes())
            f.write(q2.astype("<i2").tobytes())


def equity(p):
    return 2 * p[:, 0] - 1 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", nargs="+")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--race-hidden", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--race-epochs", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--out", required=True)
    a = ap.parse_args(argv)
    t0 = time.time()

    def log(msg):
        print("%6.0f s %s" % (time.time() - t0, msg), flush=True)

    boards = np.concatenate([np.load(p)["boards"] for p in a.data])
    labels = np.concatenate([np.load(p)["labels"] for p in a.data]).astype(np.float32)
    # dedupe exact repeats (the opening and early positions recur thousands of times)
    _, keep = np.unique(boards, axis=0, return_index=True)
    keep.sort()
    boards, labels = boards[keep], labels[keep]
    race = race_mask(boards)
    log("%d distinct positions, %d race" % (len(boards), int(race.sum())))
    rng = np.random.default_rng(a.seed)
    held = rng.random(len(boards)) < 0.02
    sig = sig_table()
    nets = []
    for name, mask, hidden, epochs in (("contact", ~race, a.hidden, a.epochs),
                                       ("race", race, a.race_hidden, a.race_epochs)):
        tr = mask & ~held
        te = mask & held
        x = encode(boards[tr])
        log("%s net: %d inputs x %d hidden, %d training positions" % (name, NIN, hidden, len(x)))
        params = fit(x, labels[tr], hidden, epochs, a.seed, log)
        q1, q2 = quantize(params)
        xt = encode(boards[te])
        fl = sigmoid(sigmoid(xt @ params[0] + params[1]) @ params[2] + params[3])
        it = int_forward(xt.astype(np.int64), q1, q2, sig) / 65536.0
        yt = labels[te]
        log("  held out (%d): float equity MAE %.4f, integer equity MAE %.4f, win MAE %.4f"
            % (len(yt), np.mean(np.abs(equity(fl) - equity(yt))),
               np.mean(np.abs(equity(it) - equity(yt))), np.mean(np.abs(it[:, 0] - yt[:, 0]))))
        nets.append((q1, q2))
    write_weights(a.out, sig, nets)
    log("wrote %s (%d bytes)" % (a.out, os.path.getsize(a.out)))


if __name__ == "__main__":
    main()
