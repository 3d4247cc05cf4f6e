"""The portable tests' helpers for an expected exception (no pytest.raises under MicroPython),
in one place."""


def raised(kind, fn, *args):
    """The exception of class `kind` that fn(*args) raises, or None when it raises none."""
    try:
        fn(*args)
    except kind as e:
        return e
    return None


def raises_value_error(fn, *args):
    """The message of the ValueError fn(*args) raises, or None when it raises none."""
    e = raised(ValueError, fn, *args)
    return None if e is None else str(e)


def value_error(fn, *args):
    """The message of the ValueError fn(*args) raises; fails the test when it raises none."""
    e = raised(ValueError, fn, *args)
    if e is None:
        raise AssertionError("no ValueError from %r" % (args,))
    return str(e)
