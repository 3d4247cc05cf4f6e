"""Board configuration. GENERATED from hardware/pinmap.json by
`python -m host_tools boardconfig`: do not edit by hand, edit the pin map and regenerate.

Sensor index i: point p slot s -> (p-1)*SLOTS_PER_POINT + s-1; bar of colour c (0 white,
1 black) slot s -> N_POINT_SENSORS + c*BAR_SLOTS + s-1."""

BOARD = 'tablier-rev-a'
PINMAP_VERSION = 1

# pins (GPIO numbers)
MUX_SEL = (10, 11, 12, 13)  # S0..S3 of every CD74HC4067
BANK_SEL = (14, 15, 16)  # A0..A2 of both 74HC4051 and 74HC138
HALF_EN = (17, 18)  # one per half
HALF_EN_ACTIVE_LOW = True
ADC_PINS = (26, 27)  # one per half
VBUS_ADC = 28
LED_PIN = 22
I2C_ID = 0
I2C_SDA = 4
I2C_SCL = 5
I2C_FREQ = 400000
OLED_ADDR = 0x3C
BUZZER_PIN = 19
BUTTONS = {'p1_main': 2, 'p1_cube': 3, 'p2_main': 6, 'p2_cube': 7, 'menu': 8, 'undo': 9}
BUTTONS_ACTIVE_LOW = True
SMPS_MODE_PIN = 23
SIO_OUT_SET = 0xD0000014
SIO_OUT_CLR = 0xD0000018

# layout
N_POINTS = 24
SLOTS_PER_POINT = 6
BAR_SLOTS = 4  # per side (one strip per colour)
N_POINT_SENSORS = 144
N_SENSORS = 152
HALVES = 2
BANKS_PER_HALF = (7, 6)
MUX_CHANNELS = 16
HALF_REF_INPUT = 7  # 74HC4051 input reading 3.3 V / 2
WHITE_SIGN = -1  # sign of r - base for a white checker

# scan tables, one entry per bank in scan order
SCAN_BANKS = ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5))  # (half, bank)
SCAN_CHANNELS = (
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
    b'\x00\x01\x02\x03\x04\x05\x06\x07',
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
)
SCAN_SENSORS = (
    b"$%&'()*+,-./",
    b'0123456789:;',
    b'<=>?@ABCDEFG',
    b'HIJKLMNOPQRS',
    b'TUVWXYZ[\\]^_',
    b'`abcdefghijk',
    b'\x90\x91\x92\x93\x94\x95\x96\x97',
    b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b',
    b'\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17',
    b'\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f !"#',
    b'lmnopqrstuvw',
    b'xyz{|}~\x7f\x80\x81\x82\x83',
    b'\x84\x85\x86\x87\x88\x89\x8a\x8b\x8c\x8d\x8e\x8f',
)
GND_CHANNEL = b'\x0e\x0e\x0e\x0e\x0e\x0e\x0e\x0e\x0e\x0e\x0e\x0e\x0e'
REF_CHANNEL = b'\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f'
UNUSED_CHANNELS = (
    b'\x0c\r',
    b'\x0c\r',
    b'\x0c\r',
    b'\x0c\r',
    b'\x0c\r',
    b'\x0c\r',
    b'\x08\t\n\x0b\x0c\r',
    b'\x0c\r',
    b'\x0c\r',
    b'\x0c\r',
    b'\x0c\r',
    b'\x0c\r',
    b'\x0c\r',
)

# LEDs
LED_COUNT = 30
LED_ORDER = 'GRB'
LED_LATCH_US = 300
LED_POINT = b'\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17'  # LED_POINT[p-1] = LED of point p
LED_BAR = (24, 25)  # white, black
LED_STATUS = {'turn_p1': 26, 'turn_p2': 27, 'cube_p1': 28, 'cube_p2': 29}
LED_BRIGHTNESS_MAX = 0.25
LED_BUDGET_MA = 140
LED_BUDGET_MA_PC = 56
LED_IDLE_MA = 1
LED_MA_PER_STEP = 0.0625

# sensor
SENSOR_PART = 'DRV5055A2'
SENSOR_VCC = 3.3
SENSITIVITY_MV_PER_MT = 30

# timing
BANK_SETTLE_US = 350
MUX_SETTLE_US = 0
SAMPLES_PER_CHANNEL = 3
SCAN_PERIOD_MS = 10
SELFTEST_EVERY_N_SCANS = 10
SLOT_DEBOUNCE_SCANS = 2
BOARD_QUIET_MS = 0
UNCERTAIN_AFTER_MS = 1000

# thresholds (normalised: one centred checker = 1.0)
OCC_ON = 0.4
OCC_OFF = 0.25
OCC_FULL_ON = 0.75
OCC_FULL_OFF = 0.65
DELTA2 = 0.27
DELTA3 = 0.09
L2_ON_FRAC = 0.5
L2_OFF_FRAC = 0.35
L3_ON_FRAC = 0.6
L3_OFF_FRAC = 0.3
OVERRANGE = 0.3
XTALK = -0.017
NOMINAL_GAIN = 0.236
STACK_READING_ENABLED = True

# faults
RAIL_MARGIN_V = 0.15
REF_HALF_TOL = 0.05
GND_MAX_V = 0.15
DRIFT_LIMIT_MT = 3
BASELINE_ALPHA = 0.015625
BASELINE_DWELL_S = 5

# buttons, OLED, buzzer, power
BUTTON_DEBOUNCE_MS = 20
BUTTON_LONG_MS = 800
BUTTON_DOUBLE_MS = 350
OLED_WIDTH = 128
OLED_HEIGHT = 64
OLED_FLIP = False
BUZZER_FREQ_HZ = 2700
USB_BUDGET_MA = 450
USB_BUDGET_MA_PC = 250
CPU_MHZ = 200
CPU_MHZ_PC = 200
SMPS_PWM_MODE = True
POWER_PROFILE = 'charger'
PAIR_HALVES_PROFILES = ('charger',)
