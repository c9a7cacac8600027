# SPDX-License-Identifier: GPL-2.0
"""vmrun.taint: /proc/sys/kernel/tainted as letters."""

import unittest

from vmrun import taint

# The kernel's letters, bit by bit (Documentation/admin-guide/tainted-kernels.rst).
LETTERS = "PFSRMBUDAWCIOELKXTNJ"


class Taint(unittest.TestCase):
    def test_each_bit_letter(self):
        for bit, letter in enumerate(LETTERS):
            self.assertEqual(taint.letters(1 << bit), letter, "bit %d" % bit)

    def test_report_bits_fail_the_run(self):
        for bit, letter in ((4, "M"), (5, "B"), (7, "D"), (9, "W"), (14, "L")):
            self.assertEqual(taint.report_flags(1 << bit), letter)

    def test_expected_bits_do_not(self):
        # O (out-of-tree) and E (unsigned): every driver under test.
        for bit in (0, 1, 2, 3, 6, 8, 10, 11, 12, 13, 15, 16, 17, 18, 19):
            self.assertEqual(taint.report_flags(1 << bit), "", "bit %d" % bit)

    def test_combined_value_in_bit_order(self):
        # W + O + E + D: "Tainted: G      D W  OE" on 6.12 after an oops
        # in an unsigned out-of-tree module.
        value = (1 << 9) | (1 << 12) | (1 << 13) | (1 << 7)
        self.assertEqual(value, 12928)
        self.assertEqual(taint.letters(value), "DWOE")
        self.assertEqual(taint.report_flags(value), "DW")

    def test_all_report_bits_order(self):
        self.assertEqual(taint.report_flags(taint.report_mask()), "MBDWL")
        self.assertEqual(taint.report_mask(), 16 | 32 | 128 | 512 | 16384)

    def test_unknown_bits_ignored(self):
        self.assertEqual(taint.letters(1 << 40), "")
