"""host_tools/train/fit.py --contact-data: the contact net learns from the files given there
(relabel.py's 1-ply labels), the race net from the data's races, as without the option.
Tiny nets and a few epochs: about a second each."""
import os

import numpy as np


import scratch
from corepos import played_positions
from bg.position import Position, is_race
from engine.net import NETS_AT, NIN, NOUT, Evaluator
from engine.weights import file_size
from host_tools.train import fit

LABEL = (0.5, 0.15, 0.01, 0.12, 0.01)


def boards_of(positions):
    return np.frombuffer(b"".join(bytes(p.me) + bytes(p.opp) for p in positions), np.uint8).reshape(-1, 50)


def save(name, boards, win):
    labels = np.tile(np.array(LABEL, np.float32), (len(boards), 1))
    labels[:, 0] = win
    path = scratch.path(name)
    np.savez(path, boards=boards, labels=labels)
    return path


def run_fit(*args):
    out = scratch.path("fit-%d.bin" % len(os.listdir(scratch.base())))
    fit.main(list(args) + ["--hidden", "8", "--race-hidden", "4", "--epochs", "3", "--race-epochs", "3",
                           "--seed", "5", "-o", out,
                           "--float-out", out + ".float.npz"])
    return out


def sections(path):
    """(contact net, race net) bytes of a weights file, the check of its contents that ends
    it (firmware/filecheck.py) left out."""
    data = open(path, "rb").read()[:-4]
    c = file_size(8, NIN, NOUT)
    return data[NETS_AT:NETS_AT + c], data[NETS_AT + c:]


def test_contact_data_trains_the_contact_net_and_leaves_the_race_net_alone():
    positions = list(played_positions(31, 3000, max_plies=400))
    contact = [p for p in positions if not is_race(p)]
    assert len(contact) > 1500 and len(positions) - len(contact) > 300
    data = save("fit-data.npz", boards_of(positions), 0.5)
    high = save("fit-high.npz", boards_of(contact), 0.95)
    low = save("fit-low.npz", boards_of(contact), 0.05)
    plain = run_fit(data)
    to_high = run_fit(data, "--contact-data", high)
    to_low = run_fit(data, "--contact-data", low)
    # the race net: the data's races, the same bytes whatever the contact data
    assert sections(to_high)[1] == sections(plain)[1] == sections(to_low)[1]
    # the contact net: pulled towards the labels of --contact-data
    assert sections(to_high)[0] != sections(to_low)[0]
    start = Position.start()
    win = [Evaluator(p, viper=False).probs(start.me, start.opp, False)[0] for p in (to_low, plain, to_high)]
    assert win[0] < win[1] < win[2], win
