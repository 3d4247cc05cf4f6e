"""Scanner on the simulated board: noise leaves a settled position alone; every hardware
fault is reported as such (never as a move), and the affected points become ranges."""
from scanrig import rig, settle, WHITE, BLACK, cfg
from base.reading import MIXED, WEAK, FAULT


def _opening(board):
    w = [0] * 26
    b = [0] * 26
    for p, n in ((24, 2), (13, 5), (8, 3), (6, 5)):
        w[p] = n
        b[25 - p] = n
    board.set_position_counts(w, b)


def _hold_still(sc, ref, scans):
    for k in range(scans):
        s = sc.scan()
        assert s.same_as(ref), (k, s, ref)
        assert sc.settled, k


def test_documented_noise_never_changes_the_settled_position():
    # 1 LSB rms = the DRV5055's 0.2 mTpp (hardware-brief 7.3); 4 LSB and LED/SMPS spikes too
    board, sc = rig(seed=7, noise_lsb=1.0)
    _opening(board)
    board.set_point(12, BLACK, 1)
    board.set_point(19, BLACK, 9)           # a second layer as well
    ref = type(sc.sensed)()
    ref.copy_from(settle(sc))
    assert ref.faults == [] and ref.lo[19] == 9 and ref.all_certain(), ref
    _hold_still(sc, ref, 150)
    board.noise_lsb = 4.0
    board.spike_every = 7                   # one read in 7 off by 400 LSB: the median of 3 drops it
    _hold_still(sc, ref, 150)


def test_a_spike_in_step_with_the_scan_never_unsettles_the_board_with_medians():
    # the same read of every scan spiked (an LED refresh in step with the scan): the walk's
    # single reading asks for a change, the median taken after the last bank drops it
    board, sc = rig(seed=21)
    _opening(board)
    ref = type(sc.sensed)()
    ref.copy_from(settle(sc))
    r0 = board.reads
    sc.scan()
    board.spike_every = board.reads - r0
    _hold_still(sc, ref, 60)


def test_a_placed_checker_unsettles_at_once_and_counts_after_the_debounce():
    # both sampling modes: not settled from the first scan that sees the checker, the
    # reading changes on the scan the debounce ends (the single reading of samples=3 is
    # confirmed by a median in the same scan), and no earlier
    for samples in (3, 1):
        board, sc = rig(seed=22, samples=samples, quiet=0)
        _opening(board)
        settle(sc)
        board.place(3, WHITE)
        for k in range(1, sc.debounce + 1):
            s = sc.scan()
            assert not sc.settled or k == sc.debounce, (samples, k)
            assert (s.lo[3] == 1) == (k == sc.debounce), (samples, k, s.lo[3])
        assert sc.settled and s.colour[3] == WHITE, samples


def test_one_sample_per_channel_leaves_noise_to_the_debounce():
    # samples=1: no median; the documented noise (and 4x it) still never unsettles the board.
    # (Spikes are then only rejected by the debounce, which a spike source in step with the
    # scan defeats: samples=3 drops them at the source, test above.)
    board, sc = rig(seed=19, noise_lsb=1.0, samples=1)
    _opening(board)
    board.set_point(12, BLACK, 1)
    board.set_point(19, BLACK, 9)           # a second layer as well (15 black in all)
    ref = type(sc.sensed)()
    ref.copy_from(settle(sc))
    assert ref.faults == [] and ref.lo[19] == 9 and ref.all_certain(), ref
    _hold_still(sc, ref, 100)
    board.noise_lsb = 4.0
    _hold_still(sc, ref, 100)


