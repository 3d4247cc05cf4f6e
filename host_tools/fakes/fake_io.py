"""Fake `machine` I/O for the simulator: Pin, Signal, I2C (with an SSD1306 model), PWM, WDT,
Timer and the small module functions. Runs under CPython and the MicroPython unix port.

The firmware sees the `machine` API; the simulator and the tests use the module functions
below, which play the part of the wiring:
  pin_level(n)          output level the firmware drives on GPIO n (None if not an output)
  set_input(n, level)   level the outside world applies to GPIO n (a pressed button: 0)
  oled_device(addr)     the fake SSD1306 (fake_ssd1306.py) on the I2C bus: .pixels(), .text_rows()
  pwm_state(n)          (freq, duty_u16) of the PWM on GPIO n (the buzzer)
  set_clock(fn)         a virtual clock in ms for WDT and Timer (default: the real one)
  run_timers(now_ms)    fire the Timer callbacks that are due (no threads here)
  reset_fakes()         forget everything (between tests)
`mem32` emulates the RP2040 SIO output registers (GPIO_OUT, _SET, _CLR, _XOR; GPIO_IN for
reads): a write there changes the GPIO levels exactly as Pin.value would, so a driver that
writes several lines at once through machine.mem32 runs on the simulator; and the core
regulator's VREG register (its VSEL field: the core voltage), which with freq() is kept in
chip_log so that a test can see the voltage raised before the clock. Any other address
raises ValueError (the fake cannot pretend to be that peripheral).
The state is per GPIO number, like the hardware: two Pin objects on one GPIO share it.
"""
import time

from fake_ssd1306 import FakeSSD1306

# Public machine API; the helpers above are reached as fake_io.NAME.
__all__ = ["Pin", "Signal", "I2C", "SoftI2C", "PWM", "WDT", "Timer", "unique_id", "freq",
           "reset_cause", "idle", "lightsleep", "deepsleep", "disable_irq", "enable_irq",
           "reset", "soft_reset", "bootloader", "PWRON_RESET", "WDT_RESET", "ResetRequested", "mem32"]

PWRON_RESET = 1
WDT_RESET = 3
_VREG = 0x40064000             # VREG_AND_CHIP_RESET: VREG (datasheet 2.10.6)
_VREG_RESET = 0x10B1           # ROK, VSEL 0b1011 (1.10 V), EN

_EIO = 5  # what the rp2 port raises when no I2C device acknowledges


class _Wiring:
    """Everything the fakes remember; one instance, replaced by reset()."""

    def __init__(self):
        self.out = {}      # gpio -> level driven by the firmware (output pins only)
        self.ext = {}      # gpio -> level applied from outside (set_input)
        self.mode = {}     # gpio -> Pin mode
        self.pull = {}     # gpio -> Pin pull
        self.irqs = {}     # gpio -> (handler, trigger, pin)
        self.i2c = {}      # address -> device model (has .write(bytes) and .read(n))
        self.pwm = {}      # gpio -> [freq, duty_u16]
        self.pwm_log = {}  # gpio -> last changes [(freq, duty_u16)], bounded
        self.wdt = None
        self.timers = []
        self.freq = 125000000
        self.vreg = _VREG_RESET
        self.chip_log = []  # ("vsel", VSEL) and ("freq", hz), in the order the firmware set them
        self.cause = PWRON_RESET


_w = _Wiring()
_clock = None


def _ticks_ms():
    if _clock is not None:
        return _clock()
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()
    return int(time.monotonic() * 1000)


def set_clock(fn):
    """Use fn() (milliseconds) as the time of WDT and Timer; None for the real clock."""
    global _clock
    _clock = fn


def reset_fakes():
    """Forget all pins, devices, PWMs, watchdog and timers; attach a fresh OLED at 0x3C."""
    global _w
    _w = _Wiring()
    attach_i2c(0x3C, FakeSSD1306())


