"""hw.scanner.candidate: the state one reading asks for, a pure function of the reading, the
slot's gain and held state and the thresholds (no pins, no scanner, no simulated board).

Thresholds as set_calibration makes them (R_ONE units, factors of the gain): a layer appears
at its `on` factor and goes at its `off` one, the band between them; White's field is
negative (board_config.WHITE_SIGN)."""
from hw.scanner import candidate, UNKNOWN
from hw.calibration import R_ONE

G = 1000                                    # a sensor's gain: one centred checker's |r|
TH = (int(0.4 * R_ONE), int(0.25 * R_ONE), int(0.75 * R_ONE), int(0.65 * R_ONE),
      int(1.5 * R_ONE), int(1.35 * R_ONE), int(2.3 * R_ONE), int(0.017 * R_ONE))
WHITE, BLACK = 4, 8                         # colour * 4 in a slot state
BAND, FIELD = 16, 32


def _cand(signal, held=0, u=0):
    """The candidate for |r| = signal x one checker's, White's sign (negative)."""
    return candidate(-int(signal * G), G, held, u, TH, True)


def test_an_empty_slot_and_a_placed_checker():
    assert _cand(0.0) == 0
    assert _cand(1.0) == WHITE + 1
    assert candidate(int(1.0 * G), G, 0, 0, TH, True) == BLACK + 1      # the other sign


def test_hysteresis_keeps_a_placed_checker_until_its_off_threshold():
    placed = WHITE + 1
    assert _cand(0.7, held=placed) == placed           # above keep (0.65): still sure
    assert _cand(0.5, held=placed) == placed + BAND    # between off and keep: maybe
    assert _cand(0.2, held=placed) == 0                # below off (0.25): gone


def test_a_weak_field_is_only_ever_a_maybe():
    # a checker held above the slot: under the full threshold from an empty slot
    assert _cand(0.5) == WHITE + 1 + BAND
    assert _cand(0.3) == BAND                          # between off and on: band, no layer
    assert _cand(0.8) == WHITE + 1                     # past full: placed


def test_two_layers_and_their_hysteresis():
    assert _cand(1.6) == WHITE + 2
    assert _cand(1.4, held=WHITE + 2) == WHITE + 2 + BAND
    assert _cand(1.4, held=WHITE + 1) == WHITE + 1     # not yet a second layer


def test_unusable_readings_and_the_overrange():
    for u in (2, 3, 4):
        assert _cand(1.0, u=u) == 126 + u              # 128 + its out-of-range code
        assert _cand(1.0, u=u) != UNKNOWN
    assert _cand(3.0, u=1) == WHITE + 2 + FIELD        # usable, past the overrange
