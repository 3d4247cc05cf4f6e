"""No two modules import each other, directly or round a loop, in firmware/ or host_tools/
(issue 9: the imports as design.md draws them). Imports inside functions count: a loop
broken only by a late import is still a loop to a reader."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _modules(top, prefix):
    """{module name: path} for the .py files under `top` (packages' __init__ left out:
    they only hand names on)."""
    out = {}
    for folder, _, names in os.walk(top):
        if "node_modules" in folder or "__pycache__" in folder:
            continue
        for n in names:
            if n.endswith(".py") and n != "__init__.py":
                rel = os.path.relpath(os.path.join(folder, n), top)[:-3].replace(os.sep, ".")
                out[prefix + rel] = os.path.join(folder, n)
    return out


def _imported(path):
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(node.module + "." + a.name for a in node.names)
    return names


def _loops(modules):
    graph = {m: sorted(i for i in _imported(p) if i in modules and i != m) for m, p in modules.items()}
    found, done = [], set()

    def visit(node, path):
        if node in path:
            found.append(" -> ".join(path[path.index(node):] + [node]))
            return
        if node in done:
            return
        for nxt in graph[node]:
            visit(nxt, path + [node])
        done.add(node)
    for m in sorted(graph):
        visit(m, [])
    return found


def test_the_firmware_has_no_import_loop():
    assert _loops(_modules(os.path.join(ROOT, "firmware"), "")) == []


def test_the_host_tools_have_no_import_loop():
    host = _modules(os.path.join(ROOT, "host_tools"), "host_tools.")
    assert _loops(host) == []
