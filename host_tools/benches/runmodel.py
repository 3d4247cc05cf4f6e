"""The running board's schedule, modelled: the asyncio tasks of firmware/app/tasks.py taking
turns on one CPU, each body costing what the benches measured (Pico estimates), to give the
scan rate in play and the time from a checker coming to rest to its LEDs.

Why a model: the MicroPython unix port runs the real tasks, but a host is ~170 times faster
than the Pico, so its schedule is not the Pico's (every body is short next to the sleeps).
The model replays MicroPython's asyncio: a task runs its body to the end (cooperative), then
sleeps; the next to run is the one whose wake-up time is earliest (ties: first come); each
switch costs the measured switch time. Bodies (Pico ms): the scan (bench scan's mean in
fast play, its worst single scan for the worst case), the App's part of the scan, the
buttons' poll, the clock, the display round, the idle serial turn; the OLED's screens
(drawing CPU + I2C, which blocks: 9 bits a byte at the bus clock) where the scheduling puts
them; a settled reading's cost (Table.sensed to the LED frame) from bench app's replay.

Events: a checker comes to rest every REST_EVERY_MS at a random phase; the scanner reports
it settled at the end of the SCANS_TO_SETTLED-th scan that read its sensor after the rest
(the sensor is read at a random point of the scan, its bank's place in the walk; worst
case: at the start, so a scan under way never counts); the LEDs are written in that scan's
body (App.scan), after the reading's Table.sensed. In play with clocks the clock row
changes every second (2 pages). Each settled reading's new screen: the pages and drawing
time the replay measured for that reading.
"""
import random


class Costs:
    """Pico ms of each body (see the module doc)."""

    def __init__(self, scan, scan_worst, scan_app, buttons, clock, display_idle, serial_idle,
                 switch, page_cpu, page_wire, led_wire, readings):
        self.scan = scan
        self.scan_worst = scan_worst
        self.scan_app = scan_app
        self.buttons = buttons
        self.clock = clock
        self.display_idle = display_idle
        self.serial_idle = serial_idle
        self.switch = switch
        self.page_cpu = page_cpu
        self.page_wire = page_wire
        self.led_wire = led_wire
        self.readings = readings      # [(settled -> LED ms, OLED pages, drawing ms)]


class Schedule:
    """How the firmware schedules: task periods (ms), OLED pages per display round (0:
    all at once), and whether App.scan also draws and sends the screen after the LEDs."""

    def __init__(self, name, scan_period=10, buttons_period=5, oled_pages=0, screen_in_scan=True,
                 buttons_in_scan=False, ui_task=False, serial_period=20, scan_turn=0):
        self.name = name
        self.scan_turn = scan_turn                # scans back to back for this long a turn
        self.scan_period = scan_period
        self.buttons_period = buttons_period
        self.oled_pages = oled_pages
        self.screen_in_scan = screen_in_scan
        self.buttons_in_scan = buttons_in_scan    # polled after each scan: no buttons task
        self.ui_task = ui_task                    # clock and display in one task
        self.serial_period = serial_period


def simulate(costs, sched, seconds=60.0, rest_every_ms=700.0, scans_to_settled=3, worst_scan=False,
             worst_case=False, seed=1):
    """(scans per second, [rest -> LED ms for each rest]) over `seconds` of play."""
    rnd = random.Random(seed)
    end = seconds * 1000.0
    # tasks: name -> [next wake, order of arrival]
    order = [0]

    def wake(at):
        order[0] += 1
        return [at, order[0]]

    tasks = {"scan": wake(0.0), "clock": wake(0.0), "serial": wake(0.0)}
    if not sched.buttons_in_scan:
        tasks["buttons"] = wake(0.0)
    if not sched.ui_task:
        tasks["display"] = wake(0.0)
    period = {"scan": sched.scan_period, "buttons": sched.buttons_period, "clock": 20,
              "display": 20, "serial": sched.serial_period}
    now = 0.0
    scans = 0
    rests = []                # [rest time, scans started since] not yet settled
    next_rest = rnd.uniform(0, rest_every_ms)
    latencies = []
    pages_due = 0             # OLED pages drawn and not sent yet
    draw_due = 0.0            # drawing CPU not done yet (display task)
    next_clock_row = 1000.0
    k = 0
    last_scan = None
    gaps = [0.0]
    scan_cost = costs.scan_worst if worst_scan else costs.scan
    while now < end:
        name = min(tasks, key=lambda n: (tasks[n][0], tasks[n][1]))
        at = tasks[name][0]
        if at > now:
            now = at
        start = now
        body_end = now + (scan_cost if name == "scan" else 0.0)
        while next_rest <= body_end:
            # where in a scan the checker's sensor is read (its bank's place in the walk);
            # 0 for every checker: the worst case
            rests.append([next_rest, 0, 0.0 if worst_case else rnd.random()])
            next_rest += rest_every_ms * rnd.uniform(0.5, 1.5)
        if name == "scan":
            while True:
                scan_start = now
                for r in rests:
                    if r[0] <= scan_start + r[2] * scan_cost:
                        r[1] += 1             # this scan read the sensor after the rest
                now += scan_cost + costs.scan_app
                if sched.buttons_in_scan:
                    now += costs.buttons
                scans += 1
                if last_scan is not None and scan_start - last_scan > gaps[0]:
                    gaps[0] = scan_start - last_scan   # the longest wait from a scan's end to the next
                done = [r for r in rests if r[1] >= scans_to_settled]
                if done:
                    lat, pages, draw = costs.readings[k % len(costs.readings)]
                    k += 1
                    now += lat + costs.led_wire
                    for r in done:
                        latencies.append(now - r[0])
                        rests.remove(r)
                    if sched.screen_in_scan:  # the old App.scan: the screen after the LEDs
                        now += draw + pages * (costs.page_cpu + costs.page_wire)
                    else:
                        draw_due += draw
                        pages_due += pages
                last_scan = now
                if now - start >= sched.scan_turn or now >= end:
                    break
                # the next scan of the same turn (no task switch): the checkers that came to
                # rest meanwhile
                while next_rest <= now + scan_cost:
                    rests.append([next_rest, 0, 0.0 if worst_case else rnd.random()])
                    next_rest += rest_every_ms * rnd.uniform(0.5, 1.5)
        elif name == "buttons":
            now += costs.buttons
        elif name == "clock":
            now += costs.clock
            if now >= next_clock_row:     # the clock row of the screen changes each second
                next_clock_row += 1000.0
                draw_due += costs.readings[0][2] / 3.0   # one row of six, drawn again
                pages_due += 2
        if name == "display" or (name == "clock" and sched.ui_task):
            now += costs.display_idle + draw_due
            draw_due = 0.0
            send = pages_due if not sched.oled_pages else min(pages_due, sched.oled_pages)
            now += send * (costs.page_cpu + costs.page_wire)
            pages_due -= send
        elif name == "serial":
            now += costs.serial_idle
        now += costs.switch
        if name == "serial":
            tasks[name] = wake(now + sched.serial_period)
        else:
            left = period[name] - (now - start)
            tasks[name] = wake(now + (left if left > 0 else 0))
    simulate.longest_gap = gaps[0]
    return scans / seconds, latencies


def pct(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(q * (len(v) - 1) + 0.5))]
