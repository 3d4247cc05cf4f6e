"""Every text key the firmware names (a literal in `tr(lang, "key")`, `t.tr("key")`, or
grading's `_w("key", ...)`) is in the texts files (game/en.txt and game/en_menu.txt; the
coach's `c_` words, whose English is the firmware's own, in game/fr.txt): a key missing
from the files would show itself on the OLED ("press_roll") instead of its words. Read from
the source with Python's ast (CPython)."""
import ast
import os

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")


def _keys(*names):
    out = set()
    for name in names:
        with open(os.path.join(FIRMWARE, "game", name), encoding="utf-8") as f:
            out |= set(line.split("=", 1)[0] for line in f if "=" in line)
    return out


def _used():
    used = {}
    for d, _, files in os.walk(FIRMWARE):
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(d, f)
            with open(path, encoding="utf-8") as fh:
                tree = ast.parse(fh.read())
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                fn = node.func
                name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
                if name not in ("tr", "_w"):
                    continue
                for a in node.args[:2]:
                    if isinstance(a, ast.Constant) and isinstance(a.value, str):
                        used.setdefault(a.value, set()).add(os.path.relpath(path, FIRMWARE))
                        break
    return used


def test_every_text_key_the_firmware_names_is_in_the_files():
    used = _used()
    assert len(used) > 80                     # the scan finds the firmware's calls
    english = _keys("en.txt", "en_menu.txt")
    french = _keys("fr.txt", "fr_menu.txt")
    missing = dict((k, sorted(v)) for k, v in used.items()
                   if k not in (french if k.startswith("c_") else english))
    assert not missing, missing
