"""The export's SGF with the coach's analysis (host_tools/sgfexport.py), read back by GNU
Backgammon: a money game with a double, a take, a redouble and a pass, played by the rules
core, recorded, exported with `export --analysis`, and loaded by GNU Backgammon 1.07 (the
Debian `gnubg` program: the PyPI build's SGF parser is a stub that crashes). gnubg's own
statistics of the file must be the review's figures (host_tools review --json): the
unforced moves, the chequer error, the luck, the close cube decisions and the cube error
of each player, and the error rate."""
import os
import random
import re
import subprocess
import sys

import pytest

from host_tools import record_read as record
from bg.match import Match
from tools import ROOT

from test_export import _play_game, sgf_games  # (the rules core's seeded games)

GNUBG_CLI = "/usr/games/gnubg"


def money_game_record(tmp_path):
    rng = random.Random(11)        # this seed doubles, takes, redoubles and passes
    core = Match(0, cube_max=64)
    events = [("match", 0, "", ""), ("name", 0, "Ann"), ("name", 1, "Bob"), ("game", 0, 0, False)]
    _play_game(rng, core, events)
    kinds = [e[0] for e in events]
    assert kinds.count("double") == 2 and "take" in kinds and "drop" in kinds
    path = tmp_path / "money.tbr"
    path.write_text(record.text_of(events))
    return path


def run_tool(*args):
    return subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("sgf")
    rec = money_game_record(tmp)
    out = tmp / "money.sgf"
    proc = run_tool("export", str(rec), "-o", str(out), "--analysis")
    assert proc.returncode == 0, proc.stderr
    from host_tools.cmd_review import matches_in, summary
    (name, events), = matches_in(str(rec))
    return out, summary(name, events)


def test_every_play_carries_its_analysis(exported):
    sgf, _ = exported
    (props, nodes), = sgf_games(sgf.read_text())
    assert props["AP"] == ["Tablier"]
    plays = [n for n in nodes if re.match(r"[WB]\[\d\d", n)]
    assert plays
    for n in plays:
        made = re.match(r"[WB]\[\d\d([a-z]*)\]", n).group(1)
        m = re.search(r"A\[(\d+)\]((?:\[[^\]]*\])+)", n)
        if m is None:
            assert made == "", n            # no analysis only for a roll with no play
            continue
        listed = re.findall(r"\[([a-z]*) E ver 3 ", m.group(2))
        assert listed[int(m.group(1))] == made, n
        assert "LU[" in n
    for n in nodes:
        if re.match(r"[WB]\[(double|take|drop)\]", n):
            assert "DA[E ver 3 " in n, n


def gnubg_statistics(sgf):
    proc = subprocess.run([GNUBG_CLI, "-t", "-q", "-r"], input='load match "%s"\nshow statistics match\n' % sgf,
                          capture_output=True, text=True, timeout=120)
    text = proc.stdout
    assert "Chequerplay statistics" in text, text[-2000:]
    section = {}
    name = None
    for line in text.splitlines():
        if line.endswith("statistics") and not line.startswith(" "):
            name = line.split()[0].lower()
            continue
        m = re.match(r"(\S.*?)\s{2,}(\S+)(?:\s+\([^)]*\))?\s{2,}(\S+)", line)
        if name and m:
            section[(name, m.group(1).split(" (")[0].split(" EMG")[0].split(" mEMG")[0])] = (m.group(2), m.group(3))
    return section


@pytest.mark.skipif(not os.path.exists(GNUBG_CLI),
                    reason="GNU Backgammon 1.07 (Debian package gnubg) is not installed")
def test_gnu_backgammon_reads_the_analysis_back_with_our_figures(exported):
    sgf, review = exported
    s = gnubg_statistics(sgf)
    ours = review["players"]

    def both(section, key):
        return tuple(float(v) for v in s[(section, key)])

    assert both("chequerplay", "Unforced moves") == tuple(p["unforced_moves"] for p in ours)
    assert both("chequerplay", "Error total") == tuple(-p["chequer_loss"] for p in ours)
    assert both("luck", "Luck total") == tuple(p["luck"] for p in ours)
    assert both("cube", "Close or actual cube decisions") == tuple(p["cube_decisions"] for p in ours)
    assert both("cube", "Error total") == tuple(-p["cube_loss"] for p in ours)
    # gnubg prints the error rate to one decimal, rounded its own way: 229.75 may read 229.7
    rate = both("overall", "Error rate")
    assert all(abs(g + p["error_rate"]) <= 0.1 + 1e-9 for g, p in zip(rate, ours)), (rate, ours)
    assert ours[0]["cube_loss"] > 0 and ours[1]["cube_loss"] > 0     # the cube errors are there
