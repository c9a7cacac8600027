# SPDX-License-Identifier: GPL-2.0
"""vmrun.console_stream: lines out of the growing serial-port files."""

import os
import tempfile
import unittest

from vmrun import console_stream


class Lines(unittest.TestCase):
    def test_partial_line_kept_until_its_newline(self):
        a = console_stream.LineAssembler()
        self.assertEqual(a.feed("ok 1 a\nok 2"), ["ok 1 a"])
        self.assertEqual(a.feed(""), [])
        self.assertEqual(a.feed(" b"), [])
        self.assertEqual(a.feed("\n\nx"), ["ok 2 b", ""])
        self.assertEqual(a.flush(), ["x"])
        self.assertEqual(a.flush(), [])

    def test_file_follower_reads_what_was_appended(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "output.log")
            open(p, "w").close()
            f = console_stream.FileFollower(p)
            with open(p, "ab", buffering=0) as w:
                w.write(b"TAP version 13\n1..")
                self.assertEqual(f.read_lines(), ["TAP version 13"])
                w.write(b"1\nok 1 \xff bytes\n")
                self.assertEqual(f.read_lines(), ["1..1", "ok 1 \udcff bytes"])
                w.write(b"tail")
                self.assertEqual(f.read_lines(), [])
            self.assertEqual(f.flush(), ["tail"])
            f.close()

    def test_console_echo_skips_the_dmesg_dump(self):
        e = console_stream.ConsoleEcho("n1")
        got = [e.feed(l) for l in ("[ 1.0] a\r", "GDC-DMESG-BEGIN:n1", "[ 1.0] a", "GDC-DMESG-END:n1", "b")]
        self.assertEqual(got, ["console: [ 1.0] a", None, None, None, "console: b"])