def _gpio(id):
    if isinstance(id, int):
        return id
    s = str(id)
    if s.startswith("GPIO"):
        return int(s[4:])
    if s.startswith("GP"):
        return int(s[2:])
    return s  # named pins ("LED") stay names


# ---------------------------------------------------------------- pins

class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    IRQ_LEVEL_LOW = 1
    IRQ_LEVEL_HIGH = 2

    def __init__(self, id, mode=-1, pull=-1, value=None, drive=None, alt=None):
        self.id = _gpio(id)
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None, drive=None, alt=None):
        n = self.id
        if mode != -1:
            _w.mode[n] = mode
        if pull != -1:
            _w.pull[n] = pull
        if value is not None:
            _w.out[n] = 1 if value else 0
        elif _w.mode.get(n) in (Pin.OUT, Pin.OPEN_DRAIN) and n not in _w.out:
            _w.out[n] = 0

    def value(self, v=None):
        n = self.id
        if v is None:
            return _read(n)
        _w.out[n] = 1 if v else 0
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        _w.out[self.id] = 1

    def off(self):
        _w.out[self.id] = 0

    high = on
    low = off

    def toggle(self):
        _w.out[self.id] = 1 - _w.out.get(self.id, 0)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, priority=1, wake=None, hard=False):
        _w.irqs[self.id] = (handler, trigger, self)
        return None

    def __repr__(self):
        return "Pin(%s)" % (self.id,)


def _read(n):
    """Level seen on GPIO n: the driven output, else the outside level, else the pull."""
    mode = _w.mode.get(n, Pin.IN)
    if mode == Pin.OUT:
        return _w.out.get(n, 0)
    if mode == Pin.OPEN_DRAIN and _w.out.get(n, 0) == 0:
        return 0
    if n in _w.ext:
        return _w.ext[n]
    return 1 if _w.pull.get(n) == Pin.PULL_UP else 0


def pin_level(n):
    """Output level the firmware drives on GPIO n, or None if n is not an output."""
    mode = _w.mode.get(n)
    if mode == Pin.OUT:
        return _w.out.get(n, 0)
    if mode == Pin.OPEN_DRAIN:
        return 0 if _w.out.get(n, 0) == 0 else None
    return None


def set_input(n, level):
    """Apply `level` from outside to GPIO n (None: release it to its pull); fires its irq."""
    before = _read(n)
    if level is None:
        _w.ext.pop(n, None)
    else:
        _w.ext[n] = 1 if level else 0
    after = _read(n)
    irq = _w.irqs.get(n)
    if irq and irq[0] and before != after:
        edge = Pin.IRQ_RISING if after else Pin.IRQ_FALLING
        if irq[1] & edge:
            irq[0](irq[2])


class Signal:
    def __init__(self, pin, invert=False):
        self.pin = pin
        self.invert = invert

    def value(self, v=None):
        if v is None:
            return self.pin.value() ^ (1 if self.invert else 0)
        self.pin.value((1 if v else 0) ^ (1 if self.invert else 0))
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


# ---------------------------------------------------------------- SIO registers (mem32)

SIO_BASE = 0xD0000000          # RP2040 datasheet 2.3.1.7: SIO register offsets
_SIO_IN = SIO_BASE + 0x004     # GPIO_IN (read)
_SIO_OUT = SIO_BASE + 0x010    # GPIO_OUT
_SIO_SET = SIO_BASE + 0x014    # GPIO_OUT_SET
_SIO_CLR = SIO_BASE + 0x018    # GPIO_OUT_CLR
_SIO_XOR = SIO_BASE + 0x01C    # GPIO_OUT_XOR
_N_GPIO = 30                   # GPIO0..29: the bits of the SIO GPIO registers