def test_slow_drift_is_followed_then_reported():
    board, sc = rig(seed=8, track_every=4)
    _opening(board)
    ref = type(sc.sensed)()
    ref.copy_from(settle(sc))
    # temperature: the DRV5055's offset moves <= 1 % VCC (1.1 mT) over -40..125 C, so about
    # 0.15 mT for a 20 C room swing; 0.5 mT over the whole board, slowly, changes nothing.
    # (Occupied slots cannot be re-zeroed: near 1 mT a strong single checker on a slot
    # calibrated with a weak one nears the second-layer threshold; see the report.)
    for step in range(1, 11):
        board.set_drift(0.05 * step)
        _hold_still(sc, ref, 12)
    board.set_drift(0.0)
    # a stray magnet under point 1, slot 4: 3.1 mT is past DRIFT_LIMIT_MT (3) but under the
    # occupancy release threshold (0.25 of a checker), so only the baseline tracker sees it
    board.set_drift(3.1, sensor=3)
    sc.track_every = 1
    for _ in range(600):
        s = sc.scan()
        if ("drift", 3) in s.faults:
            break
    assert ("drift", 3) in s.faults, s.faults
    assert (s.lo[1], s.hi[1], s.colour[1]) == (2, 2, BLACK)  # no checker invented on slot 4


def test_open_and_shorted_sensors_are_out_of_range_and_widen_their_point():
    board, sc = rig(seed=9)
    board.set_point(6, WHITE, 5)
    s = settle(sc)
    i = 5 * 6 + 2                             # point 6, slot 3
    board.kill(i, "open")
    s = settle(sc)
    assert ("out_of_range", (i, "high")) in s.faults, s.faults
    assert s.lo[6] == 4 and s.hi[6] >= 5 and s.colour[6] == WHITE, s
    board.kill(i, None)
    board.kill(7, "short")                    # point 2, slot 2
    s = settle(sc)
    assert ("out_of_range", (7, "low")) in s.faults, s.faults
    assert s.lo[2] == 0 and s.hi[2] > 0, s
    assert ("out_of_range", (i, "high")) not in s.faults


def test_a_frozen_sensor_is_stuck():
    board, sc = rig(seed=10, stuck_scans=16, stuck_stride=1)
    board.set_point(4, BLACK, 2)
    board.kill(3 * 6, "stuck")                # point 4, slot 1: reads one value forever
    for _ in range(40):
        s = sc.scan()
    assert ("stuck", 18) in s.faults, s.faults
    assert all(f[0] == "stuck" for f in s.faults), s.faults


def test_a_multiplexer_that_does_not_answer_is_a_mux_fault():
    board, sc = rig(seed=11)
    board.set_point(9, WHITE, 3)
    settle(sc)
    board.break_mux(0, 1)                     # left half, bank 1 = points 9 and 10
    for _ in range(30):
        s = sc.scan()
    assert ("mux", (0, 1, "gnd channel not at 0 V")) in s.faults, s.faults
    # its points are unknown: a range, no colour, nothing else blamed
    assert s.lo[9] == 0 and s.hi[9] == 15 and s.colour[9] == 0, s
    assert [f for f in s.faults if f[0] != "mux"] == []
    board.break_mux(0, 1, False)
    s = settle(sc)
    assert s.faults == [] and (s.lo[9], s.hi[9]) == (3, 3)


def test_a_bank_without_power_is_a_mux_fault():
    board, sc = rig(seed=12)
    board.cut_bank_power(1, 2)                # right half bank 2 = points 5 and 6
    for _ in range(30):
        s = sc.scan()
    assert ("mux", (1, 2, "rail/2 channel wrong (bank power)")) in s.faults, s.faults
    assert s.hi[5] > 0 and s.hi[6] > 0


def test_a_stuck_select_line_is_caught_by_the_self_test_channels():
    board, sc = rig(seed=13)
    board.stick_select(0, 1)                  # S0 stuck high: ch14 (GND) reads ch15
    for _ in range(30):
        s = sc.scan()
    assert len([f for f in s.faults if f[0] == "mux"]) == len(cfg.SCAN_BANKS), s.faults


def test_more_than_fifteen_of_a_colour_is_too_many():
    board, sc = rig(seed=14)
    for p in (1, 2, 3, 4):
        board.set_point(p, WHITE, 4)
    s = settle(sc)
    assert ("too_many", WHITE) in s.faults and ("too_many", BLACK) not in s.faults


