"""The README's quick start and API example stay true."""
import os
import re

from tools import ROOT

README = open(os.path.join(ROOT, "README.md")).read()


def test_api_example_runs_and_shows_what_it_says():
    code = re.search(r"```python\n(.*?)```", README, re.S).group(1)
    env = {}
    lines = []
    # each "expr   # value" line: evaluate expr and compare with the comment
    for line in code.splitlines():
        m = re.match(r"^(\S[^#]*?)\s+#\s+(.*)$", line)
        if m and "=" not in m.group(1).split("(")[0]:
            lines.append((m.group(1), m.group(2)))
    exec(compile(code, "README.md", "exec"), env)
    checked = 0
    for expr, comment in lines:
        value = eval(expr, env)
        if comment.startswith(("'", "(", "[")) or comment[0].isdigit():
            expected = eval(comment.split(",")[0]) if comment[0].isdigit() else eval(comment)
            if isinstance(value, list) and isinstance(expected, list):
                assert value == expected, expr
            else:
                assert value == expected, (expr, value, expected)
            checked += 1
    assert checked >= 4


def test_quick_start_commands_exist():
    make = open(os.path.join(ROOT, "Makefile")).read()
    for target in ("sim", "test", "demo", "bench", "sweep", "flash", "clean"):
        assert re.search(r"^%s:" % target, make, re.M), target
        assert "make %s" % target in README
    assert "make test" in open(os.path.join(ROOT, ".ci", "run")).read()
