"""The physical board, simulated: checkers on slots -> magnetic field at every Hall sensor
-> the voltage the firmware's ADC reads through the real multiplexer wiring.

Runs under CPython and the MicroPython unix port (keep it light: all the float work is
done when the board changes, a read is a few integer operations). Needs `board_config`
(firmware/) and `fake_io`, `fake_adc` (host_tools/fakes/) on sys.path.

    board = PhysicalBoard(seed=1).install()  # fake ADC readings now come from this board
    board.set_point(6, WHITE, 5)             # 5 white checkers on point 6 (White's numbering)
    board.set_bar(BLACK, 2)
    board.place(13, BLACK)                   # one more checker on top of point 13's pile
    board.lift(13)                           # take the last placed checker off point 13
    board.put_on_sensor(i, WHITE, layers=1)  # a checker on one slot only (calibration jig)
    board.set_position_counts(white, black)  # two sequences of 26: [0] unused, [1..24] points, [25] bar
    board.set_position(pos, white_on_roll)   # a bg.position.Position (me/opp from the roller's view)
    board.clear()

A point holds its checkers in placement order: the k-th sits on slot k % SLOTS_PER_POINT + 1
(slot 1 at the board edge), layer k // SLOTS_PER_POINT + 1. The bar has one strip of
BAR_SLOTS per colour (`set_bar` fills the colour's own strip; `place_bar(strip, colour)`
can put a checker on the other strip). Black's point q is White's point 25 - q.

Field model (hardware-brief 7.3, Ø20 x 1 mm ferrite, 3 mm wood; units of one centred
checker, SINGLE_MT mT): lateral profile LATERAL, second layer +DELTA2, third +DELTA3,
fourth and above +0.03; neighbour crosstalk XTALK per layer; each checker's magnet has its
own strength (+-magnet_spread), each sensor its own quiescent offset (+-2 mT) and
sensitivity (+-5 %); each half's sensor rail its own voltage (the ratiometric ch15 cancels it).

Knobs (attributes or methods; every change takes effect at the next read):
  noise_lsb            rms ADC noise in 12-bit LSB (documented level: 1.0 = 0.2 mTpp)
  spike_every          every n-th read gets a +-spike_lsb spike (LED/SMPS switching); 0 = off
  set_drift(mt, sensor=None)      slow field drift (temperature, stray magnet) on all / one sensor
  set_offset(point, mm)           the last checker on `point` sits mm off its slot centre (+ = towards slot 6)
  hover(point, colour, mm)        a checker held mm above `point`'s next free slot, above the
                                  checkers already on that slot (None removes it)
  place(point, colour, reversed=True)  a checker whose magnet is upside down (reads as the
                                  other colour; counts() still counts its own)
  kill(sensor, mode)              'open' (reads the pull-up), 'short' (0 V), 'stuck' (frozen), None = heal
  break_mux(half, bank)           a CD74HC4067 that does not answer (its output floats to the pull-up)
  cut_bank_power(half, bank)      the bank's P-MOSFET never turns on (sensors and ch15 read 0 V)
  stick_select(bit, level)        select line S<bit> stuck at level (None frees it)
  fault_channel(half, bank, ch, u16)  one mux channel reads u16 whatever it carries (a broken
                                  self-test channel: GND open, an unused input shorted, ch15
                                  off; bank HALF_REF_INPUT: the half's reference); None heals
Sensor numbering: board_config's (point p slot s -> (p-1)*SLOTS_PER_POINT + s-1, bar after).
"""
import math
from array import array

import board_config as cfg
import fake_io
import fake_adc

WHITE = 1
BLACK = 2

# lateral offset (mm) -> share of a centred checker's field (brief 7.3, calc)
LATERAL = ((0.0, 1.0), (4.0, 0.97), (6.0, 0.90), (8.0, 0.70), (10.0, 0.38), (12.0, 0.09),
           (17.5, -0.09), (24.0, -0.05), (36.0, -0.017), (48.0, -0.004), (72.0, 0.0))
# hover height (mm) -> share (brief 1.4 point 5 and 7.3)
HOVER = ((0.0, 1.0), (5.0, 0.49), (10.0, 0.24), (15.0, 0.13), (20.0, 0.07), (40.0, 0.0))
DELTA2 = 0.27       # second layer adds (t = 9 mm between +24 and +31 %)
DELTA3 = 0.09       # third layer (+7..11 %)
DELTA_MORE = 0.03   # fourth and higher
XTALK = (-0.017, -0.006, -0.003)  # neighbour slot, per layer of the neighbour
LAYER_MM = 9.0      # a checker's thickness: a layer's magnet sits this much higher (DELTA2 ~ HOVER(9))
REVERSED = 4        # a stack entry's flag: the checker's magnet is upside down
SINGLE_MT = 13.0    # one centred checker at the sensor element
PULLUP = 65535
N_PLACES = 26       # 24 points, then the white and the black bar strips


