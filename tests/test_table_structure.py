"""The Table's structure (issue 9 items 1, 2, 4; issue 27 item 4), read from the firmware's
source: only the Table writes its attributes (game/ and app/ alike) and changes its phase,
its state is created in __init__, the phase x button table has a row per phase, the App
talks to it through its public methods and hears from it through one channel (every effect
the Table emits has its handler in the App; the App polls none of its questions), game/
imports no driver, the game modules import one another without a loop, and no module names
another in a string to call it."""
import ast
import os

import pytest

from tools import rare_tables

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
GAME = os.path.join(ROOT, "game")
APP = os.path.join(ROOT, "app")


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


def _app_modules():
    return sorted(n[:-3] for n in os.listdir(APP) if n.endswith(".py"))


def _is_table(node):
    """The Table as the firmware names it: `t` or `table` (game/, app/'s functions that take
    it), or `app.table`, `self.table` (the App's)."""
    return (isinstance(node, ast.Name) and node.id in ("t", "table")) or \
        (isinstance(node, ast.Attribute) and node.attr == "table")


def _table_writes(tree):
    """Lines that write an attribute of the Table: assigned, augmented, deleted, or an
    item of one assigned (`t.seats[p] = ...`)."""
    wrong = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        else:
            continue
        for tg in targets:
            for sub in (tg.elts if isinstance(tg, (ast.Tuple, ast.List)) else [tg]):
                if isinstance(sub, ast.Subscript):
                    sub = sub.value
                if isinstance(sub, ast.Attribute) and _is_table(sub.value):
                    wrong.append("writes t.%s (line %d)" % (sub.attr, node.lineno))
    return wrong


def _table_privates(tree):
    """Lines that use a private attribute or call a private method of the Table."""
    return ["uses t.%s (line %d)" % (node.attr, node.lineno) for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and _is_table(node.value) and node.attr.startswith("_")]


@pytest.mark.parametrize("module", [m for m in _game_modules() if m != "table"])
def test_no_other_game_module_writes_table_attributes_or_calls_its_private_helpers(module):
    """The Table is `t` (or `table`) in every function of game/ that takes it."""
    tree = _tree(os.path.join(GAME, module + ".py"))
    wrong = _table_writes(tree) + _table_privates(tree)
    assert not wrong, "%s: %s" % (module, "; ".join(wrong))


@pytest.mark.parametrize("module", _app_modules())
def test_no_app_module_writes_table_attributes(module):
    """Only the Table writes its attributes: the App changes it through its public
    methods (sensed, button, tick, dice, board_play, board_cube, say, refresh_screen,
    take_position, end_again, use_fair_dice...)."""
    wrong = _table_writes(_tree(os.path.join(APP, module + ".py")))
    assert not wrong, "app/%s.py: %s" % (module, "; ".join(wrong))


@pytest.mark.parametrize("module", _app_modules())
def test_no_app_module_calls_a_private_method_of_the_table(module):
    wrong = _table_privates(_tree(os.path.join(APP, module + ".py")))
    assert not wrong, "app/%s.py: %s" % (module, "; ".join(wrong))


@pytest.mark.parametrize("module", _app_modules())
def test_no_app_module_polls_the_tables_questions(module):
    """What the Table asks (the dice, the board's play, its cube answer) comes through its
    outbox (ASK_ROLL, ASK_PLAY, ASK_CUBE), kept by the App: app/ reads no want_*."""
    tree = _tree(os.path.join(APP, module + ".py"))
    wrong = ["reads t.%s (line %d)" % (node.attr, node.lineno) for node in ast.walk(tree)
             if isinstance(node, ast.Attribute) and _is_table(node.value) and node.attr.startswith("want_")]
    assert not wrong, "app/%s.py: %s" % (module, "; ".join(wrong))


def _emitted():
    """The effects game/ emits, by the Table's name for them: the first argument of every
    emit() call (take_outbox's questions are ASK_ROLL + i, i 0 to 2)."""
    names = set()
    for module in _game_modules():
        for node in ast.walk(_tree(os.path.join(GAME, module + ".py"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr == "emit":
                arg = node.args[0]
                if isinstance(arg, ast.BinOp) and getattr(arg.left, "id", "") == "ASK_ROLL":
                    names.update(("ASK_ROLL", "ASK_PLAY", "ASK_CUBE"))
                else:
                    assert isinstance(arg, ast.Name), "%s line %d: an effect by its name" % (
                        module, node.lineno)
                    names.add(arg.id)
    return names


def test_every_effect_the_table_emits_has_a_handler_in_the_app():
    """One channel (the EMF badge's event bus, by number): each effect the Table emits is an
    index of App.ON_EFFECT, whose entry is the App's method that carries it out, called
    with (payload, now_ms), or for a question the App's attribute that keeps it."""
    import sys
    import inspect
    sys.path.insert(0, ROOT)
    from game import table as T
    from app.loop import App
    names = _emitted()
    assert {"SAVE", "RECORD", "RECORD_DELAYED", "EVENT", "BEEP", "ASK_ROLL"} <= names, names
    effects = {getattr(T, n): n for n in names}
    assert len(effects) == len(names), "two effects share a number: %s" % names
    assert sorted(effects) == list(range(len(App.ON_EFFECT))), (effects, App.ON_EFFECT)
    cls = [n for n in _tree(os.path.join(APP, "loop.py")).body
           if isinstance(n, ast.ClassDef) and n.name == "App"][0]
    init = [f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"][0]
    made = {node.attr for node in ast.walk(init) if isinstance(node, ast.Attribute)
            and getattr(node.value, "id", "") == "self" and isinstance(node.ctx, ast.Store)}
    for effect, name in effects.items():
        handler = App.ON_EFFECT[effect]
        if effect >= T.ASK_ROLL:
            # a question: kept in an attribute App.__init__ creates (None: not asked)
            assert handler in made and not hasattr(App, handler), (name, handler)
        else:
            params = list(inspect.signature(getattr(App, handler)).parameters)
            assert len(params) == 3 and params[2] == "now_ms", (name, handler, params)


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


def test_every_rare_part_is_a_module_of_its_package_and_every_call_a_function_of_it():
    """What a package lists as rare is a module in that package (and what leaves with it
    exists); every `module.function` the firmware calls on a rare part it imported is a
    function that module defines (a class or a constant would come back as a caller of it):
    a rare call cannot name what is not there."""
    tables = rare_tables()
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
