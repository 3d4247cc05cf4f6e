"""Scanner on the simulated board: every count 0..15 of both colours on every point and on
the bar, after calibration. Counts the physics cannot resolve are ranges that hold the truth:
  point (6 slots): 0..6 exact (one layer), 7..12 exact lower bound (second layer read),
  13..15 read as "at least 12"; any second layer may hide a third (+9 %, inside the
  +-8 % spread), so "at most" is 15 unless the 15 checkers of the colour pin it down.
  bar (4 slots per strip): the same with 4 and 8.
"""
from scanrig import rig, settle, WHITE, BLACK
from base.reading import MIXED


def _expect(n, slots):
    """(lo, hi) when nothing else bounds the count (more than 15 of a colour on the board)."""
    if n <= slots:
        return n, n
    return min(n, 2 * slots), 15


def _check_all_points(colour, **kw):
    board, sc = rig(**kw)
    other = BLACK if colour == WHITE else WHITE
    for n in range(16):
        board.clear()
        for p in range(1, 25):
            board.set_point(p, colour, n)
        board.set_bar(colour, n)
        board.set_bar(other, 15 - n)
        s = settle(sc)
        lo, hi = _expect(n, 6)
        for p in range(1, 25):
            assert s.colour[p] == (colour if n else 0), (n, p, s)
            assert (s.lo[p], s.hi[p]) == (lo, hi), (n, p, s.lo[p], s.hi[p])
            assert s.lo[p] <= n <= s.hi[p]
        blo, bhi = _expect(n, 4)
        assert (s.bar_lo[colour], s.bar_hi[colour]) == (blo, bhi), (n, s)
        olo, ohi = _expect(15 - n, 4)
        assert s.bar_lo[other] <= 15 - n <= s.bar_hi[other]
        assert (s.fault_codes() == ["too_many"]) == (n > 0), (n, s.faults)


def test_every_count_of_white_on_every_point_and_the_bar():
    _check_all_points(WHITE)


def test_every_count_of_black_on_every_point_and_the_bar_one_sample_per_channel():
    # samples=1: one reading per channel, the deadband test in the next power-up wait (the
    # sampling path does not depend on the colour, so each colour takes one path)
    _check_all_points(BLACK, samples=1)


def _rest_elsewhere(board, colour, rest, avoid):
    """Put `rest` checkers of `colour` on other points, at most 5 each (always readable)."""
    p = 1
    while rest:
        if p != avoid and board.counts(p) == (0, 0):
            k = min(5, rest)
            board.set_point(p, colour, k)
            rest -= k
        p += 1


def test_fifteen_checkers_pin_every_stack_down():
    """With all 15 of a colour on the board, conservation bounds each stack: 7..12 become
    exact, 13..15 read as [12, n] (a third layer stays invisible, the truth is the top)."""
    board, sc = rig(seed=2)
    for colour in (WHITE, BLACK):
        for n in range(16):
            p = 1 + (n * 7 + colour) % 24
            board.clear()
            board.set_point(p, colour, n)
            _rest_elsewhere(board, colour, 15 - n, p)
            s = settle(sc)
            want = (n, n) if n <= 12 else (12, n)
            assert (s.lo[p], s.hi[p]) == want, (colour, n, p, s)
            assert s.faults == [], s.faults
            # borne off: none, or (when the stack is unsure) at most what the stack may lack
            assert s.off(colour) == (0, n - want[0]), s.off(colour)


