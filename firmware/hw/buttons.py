"""Debounced push buttons, polled: press, long press and (optionally) double press.

In the spirit of Peter Hinch's micropython-async Pushbutton, but driven by poll(now_ms)
from the caller's loop, so it has no clock, no task and no interrupt of its own, and a test
can replay any sequence of levels and times. Hardware brief 5.1: sample every ~5 ms; a
level counts once it has been steady for debounce_ms (20 ms).

Events, as (name, kind):
  'press'   released before long_ms (with double_ms set: and no second press followed)
  'long'    held for long_ms; fires once, while still held; its release gives no 'press'
  'double'  a second press starting within double_ms of the first release (double_ms > 0)
"""
from base.ticks import diff as _diff   # ticks_ms() values wrap at 2**30: compare them here only

try:
    from typing import Any  # for the type checker only: MicroPython has no typing
except ImportError:
    pass


class Buttons:
    """Buttons `pins_by_name` ({name: machine.Pin}), each wired to GND (active low) or 3V3."""
    # made by __init__, below
    _levels: Any                   # every button's GPIO at once, or None (poll's fast path)
    _word: int                     # levels() at the last poll that found all quiet
    names: list                    # sorted: the events of one poll come out in this order
    pins: list
    invert: int                    # 1: active low
    debounce_ms: int
    long_ms: int
    double_ms: int
    _raw: bytearray                # last sampled level (1 = pressed)
    _raw_at: list                  # when the sampled level last changed
    _down: bytearray               # debounced state (1 = pressed)
    _down_at: list                 # when the current press began
    _long_done: bytearray          # 'long' already fired for this press
    _quiet: bytearray              # this press ends without an event (long / double)
    _waiting: bytearray            # a click waits for a possible second press
    _click_at: list                # when that click was released
    _events: list
    _started: bool

    def __init__(self, pins_by_name, active_low=True, debounce_ms=20, long_ms=800, double_ms=0,
                 levels=None):
        self._levels = levels
        self._word = -1                 # levels() at the last poll that found all quiet
        # fixed order: events of one poll come out sorted by name on every port
        self.names = sorted(pins_by_name)
        self.pins = [pins_by_name[n] for n in self.names]
        self.invert = 1 if active_low else 0
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.double_ms = double_ms
        n = len(self.names)
        self._raw = bytearray(n)        # last sampled level (1 = pressed)
        self._raw_at = [0] * n          # when the sampled level last changed
        self._down = bytearray(n)       # debounced state (1 = pressed)
        self._down_at = [0] * n         # when the current press began
        self._long_done = bytearray(n)  # 'long' already fired for this press
        self._quiet = bytearray(n)      # this press ends without an event (long / double)
        self._waiting = bytearray(n)    # a click waits for a possible second press
        self._click_at = [0] * n        # when that click was released
        self._events = []
        self._started = False

    def is_down(self, name):
        """True while the (debounced) button is held."""
        return bool(self._down[self.names.index(name)])

    def poll(self, now_ms):
        """Sample every button at time now_ms; return the events, a list reused by the next poll."""
        ev = self._events
        ev.clear()
        word = -1
        if self._levels is not None:
            word = self._levels()
            if word == self._word:
                return ev               # nothing moved, nothing pending: the fast path
        first = not self._started
        self._started = True
        for i in range(len(self.pins)):
            level = self.pins[i].value() ^ self.invert
            if first:  # the state at start-up is the state, not an edge
                self._raw[i] = self._down[i] = level
                self._raw_at[i] = self._down_at[i] = now_ms
                self._quiet[i] = level  # a button already held at boot gives no event
                continue
            if level != self._raw[i]:
                self._raw[i] = level
                self._raw_at[i] = now_ms
            elif level != self._down[i] and _diff(now_ms, self._raw_at[i]) >= self.debounce_ms:
                self._edge(i, level)
            if self._down[i] and not self._long_done[i] and not self._quiet[i] \
                    and _diff(now_ms, self._down_at[i]) >= self.long_ms:
                self._long_done[i] = 1
                self._quiet[i] = 1
                ev.append((self.names[i], "long"))
            if self._waiting[i] and not self._down[i] and _diff(now_ms, self._click_at[i]) >= self.double_ms:
                self._waiting[i] = 0
                ev.append((self.names[i], "press"))
        # all released, debounced and nothing waiting: the next polls may take the fast path
        # until levels() changes (a held button needs every poll: the long press is timed)
        quiet = not ev
        for i in range(len(self.pins)):
            if self._down[i] or self._raw[i] or self._waiting[i]:
                quiet = False
                break
        self._word = word if quiet else -1
        return ev

    def _edge(self, i, level):
        self._down[i] = level
        name = self.names[i]
        if level:  # pressed: the press began when the level first changed
            self._down_at[i] = self._raw_at[i]
            self._long_done[i] = 0
            self._quiet[i] = 0
            if self._waiting[i]:
                self._waiting[i] = 0
                self._quiet[i] = 1
                self._events.append((name, "double"))
            return
        if self._quiet[i]:
            self._quiet[i] = 0
            return
        if self.double_ms > 0:
            self._waiting[i] = 1
            self._click_at[i] = self._raw_at[i]
        else:
            self._events.append((name, "press"))