class _Mem32:
    """machine.mem32 restricted to the SIO GPIO registers (see the module doc)."""

    def __getitem__(self, addr):
        if addr == _VREG:
            return _w.vreg
        if addr != _SIO_OUT and addr != _SIO_IN:
            raise ValueError("mem32: reading 0x%08x is not emulated (only SIO GPIO_IN, GPIO_OUT)" % addr)
        v = 0
        for n in range(_N_GPIO):
            if (_w.out.get(n, 0) if addr == _SIO_OUT else _read(n)):
                v |= 1 << n
        return v

    def __setitem__(self, addr, value):
        if addr == _VREG:
            _w.vreg = (value & 0xFF) | (_w.vreg & 0x1000)
            _w.chip_log.append(("vsel", (value >> 4) & 15))
            return
        if addr & 3 or not _SIO_OUT <= addr <= _SIO_XOR:
            raise ValueError("mem32: writing 0x%08x is not emulated (only SIO GPIO_OUT, "
                             "_SET, _CLR, _XOR; addresses are multiples of 4)" % addr)
        out = _w.out
        n = 0
        while n < _N_GPIO and (value >> n or addr == _SIO_OUT):   # only the bits written
            b = (value >> n) & 1
            if addr == _SIO_OUT:
                out[n] = b
            elif b:
                out[n] = 1 if addr == _SIO_SET else 0 if addr == _SIO_CLR else 1 - out.get(n, 0)
            n += 1


mem32 = _Mem32()

# ---------------------------------------------------------------- I2C

def attach_i2c(addr, device):
    """Put a device model on the bus at `addr`: it needs write(data) and read(n)."""
    _w.i2c[addr] = device
    return device


def detach_i2c(addr):
    """Unplug the device at `addr`: the firmware then gets OSError(EIO), as on the rp2."""
    _w.i2c.pop(addr, None)


def oled_device(addr=0x3C):
    """The fake SSD1306 at `addr`, or None if nothing is attached there."""
    return _w.i2c.get(addr)


class I2C:
    def __init__(self, id=0, scl=None, sda=None, freq=400000, timeout=50000):
        self.id = id
        self.scl = scl
        self.sda = sda
        self.freq = freq

    def init(self, *args, **kwargs):
        pass

    def _dev(self, addr):
        dev = _w.i2c.get(addr)
        if dev is None:
            raise OSError(_EIO)
        return dev

    def scan(self):
        return sorted(_w.i2c)

    def writeto(self, addr, buf, stop=True):
        self._dev(addr).write(bytes(buf))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        data = b"".join(bytes(b) for b in vector)
        self._dev(addr).write(data)
        return len(data)

    def readfrom(self, addr, nbytes, stop=True):
        return bytes(self._dev(addr).read(nbytes))

    def readfrom_into(self, addr, buf, stop=True):
        data = self._dev(addr).read(len(buf))
        for i in range(len(buf)):
            buf[i] = data[i]

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        self._dev(addr).write(bytes([memaddr & 0xFF]) + bytes(buf))

    def readfrom_mem(self, addr, memaddr, nbytes, addrsize=8):
        dev = self._dev(addr)
        dev.write(bytes([memaddr & 0xFF]))
        return bytes(dev.read(nbytes))

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        data = self.readfrom_mem(addr, memaddr, len(buf), addrsize)
        for i in range(len(buf)):
            buf[i] = data[i]


SoftI2C = I2C

# ---------------------------------------------------------------- PWM, WDT, Timer

def _pwm_record(n, freq, duty):
    _w.pwm[n] = [freq, duty]
    log = _w.pwm_log.setdefault(n, [])
    log.append((freq, duty))
    if len(log) > 64:
        del log[0]


