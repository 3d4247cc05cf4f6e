"""The English texts of the menu and its settings screens (game/i18n.py looks here for a
key it lacks): loaded while the menu is open, forgotten with it. One 'key=text' a line."""

TEXTS = (
    """
m_title=MENU
m_resign=Resign
m_ids=Position ID
m_settings=Settings
m_new=Abandon match
m_close=Close
m_away=I'll be back
m_back=I'm back
m_sure=Sure? again
m_help=Menu next Main ok
s_money=Mode
s_length=Length
s_cube_max=Cube
s_beavers=Beavers
s_jacoby=Jacoby
s_clock=Clock
s_auto_roll=Auto roll
s_auto_finish=Auto finish
""",
    """
s_reroll=Open choice
s_brightness=LEDs %
s_lang=Language
s_grading=Grading
s_seat0=White
s_seat1=Black
v_person=person
v_easy=easy
v_normal=normal
v_strong=strong
v_usb=USB PC
v_online=Online
v_match=match
v_on=on
v_off=off
v_tutor=tut.080
v_tutor_d=tut.020
v_standard=2m+20s
v_blitz=30s+10s
v_lang=English
next_match=(next match)
r_title=%s resigns
r_kind1=a single game?
r_kind2=a gammon?
r_kind3=a backgammon?
r_if=if accepted
r_yes=Main: yes
r_no=Undo: no
""",
    """
v_single=single
v_blitz_mode=blitz
v_nolimit=no limit
r_really=%s: really resign a gammon?
m_shots=Shots
m_dice=Dice
no_fair=Fair dice off
r_item1=a single game
r_item2=a gammon
r_item3=a backgammon
sh_title=Shots at %s
sh_none=No blot
sh_row=on %d: %d/36 %d%%
sh_back=Main: back
m_hint=Hint
h_wait=thinking...
h_next=Main: next best
h_roll=Hint: roll first
""",
)