def test_bar_and_borne_off_with_a_real_position():
    board, sc = rig(seed=3)
    white = [0] * 26
    black = [0] * 26
    white[6], white[8], white[13], white[25] = 5, 3, 4, 1     # 13: 2 borne off
    black[1], black[12], black[17], black[19], black[25] = 2, 5, 3, 3, 2
    board.set_position_counts(white, black)
    s = settle(sc)
    for p in range(1, 25):
        if white[p]:
            assert (s.colour[p], s.lo[p], s.hi[p]) == (WHITE, white[p], white[p]), p
        elif black[p]:
            assert (s.colour[p], s.lo[p], s.hi[p]) == (BLACK, black[p], black[p]), p
        else:
            assert (s.colour[p], s.hi[p]) == (0, 0), p
    assert (s.bar_lo[WHITE], s.bar_hi[WHITE], s.bar_lo[BLACK], s.bar_hi[BLACK]) == (1, 1, 2, 2)
    assert s.off(WHITE) == (2, 2) and s.off(BLACK) == (0, 0)
    assert s.all_certain() and s.faults == []


def test_a_checker_on_the_wrong_bar_strip_still_counts_for_its_colour():
    board, sc = rig(seed=4)
    board.set_bar(WHITE, 2)
    board.place_bar(WHITE, BLACK)
    s = settle(sc)
    assert (s.bar_lo[WHITE], s.bar_hi[WHITE], s.bar_lo[BLACK], s.bar_hi[BLACK]) == (2, 2, 1, 1), s


def test_both_colours_on_a_point_are_mixed_not_a_guess():
    board, sc = rig(seed=5)
    board.set_point(9, BLACK, 1)
    board.place(9, WHITE)                    # a hit in progress
    s = settle(sc)
    assert s.colour[9] == MIXED and ("mixed", 9) in s.faults, s
    assert s.count(9, WHITE) is None and s.count(9, BLACK) is None


def test_a_checker_off_its_slot_gives_a_range_not_a_count():
    board, sc = rig(seed=6)
    board.set_point(20, WHITE, 3)
    board.place(20, WHITE, offset_mm=10.0)   # 10 mm off the 4th slot's centre: 38 % signal
    s = settle(sc)
    assert (s.lo[20], s.hi[20]) == (3, 4), s
    board.set_offset(20, 0.0)                # pushed home
    s = settle(sc)
    assert (s.lo[20], s.hi[20]) == (4, 4), s


def test_a_rules_position_laid_out_reads_back_the_same():
    from bg.position import Position
    board, sc = rig(seed=17)
    pos = Position.start()
    board.set_position(pos, white_on_roll=False)     # Black on roll: me = Black
    s = settle(sc)
    for i in range(24):
        # Black's point i+1 is White's point 24 - i
        assert s.count(24 - i, BLACK) == pos.me[i] and s.count(i + 1, WHITE) == pos.opp[i], i
    assert s.off(WHITE) == (0, 0) and s.off(BLACK) == (0, 0)


def test_paired_halves_read_the_same_board():
    """pair_halves powers bank b of both halves together (one settle wait for two banks)."""
    board, sc = rig(seed=18, pair_halves=True)
    assert len(sc._order) == 13 and sorted(sc._order) == list(range(13))
    assert [on for rd, sens, k, w, on, dummy in sc._plan].count(0) == 6   # banks powered already
    for n in (3, 9):
        board.clear()
        for p in range(1, 25):
            board.set_point(p, WHITE if p % 2 else BLACK, n)
        board.set_bar(WHITE, n)
        s = settle(sc)
        for p in range(1, 25):
            assert s.colour[p] == (WHITE if p % 2 else BLACK) and s.lo[p] == n, (n, p, s)
        assert s.bar_lo[WHITE] == min(n, 8)
        assert [f for f in s.faults if f[0] != "too_many"] == [], s.faults


def test_a_scan_leaves_every_sensor_bank_unpowered():
    """The lines move through the SIO registers (machine.mem32): after a scan both halves'
    decoders are off, so no bank draws current between scans."""
    import fake_io
    from scanrig import cfg
    off = 1 if cfg.HALF_EN_ACTIVE_LOW else 0
    for pair in (False, True):
        board, sc = rig(seed=20, calibrated=False, pair_halves=pair)
        sc.scan()
        assert [fake_io.pin_level(n) for n in cfg.HALF_EN] == [off] * cfg.HALVES

