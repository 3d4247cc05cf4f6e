"""firmware/board_config.py is generated from hardware/pinmap.json and must match it."""
import copy
import subprocess
import sys

import pytest

from tools import ROOT
from host_tools import cmd_boardconfig as bc


def test_committed_board_config_is_up_to_date():
    proc = subprocess.run([sys.executable, "-m", "host_tools", "boardconfig", "--check"],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_generated_tables_cover_every_sensor_once():
    import board_config as cfg
    seen = [s for bank in cfg.SCAN_SENSORS for s in bank]
    assert sorted(seen) == list(range(cfg.N_SENSORS))
    assert cfg.N_SENSORS == cfg.N_POINTS * cfg.SLOTS_PER_POINT + 2 * cfg.BAR_SLOTS
    for chans, sens in zip(cfg.SCAN_CHANNELS, cfg.SCAN_SENSORS):
        assert len(chans) == len(sens)


def test_point_slot_numbering_follows_the_channel_map():
    import board_config as cfg
    pm = bc.load_pinmap()
    for k, (half, bank) in enumerate(cfg.SCAN_BANKS):
        for ch, i in zip(cfg.SCAN_CHANNELS[k], cfg.SCAN_SENSORS[k]):
            e = pm["channel_map"][half][bank][ch]
            if e["kind"] == "point":
                assert i == (e["point"] - 1) * cfg.SLOTS_PER_POINT + e["slot"] - 1
            else:
                c = ("white", "black").index(e["colour"])
                assert i == cfg.N_POINT_SENSORS + c * cfg.BAR_SLOTS + e["slot"] - 1


def test_a_slot_wired_twice_is_refused_with_a_message():
    pm = copy.deepcopy(bc.load_pinmap())
    pm["channel_map"][0][0][12] = dict(pm["channel_map"][0][0][0])
    with pytest.raises(bc.PinmapError, match="reachable twice"):
        bc.generate(pm)


def test_a_missing_slot_is_refused_with_a_message():
    pm = copy.deepcopy(bc.load_pinmap())
    pm["channel_map"][1][0][3] = {"kind": "unused"}
    with pytest.raises(bc.PinmapError, match="not reachable"):
        bc.generate(pm)


def test_generated_file_runs_under_micropython():
    from tools import run_micropython
    proc = run_micropython(["-c", "import sys; sys.path.insert(0, 'firmware'); import board_config as c; print(c.N_SENSORS)"])
    assert proc.stdout.strip() == "152", proc.stderr
