"""hardware/pinmap.json: the checks pass on the committed pin map, and each check fails on a
deliberately broken copy (so it can fail). Also: BOM quantities, the power budget at the LED
brightness cap (with the real LED driver), board_config.py, and the generated wiring.svg and
power.md tables are consistent with the pin map."""
import copy
import importlib.util
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tools import ROOT
from host_tools import cmd_wiring, hwcheck

PM = hwcheck.load_pinmap()
BOM_TEXT = open(hwcheck.BOM_PATH).read()


def broken(mutate):
    pm = copy.deepcopy(PM)
    mutate(pm)
    return pm


def test_committed_pinmap_passes_every_check():
    assert hwcheck.check_pinmap(PM) == []


def test_counts_of_the_reference_board():
    # the numbers sensing.md and bom.md are written for
    assert hwcheck.sensor_count(PM) == 152
    assert sum(PM["layout"]["banks_per_half"]) == 13
    assert PM["leds"]["count"] == 30


def _set(path, value):
    def mutate(pm):
        d = pm
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = value
    return mutate


def _delete(path):
    def mutate(pm):
        d = pm
        for k in path[:-1]:
            d = d[k]
        del d[path[-1]]
    return mutate


def _both(*mutations):
    def mutate(pm):
        for m in mutations:
            m(pm)
    return mutate


def _channel(half, bank, ch, entry):
    def mutate(pm):
        pm["channel_map"][half][bank][ch] = copy.deepcopy(entry)
    return mutate


BROKEN = [
    # pins
    ("pin used twice", _set(("pins", "buzzer"), 22), "GP22 used twice"),
    ("spare pin in use", _set(("pins", "spare"), [20, 4]), "GP4 used twice"),
    ("ADC on a digital pin", _both(_set(("pins", "spare"), [21]), _set(("pins", "adc"), [26, 20])),
     "adc on GP20: only GP26..GP28"),
    ("VBUS monitor on GP29", _set(("pins", "vbus_adc"), 29), "vbus_adc on GP29: only GP26..GP28"),
    ("pin that does not exist", _set(("pins", "buzzer"), 30), "no such pin"),
    ("on-board LED pin", _set(("pins", "buzzer"), 25), "internal to the Pico"),
    ("I2C pins swapped", _both(_set(("pins", "i2c", "sda"), 5), _set(("pins", "i2c", "scl"), 4)),
     "I2C0 cannot use SDA GP5"),
    ("player button missing", _delete(("pins", "buttons", "p2_cube")), "no button pin for p2_cube"),
    ("three select lines for 16 channels", _set(("pins", "mux_sel"), [10, 11, 12]), "mux_sel has 3 pins"),
    ("one ADC for two halves", _set(("pins", "adc"), [26]), "adc has 1 pins for 2 halves"),
    # channel map
    ("slot wired twice", _channel(0, 0, 12, {"kind": "point", "point": 7, "slot": 1}),
     "point 7 slot 1 is wired to 2 channels"),
    ("slot not wired", _channel(1, 0, 3, {"kind": "unused"}), "point 1 slot 4 is not wired"),
    ("bar slot not wired", _channel(0, 6, 5, {"kind": "unused"}), "bar black slot 2 is not wired"),
    ("slot outside the layout", _channel(0, 0, 12, {"kind": "point", "point": 25, "slot": 1}),
     "point 25 slot 1 (on 0.0 ch12) is not in the layout"),
    ("fewer slots per point than wired", _set(("layout", "slots_per_point"), 5), "slot 6 (on"),
    ("self-test GND channel missing", _channel(0, 3, 14, {"kind": "unused"}), "bank 0.3 has 0 'gnd'"),
    ("unknown channel kind", _channel(1, 2, 13, {"kind": "thermistor"}), "unknown kind 'thermistor'"),
    ("bank count disagrees", _set(("layout", "banks_per_half"), [7, 7]), "half 1 has 6 banks"),
    ("8-channel mux declared", _set(("layout", "mux_channels"), 8), "lists 16 channels, the mux has 8"),
    ("banks collide with the reference input", _set(("layout", "half_ref_input"), 5), "do not fit below"),
    # physical layout against the wiring
    ("point missing from the layout", _set(("layout", "point_layout", "right", "near"), [6, 5, 4, 3, 2]),
     "point 1 is missing from point_layout"),
    ("point wired across the hinge",
     _both(_set(("layout", "point_layout", "left", "near"), [1, 8, 9, 10, 11, 12]),
           _set(("layout", "point_layout", "right", "near"), [6, 5, 4, 3, 2, 7])),
     "point 7 is on the right half but its sensor on 0.0 ch0 is wired to the left half"),
    ("bar on no half", _set(("layout", "point_layout", "left", "bar"), False), "no half of point_layout holds the bar"),
    # LEDs
    ("LED count short", _set(("leds", "count"), 29), "led count is 29 but 30"),
    ("LED index used twice", _set(("leds", "bar", "black"), 24), "LED 24 assigned twice"),
    ("LED index off the chain", _set(("leds", "status", "cube_p2"), 30), "outside the chain"),
    ("a point without LED", _set(("leds", "point"), list(range(23))), "23 point LEDs for 24 points"),
    ("brightness above 100 %", _set(("leds", "brightness_max"), 1.5), "brightness_max"),
    # power at the brightness cap
    ("LED budget too high for a charger", _set(("leds", "budget_ma"), 300), "charger profile: worst case"),
    ("LED budget too high for a PC port", _set(("leds", "budget_ma_pc"), 80), "pc profile: worst case"),
    ("budget beyond USB", _set(("power", "usb_budget_ma"), 600), "exceeds USB's 500 mA"),
    ("the chip above its certified clock", _set(("power", "cpu_mhz"), 250), "above the 200 MHz"),
    ("a clock without a power figure", _set(("power", "cpu_mhz"), 180), "no power figure for the Pico at 180"),
    ("200 MHz on a computer port without the frame budget it costs", _set(("leds", "budget_ma_pc"), 70),
     "pc profile: worst case 255 mA"),
    ("200 MHz without the frame budget it costs", _set(("leds", "budget_ma"), 150), "charger profile: worst case"),
    # halves paired (both halves' bank b powered together: twice the sensor current)
    ("halves paired on a computer port", _set(("power", "pair_halves_profiles"), ["charger", "pc"]),
     "pc profile: worst case 361 mA"),
    # unreadable
    ("layout missing", _delete(("layout",)), "could not read the pin map"),
]