class PWM:
    def __init__(self, dest, freq=None, duty_u16=None, duty_ns=None, invert=False):
        self.pin = dest if isinstance(dest, Pin) else Pin(dest)
        n = self.pin.id
        if n not in _w.pwm:
            _pwm_record(n, 1000, 0)
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)

    def init(self, freq=None, duty_u16=None, duty_ns=None, invert=False):
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)

    def freq(self, f=None):
        state = _w.pwm[self.pin.id]
        if f is None:
            return state[0]
        if not 8 <= f <= 62500000:
            raise ValueError("freq out of range")  # as on the rp2
        _pwm_record(self.pin.id, int(f), state[1])
        return None

    def duty_u16(self, d=None):
        state = _w.pwm[self.pin.id]
        if d is None:
            return state[1]
        _pwm_record(self.pin.id, state[0], max(0, min(65535, int(d))))
        return None

    def duty_ns(self, ns=None):
        f = _w.pwm[self.pin.id][0]
        if ns is None:
            return _w.pwm[self.pin.id][1] * 1000000000 // (65536 * f)
        return self.duty_u16(ns * f * 65536 // 1000000000)

    def deinit(self):
        _pwm_record(self.pin.id, _w.pwm[self.pin.id][0], 0)


def pwm_state(n):
    """(freq_hz, duty_u16) of the PWM on GPIO n, or None if it has none."""
    s = _w.pwm.get(n)
    return None if s is None else (s[0], s[1])


def pwm_log(n):
    """The last (at most 64) (freq, duty_u16) settings of the PWM on GPIO n, oldest first."""
    return list(_w.pwm_log.get(n, ()))


class WDT:
    def __init__(self, id=0, timeout=5000):
        if not 1 <= timeout <= 8388:
            raise ValueError("timeout out of range")  # rp2 limit: 8388 ms
        self.timeout = timeout
        self.feeds = 0
        self.last_feed = _ticks_ms()
        _w.wdt = self

    def feed(self):
        self.feeds += 1
        self.last_feed = _ticks_ms()

    def expired(self, now_ms=None):
        """True if more than `timeout` ms passed since the last feed (the Pico would reset)."""
        now = _ticks_ms() if now_ms is None else now_ms
        return now - self.last_feed > self.timeout


def watchdog():
    """The WDT the firmware started, or None."""
    return _w.wdt


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, mode=PERIODIC, period=-1, freq=-1, callback=None):
        self.callback = None
        if callback is not None or period != -1 or freq != -1:
            self.init(mode=mode, period=period, freq=freq, callback=callback)

    def init(self, mode=PERIODIC, period=-1, freq=-1, callback=None):
        if freq != -1 and freq > 0:
            period = max(1, int(1000 / freq))
        self.mode = mode
        self.period = period if period > 0 else 1000
        self.callback = callback
        self.due = _ticks_ms() + self.period
        if self not in _w.timers:
            _w.timers.append(self)

    def deinit(self):
        self.callback = None
        if self in _w.timers:
            _w.timers.remove(self)


def run_timers(now_ms=None):
    """Fire every Timer callback due at now_ms (ms); returns how many fired."""
    now = _ticks_ms() if now_ms is None else now_ms
    fired = 0
    for t in list(_w.timers):
        while t.callback is not None and now >= t.due:
            t.callback(t)
            fired += 1
            if t.mode == Timer.ONE_SHOT:
                t.deinit()
                break
            t.due += t.period
    return fired


# ---------------------------------------------------------------- module functions

class ResetRequested(Exception):
    """machine.reset() in the simulator: the caller restarts the firmware."""


def unique_id():
    return b"\xe6\x61\x41\x04\x03\x2a\x5b\x2c"


def freq(hz=None):
    if hz is None:
        return _w.freq
    if not 10000000 <= hz <= 270000000:
        raise ValueError("cannot change frequency")    # the rp2 port's words
    _w.freq = hz
    _w.chip_log.append(("freq", hz))
    return None


def chip_log():
    """[("vsel", VSEL) or ("freq", hz)]: the core voltage and clock the firmware set, in order."""
    return list(_w.chip_log)


def reset_cause():
    return _w.cause


def set_reset_cause(cause):
    _w.cause = cause


def reset():
    raise ResetRequested("machine.reset()")


soft_reset = reset


def idle():
    pass


def lightsleep(ms=None):
    pass


def deepsleep(ms=None):
    raise ResetRequested("machine.deepsleep()")


def bootloader():
    pass


def disable_irq():
    return 0


def enable_irq(state=0):
    pass


reset_fakes()
