"""The Table's structure (issue 9 items 1, 2, 4), read from the firmware's source: only the
Table writes its attributes and changes its phase, its state is created in __init__, the
phase x button table has a row per phase, game/ imports no driver, the game modules import
one another without a loop, and no module names another in a string to call it."""
import ast
import os

import pytest

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
GAME = os.path.join(ROOT, "game")


def _tree(path):
    with open(path) as f:
        return ast.parse(f.read(), path)


def _game_modules():
    return sorted(n[:-3] for n in os.listdir(GAME) if n.endswith(".py"))


def _table_attributes():
    """The attributes Table.__init__ creates, directly or through the methods it calls."""
    cls = [n for n in _tree(os.path.join(GAME, "table.py")).body
           if isinstance(n, ast.ClassDef) and n.name == "Table"][0]
    methods = {f.name: f for f in cls.body if isinstance(f, ast.FunctionDef)}
    made = set()

    def walk(name, seen):
        if name in seen:
            return
        seen.add(name)
        for node in ast.walk(methods[name]):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id == "self":
                if isinstance(node.ctx, ast.Store):
                    made.add(node.attr)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    isinstance(node.func.value, ast.Name) and node.func.value.id == "self" and \
                    node.func.attr in ("_turn_reset",):
                walk(node.func.attr, seen)
    # __init__ itself, and _turn_reset which it calls before anything else runs
    for node in methods["__init__"].body:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and \
                    sub.value.id == "self" and isinstance(sub.ctx, ast.Store):
                made.add(sub.attr)
    walk("_turn_reset", set())
    return made, methods


def test_every_attribute_the_table_writes_is_created_in_init():
    made, methods = _table_attributes()
    written = set()
    for f in methods.values():
        for node in ast.walk(f):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                    node.value.id == "self" and isinstance(node.ctx, ast.Store):
                written.add(node.attr)
    assert written - made == set(), "attributes first written outside __init__: %s" % (written - made)


@pytest.mark.parametrize("module", [m for m in _game_modules() if m != "table"])
def test_no_other_game_module_writes_table_attributes_or_calls_its_private_helpers(module):
    """The Table is `t` (or `table`) in every function of game/ that takes it."""
    tree = _tree(os.path.join(GAME, module + ".py"))
    wrong = []
    for node in ast.walk(tree):
        target = None
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            for tg in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                for sub in (tg.elts if isinstance(tg, ast.Tuple) else [tg]):
                    if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and \
                            sub.value.id in ("t", "table"):
                        target = sub.attr
        if target:
            wrong.append("writes t.%s (line %d)" % (target, node.lineno))
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id in ("t", "table") and node.attr.startswith("_"):
            wrong.append("uses t.%s (line %d)" % (node.attr, node.lineno))
    assert not wrong, "%s: %s" % (module, "; ".join(wrong))


def test_the_phase_changes_in_one_place():
    setters = []
    for module in _game_modules():
        for node in ast.walk(_tree(os.path.join(GAME, module + ".py"))):
            if isinstance(node, ast.Attribute) and node.attr == "phase" and isinstance(node.ctx, ast.Store):
                setters.append((module, node.lineno))
    # Table.__init__ creates it, Table.go changes it
    assert [m for m, _ in setters] == ["table", "table"], setters


def test_the_button_table_has_a_row_per_phase_and_a_column_per_event():
    from game import table as T
    from game import phases
    assert len(T.Table.ON) == phases.RESIGNATION + 1
    assert all(len(row) == 4 for row in T.Table.ON)
    # what docs/table.md says each phase's buttons do, by the cell's name
    cell = {}
    for phase, row in enumerate(T.Table.ON):
        for event, fn in enumerate(row):
            if fn is not None:
                cell[(phase, event)] = getattr(fn, "__name__", "")
    assert cell[(T.PRE_ROLL, T.MAIN)] == "_roll" and (T.PRE_ROLL, T.CUBE) in cell
    assert cell[(T.MOVING, T.MAIN)] == "_commit_pressed"
    assert (T.SETUP, T.MAIN) not in cell and (T.MOVING, T.MAIN_HELD) not in cell


def _imports(path):
    """The firmware modules `path` imports, at its top or inside its functions."""
    out = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            for a in node.names:
                out.add(node.module + "." + a.name)
    return out


def test_game_does_not_import_the_drivers():
    for module in _game_modules():
        hw = [m for m in _imports(os.path.join(GAME, module + ".py")) if m == "hw" or m.startswith("hw.")]
        assert not hw, (module, hw)


