"""The fault matrix of time (issue 8): ticks_ms wrapping at 2**30, stalls of the board,
time jumping forward and back, in every phase a clock can run in. Each case starts just
below the wrap, puts the Table in a phase, feeds one pattern of ticks and checks:
  - the player who must act is charged exactly what the rule says (every gap up to
    game.clock.MAX_TICK_MS in full, a longer forward gap MAX_TICK_MS, a gap back or of half
    a period or more nothing), the other player nothing, and nobody when the clock waits;
  - no phase changes, nobody flags;
  - afterwards the clock runs normally, a note expires within NOTE_MS and checkers held
    in a hand turn red after the grace.
PHASES x PATTERNS x STARTS cases, run under CPython and MicroPython."""
from game.settings import Settings, CLOCK_STANDARD
from game.clock import MAX_TICK_MS
from game.table import GRACE_MS, NOTE_MS, S_IN_HAND, S_ILLEGAL
from tablekit import Rig, sensed_of
from base import ticks

WRAP = 1 << 30
HALF = 1 << 29
STARTS = (WRAP - 1, WRAP - 333, WRAP - 5000)

# name, the gaps between successive ticks (ms; negative: time went back)
PATTERNS = (
    ("steady across the wrap", (20,) * 300),
    ("a 10 s stall", (20,) * 10 + (10000,) + (20,) * 10),
    ("a 1 min stall across the wrap", (60000,)),
    ("the longest forward jump", (HALF - 1,)),
    ("a jump of half a period", (HALF + 1000,) + (20,) * 10),
    ("5 s back", (20,) * 10 + (-5000,) + (20,) * 10),
    ("ticks bunched and spread", (0, 1, 249, 250, 251, 0, 19, 500, 20)),
    ("many short stalls", (300,) * 40),
)


def charged_by(gaps):
    """What the rule charges for these gaps."""
    total = 0
    for d in gaps:
        if 0 < d < HALF:
            total += d if d <= MAX_TICK_MS else MAX_TICK_MS
    return total


def _opened(start):
    r = Rig(Settings(clock=CLOCK_STANDARD), now=start)
    r.setup()
    r.opening(3, 1)                       # White to move
    return r


def _menu_resign(r, player):
    main = "p%d_main" % (player + 1)
    for _ in range(3):
        r.press("menu")
    r.press(main)                         # Resign
    r.press(main)                         # single
    r.press(main)                         # yes


def ph_roll(start):
    r = _opened(start)
    r.move(0, [(8, 5), (6, 5)])
    r.press("p1_main")
    return r, 1


def ph_move(start):
    return _opened(start), 0


def ph_illegal(start):
    r = _opened(start)
    r.lift(0, 24)
    r.put(0, 19, hit=False)               # a closed point: still White's time
    return r, 0


def ph_in_hand(start):
    r = _opened(start)
    r.lift(0, 13, False)
    r.lift(0, 8)
    return r, 0


def ph_cube(start):
    r, _ = ph_roll(start)
    r.press("p2_cube")                    # Black doubles: White answers
    return r, 0


def ph_resign(start):
    r = _opened(start)
    _menu_resign(r, 0)                    # White resigns: Black answers
    return r, 1


def ph_menu(start):
    r = _opened(start)
    r.press("menu")
    r.press("menu")                       # on "Settings", the menu left open
    return r, 0


def ph_put_back(start):
    r, _ = ph_roll(start)
    r2 = Rig(saved=r.saves[-1], board=r.board, now=start)   # a power cut: waits, no reading
    return r2, -1


def ph_sensor_fault(start):
    r = _opened(start)
    r.move(0, [(8, 5), (6, 5)])
    s = sensed_of(r.board, {6: (3, 5), 5: (1, 3)})
    s.faults = [("mux", (0, 0, "gnd channel not at 0 V"))]
    r.t.sensed(s)                         # a dead bank: counts unknown, the board waits
    return r, -1


PHASES = (("roll", ph_roll), ("move", ph_move), ("illegal", ph_illegal),
          ("in hand", ph_in_hand), ("cube answer", ph_cube), ("resignation answer", ph_resign),
          ("menu open", ph_menu), ("put back after a cut", ph_put_back),
          ("sensor fault", ph_sensor_fault))


def _spent(clock, p):
    """ms the player `p` has used of its reserve and of the allowance running for it."""
    allowance = 0
    if clock.running == p:
        allowance = clock.answer_left if clock.answering else clock.turn_left
    return clock.reserve[p], allowance


def _case(phase_fn, start, gaps):
    """None, or what went wrong."""
    r, acting = phase_fn(start)
    t = r.t
    if acting >= 0 and t.acting() != acting:
        return "acting %d, expected %d" % (t.acting(), acting)
    phase = t.phase
    t.say("probe")                     # a note due NOTE_MS after the start
    before = [_spent(t.clock, 0), _spent(t.clock, 1)]
    for d in gaps:
        r.jump(d)
    after = [_spent(t.clock, 0), _spent(t.clock, 1)]
    want = charged_by(gaps) if acting >= 0 else 0
    for p in (0, 1):
        used = (before[p][0] - after[p][0]) + (before[p][1] - after[p][1])
        expect = want if p == acting else 0
        if used != expect:
            return "player %d charged %d, expected %d" % (p, used, expect)
    if t.phase != phase or t.clock.flagged != -1:
        return "phase %d -> %d, flagged %d" % (phase, t.phase, t.clock.flagged)
    mark = after[acting] if acting >= 0 else None
    r.wait(1000, step=20)                # the clock runs on normally
    if acting >= 0:
        now = _spent(t.clock, acting)
        used = (mark[0] - now[0]) + (mark[1] - now[1])
        if used != 1000:
            return "after the fault 1000 ms charged %d" % used
    r.wait(max(NOTE_MS, GRACE_MS))
    if t.note is not None:
        return "the note never expired"
    if phase_fn is ph_in_hand and t.state != S_ILLEGAL:
        return "the hand never turned red (state %d)" % t.state
    return None


def _run(names):
    bad = []
    n = 0
    for name, fn in PHASES:
        if name not in names:
            continue
        for pname, gaps in PATTERNS:
            for start in STARTS:
                n += 1
                why = _case(fn, start, gaps)
                if why:
                    bad.append("%s / %s / start %d: %s" % (name, pname, start, why))
    assert not bad, "\n".join(bad[:10])
    return n


def test_charges_across_the_wrap_and_jumps_while_rolling_and_moving():
    assert _run(("roll", "move", "illegal")) == 3 * len(PATTERNS) * len(STARTS)


def test_charges_across_the_wrap_and_jumps_with_checkers_in_hand_or_a_menu_open():
    assert _run(("in hand", "menu open")) == 2 * len(PATTERNS) * len(STARTS)


def test_charges_across_the_wrap_and_jumps_while_an_answer_waits():
    assert _run(("cube answer", "resignation answer")) == 2 * len(PATTERNS) * len(STARTS)


def test_nobody_is_charged_while_the_board_waits_on_a_cut_or_a_fault():
    assert _run(("put back after a cut", "sensor fault")) == 2 * len(PATTERNS) * len(STARTS)


def test_the_matrix_covers_every_phase():
    assert len(PHASES) * len(PATTERNS) * len(STARTS) == 216
    assert ticks.diff(ticks.add(STARTS[0], 1), STARTS[0]) == 1 and ticks.add(STARTS[0], 1) == 0


def test_the_in_hand_phase_is_in_hand():
    r, _ = ph_in_hand(STARTS[0])
    assert r.t.state == S_IN_HAND
