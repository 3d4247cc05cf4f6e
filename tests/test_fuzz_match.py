"""The whole-match fuzzer (tests/fuzz_match.py), short: a few machines of a few dozen steps,
derandomized (the same every run). `make fuzz` runs it long with fresh random draws
(FUZZ_EXAMPLES, FUZZ_STEPS) and prints its figures; a failure prints its steps and the
`@reproduce_failure` blob that replays it. CPython only (hypothesis, gnubg)."""
import os

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

pytest.importorskip("gnubg")
import fuzz_match  # noqa: E402


def test_whole_matches_hold_together():
    examples = int(os.environ.get("FUZZ_EXAMPLES", "8"))
    steps = int(os.environ.get("FUZZ_STEPS", "80"))
    kw = dict(max_examples=examples, stateful_step_count=steps, deadline=None,
              suppress_health_check=list(HealthCheck), database=None,
              print_blob=True)                     # a failure prints how to replay it
    if "FUZZ_EXAMPLES" not in os.environ:
        kw["derandomize"] = True                   # make test: the same short run each time
    if os.environ.get("FUZZ_NO_SHRINK"):
        from hypothesis import Phase
        kw["phases"] = [Phase.explicit, Phase.generate]   # the first failure as found
    run = settings(**kw)
    try:
        run_state_machine_as_test(fuzz_match.MatchMachine, settings=run)
    finally:
        print("fuzz: %(machines)d machines, %(steps)d steps, %(cuts)d power cuts, "
              "%(games)d games, %(exported)d records exported and replayed by gnubg" % fuzz_match.STATS)