@pytest.mark.parametrize("junk", [{"pins": [], "layout": 3}, {"pins": {"adc": "26"}}, {"channel_map": [[[7]]]}])
def test_malformed_pin_maps_give_problems_not_crashes(junk):
    problems = hwcheck.check_pinmap(junk)
    assert problems and all(isinstance(p, str) for p in problems)


@pytest.mark.parametrize("name,mutate,message", BROKEN, ids=[b[0] for b in BROKEN])
def test_each_check_fails_on_a_broken_copy(name, mutate, message):
    problems = hwcheck.check_pinmap(broken(mutate))
    assert any(message in p for p in problems), problems


def test_power_budget_at_the_brightness_cap_is_within_usb():
    for profile in ("charger", "pc"):
        b = hwcheck.power_budget(PM, profile)
        assert b["worst"] <= b["limit"] <= hwcheck.USB_SPEC_MA, b
    # the charger profile pairs the halves (the scanner's 7 power-ups a scan): its table
    # counts two banks' sensors
    assert hwcheck.paired(PM, "charger") and not hwcheck.paired(PM, "pc")
    assert hwcheck.power_budget(PM, "charger")["worst"] == 445
    # both profiles run the chip at 200 MHz (its power figure); the computer port pays for it
    # with its frame budget: at 125 MHz the same budget leaves 14 mA unused
    assert [hwcheck.cpu_mhz(PM, p) for p in ("charger", "pc")] == [200, 200]
    assert hwcheck.power_budget(PM, "pc")["worst"] == 241
    assert hwcheck.power_budget(PM, "charger")["rows"][0][2] == hwcheck.PICO_MA_BY_MHZ[200][1]
    # and the cap alone would not be enough: the frame budget is doing real work
    assert hwcheck.led_ma(PM)["at_cap_unlimited"] > hwcheck.led_ma(PM)["worst"]


def _leds_module():
    from hw import leds
    return leds


@pytest.mark.parametrize("profile", ["charger", "pc"])
def test_led_driver_all_white_stays_within_the_budgeted_current(profile):
    """The real LED driver, every LED full white, draws no more than the power table says."""
    leds_mod = _leds_module()
    leds = PM["leds"]
    limit = hwcheck.led_ma(PM, profile)
    budget = leds["budget_ma_pc"] if profile == "pc" else leds["budget_ma"]
    strip = leds_mod.Leds(PM["pins"]["led_data"], leds["count"], leds["brightness_max"], budget, leds["order"])
    strip.fill((255, 255, 255))
    strip.show()
    assert strip.shown_ma <= limit["worst"] + 1e-9
    # the bound is tight, not vacuous: the driver loses at most one step of its 1/256 scale
    # and one truncated step per channel, 2 x (3 channels x count) / 16 mA
    assert strip.shown_ma >= limit["worst"] - 2 * leds["count"] * 3 / 16.0


def test_bom_quantities_match_the_pinmap():
    assert hwcheck.check_bom(PM, BOM_TEXT) == []


