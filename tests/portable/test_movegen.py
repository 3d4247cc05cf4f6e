"""Move generation: the opening counts, the rules of movement, and the obligations."""
from bg.position import Position
from bg.movegen import legal_plays
from corepos import pos_from, played_positions, ROLLS

# GNU Backgammon's number of distinct plays for the opening rolls.
OPENING_COUNTS = {(3, 1): 16, (2, 1): 15, (1, 1): 42, (2, 2): 75, (3, 3): 73, (4, 4): 52,
                  (5, 5): 4, (6, 6): 11, (6, 5): 7}


def result_keys(pos, d1, d2):
    """A 30-bit fingerprint per resulting position (small ints: hundreds of 50-byte keys
    would fragment the Pico-sized heap these tests run in). A collision could only make
    the distinctness test fail, never pass wrongly; equality of two rolls' multisets
    could pass wrongly only through a collision of 2^-30 odds."""
    out = []
    for p in legal_plays(pos, d1, d2):
        r = p.apply(pos)
        h = 0
        for b in r.me:
            h = (h * 131 + b + 1) & 0x3FFFFFFF
        for b in r.opp:
            h = (h * 131 + b + 7) & 0x3FFFFFFF
        out.append(h)
    return out


def notations(pos, d1, d2):
    return sorted(p.notation() for p in legal_plays(pos, d1, d2))


def test_opening_counts_match_gnubg():
    s = Position.start()
    for (a, b), n in OPENING_COUNTS.items():
        assert len(legal_plays(s, a, b)) == n, (a, b)
        assert len(legal_plays(s, b, a)) == n, (b, a)


def test_results_are_distinct_and_dice_order_irrelevant():
    for pos in played_positions(7, 12):
        for a, b in ROLLS:
            r1 = result_keys(pos, a, b)
            assert len(set(r1)) == len(r1)
            r2 = result_keys(pos, b, a)
            assert sorted(r1) == sorted(r2)


def test_every_play_keeps_fifteen_checkers_and_valid():
    for pos in played_positions(11, 10):
        for a, b in ROLLS:
            for p in legal_plays(pos, a, b):
                r = p.apply(pos)
                assert sum(r.me) + r.off() == 15 and sum(r.opp) + r.opp_off() == 15
                assert r.is_valid()


def test_closed_point_blocks_landing_and_intermediate():
    # Our checker on 13; opponent holds our 7 and 8 (their 18 and 17): 6-5 cannot pass,
    # and the 1-point checkers cannot bear off while the 13 is out.
    pos = pos_from({13: 1, 1: 14}, {18: 2, 17: 2, 1: 11})
    texts = notations(pos, 6, 5)
    assert "13/2" not in texts
    assert "13/7" not in " ".join(texts) and "13/8" not in " ".join(texts)
    assert texts == []


def test_one_checker_uses_both_dice_through_an_open_point():
    # Our 8 closed (their 17) but 7 open: 13/2 goes through the 7 only.
    pos = pos_from({13: 1, 1: 14}, {17: 2, 1: 13})
    plays = legal_plays(pos, 6, 5)
    assert [p.notation() for p in plays] == ["13/2"]
    assert plays[0].moves == ((13, 7), (7, 2))


def test_hit_sends_blot_to_bar_and_is_marked():
    # Their blot on their 20 = our 5; their 14 on their 24 = our 1.
    pos = pos_from({13: 2, 6: 13}, {20: 1, 24: 14})
    hits = [p for p in legal_plays(pos, 2, 1) if True in p.hits]
    assert hits
    for p in hits:
        assert "5*" in p.notation()
        r = p.apply(pos)
        assert r.opp[24] == 1 and r.opp[19] == 0


def test_bar_must_enter_first():
    pos = pos_from({6: 5, 8: 3, 13: 5, 24: 1}, {6: 5, 8: 3, 13: 5, 24: 2}, me_bar=1)
    for p in legal_plays(pos, 6, 3):
        assert p.moves[0][0] == 25
    # Entry with a 6 lands on our 19 = their 6 (closed): only the 3 enters, then the 6 plays.
    assert notations(pos, 6, 3) == sorted(["bar/22 24/18", "bar/16", "bar/22 13/7", "bar/22 8/2"])


def test_closed_board_dances():
    pos = pos_from({6: 5, 8: 3, 13: 5, 12: 1}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5}, me_bar=1)
    for a, b in ROLLS:
        assert len(legal_plays(pos, a, b)) == 0


def test_larger_die_when_only_one_can_be_played():
    # Our last outside checker on 20; 20/14 and 20/15 are open but our 9 is closed
    # (their 16), so only one die can be played: it must be the 6.
    pos = pos_from({20: 1, 1: 14}, {16: 2, 1: 13})
    plays = legal_plays(pos, 6, 5)
    assert plays.dice_used == 1
    assert [p.notation() for p in plays] == ["20/14"]
    # With the 6 blocked too (their 11 = our 14), the 5 is the only play.
    pos = pos_from({20: 1, 1: 14}, {16: 2, 11: 2, 1: 11})
    assert notations(pos, 6, 5) == ["20/15"]


def test_no_move_at_all_passes():
    pos = pos_from({8: 1, 1: 14}, {22: 2, 23: 2, 1: 11})   # our 3 and 2 closed
    plays = legal_plays(pos, 6, 5)
    assert len(plays) == 0 and plays.dice_used == 0


def test_must_play_both_dice_when_possible():
    s = Position.start()
    for a, b in ROLLS:
        plays = legal_plays(s, a, b)
        want = 4 if a == b else 2
        assert plays.dice_used == want
        for p in plays:
            assert len(p.moves) == want


def test_bear_off_rules():
    # All home: 2 on our 6, 1 on our 2. 6-5: the 5 cannot bear off from 2 (6 is higher).
    pos = pos_from({6: 2, 2: 1}, {1: 15})
    assert notations(pos, 6, 5) == ["6/1 6/off"]
    # Their checkers holding our 1-point block 6/1: only the 6 bears off.
    assert notations(pos_from({6: 2, 2: 1}, {24: 15}), 6, 5) == ["6/off"]
    # A 5 with nothing on 5 and a checker higher (6) cannot bear off from 2: it moves 6/1.
    plays = legal_plays(pos_from({6: 1, 2: 1}, {10: 15}), 5, 5)
    for p in plays:
        assert p.moves[0] == (6, 1)
    # Highest point lower than the die: bear off from the highest.
    assert notations(pos_from({3: 1, 2: 1}, {24: 15}), 6, 5) == ["3/off 2/off"]


def test_no_bear_off_with_a_checker_outside():
    pos = pos_from({7: 1, 6: 14}, {24: 15})
    for p in legal_plays(pos, 6, 1):
        # the 6 cannot bear off until the 7 is home: every play moves the 7 first
        assert p.moves[0][0] == 7, p
    assert notations(pos, 6, 1) == ["7/off"]   # 7/1 is closed: 7/6 then a 6 off


def test_hit_during_bear_off_stops_it():
    # Our checker back on the bar: no bear-off until it is home again.
    pos = pos_from({6: 4, 5: 4, 4: 6}, {1: 2, 24: 13}, me_bar=1)
    for p in legal_plays(pos, 6, 6):
        assert 0 not in [m[1] for m in p.moves]
