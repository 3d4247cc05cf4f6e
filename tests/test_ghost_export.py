"""Seed 003's ghost in whole matches on the real Table and App (tests/powercut_board.py),
their records exported (host_tools export) and imported by GNU Backgammon (issue 26 items
4, 5, 6): a game the ghost won counts nothing and still exports, gnubg going on from the
board's score; a player back before the end of a game gets its points; a power cut while
the ghost plays loses no game; the players are named as they were, the seat's changes of
hands said in notes. CPython only (gnubg)."""
import os
import shutil

import pytest

import powercut_board as pb
from bg.movegen import legal_plays
from game.settings import Settings
from tablekit import Lcg
from host_tools import gnubg_capture

pytest.importorskip("gnubg")
SETTINGS = Settings(length=3, clock=1)


@pytest.fixture(scope="module")
def engine():
    gnubg_capture.setup()
    return gnubg_capture.command


def play(board, rng, leave_at=None, back_at=None, max_actions=3000):
    """pb.play's players, White leaving (the ghost) at action `leave_at` and back at
    `back_at`; the board's seat answered by the first legal play, no double; after a game
    the ghost played, White's main: she is back ("continue")."""
    r = board.rig
    t = r.t
    for n in range(max_actions):
        if n == leave_at and not t.away[0] and t.phase in (3, 5):
            t.leave(0)
            r.collect()
        if n == back_at and t.away[0]:
            t.come_back(0)
            r.collect()
        if t.want_play is not None and t.phase == 5:
            p = t.on_roll
            view = t.board if p == 0 else t.board.swapped()
            shown = legal_plays(view, t.turn_dice[0], t.turn_dice[1])[0]
            t.board_play(shown)
            r.collect()
            r.move(p, shown.moves)
            continue
        if t.want_cube is not None:
            t.board_cube(False)
            r.collect()
            continue
        if t.phase == 7 and t.away[0]:
            r.press("p1_main")
            continue
        if t.phase == 8:
            return True
        pb.play(board, rng, 1)
    return t.phase == 8


def _exported(folder, engine, board):
    """(.mat text, gnubg's match) after checking the export: exit 0, one file, gnubg's
    replay at the board's score, every game of the record in it."""
    out = os.path.join(folder, "out")
    os.makedirs(out, exist_ok=True)
    code, msgs, matches, mats = pb.export_and_import(os.path.join(folder, "match.rec"), out, engine)
    assert code == 0 and len(mats) == 1, msgs
    assert pb.gnubg_score(matches[0]) == list(board.rig.t.match.score), msgs
    games = sum(1 for line in open(os.path.join(folder, "match.rec")) if line[:2] == "G ")
    assert len(matches[0]["games"]) == games, msgs
    with open(os.path.join(out, mats[0])) as f:
        return f.read(), matches[0]


def _fresh(tmp_path, name):
    folder = str(tmp_path / name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    return folder


@pytest.mark.parametrize("seed", [4, 12])   # (seeds where the ghost wins a game; 2 no more once
#                                             the ghost's buttons acted for nobody, session 18)
def test_a_game_the_ghost_won_counts_nothing_and_exports(seed, engine, tmp_path):
    folder = _fresh(tmp_path, "m")
    try:
        board = pb.Board(folder, SETTINGS, pb.Power())
        assert play(board, Lcg(seed), leave_at=10)
    finally:
        pb.Board.unpatch()
    rec = open(os.path.join(folder, "match.rec")).read()
    assert "\nE0 0 @" in rec                          # the ghost won a game: no points
    text, m = _exported(folder, engine, board)
    # named as they were (a person each), the ghost said in notes
    assert '; [Player 1 "Player 1"]' in text and '; [Player 2 "Player 2"]' in text, text[:600]
    assert "Player 1's seat is White ghost (normal)" in text and "no points counted" in text
    assert m["match-info"]["X"]["name"] == "Player 1"
    # the companion page's export (web/matexport.js) writes the same file
    from test_web_mat import need_node, same_export
    need_node()
    same_export(os.path.join(folder, "match.rec"), str(tmp_path / "js"))


def test_a_player_back_before_the_end_keeps_the_games_points(engine, tmp_path):
    """Issue 26 item 4: after one ghost turn, White's own win counted 0 (`E0 0`, refused by
    the exporter)."""
    folder = _fresh(tmp_path, "m")
    try:
        board = pb.Board(folder, SETTINGS, pb.Power())
        assert play(board, Lcg(5), leave_at=20, back_at=60)
    finally:
        pb.Board.unpatch()
    rec = open(os.path.join(folder, "match.rec")).read()
    assert "N0 White ghost (normal)" in rec and "\nE0 0 @" not in rec
    assert board.rig.t.match.score == [8, 0]
    text, _ = _exported(folder, engine, board)
    assert "Game 1, move" in text and "seat is White ghost" in text and "seat is White" in text
    from test_web_mat import need_node, same_export
    need_node()
    same_export(os.path.join(folder, "match.rec"), str(tmp_path / "js"))


def test_a_cut_while_the_ghost_plays_loses_no_game(engine, tmp_path):
    """Issue 26 item 5: a cut after the state counted the ghost's `N` line and before the
    line was written started the record again: the game left out, the rest a new match."""
    folder = _fresh(tmp_path, "whole")
    rec = pb.Recorder(folder)
    cases = 0
    try:
        play(pb.Board(folder, SETTINGS, rec), Lcg(5), leave_at=20, back_at=60)
        texts = [i[2] or "" for i in rec.images]
        left = [k for k, text in enumerate(texts) if text.startswith("N0 White ghost")][0]
        back = [k for k, text in enumerate(texts) if text.startswith("N0 White @")][0]
        # every write point around the ghost's `N` line, then a few while it plays
        for k in list(range(left - 3, left + 6)) + list(range(left + 6, back, 25)):
            image = rec.images[k]
            cut = _fresh(tmp_path, "cut")
            pb.lay_out(cut, image, image[2] is not None)
            board = pb.Board(cut, SETTINGS, pb.Power())
            if not board.rig.t.away[0]:
                continue                              # (only the cuts while the ghost plays)
            play(board, Lcg(5 + k), max_actions=150)    # (a match in progress exports too)
            _exported(cut, engine, board)
            cases += 1
    finally:
        pb.Board.unpatch()
    assert cases >= 8, cases
