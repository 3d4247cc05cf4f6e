"""A new match from the settings: the bg.match.Match and its rules letters for the record.
Loaded when a match starts and forgotten after (base/rare.py: ending.match_of): rare."""
from bg.match import Match


def match_of(s):
    """The Match the settings `s` ask for (no cube: a nominal maximum, its cube disabled)."""
    return Match(s.match_length(), s.cube_max if s.cube_enabled() else 64, True,
                 s.beavers and s.money, s.jacoby and s.money, s.cube_enabled())


def rules(s):
    """The record's rules letters: C Crawford (a match), J Jacoby, B beavers."""
    return ("C" if s.match_length() else "") + ("J" if s.jacoby and s.money else "") + \
        ("B" if s.beavers and s.money else "")
