"""host_tools/matfile.py: the move notation of every site, columns, headers, bad input."""
import os
import subprocess

import pytest

from host_tools import matfile


@pytest.mark.parametrize("text,moves", [
    ("13/7 8/7", ((13, 7), (8, 7))),
    ("bar/22* 6/off", ((25, 22), (6, 0))),
    ("25/22 3/0", ((25, 22), (3, 0))),
    ("8/4(2)", ((8, 4), (8, 4))),
    ("7/3*(3)", ((7, 3), (7, 3), (7, 3))),
    ("24/14*/10", ((24, 14), (14, 10))),
    ("13/4", ((13, 4),)),
    ("Cannot Move", ()),
    ("", ()),
])
def test_parse_moves(text, moves):
    assert matfile.parse_moves(text) == moves


def test_unrecorded_play():
    assert matfile.parse_moves("????") is None


@pytest.mark.parametrize("text,why", [
    ("13-7", "not a move"), ("7/13", "wrong way"), ("26/20", "out of range"),
    ("6/5 6/5 6/5 6/5 6/5", "more than four"), ("x/3", "not a move"),
])
def test_bad_moves_are_named(text, why):
    with pytest.raises(matfile.MatError) as e:
        matfile.parse_moves(text, "f line 9")
    assert why in str(e.value) and "f line 9" in str(e.value)


STUDIO = """; [Site "Backgammon Studio"]
; [Player 1 "Magic"]
; [Player 2 "Lasse"]
; [EventDate "2024.04.22"]
; [Crawford "On"]

3 point match


 Game 1
 Magic : 0                              Lasse : 0
  1)                                    43: 13/10 13/9
  2) 54: 24/15*                          Doubles => 2
  3)  Takes                             61: bar/18* 6/5
  4)  Doubles => 4                       Drops
  5)  Wins 2 point


 Game 2
 Magic : 2                              Lasse : 0
  1) 31: 8/5 6/5                        21: ????
  2)                                     Wins 1 point
"""


def test_parse_studio_layout():
    m = matfile.parse(STUDIO)
    assert m.players == ["Magic", "Lasse"] and m.length == 3 and m.date == "2024-04-22"
    assert m.crawford
    g1 = m.games[0]
    assert g1.score == (0, 0)
    assert g1.actions == [
        ("move", 1, 4, 3, ((13, 10), (13, 9))),
        ("move", 0, 5, 4, ((24, 15),)),
        ("double", 1, 2), ("take", 0),
        ("move", 1, 6, 1, ((25, 18), (6, 5))),
        ("double", 0, 4), ("drop", 1),
        ("win", 0, 2, False),
    ]
    assert m.games[1].actions[1] == ("move", 1, 2, 1, None)
    assert m.final_score() == (2, 1)


@pytest.mark.parametrize("text,why", [
    (" Game 1\n no score line here\n", "expected the score line"),
    ("3 point match\n  1) 31: 8/5 6/5\n", "before the first game"),
    (" Game 1\n A : 0     B : 0\n  1) 31: 8/5 6/5 hello\n", "not a move"),
    (" Game 1\n A : 0     B : 0\n  1) what is this\n", "cannot read"),
])
def test_bad_files_name_the_line(text, why):
    with pytest.raises(matfile.MatError) as e:
        matfile.parse(text, "x.mat")
    assert why in str(e.value) and "x.mat line" in str(e.value)


def test_write_long_left_cell_keeps_columns_apart():
    m = matfile.MatMatch(5, ("A", "B"))
    g = matfile.MatGame((0, 0))
    g.actions = [("move", 0, 3, 1, ((8, 5), (6, 5))), ("move", 1, 5, 5, ((8, 3), (8, 3), (6, 1), (6, 1))),
                 ("move", 0, 5, 5, ((25, 20), (25, 20), (20, 15), (20, 15))), ("move", 1, 2, 1, ((3, 1),)),
                 ("win", 0, 1, False)]
    m.games = [g]
    text = matfile.write(m)
    row = [l for l in text.splitlines() if "21: 3/1" in l][0]
    assert " 21: 3/1" in row and len(row.split("21:")[0]) >= 33
    assert matfile.parse(text).games[0].actions == g.actions


def test_a_long_name_with_a_long_score_keeps_the_second_players_name(tmp_path):
    """Found by attack: a game's score line is `name : score` padded to 31 columns, then the
    second player's; a name an online server gives (24 characters) with a money session's
    score of 1000 filled the column, and GNU Backgammon read the second player as ': 0'.
    A space is always left between the two."""
    long = "Abcdefghijklmnopqrstuvwx"                    # bgammon.org's longest: 24
    m = matfile.MatMatch(0, (long, "Zoe"), crawford=False)
    g = matfile.MatGame((1000, 7))
    g.actions = [("move", 0, 3, 1, ((8, 5), (6, 5))), ("win", 0, 1, False)]
    m.games = [g]
    text = matfile.write(m)
    back = matfile.parse(text)
    assert back.players == [long, "Zoe"] and back.games[0].score == (1000, 7), text
    row = [x for x in text.splitlines() if x.startswith(" " + long)][0]
    assert row == " %s : 1000 Zoe : 7" % long, row
    m.games[0].score = (0, 7)                           # the layout of a short cell unchanged
    assert " %s : 0   Zoe : 7" % long in matfile.write(m)
    gnubg = "/usr/games/gnubg"                          # Debian's GNU Backgammon reads it so
    if os.path.exists(gnubg):
        m.games[0].score = (1000, 7)
        path = os.path.join(str(tmp_path), "long.mat")
        with open(path, "w") as f:
            f.write(matfile.write(m))
        out = subprocess.run([gnubg, "-t", "-q", "-r"], input='import mat "%s"\nshow score\n' % path,
                             capture_output=True, text=True, timeout=120).stdout
        assert "is: %s 1001, Zoe 7 " % long in out, out[-400:]
