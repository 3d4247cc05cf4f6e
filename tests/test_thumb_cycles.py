"""The Thumb cycle model of the evaluator's viper loops (host_tools/benches/thumb_cycles.py,
bench engine's viper factor): engine/net_vp.py compiled for the Pico's Cortex-M0+ by the
real mpy-cross, disassembled, and one pass of each loop followed along its usual path.
Skips, saying why, where no disassembler is installed (LLVM's llvm-objdump and llvm-objcopy,
or arm-none-eabi-objdump)."""
import pytest

from host_tools.benches import thumb_cycles

pytestmark = pytest.mark.skipif(not thumb_cycles.available(),
                                reason="no Thumb disassembler (llvm-objdump/llvm-objcopy or arm-none-eabi-objdump)")


def test_the_rows_loop_costs_what_bench_engine_says():
    # 69 instructions, 100 cycles a word (before session 18's plain stores: 76 and 114, the
    # count arm-none-eabi-objdump gave when the loop was written, which this model found
    # again on that code)
    from host_tools.benches.bench_engine import THUMB_CYCLES_ROWS_WORD
    assert thumb_cycles.loop_cycles("engine/net_vp.py", 1, 3, "T") == (69, THUMB_CYCLES_ROWS_WORD)
    assert THUMB_CYCLES_ROWS_WORD == 100


def test_a_hidden_unit_costs_what_bench_engine_says_and_less_than_before():
    from host_tools.benches.bench_engine import THUMB_CYCLES_TAIL_UNIT
    n, cycles = thumb_cycles.loop_cycles("engine/net_vp.py", 2, 0, "TT")
    assert cycles == THUMB_CYCLES_TAIL_UNIT
    # session 18's loop: its output weights at constant offsets of a stepped pointer, no branch
    # for its lane's half or its bias's sign; before, 250-258 instructions and 353-362 cycles
    # by this model along the same path (the half and the bias's sign either way)
    assert n < 210 and cycles < 300


def test_the_path_follows_the_conditions_it_is_given():
    # a unit whose table index is out of range takes the clamp: fewer instructions than the
    # interpolation, and the two clamps differ by their test
    interp = thumb_cycles.loop_cycles("engine/net_vp.py", 2, 0, "TT")
    low = thumb_cycles.loop_cycles("engine/net_vp.py", 2, 0, "FTT")
    high = thumb_cycles.loop_cycles("engine/net_vp.py", 2, 0, "FFT")
    assert low[1] < interp[1] and high[1] < interp[1] and low != high
