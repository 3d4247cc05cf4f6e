"""Whole matches at the board: every turn rolled, moved checker by checker as a player
would (legal plays from the move generator, hits to the bar) and committed, with cube
actions, to the match's end."""
from bg.movegen import legal_plays
from game.settings import Settings
from tablekit import Rig, Lcg


def _screen_ok(r):
    scr = r.t.screen
    assert 1 <= len(scr) <= 6 and all(len(row) <= 16 for row in scr), scr


def play_match(settings, seed, max_turns=900):
    rng = Lcg(seed)
    r = Rig(settings)
    t = r.t
    turns = cube_actions = 0
    while t.phase != 8 and turns < max_turns:
        phase = t.phase
        if phase == 0:
            r.setup()
            assert t.phase == 1, r.text()
        elif phase == 1:
            d0 = 1 + rng.next(6)
            d1 = 1 + rng.next(6)
            r.opening(d0, d1)
        elif phase == 3:
            p = t.on_roll
            if t.may_double(p) and rng.next(6) == 0:
                r.press("p%d_cube" % (p + 1))
                assert t.phase == 4
                cube_actions += 1
                if rng.next(4):
                    r.press("p%d_main" % (2 - p))
                else:
                    r.press("p%d_cube" % (2 - p), "long")
                continue
            r.roll(p, 1 + rng.next(6), 1 + rng.next(6))
        elif phase == 6:
            p = t.on_roll
            r.press("p%d_main" % (p + 1))
            assert r.records[-1] == "P%d" % p
            turns += 1
        elif phase == 5:
            p = t.on_roll
            d1, d2 = t.turn_dice
            view = t.board if p == 0 else t.board.swapped()
            plays = legal_plays(view, d1, d2)
            assert len(plays) > 0
            play = plays[rng.next(len(plays))]
            r.move(p, play.moves)
            assert "Main: done" in r.text(), (r.text(), play)
            _screen_ok(r)
            r.press("p%d_main" % (p + 1))
            last = r.records[-1] if t.phase < 7 else r.records[-2]
            assert last.startswith("P%d " % p), r.records[-3:]
            turns += 1
            assert t.board == r.board or t.phase >= 7
        elif phase == 7:
            r.press("p1_main")
        else:
            assert False, "stuck in phase %d: %s" % (phase, r.text())
        _screen_ok(r)
    return r, turns, cube_actions


def test_a_whole_3_point_match_with_the_cube():
    r, turns, cube_actions = play_match(Settings(money=0, length=3, clock=0), 7)
    t = r.t
    assert t.phase == 8 and max(t.match.score) >= 3
    assert r.won == t.match.score
    assert turns > 40 and cube_actions > 0
    assert r.match_ends == 1


def test_a_money_session_game_with_beavers_and_jacoby():
    r, turns, cube_actions = play_match(Settings(money=1, beavers=1, jacoby=1, clock=0), 11,
                                        max_turns=120)
    assert turns >= 60 or r.t.match.game_number > 1
    assert r.t.match.length == 0
