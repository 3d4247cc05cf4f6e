"""The timing loop the MicroPython bench scripts share: put before a script's own code,
after `ALLOC_CALLS = N` (how many calls the heap allocated per call is averaged over)."""

TIMER = r"""
import gc, time

def bench(name, fn, n, alloc_calls=ALLOC_CALLS):
    # prints 'name|host us per call|heap bytes allocated per call'
    fn()
    gc.collect()
    t0 = time.ticks_us()
    for _ in range(n):
        fn()
    dt = time.ticks_diff(time.ticks_us(), t0)
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    for _ in range(alloc_calls):
        fn()
    alloc = gc.mem_alloc() - a0
    gc.enable()
    print("%s|%.2f|%d" % (name, dt / n, alloc // alloc_calls))
"""