def test_the_game_modules_import_one_another_without_a_loop():
    names = set("game." + m for m in _game_modules())
    graph = {}
    for m in _game_modules():
        graph["game." + m] = sorted(i for i in _imports(os.path.join(GAME, m + ".py")) if i in names)

    def visit(node, path):
        assert node not in path, "import loop: " + " -> ".join(path + [node])
        for nxt in graph[node]:
            visit(nxt, path + [node])
    for m in graph:
        visit(m, [])


def test_no_firmware_module_names_another_in_a_string_to_call_it():
    """rare code is reached by its real name (`from game import flows`, then
    `flows.double(t, p)`), through its package's table of rare parts: base/rare.py is the one
    module that imports by a name it is given."""
    for folder, _, names in os.walk(ROOT):
        for name in names:
            path = os.path.join(folder, name)
            if not name.endswith(".py") or path in (os.path.join(ROOT, "base", "rare.py"),
                                                    os.path.join(ROOT, "manifest.py")):
                continue
            for node in ast.walk(_tree(path)):
                if isinstance(node, ast.Call):
                    f = node.func
                    called = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                    assert called not in ("call", "__import__"), "%s line %d" % (path, node.lineno)


def _rare_tables():
    """{package: {module: the modules that leave with it}} from each package's
    `__getattr__ = on_demand(__name__, {...})`."""
    tables = {}
    for pkg in sorted(os.listdir(ROOT)):
        init = os.path.join(ROOT, pkg, "__init__.py")
        if not os.path.exists(init):
            continue
        for node in ast.walk(_tree(init)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "on_demand":
                tables[pkg] = {p.split(" ", 1)[0]: p.partition(" ")[2]
                               for p in ast.literal_eval(node.args[1])}
    return tables


def test_every_rare_part_is_a_module_of_its_package_and_every_call_a_function_of_it():
    """What a package lists as rare is a module in that package (and what leaves with it
    exists); every `module.function` the firmware calls on a rare part it imported is a
    function that module defines (a class or a constant would come back as a caller of it):
    a rare call cannot name what is not there."""
    tables = _rare_tables()
    assert set(tables) >= {"base", "bg", "game", "dice", "hw", "record", "app"}, tables
    defined = {}
    for pkg, table in tables.items():
        for mod, also in table.items():
            path = os.path.join(ROOT, pkg, mod + ".py")
            assert os.path.exists(path), path
            defined[pkg, mod] = {n.name for n in _tree(path).body
                                 if isinstance(n, ast.FunctionDef)}
            for other in also.split():
                assert os.path.exists(os.path.join(ROOT, *other.split(".")) + ".py"), other
    calls = 0
    for folder, _, names in os.walk(ROOT):
        for name in names:
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            tree = _tree(path)
            bound = {}
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module in tables:
                    for a in node.names:
                        if a.name in tables[node.module]:
                            bound[a.asname or a.name] = (node.module, a.name)
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                        and node.value.id in bound:
                    pkg, mod = bound[node.value.id]
                    assert node.attr in defined[pkg, mod], "%s line %d: %s.%s" % (
                        path, node.lineno, mod, node.attr)
                    calls += 1
    assert calls > 60, calls


def test_every_module_is_reached_by_its_name():
    """Every firmware module is imported somewhere by its real name (an import statement a
    reader or a tool can follow: in the firmware, or for the host's use of the rules core
    and the colour names, in host_tools/ or the tests), none only through a string: the
    rare parts too."""
    imported = set()
    names = set()
    top = os.path.dirname(ROOT)
    for where in (ROOT, os.path.join(top, "host_tools"), os.path.join(top, "tests"),
                  os.path.join(top, "web", "py")):
        for folder, _, files in os.walk(where):
            for name in files:
                if not name.endswith(".py"):
                    continue
                path = os.path.join(folder, name)
                if where == ROOT:
                    rel = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                    names.add(rel[:-9] if rel.endswith(".__init__") else rel)
                _imported_names(path, imported)
    # main.py runs at power-up, manifest.py is read by the freezing tool, hw.prodtest is the
    # maker's production test run by name through mpremote (host_tools/cmd_prodtest.py)
    unreached = sorted(names - imported - {"main", "manifest", "hw.prodtest"})
    assert unreached == [], unreached


def _imported_names(path, imported):
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
            imported.update(node.module + "." + a.name for a in node.names)
