"""Issue 26: every fixed row of the App's notices (a fault, a failed save, a missing part...)
has its French in app/notice_fr.py, so that a French board never shows one in English. Read
from the firmware's sources: a notice added later without its French fails here."""
import os
import re

from tools import ROOT

from app.notice_fr import say

# rows whose site says them in French itself (the board's language chosen there)
SAID_AT_THEIR_SITE = {"FAIR DICE", "commitment:", "DICE SEED", "DICE SALT", "mixed into",
                      "every roll", "Grading:", "engagement:", "lancer", "c_grading"}


def _notice_rows():
    out = []
    for top, _, files in os.walk(os.path.join(ROOT, "firmware")):
        for f in files:
            if not f.endswith(".py"):
                continue
            text = open(os.path.join(top, f), encoding="utf-8").read()
            for call in re.findall(r"notice\(\s*\[(.*?)\]", text, re.S):
                for lit in re.findall(r'"([^"]*)"', call):
                    if lit and lit.isascii() and "%" not in lit:
                        out.append((f, lit))
    return out


def test_every_notice_row_has_its_french():
    rows = _notice_rows()
    assert len(rows) > 30, rows              # the sources were read
    missing = [(f, r) for f, r in rows if r not in SAID_AT_THEIR_SITE and say(r) is None
               and say(r + " x") is None]    # a row ending where a '*' starts ("PLAY: ")
    assert not missing, missing


def test_every_french_row_fits_and_has_no_english():
    from french_words import english
    from app.notice_fr import WORDS
    for line in "".join(WORDS).strip().split("\n"):
        if not line:
            continue
        en, fr = line.split("=", 1)
        assert not english([fr.replace("*", "")]), line
        for row in fr.split("|"):
            assert len(row.replace("*", "")) <= 16 or " " in row, line   # longer ones wrap
