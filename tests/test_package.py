"""The firmware installs the micropython-lib way: package.json through mpremote's own mip
code, and manifest.py for freezing, both covering exactly what `make flash` installs."""
import json
import os

from mpremote import mip

from host_tools import cmd_package
from host_tools.cmd_flash import FIRMWARE
from tools import ROOT, run_micropython


class DirectoryBoard:
    """The part of mpremote's transport that mip uses, over a local directory: the files
    land where mpremote would write them on the board's flash."""

    def __init__(self, root):
        self.root = root

    def _path(self, path):
        return os.path.join(self.root, path.lstrip("/"))

    def fs_exists(self, path):
        return os.path.exists(self._path(path))

    def fs_mkdir(self, path):
        os.mkdir(self._path(path))

    def fs_writefile(self, path, data, progress_callback=None):
        with open(self._path(path), "wb") as f:
            f.write(data)


def test_package_json_is_current():
    assert cmd_package.main(["--check"]) == 0


def test_package_json_lists_every_file_and_its_version():
    with open(os.path.join(ROOT, "package.json")) as f:
        pkg = json.load(f)
    scope = {}
    with open(os.path.join(FIRMWARE, "version.py")) as f:
        exec(f.read(), scope)
    assert pkg["version"] == scope["VERSION"]
    on_board = sorted(dest for dest, _ in pkg["urls"])
    assert "main.py" in on_board and "engine/weights.bin" in on_board
    for dest, src in pkg["urls"]:
        assert os.path.isfile(os.path.join(ROOT, src)), src
        assert src == "firmware/" + dest


def test_mip_install_gives_a_board_that_starts(tmp_path):
    """mpremote's mip code installs the checked-in package.json into a directory standing for
    the board's flash; the real MicroPython then imports the installed tree and plays."""
    board = tmp_path / "flash"
    board.mkdir()
    mip._install_json(DirectoryBoard(str(board)), os.path.join(ROOT, "package.json"),
                      index=None, target="", version=None, mpy=False)
    installed = sorted(os.path.relpath(os.path.join(d, f), board).replace(os.sep, "/")
                       for d, _, fs in os.walk(board) for f in fs)
    assert installed == cmd_package.source_files()
    with open(board / "engine" / "weights.bin", "rb") as a, \
            open(os.path.join(FIRMWARE, "engine", "weights.bin"), "rb") as b:
        assert a.read() == b.read()
    # sources compile on the interpreter's heap here (the Pico would compile them too, on
    # first import): a larger heap than the Pico's, since this checks the files, not memory
    script = ("import sys\nsys.path.insert(0, '.')\n"
              "from app.commands import FIRMWARE_VERSION\n"
              "from game.table import Table\n"
              "t = Table()\nprint(FIRMWARE_VERSION, t.phase)\n")
    proc = run_micropython(["-c", script], heap="2M", cwd=str(board))
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert proc.stdout.split()[0] == cmd_package.firmware_version()


def test_manifest_freezes_every_module():
    """firmware/manifest.py, read with the meaning of MicroPython's manifest functions
    (package: every .py under a folder; module: one file), names every module the board
    runs but main.py (MicroPython runs it from the flash) and the weights (data)."""
    frozen = []

    def package(name, base_path="."):
        top = os.path.join(FIRMWARE, base_path, name)
        for d, _, files in os.walk(top):
            frozen.extend(os.path.relpath(os.path.join(d, f), FIRMWARE).replace(os.sep, "/")
                          for f in files if f.endswith(".py"))

    def module(name, base_path="."):
        assert os.path.isfile(os.path.join(FIRMWARE, base_path, name)), name
        frozen.append(name)

    def metadata(**kw):
        assert kw["version"] == cmd_package.firmware_version()

    with open(os.path.join(FIRMWARE, "manifest.py")) as f:
        exec(f.read(), {"package": package, "module": module, "metadata": metadata})
    modules = [f for f in cmd_package.source_files() if f.endswith(".py") and f != "main.py"]
    assert sorted(frozen) == modules


def test_one_version_everywhere():
    """firmware/version.py is the one place: pyproject.toml reads it (setuptools' own
    read_attr, as a build does), the packages carry it, CHANGES.md's newest entry names it."""
    from setuptools.config.expand import read_attr
    v = cmd_package.firmware_version()
    assert read_attr("version.VERSION", package_dir={"": "firmware"}, root_dir=ROOT) == v
    with open(os.path.join(ROOT, "pyproject.toml")) as f:
        assert 'attr = "version.VERSION"' in f.read()
    with open(os.path.join(ROOT, "CHANGES.md")) as f:
        newest = [line for line in f if line.startswith("## ")][0]
    assert newest.split()[1] == v, newest
