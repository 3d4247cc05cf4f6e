"""The command table (issue 27): one command table with a line of help each, every command's
--help, exit codes 0 / 1 / 2."""
import os
import subprocess
import sys

import pytest

from tools import ROOT

from host_tools.__main__ import COMMANDS


def _run(*args):
    return subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_every_command_module_is_in_the_table_with_a_line_of_help():
    here = os.path.join(ROOT, "host_tools")
    modules = sorted(f[:-3] for f in os.listdir(here) if f.startswith("cmd_") and f.endswith(".py"))
    assert sorted(m for _, m, _ in COMMANDS) == modules
    out = _run("--help")
    assert out.returncode == 0
    rows = [line.split(None, 1) for line in out.stdout.splitlines() if line.startswith("  ")]
    for name, _, what in COMMANDS:
        assert what and [name, what] in rows, name       # its name and its line, as the table says


@pytest.mark.parametrize("name", [n for n, _, _ in COMMANDS])
def test_every_command_answers_help_with_exit_0(name):
    proc = _run(name, "--help")
    assert proc.returncode == 0, (name, proc.stdout[-500:], proc.stderr[-1500:])
    assert "usage:" in proc.stdout, (name, proc.stdout[:500])


def test_usage_errors_exit_2_and_failures_exit_1(tmp_path):
    assert _run("no-such-command").returncode == 2
    assert _run().returncode == 2
    assert _run("bench", "--no-such-option").returncode == 2
    assert _run("bench", "no-such-bench").returncode == 2
    assert _run("legal", "4HPwATDgc/ABMA").returncode == 2          # a missing argument
    assert _run("legal", "4HPwATDgc/ABMA", "31").returncode == 0
    assert _run("prodtest", "--from", str(tmp_path / "missing.txt")).returncode == 1
    assert _run("verifydice", "--help").returncode == 0               # the older spelling
