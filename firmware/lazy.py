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
import sys

# Each line: the name called, its module, the function in it, and any module it loads that
# goes with it. One string rather than a dict: this table stays in the heap, and a dict of
# tuples weighed 3 KB more there (BENCHMARKS.md, app heap).
RARE = """
snapshot_bytes game.snapshot to_bytes bg.matchsave
snapshot_fields game.snapshot restore bg.matchsave
format_play bg.notation format_play
complete_plays game.unsure complete_plays
resign_refusal game.resigning refusal
match_of game.ending match_of
match_rules game.ending rules
position_ids game.gnubg_ids ids_of bg.ids bg.matchsave
double game.flows double
take game.flows take
beaver game.flows beaver
pass_double game.flows pass_double
resign game.flows resign game.resigning
accept_resignation game.flows accept_resignation
decline_resignation game.flows decline_resignation
timeout game.flows timeout
cycle_seat game.seatflows cycle_seat
seat_name game.seatflows seat_name
leave game.seatflows leave
come_back game.seatflows come_back
uncount game.flows uncount
setup_rows game.screens_between setup_rows
message game.screens_between message
fault_rows game.screens_between fault_rows
store_save store save
store_why store why
store_set_aside store set_aside
open_record record_open open_log
run_parts app.parts run
cal_save hw.calfile save
cal_load hw.calfile load
calibrate_empty hw.calroutine calibrate_empty
calibrate_gain hw.calroutine calibrate_gain
calibrate_stack hw.calroutine calibrate_stack
gain_passes hw.calroutine gain_passes
store_load_or_fresh store load_or_fresh
make_scanner hw.scanbuild make_scanner
scanner_build hw.scanbuild build
scanner_set_calibration hw.scanbuild set_calibration
scanner_restart hw.scanbuild restart
wire_tables hw.scanwalk wire_tables
scanfast_load hw.scanfast load
hardware_faults hw.scanfaults hardware_faults
fair_load fairroll_ops load fairdice
fair_save fairroll_ops save fairdice
fair_resolve fairroll_ops resolve fairdice
fair_watch fairroll_ops watch fairdice
fair_roll fairroll_ops roll fairdice
fair_button fairroll_ops button fairdice
fair_set_salt fairroll_ops set_salt fairdice
fair_enter_salt fairroll_ops enter_salt fairdice
fair_set_manual fairroll_ops set_manual fairdice
fair_check fairroll_ops check fairdice dicecheck
dice_command dicecmd answer
grading app.grading start
noreview app.noreview say
usb_answer app.usbseat answer
usb_judged app.usbplay judged bg.notation
"""
# (what each is for: the Table's saves (a few a turn) and power-up resumption, a play's
# notation (once a turn), the uncounted pile's commit, the kinds of resignation, a new
# match, the IDs screen, the Table's rare cells (game/flows.py), the setup and game-end
# screens (game/screens.py), the app's saves and record file, power-up's parts check; the
# drivers' rare code: the calibration file and routine, the scanner's construction and
# rebuild after a calibration, its wire tables, its viper walk's compilation, the fault list;
# the fair dice's rare work (fairroll.py: a roll a turn, a match's start and end, the menu's
# Dice page) and the serial line's dice command; grading's start (app/grading.py: its
# Grader keeps the module while grading is on), and with grading off the game's end's
# words on where its review comes from; the computer on USB's answer for its seat, a
# `seat` command)


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


def _once(module, function, also, args):
    loaded = module in sys.modules
    kept = [m for m in also if m in sys.modules]
    try:
        return getattr(__import__(module, None, None, (function,)), function)(*args)
    finally:
        if not loaded:
            forget(module)
        for m in also:
            if m not in kept:
                forget(m)


def _where(name):
    at = RARE.find("\n" + name + " ")
    return RARE[at + 1:RARE.find("\n", at + 1)].split(" ") if at >= 0 else None


def __getattr__(name):
    if _where(name) is None:
        raise AttributeError(name)

    def once(*args):
        # found again at each call: a closure held (the Table's button table holds some)
        # keeps only the name, not the strings
        w = _where(name)
        return _once(w[1], w[2], w[3:], args)
    return once
