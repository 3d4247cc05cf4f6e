"""The English texts of the board's rare moments: a cube action refused, a resignation, a
loss on time, a game's or match's end, a hardware fault, the ghost (seed 003), the IDs
screen. game/i18n.py looks here for a key its own blocks lack, loading this module for the
lookup and forgetting it after: the board shows these a few times a match at most. One
'key=text' a line (French: game/i18n_fr.py, which holds every key)."""

TEXTS = (
    """
ghost_on=%s away: I play
ghost_off=%s is back
ghost_wait=Waiting for %s
ghost_stop=%s not back: match stopped
wins=%s wins %d
match_won=%s wins match!
next_game=Main: next game
new_match=Main: new match
kind1=a single game
kind2=a gammon
kind3=a backgammon
by_pass=double passed
by_resign=by resignation
by_time=out of time
timeout=%s out of time
resigns=%s resigns %s?
tutor_warn=%s %s|Main: play it
t_blunder=Blunder
t_doubtful=Doubtful
""",
    """
accept_hint=Main: accept|Cube: decline
declined=Resign declined
crawford_r=No cube: Crawford
cube_max=Cube at maximum
not_your_cube=Opponent has cube
dead_cube=Cube is dead
cube_off=No cube
refused=Not now
seat_held=%s's buttons are off: not a person's seat
fault=Sensor fault %s
fault_hint=Hardware: waits for repair
fault_main=Sensor fault: not now
upside=%s-point: a checker is upside down
no_beaver=No beaver here
end_kind1=a single game
end_kind2=a gammon
end_kind3=a backgammon
""",
    """
end_cube=cube at %d
end_jacoby=Jacoby: counts 1
id_match=Match ID
r_no_gammon=Gammon only if 60 pips behind, none in home
r_no_bg=Backgammon: also a checker on bar or in winner's home
""",
)