def test_uncalibrated_board_still_reads_presence_but_not_stacks():
    board, sc = rig(seed=15, calibrated=False)
    assert sc.cal.warning is None or isinstance(sc.cal.warning, str)
    board.set_point(3, WHITE, 4)
    board.set_point(17, BLACK, 8)
    s = settle(sc)
    assert (s.lo[3], s.hi[3]) == (4, 4)
    assert s.lo[17] == 6 and s.hi[17] >= 8      # full floor: a second layer is not read


def test_a_hand_passing_over_the_board_does_not_move_a_settled_checker():
    board, sc = rig(seed=16)
    _opening(board)
    board.lift(13)                          # White's 15th checker is in the hand
    ref = type(sc.sensed)()
    ref.copy_from(settle(sc))
    board.hover(10, WHITE, 12.0)            # a checker carried 12 mm above point 10: 19 %
    _hold_still(sc, ref, 10)
    # issue 8 item 22: 5 mm (49 %) and even 3 mm (~70 %) above the board are weaker than any
    # placed checker (>= 0.9): "maybe one", never a count
    for mm in (5.0, 3.0):
        board.hover(10, WHITE, mm)
        s = settle(sc)
        assert (s.lo[10], s.hi[10], s.why[10]) == (0, 1, WEAK), (mm, s)
    board.hover(10, WHITE, None)
    board.place(10, WHITE)                  # set down: counted
    s = settle(sc)
    assert (s.colour[10], s.lo[10], s.hi[10], s.why[10]) == (WHITE, 1, 1, 0), s
    board.lift(10)
    s = settle(sc)
    assert s.same_as(ref), s


def test_a_hover_beside_a_full_board_is_nothing():
    # every checker of both colours on the board: a 16th cannot be over point 10
    board, sc = rig(seed=16)
    _opening(board)
    ref = type(sc.sensed)()
    ref.copy_from(settle(sc))
    board.hover(10, WHITE, 3.0)
    s = settle(sc)
    assert (s.lo[10], s.hi[10]) == (0, 0), s


def test_a_dead_bank_marks_its_points_as_a_hardware_fault():
    board, sc = rig(seed=23)
    _opening(board)
    settle(sc)
    board.break_mux(0, 0)                   # points 7 and 8
    for _ in range(30):
        s = sc.scan()
    assert s.fault_points() == (7, 8), s
    board.break_mux(0, 0, False)
    s = settle(sc)
    assert s.fault_points() == () and s.faults == [], s


def test_a_stuck_sensor_makes_its_point_a_hardware_fault():
    board, sc = rig(seed=10, stuck_scans=16, stuck_stride=1)
    board.set_point(4, BLACK, 2)
    board.kill(3 * 6, "stuck")                # point 4, slot 1
    for _ in range(40):
        s = sc.scan()
    assert ("stuck", 18) in s.faults and s.why[4] == FAULT and s.hi[4] > s.lo[4], s


def test_a_reversed_magnet_in_a_pile_is_two_colours():
    board, sc = rig(seed=24)
    board.set_point(6, WHITE, 4)
    board.place(6, WHITE, reversed=True)    # a white checker upside down
    s = settle(sc)
    assert board.counts(6) == (5, 0)
    assert s.colour[6] == MIXED and ("mixed", 6) in s.faults, s


def test_a_piles_top_layer_in_the_band_is_a_pile_range_not_a_hover():
    # a second-layer checker lifted off a strong floor checker: the floor's reading stays
    # between the layer-2 thresholds (hysteresis). That is a pile whose top is unsure (an
    # open range), not a checker held over the board (the demo once waited on it for ever)
    board, sc = rig(seed=25)
    board.set_point(3, WHITE, 7)              # slot 1 holds two layers
    board.set_drift(-0.6, sensor=12)          # a strong magnet on slot 1's floor checker
    settle(sc)
    board.lift(3)                             # the second layer off slot 1
    s = settle(sc)
    assert sc.state[12] & 16, sc.state[12]    # in the band, as the scanner holds it
    assert s.lo[3] == 6 and s.hi[3] > 6 and s.why[3] == 0, s