def test_bom_check_fails_when_the_pinmap_changes():
    pm = broken(_both(_set(("leds", "count"), 31), _set(("leds", "status"),
                                                       dict(PM["leds"]["status"], dice=30))))
    assert hwcheck.check_pinmap(pm) == []
    assert hwcheck.check_bom(pm, BOM_TEXT) == ["BOM lists 30 x C_LED, the pin map needs 31",
                                               "BOM lists 30 x LED, the pin map needs 31"]


def test_bom_check_fails_on_a_wrong_or_missing_line():
    wrong = BOM_TEXT.replace("| HALL | 152 |", "| HALL | 151 |")
    assert hwcheck.check_bom(PM, wrong) == ["BOM lists 151 x HALL, the pin map needs 152"]
    missing = "\n".join(l for l in BOM_TEXT.splitlines() if not l.startswith("| MUX16 |"))
    assert hwcheck.check_bom(PM, missing) == ["BOM has no MUX16 line (pin map needs 13)"]


def _board_config():
    spec = importlib.util.spec_from_file_location("board_config_for_pinmap_test",
                                                  os.path.join(ROOT, "firmware", "board_config.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_board_config_agrees_with_the_pinmap():
    assert hwcheck.check_board_config(PM, _board_config()) == []


def test_board_config_check_fails_on_a_disagreement():
    cfg = _board_config()
    pm = broken(_set(("pins", "led_data"), 20))
    assert hwcheck.check_board_config(pm, cfg) == ["board_config LED_PIN = 22, the pin map says 20"]
    cfg.LED_COUNT = 29
    assert "board_config LED_COUNT = 29, the pin map says 30" in hwcheck.check_board_config(PM, cfg)


def test_generated_files_are_up_to_date():
    for path, text in cmd_wiring.outputs(PM).items():
        with open(path) as f:
            assert f.read() == text, "%s is stale: run `python -m host_tools wiring`" % path


def test_wiring_svg_is_well_formed_and_names_every_part():
    with open(cmd_wiring.SVG_PATH) as f:
        root = ET.fromstring(f.read())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    for gpio, role in hwcheck.pin_uses(PM):
        assert "GP%d" % gpio in texts or "GP%d ADC%d" % (gpio, gpio - 26) in texts, role
    for p in range(1, 25):
        assert "pt %d" % p in texts
    assert "bar white" in texts and "bar black" in texts
    for p in range(1, 25):  # the board map
        assert "point %d" % p in texts
    assert {t for t in texts if t and t.startswith("LED ") and t[4:].isdigit()} == \
        {"LED %d" % i for i in range(PM["leds"]["count"])}
    # one numbered square per sensor: count the slot labels drawn in the strips
    assert sum(1 for t in texts if t and t.isdigit()) == hwcheck.sensor_count(PM)


def test_power_md_and_svg_change_when_the_pinmap_does():
    pm = broken(_both(_set(("pins", "led_data"), 20), _set(("pins", "spare"), [21]),
                      _set(("leds", "budget_ma"), 120)))
    out = cmd_wiring.outputs(pm)
    assert "GP20" in out[cmd_wiring.SVG_PATH] and out[cmd_wiring.SVG_PATH] != cmd_wiring.render_svg(PM)
    with open(cmd_wiring.POWER_PATH) as f:
        assert out[cmd_wiring.POWER_PATH] != f.read()


def _wiring(*args):
    return subprocess.run([sys.executable, "-m", "host_tools", "wiring"] + list(args),
                          cwd=ROOT, capture_output=True, text=True)


def test_wiring_check_command(tmp_path):
    ok = _wiring("--check")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    other = tmp_path / "pinmap.json"
    other.write_text(json.dumps(broken(_both(_set(("pins", "led_data"), 20), _set(("pins", "spare"), [21])))))
    stale = _wiring("--check", "--pinmap", str(other))
    assert stale.returncode == 1 and "out of date" in stale.stderr and "wiring.svg" in stale.stderr
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken(_set(("pins", "buzzer"), 22))))
    refused = _wiring("--check", "--pinmap", str(bad))
    assert refused.returncode == 1 and "GP22 used twice" in refused.stderr
    missing = _wiring("--pinmap", str(tmp_path / "nope.json"))
    assert missing.returncode == 1 and "cannot read the pin map" in missing.stderr
    (tmp_path / "list.json").write_text("[1, 2]")
    not_object = _wiring("--check", "--pinmap", str(tmp_path / "list.json"))
    assert not_object.returncode == 1 and "must be a JSON object" in not_object.stderr
    (tmp_path / "cut.json").write_text(json.dumps(PM)[:500])
    truncated = _wiring("--check", "--pinmap", str(tmp_path / "cut.json"))
    assert truncated.returncode == 1 and "cannot read the pin map" in truncated.stderr
