"""The lines of firmware/lazy.py's table that only power-up, the self-test and a calibration
call: the saved state's fields, the parts check, the calibration file and routine, the
scanner's construction, its wire tables and viper walk. lazy looks a name up here when its
own RARE lacks it, loading this module for the lookup and forgetting it after: a match never
loads it, so these lines do not stay in the heap (BENCHMARKS.md, bench heap). The same format
as lazy.RARE: the name called, its module, the function in it, and any module that goes
with it.
"""
RARE = """
snapshot_fields game.snapshot restore bg.matchsave
run_parts app.parts run
cal_save hw.calfile save
cal_load hw.calfile load
calibrate_empty hw.calroutine calibrate_empty
calibrate_gain hw.calroutine calibrate_gain
calibrate_stack hw.calroutine calibrate_stack
gain_passes hw.calroutine gain_passes
make_scanner hw.scanbuild make_scanner
scanner_build hw.scanbuild build
scanner_set_calibration hw.scanbuild set_calibration
scanner_restart hw.scanbuild restart
wire_tables hw.scanwalk wire_tables
scanfast_load hw.scanfast load
"""