def _interp(table, x):
    if x <= table[0][0]:
        return table[0][1]
    for i in range(1, len(table)):
        x1, y1 = table[i]
        if x <= x1:
            x0, y0 = table[i - 1]
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return table[-1][1]


def lateral(mm):
    """Share of a centred checker's field seen by a sensor `mm` away (sign: repulsion at the edge)."""
    return _interp(LATERAL, abs(mm))


class _Rand:
    """A small deterministic generator (the same sequence under CPython and MicroPython)."""

    def __init__(self, seed):
        self.s = (seed * 2654435761 + 1) & 0xFFFFFF

    def next(self):
        self.s = (self.s * 69069 + 12345) & 0xFFFFFF
        return self.s

    def uniform(self, a, b):
        return a + (b - a) * (self.next() / 16777216.0)

    def gauss(self):
        u1 = (self.next() + 1) / 16777217.0
        u2 = self.next() / 16777216.0
        return math.sqrt(-2.0 * math.log(u1)) * math.cos(6.283185307179586 * u2)


class PhysicalBoard:
    """The wooden board with its 152 Hall sensors, muxes and ADC wiring (see module doc)."""

    def __init__(self, seed=1, noise_lsb=1.0, magnet_spread=0.05, offset_mt=2.0, gain_spread=0.05,
                 rails=(3.28, 3.31), vref=3.3):
        rnd = _Rand(seed)
        n = cfg.N_SENSORS
        self.vref = vref
        self.rails = rails
        # per sensor: quiescent offset (fraction of rail) and sensitivity factor
        k = cfg.SENSITIVITY_MV_PER_MT / 1000.0 / cfg.SENSOR_VCC   # rail fraction per mT
        self._k = k
        self._q = array("f", [rnd.uniform(-offset_mt, offset_mt) * k for _ in range(n)])
        self._g = array("f", [1.0 + rnd.uniform(-gain_spread, gain_spread) for _ in range(n)])
        # per checker position on a place: its magnet's strength (checkers are not all alike)
        self._mag = array("f", [1.0 + rnd.uniform(-magnet_spread, magnet_spread) for _ in range(64)])
        self._stacks = [bytearray() for _ in range(N_PLACES)]
        self._mag_shift = 0
        self._off_mm = [0.0] * N_PLACES
        self._hover = [None] * N_PLACES      # (colour, height_mm)
        self._drift_all = 0.0
        self._drift = {}
        self._dead = {}
        self._mux_dead = bytearray(16)        # [half * 8 + bank]: a flag, no tuple per read
        self._unpowered = bytearray(16)
        self._stuck_sel = {}
        self._chan_fault = {}                # (half * 8 + bank) * 16 + ch -> u16 (fault_channel)
        self._level = array("i", bytes(4 * n))               # noise-free reading per sensor, u16 units
        self._frozen = {}
        self._dirty = True
        self.reads = 0
        self.spike_every = 0
        self.spike_lsb = 400
        self._rnd = rnd
        self._noise = None
        self._noise_lsb = None
        self.noise_lsb = noise_lsb
        # mux wiring, from the generated board configuration (itself from hardware/pinmap.json)
        self._what = []                      # [half][bank] -> bytearray(16) of sensor / code
        for h in range(cfg.HALVES):
            self._what.append([bytearray(b"\xff" * cfg.MUX_CHANNELS) for _ in range(cfg.BANKS_PER_HALF[h])])
        for k_, (h, b) in enumerate(cfg.SCAN_BANKS):
            w = self._what[h][b]
            for ch, i in zip(cfg.SCAN_CHANNELS[k_], cfg.SCAN_SENSORS[k_]):
                w[ch] = i
            w[cfg.GND_CHANNEL[k_]] = 253
            w[cfg.REF_CHANNEL[k_]] = 254
        self._adc_half = {}
        for h, p in enumerate(cfg.ADC_PINS):
            self._adc_half[p] = h
        self.vbus = 5.0
        # each half's ch15 (its sensor rail / 2), in u16: precomputed, a read must not use floats
        self._ref_level = [int(r / 2 / vref * 65535) for r in rails]

    # ------------------------------------------------------------ installing
    def install(self):
        """Make this board the source of every fake ADC reading; returns self."""
        fake_adc.install(self)
        return self

    # ------------------------------------------------------------ checkers
    @staticmethod
    def _point_place(point):
        if not (isinstance(point, int) and 1 <= point <= cfg.N_POINTS):
            raise ValueError("point must be 1..%d, not %r" % (cfg.N_POINTS, point))
        return point - 1

    @staticmethod
    def _colour(colour):
        if colour not in (WHITE, BLACK):
            raise ValueError("colour must be WHITE (1) or BLACK (2), not %r" % (colour,))
        return colour

    def clear(self):
        # the checkers come back in another order: a slot now sees other magnets than before
        self._mag_shift = (self._mag_shift + 13) % 64
        for s in self._stacks:
            s[:] = b""
        self._off_mm = [0.0] * N_PLACES
        self._hover = [None] * N_PLACES
        self._dirty = True

    def set_point(self, point, colour, count):
        q = self._point_place(point)
        if count:
            self._colour(colour)
        if not 0 <= count <= 255:
            raise ValueError("count must be 0..255, not %r" % (count,))
        self._stacks[q][:] = bytes([colour] * count) if count else b""
        self._off_mm[q] = 0.0
        self._dirty = True

    def set_bar(self, colour, count):
        c = self._colour(colour)
        q = cfg.N_POINTS - 1 + c
        self._stacks[q][:] = bytes([c] * count) if count else b""
        self._off_mm[q] = 0.0
        self._dirty = True

    def place(self, point, colour, offset_mm=0.0, reversed=False):
        q = self._point_place(point)
        self._stacks[q].append(self._colour(colour) | (REVERSED if reversed else 0))
        self._off_mm[q] = offset_mm
        self._dirty = True

    def place_bar(self, strip, colour):
        """A checker of `colour` on the bar strip of colour `strip` (either may hold either)."""
        self._stacks[cfg.N_POINTS - 1 + self._colour(strip)].append(self._colour(colour))
        self._dirty = True

    def lift(self, point):
        """Take the last placed checker off `point`; returns its colour (0 if none)."""
        s = self._stacks[self._point_place(point)]
        if not s:
            return 0
        c = s[-1] & 3
        s[:] = s[:-1]
        while s and not s[-1]:
            s[:] = s[:-1]
        self._off_mm[point - 1] = 0.0
        self._dirty = True
        return c

    def put_on_sensor(self, sensor, colour, layers=1):
        """`layers` checkers stacked on one slot, whatever the other slots hold (the calibration
        jig: a lit slot gets a checker without the slots below it being filled)."""
        self._colour(colour)
        spp, npt = cfg.SLOTS_PER_POINT, cfg.N_POINT_SENSORS
        if not 0 <= sensor < cfg.N_SENSORS:
            raise ValueError("sensor must be 0..%d, not %r" % (cfg.N_SENSORS - 1, sensor))
        if sensor < npt:
            q, slot, n = sensor // spp, sensor % spp, spp
        else:
            j = sensor - npt
            q, slot, n = cfg.N_POINTS + j // cfg.BAR_SLOTS, j % cfg.BAR_SLOTS, cfg.BAR_SLOTS
        s = self._stacks[q]
        for layer in range(layers):
            k = slot + layer * n
            while len(s) <= k:
                s.append(0)
            s[k] = colour
        self._dirty = True

    def lift_bar(self, strip):
        s = self._stacks[cfg.N_POINTS - 1 + self._colour(strip)]
        if not s:
            return 0
        c = s[-1]
        s[:] = s[:-1]
        self._dirty = True
        return c

    def set_offset(self, point, mm):
        self._off_mm[self._point_place(point)] = mm
        self._dirty = True

    def hover(self, point, colour, mm):
        q = self._point_place(point)
        self._hover[q] = None if mm is None else (self._colour(colour), mm)
        self._dirty = True

    def set_position_counts(self, white, black):
        """white[p] / black[p]: checkers on White's point p (1..24), [25] = on the bar."""
        for p in range(1, cfg.N_POINTS + 1):
            if white[p] and black[p]:
                raise ValueError("point %d holds both colours" % p)
            if white[p]:
                self.set_point(p, WHITE, white[p])
            else:
                self.set_point(p, BLACK, black[p])
        self.set_bar(WHITE, white[25])
        self.set_bar(BLACK, black[25])

    def set_position(self, pos, white_on_roll=True):
        """Lay out a bg.position.Position (`me`/`opp`: 25 counts each from the owner's view,
        index 24 = bar). White's point p is me[p-1] if White is on roll; Black's point q is
        White's point 25 - q."""
        white, black = (pos.me, pos.opp) if white_on_roll else (pos.opp, pos.me)
        w = [0] * 26
        b = [0] * 26
        for i in range(24):
            w[i + 1] = white[i]
            b[24 - i] = black[i]
        w[25], b[25] = white[24], black[24]
        self.set_position_counts(w, b)

    def counts(self, point):
        """(white, black) on `point` as placed (what the scanner should find)."""
        s = self._stacks[self._point_place(point)]
        w = sum(1 for c in s if c & 3 == WHITE)
        return w, sum(1 for c in s if c & 3 == BLACK)

    # ------------------------------------------------------------ faults and noise
    @property
    def noise_lsb(self):
        return self._noise_lsb

    @noise_lsb.setter
    def noise_lsb(self, v):
        # 256 gaussian samples in u16 units (1 LSB of 12 bits = 16), drawn once
        self._noise_lsb = v
        self._noise = array("i", [int(round(self._rnd.gauss() * v * 16)) for _ in range(256)])

    def set_drift(self, mt, sensor=None):
        if sensor is None:
            self._drift_all = mt
        else:
            self._drift[sensor] = mt
        self._dirty = True

    def kill(self, sensor, mode="open"):
        if mode is None:
            self._dead.pop(sensor, None)
            self._frozen.pop(sensor, None)
        elif mode in ("open", "short", "stuck"):
            self._dead[sensor] = mode
        else:
            raise ValueError("kill mode must be 'open', 'short', 'stuck' or None, not %r" % (mode,))
        self._dirty = True

    def break_mux(self, half, bank, broken=True):
        self._mux_dead[half * 8 + bank] = 1 if broken else 0

    def cut_bank_power(self, half, bank, cut=True):
        self._unpowered[half * 8 + bank] = 1 if cut else 0

    def fault_channel(self, half, bank, ch, level):
        key = ((half * 8 + bank) << 4) | (0 if bank == cfg.HALF_REF_INPUT else ch)
        if level is None:
            self._chan_fault.pop(key, None)
        else:
            self._chan_fault[key] = level

    def stick_select(self, bit, level):
        if level is None:
            self._stuck_sel.pop(bit, None)
        else:
            self._stuck_sel[bit] = level

    # ------------------------------------------------------------ field -> volts
    def _slot_fields(self, q, nslots):
        """Field (units of one centred checker, signed: white -) at each slot of place q."""
        f = [0.0] * nslots
        s = self._stacks[q]
        top = len(s) - 1
        for k in range(len(s)):
            if not s[k]:
                continue                     # a gap: no checker at this position
            sign = -1.0 if s[k] & 3 == WHITE else 1.0
            if s[k] & REVERSED:
                sign = -sign
            slot, layer = k % nslots, k // nslots
            m = self._mag[(q * 7 + k + self._mag_shift) % 64] * sign
            step = 1.0 if layer == 0 else DELTA2 if layer == 1 else DELTA3 if layer == 2 else DELTA_MORE
            x = XTALK[layer] if layer < 3 else 0.0
            off = self._off_mm[q] if k == top else 0.0
            if off == 0.0:
                f[slot] += m * step
                if slot > 0:
                    f[slot - 1] += m * x
                if slot + 1 < nslots:
                    f[slot + 1] += m * x
            else:
                # an off-centre checker: its field on each slot by the lateral profile
                pitch = cfg_slot_pitch()
                for j in range(nslots):
                    f[j] += m * step * lateral((slot - j) * pitch + off)
        h = self._hover[q]
        if h is not None:
            # over the next free slot, above the layers already on it: the magnet is
            # LAYER_MM higher per layer than over an empty slot
            slot = len(s) % nslots
            f[slot] += (-1.0 if h[0] == WHITE else 1.0) * _interp(HOVER, h[1] + LAYER_MM * (len(s) // nslots))
        return f

    def _recompute(self):
        spp, nbar, npt = cfg.SLOTS_PER_POINT, cfg.BAR_SLOTS, cfg.N_POINT_SENSORS
        lev = self._level
        for q in range(N_PLACES):
            if q < cfg.N_POINTS:
                f, base, half = self._slot_fields(q, spp), q * spp, self._half_of_point(q + 1)
            else:
                f, base, half = self._slot_fields(q, nbar), npt + (q - cfg.N_POINTS) * nbar, self._bar_half
            rail = self.rails[half]
            for j in range(len(f)):
                i = base + j
                b = SINGLE_MT * f[j] * self._g[i] + self._drift_all + self._drift.get(i, 0.0)
                frac = 0.5 + self._q[i] + self._k * b
                v = rail * frac
                v = min(max(v, 0.2), rail - 0.2)    # the DRV5055 output swing
                lev[i] = int(v / self.vref * 65535)
                mode = self._dead.get(i)
                if mode == "open":
                    lev[i] = PULLUP
                elif mode == "short":
                    lev[i] = 0
                elif mode == "stuck":
                    if i not in self._frozen:
                        self._frozen[i] = lev[i]
                    lev[i] = self._frozen[i]
        self._dirty = False

    _half_cache = None
    _bar_half = 0

    def _half_of_point(self, p):
        if self._half_cache is None:
            hc = bytearray(cfg.N_POINTS + 1)
            spp = cfg.SLOTS_PER_POINT
            for k, (h, b) in enumerate(cfg.SCAN_BANKS):
                for i in cfg.SCAN_SENSORS[k]:
                    if i < cfg.N_POINT_SENSORS:
                        hc[i // spp + 1] = h
                    else:
                        self._bar_half = h
            self._half_cache = hc
        return self._half_cache[p]

    # ------------------------------------------------------------ the ADC's view
    def _sel(self, pins):
        v = 0
        for bit in range(len(pins)):
            lv = fake_io.pin_level(pins[bit])
            if bit in self._stuck_sel and pins is cfg.MUX_SEL:
                lv = self._stuck_sel[bit]
            if lv:
                v |= 1 << bit
        return v

    def read_adc(self, gpio):
        """The u16 value machine.ADC(gpio).read_u16() returns now."""
        if self._dirty:
            self._recompute()
        self.reads += 1
        half = self._adc_half.get(gpio)
        if half is None:
            if gpio == cfg.VBUS_ADC:
                return self._quantise(int(self.vbus / 2 / self.vref * 65535))
            return 0
        en = fake_io.pin_level(cfg.HALF_EN[half])
        if en is None or (en == 1) == cfg.HALF_EN_ACTIVE_LOW:
            return self._quantise(PULLUP)       # the half's 74HC4051 is off: the pull-up wins
        bank = self._sel(cfg.BANK_SEL)
        if self._chan_fault:
            f = self._chan_fault.get(((half * 8 + bank) << 4)
                                     | (0 if bank == cfg.HALF_REF_INPUT else self._sel(cfg.MUX_SEL)))
            if f is not None:
                return self._quantise(f)
        if bank == cfg.HALF_REF_INPUT:
            return self._quantise(32767)       # 3.3 V / 2
        if bank >= len(self._what[half]) or self._mux_dead[half * 8 + bank]:
            return self._quantise(PULLUP)
        what = self._what[half][bank][self._sel(cfg.MUX_SEL)]
        if what == 253:
            return self._quantise(0)
        if self._unpowered[half * 8 + bank]:
            return self._quantise(0 if what != 255 else PULLUP)
        if what == 254:
            return self._quantise(self._ref_level[half])
        if what == 255:
            return self._quantise(PULLUP)
        if self._dead.get(what) == "stuck":
            v = self._level[what]
            return (v >> 4 << 4) | (v >> 12)
        return self._quantise(self._level[what])

    def _quantise(self, v):
        r = self._rnd
        r.s = (r.s * 69069 + 12345) & 0xFFFFFF
        v += self._noise[r.s >> 16]
        if self.spike_every and self.reads % self.spike_every == 0:
            v += self.spike_lsb * 16 if r.s & 1 else -self.spike_lsb * 16
        if v < 0:
            v = 0
        elif v > 65535:
            v = 65535
        v >>= 4                                 # the RP2040 ADC has 12 bits
        return (v << 4) | (v >> 8)              # MicroPython's read_u16 scaling

    def sensor_reading(self, sensor):
        """Noise-free u16 reading of one sensor (for tests and the self-test display)."""
        if self._dirty:
            self._recompute()
        return self._level[sensor]


def cfg_slot_pitch():
    return 36.0   # mm: checker 35 + 1 (hardware/pinmap.json "sensor")
