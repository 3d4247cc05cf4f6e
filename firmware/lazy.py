"""Code the board needs only now and then, loaded for one call and dropped after.

An .mpy module's code lives in the Pico's heap from its import until it is forgotten. The
functions below are rare in a match (a save, a play's notation, a game's end, the setup
screens, the record file's preparation, power-up); each is called by its own name,

    import lazy
    lazy.snapshot_bytes(table)       # game.snapshot.to_bytes, loaded for this call only

and this module's `__getattr__` (as micropython-async's `primitives/__init__.py` loads its
classes on demand) finds it in RARE, imports its module, runs it and forgets the module,
so that its code takes heap only while it runs (BENCHMARKS.md, app heap: each is measured
there). Loading costs a few ms from flash: only what is rare belongs here. A function whose
module was already loaded (imported by a caller that keeps it) is simply called.
"""
import gc
import sys

# Each line: the module, any module it loads that goes with it (after commas), then the names
# called, each `name=function` where the module's function has another name. One string
# rather than a dict: this table stays in the heap, and a dict of tuples weighed 3 KB more
# there (BENCHMARKS.md, app heap); one line per module rather than one per name, 0.8 KB less.
RARE = """
game.snapshot,bg.matchsave snapshot_bytes=to_bytes snapshot_fields=restore
bg.notation format_play
bg.opening opening_roll opening_dice
game.unsure complete_plays
game.resigning resign_refusal=refusal
game.ending match_of match_rules=rules
game.gnubg_ids,bg.ids,bg.matchsave position_ids=ids_of
game.flows double take beaver pass_double accept_resignation decline_resignation timeout uncount
game.flows,game.resigning resign
game.seatflows cycle_seat seat_name leave come_back not_back
game.tutor tutor
game.screens_between setup_rows message fault_rows fault_words
store store_save=save store_why=why store_set_aside=set_aside store_load_or_fresh=load_or_fresh
record_open,record_writer open_record=open_log
record_writer record_line=line record_seq=seq_of record_header_codes=header_codes
app.parts run_parts=run
app.build led_map
hw.calfile cal_save=save cal_load=load
hw.made leds_made=leds buttons_made=buttons oled_made=oled dice_made=dice buzzer_made=buzzer
hw.oled_init oled_retry=retry
reading_repr sensed_repr
hw.calroutine calibrate_empty calibrate_gain calibrate_stack gain_passes
hw.scanbuild make_scanner scanner_build=build scanner_set_calibration=set_calibration scanner_restart=restart
hw.scanwalk wire_tables
hw.scanfast scanfast_load=load
hw.scanfaults hardware_faults
fairroll_ops,fairdice fair_load=load fair_save=save fair_resolve=resolve fair_watch=watch fair_roll=roll fair_button=button fair_set_salt=set_salt fair_enter_salt=enter_salt fair_set_manual=set_manual
fairroll_ops,fairdice,dicecheck fair_check=check
dicecmd dice_command=answer
app.grading grading=start
app.noreview noreview=say
app.notice_fr notice=french
app.usbseat usb_answer=answer
app.usbplay,bg.notation usb_judged=judged
app.seatcube,engine.cubeful seat_cube=cube_says_yes
app.unseat release_engine=release seats_back
filecheck check_file
"""
# (what each is for: the Table's saves (a few a turn) and power-up resumption, a play's
# notation (once a turn), the opening roll (once a game), a record line (a few a turn), the uncounted pile's commit, the
# kinds of resignation, a new match, the IDs screen, the Table's rare cells
# (game/flows.py), the tutor's press and verdict (game/tutor.py), the setup and game-end screens (game/screens.py) and a hardware fault's
# words on serial, the app's saves and
# record file, power-up's parts check and LED map; the drivers' rare code: their
# construction (power-up), the display's
# initialisation (power-up, a display lost), a reading's repr (logs), the calibration file and routine, the scanner's construction and rebuild after a calibration, its wire
# tables, its viper walk's compilation, the fault list; the fair dice's rare work
# (fairroll.py: a roll a turn, a match's start and end, the menu's Dice page) and the
# serial line's dice command; grading's start (app/grading.py: its Grader keeps the module
# while grading is on), and with grading off the game's end's words on where its review
# comes from; a notice in French on a French board; the computer on USB's answer for its seat, a `seat` command; the board's
# cube answers for its seat, and its engine given up when no seat, menu or grading needs it
# or its seats handed back when no heap can make it)


def forget(*names):
    """Drop modules from sys.modules and from their package: their code leaves the heap
    at the next collection, unless something still holds one of their functions."""
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot]) if dot > 0 else None
        if parent is not None and name[dot + 1:] in parent.__dict__:
            delattr(parent, name[dot + 1:])


# True while the board powers up (app/boot.py's start_app), on MicroPython: a rare module
# loaded then is loaded into a collected heap and collected again once forgotten, so that the
# next one reuses its block and the long-lived objects power-up makes between them (the
# Table's, the App's, the names' pool) are not left above the holes: what power-up frees is
# one region (BENCHMARKS.md, bench:heap, the largest free block after power-up). A match's
# rare calls do not collect: a few ms each on the Pico.
tidy = False


def _once(module, function, also, args):
    loaded = module in sys.modules
    kept = [m for m in also if m in sys.modules]
    if tidy and not loaded:
        gc.collect()
    try:
        return getattr(__import__(module, None, None, (function,)), function)(*args)
    finally:
        if not loaded:
            forget(module)
        for m in also:
            if m not in kept:
                forget(m)
        if tidy and not loaded:
            gc.collect()


def _where(name):
    """(module, function, the modules that go with it) of a RARE name, or None."""
    at = 0
    while True:
        at = RARE.find(name, at + 1)
        if at < 0:
            return None
        end = at + len(name)
        # a whole name: after a space, before a space, "=" or the line's end (not a module,
        # a function or a longer name)
        if RARE[at - 1] == " " and RARE[end] in " =\n":
            break
        at = end
    line = RARE.rfind("\n", 0, at) + 1
    mods = RARE[line:RARE.find(" ", line)].split(",")
    function = name
    if RARE[end] == "=":
        stop = end + 1
        while RARE[stop] not in " \n":
            stop += 1
        function = RARE[end + 1:stop]
    return mods[0], function, mods[1:]


def __getattr__(name):
    if _where(name) is None:
        raise AttributeError(name)

    def once(*args):
        # found again at each call: a closure held (the Table's button table holds some)
        # keeps only the name, not the strings
        w = _where(name)
        return _once(w[0], w[1], w[2], args)
    return once
