"""One helper for the portable tests that expect an exception (no pytest.raises under
MicroPython)."""


def raises_value_error(fn, *args):
    """The message of the ValueError fn(*args) raises, or None when it raises none."""
    try:
        fn(*args)
    except ValueError as e:
        return str(e)
    return None
