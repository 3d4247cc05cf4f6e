"""Which of the firmware's functions MicroPython calls with their frame on the heap.

MicroPython's bytecode VM puts a called function's state (its locals, its value stack and
its exception stack) on the C stack when it is at most 11 words, and asks the heap for it
otherwise (py/objfun.c, VM_MAX_STATE_ON_STACK; the port has no Python stack, as the rp2
port's RPI_PICO build has none): an allocation at every call and a free at its return.
On the chip's heap, cut into small holes once the board has run, each of those walks the
holes (../shared/pico-measured.md: the same think up to twice as long inside the board's
heap as on a fresh one). This reads each function's prelude in the .mpy files mpy-cross
makes (format 6: the signature's n_state and n_exc_stack) and says which functions pass
the bound, on the Pico's 32-bit words: n_state + 3 x n_exc_stack > 11 (an exception stack
entry is 3 words).

    python -m host_tools.benches.mpy_frames [MPY_TREE]     # the functions over the bound

`heap_frames(tree)` gives {(module path, function name): (n_state, n_exc_stack)} for
bench engine, which counts the calls of these functions in a think.
"""
import os
import sys

WORDS_ON_STACK = 11         # py/objfun.c: VM_MAX_STATE_ON_STACK = sizeof(mp_uint_t) * 11
EXC_WORDS = 3               # mp_exc_stack_t: handler, val_sp, prev_exc


class _Reader:
    def __init__(self, data):
        self.data = data
        self.at = 0

    def byte(self):
        b = self.data[self.at]
        self.at += 1
        return b

    def bytes(self, n):
        b = self.data[self.at:self.at + n]
        self.at += n
        return b

    def uint(self):
        i = 0
        while True:
            b = self.byte()
            i = (i << 7) | (b & 0x7F)
            if not b & 0x80:
                return i


def _uint_at(data, at):
    i = 0
    while True:
        b = data[at]
        at += 1
        i = (i << 7) | (b & 0x7F)
        if not b & 0x80:
            return i, at


# persistent object kinds of format 6 (py/persistentcode.h)
_FUN_TABLE, _NONE, _FALSE, _TRUE, _ELLIPSIS, _STR, _BYTES, _INT, _FLOAT, _COMPLEX, _TUPLE = range(11)


def _skip_obj(r):
    kind = r.byte()
    if kind in (_FUN_TABLE, _NONE, _FALSE, _TRUE, _ELLIPSIS):
        return
    if kind == _TUPLE:
        for _ in range(r.uint()):
            _skip_obj(r)
        return
    n = r.uint()
    r.bytes(n)
    if kind in (_STR, _BYTES):
        r.byte()                 # its NUL


def _signature(fun):
    """(n_state, n_exc_stack, end of the signature) of a bytecode prelude (py/bc.h's
    MP_BC_PRELUDE_SIG_DECODE_INTO)."""
    at = 0
    z = fun[at]
    at += 1
    s = (z >> 3) & 0xF
    e = (z >> 2) & 1
    n = 0
    while z & 0x80:
        z = fun[at]
        at += 1
        s |= (z & 0x30) << (2 * n)
        e |= (z & 0x02) << n
        n += 1
    return s + 1, e, at


def _name(fun, at, qstrs):
    """The function's name: the first entry of its info section, after the size's bytes
    (MP_BC_PRELUDE_SIZE_DECODE), an index into the module's qstr table."""
    z = fun[at]
    at += 1
    while z & 0x80:
        z = fun[at]
        at += 1
    q, _ = _uint_at(fun, at)
    return qstrs[q] if q < len(qstrs) else "?"


def _raw_codes(r, qstrs, out, depth=0):
    kind_len = r.uint()
    kind = kind_len & 3
    has_children = (kind_len >> 2) & 1
    fun = r.bytes(kind_len >> 3)
    if kind != 0:
        raise ValueError("native code in a bytecode .mpy (compile without -march)")
    s, e, at = _signature(fun)
    out.append((_name(fun, at, qstrs), s, e, depth))
    if has_children:
        for _ in range(r.uint()):
            _raw_codes(r, qstrs, out, depth + 1)


def functions(path):
    """[(name, n_state, n_exc_stack, depth)] of a bytecode .mpy file (format 6), in file
    order (depth 0: the module's own code)."""
    with open(path, "rb") as f:
        r = _Reader(f.read())
    head = r.bytes(4)
    if head[:1] != b"M" or head[1] != 6:
        raise ValueError("not a format-6 .mpy file: " + path)
    n_qstr = r.uint()
    n_obj = r.uint()
    qstrs = []
    for _ in range(n_qstr):
        n = r.uint()
        if n & 1:
            qstrs.append("<static %d>" % (n >> 1))
        else:
            qstrs.append(r.bytes(n >> 1).decode())
            r.byte()
    for _ in range(n_obj):
        _skip_obj(r)
    out = []
    _raw_codes(r, qstrs, out)
    return out


def on_heap(n_state, n_exc):
    return n_state + EXC_WORDS * n_exc > WORDS_ON_STACK


def heap_frames(tree):
    """{(path in the tree, function name): (n_state, n_exc_stack)} of every function whose
    frame MicroPython puts on the heap, over the .mpy files under tree."""
    got = {}
    for d, _, files in os.walk(tree):
        for f in files:
            if not f.endswith(".mpy"):
                continue
            p = os.path.join(d, f)
            rel = os.path.relpath(p, tree)
            try:
                fns = functions(p)
            except ValueError:
                continue                  # (a viper module: native code)
            for name, s, e, depth in fns:
                if depth and on_heap(s, e):
                    got[(rel, name)] = (s, e)
    return got


def main(argv):
    if argv:
        tree = argv[0]
    else:
        from host_tools.cmd_flash import compile_tree
        tree = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                            "build", "mpy-frames")
        compile_tree(tree, march=None)
    got = heap_frames(tree)
    for (rel, name), (s, e) in sorted(got.items()):
        print("%-32s %-28s n_state %2d  exc %d" % (rel, name, s, e))
    print("%d functions with their frame on the heap" % len(got))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
