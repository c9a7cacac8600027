# SPDX-License-Identifier: GPL-2.0
"""The kernel's taint flags (/proc/sys/kernel/tainted), as letters.

The letters are those the kernel prints in "Tainted: ..." (see the
kernel's Documentation/admin-guide/tainted-kernels.rst).  A run fails on
the ones a kernel report sets; out-of-tree (O) and unsigned (E) modules
are expected when testing a driver.
"""

# bit: (letter, meaning)
FLAGS = {
    0: ("P", "proprietary module loaded (G when clear)"),
    1: ("F", "module force-loaded"),
    2: ("S", "CPU out of specification"),
    3: ("R", "module force-unloaded"),
    4: ("M", "machine check"),
    5: ("B", "bad page"),
    6: ("U", "tainted by user space"),
    7: ("D", "kernel died (oops or BUG)"),
    8: ("A", "ACPI table overridden"),
    9: ("W", "warning"),
    10: ("C", "staging driver loaded"),
    11: ("I", "firmware workaround"),
    12: ("O", "out-of-tree module loaded"),
    13: ("E", "unsigned module loaded"),
    14: ("L", "soft lockup"),
    15: ("K", "live-patched"),
    16: ("X", "auxiliary taint"),
    17: ("T", "struct randomisation"),
    18: ("N", "in-kernel test run"),
    19: ("J", "fwctl used"),
}

# The flags a kernel report sets: M, B, D, W, L -- in this order.
REPORT_BITS = (4, 5, 7, 9, 14)


def letters(value, bits=None):
    """The letters of the set flags of value, in bit order; bits limits
    the flags looked at.  Unknown bits are ignored."""
    out = ""
    for bit in sorted(FLAGS) if bits is None else bits:
        if value & (1 << bit):
            out += FLAGS[bit][0]
    return out


def report_flags(value):
    """The letters of the flags in value that a kernel report sets
    ("" if none): these fail a run even if no report line was found."""
    return letters(value, REPORT_BITS)


def report_mask():
    mask = 0
    for bit in REPORT_BITS:
        mask |= 1 << bit
    return mask
