# SPDX-License-Identifier: GPL-2.0
"""vmrun.ktap: the command's output between its markers, KTAP
extraction and verdict, on output shaped like the selftests'."""

import os
import tempfile
import unittest

from vmrun import console_stream, ktap

NONCE = "0f1e2d3c4b5a6978"
BEGIN = "GDC-BEGIN:" + NONCE
END = "GDC-END:" + NONCE + ":rc="

# run-in-guest's output: two programs, one with nested subtests, kernel
# messages a program echoes (dmesg lines), a line that is no KTAP, CRLF.
OUTPUT = (
    BEGIN + "\r\n"
    "# run-in-guest: profile gendisk.profile\r\n"
    "TAP version 13\r\n"
    "1..2\r\n"
    "# selftests: gendisk: gendisk_io\r\n"
    "[   12.345678] gdram: gdram0: 16384 sectors\r\n"
    "    TAP version 13\r\n"
    "    1..3\r\n"
    "    # Starting 3 tests from 1 test cases.\r\n"
    "    ok 1 gendisk_io.whole_device_pattern\r\n"
    "    not ok 2 gendisk_io.discard # SKIP profile says DISCARD=no\r\n"
    "    ok 3 gendisk_io.flush\r\n"
    "ok 1 selftests: gendisk: gendisk_io\r\n"
    "random text from a test\r\n"
    "    TAP version 13\r\n"
    "    1..1\r\n"
    "        KTAP version 1\r\n"
    "        1..2\r\n"
    "        ok 1 inner_a\r\n"
    "        not ok 2 inner_b\r\n"
    "    not ok 1 gendisk_ro.inner\r\n"
    "not ok 2 selftests: gendisk: gendisk_ro # exit=1\r\n"
    + END + "1\r\n"
    "[   13.000000] reboot: Power down\r\n")


def feed_in_chunks(text, sizes):
    """The command's port read as QEMU happened to write it: chunks
    cutting lines anywhere."""
    cmd = console_stream.CommandOutput(NONCE, clock=iter(range(1, 1000)).__next__)
    asm = console_stream.LineAssembler()
    shown = []
    pos = 0
    for n in sizes:
        for l in asm.feed(text[pos:pos + n]):
            t = cmd.feed(l)
            if t is not None:
                shown.append(t)
        pos += n
    for l in asm.feed(text[pos:]) + asm.flush():
        t = cmd.feed(l)
        if t is not None:
            shown.append(t)
    return cmd, shown


class Extraction(unittest.TestCase):
    def test_body_between_markers(self):
        body = ktap.command_body(OUTPUT, BEGIN, END)
        self.assertEqual(body[0], "# run-in-guest: profile gendisk.profile")
        self.assertEqual(body[-1], "not ok 2 selftests: gendisk: gendisk_ro # exit=1")
        self.assertNotIn("reboot: Power down", "\n".join(body))

    def test_body_keeps_text_before_end_marker(self):
        out = BEGIN + "\nTAP version 13\n1..1\nok 1 x" + END + "0\n"
        self.assertEqual(ktap.command_body(out, BEGIN, END), ["TAP version 13", "1..1", "ok 1 x"])

    def test_forged_markers_of_another_nonce_do_not_end_the_body(self):
        out = BEGIN + "\nGDC-END:deadbeefdeadbeef:rc=0\nok 1 x\n" + END + "0\n"
        self.assertEqual(ktap.command_body(out, BEGIN, END), ["GDC-END:deadbeefdeadbeef:rc=0", "ok 1 x"])

    def test_body_without_end_marker_runs_to_the_end(self):
        out = BEGIN + "\nTAP version 13\n1..2\nok 1 a\n"
        self.assertEqual(ktap.command_body(out, BEGIN, END), ["TAP version 13", "1..2", "ok 1 a"])

    def test_extracts_ktap_lines_only_nested_kept(self):
        v = ktap.judge(ktap.command_body(OUTPUT, BEGIN, END))
        self.assertNotIn("# run-in-guest: profile gendisk.profile", v.extracted)  # before any KTAP
        self.assertNotIn("random text from a test", v.extracted)
        self.assertNotIn("[   12.345678] gdram: gdram0: 16384 sectors", v.extracted)
        self.assertIn("# selftests: gendisk: gendisk_io", v.extracted)
        self.assertIn("        not ok 2 inner_b", v.extracted)
        self.assertIn("    ok 3 gendisk_io.flush", v.extracted)
        self.assertEqual(v.extracted[0], "TAP version 13")

    def test_partial_lines_assembled_whatever_the_chunks(self):
        # The stream also shows what follows the END marker on the
        # command's port (nothing does in practice: init powers off).
        want = ktap.command_body(OUTPUT, BEGIN, END) + ["[   13.000000] reboot: Power down"]
        for sizes in ([1] * 40, [7, 3, 50, 2, 9, 100], [len(OUTPUT)], [13] * 30):
            cmd, shown = feed_in_chunks(OUTPUT, sizes)
            self.assertEqual(shown, want, sizes)
            self.assertTrue(cmd.end_seen)
            self.assertEqual(cmd.rc, "1")

    def test_output_before_begin_is_not_shown(self):
        cmd, shown = feed_in_chunks("stray boot noise\n" + BEGIN + "\nok 1 a\n", [5, 5])
        self.assertEqual(shown, ["ok 1 a"])
        self.assertEqual(cmd.begin_at, 1)

    def test_first_ktap_line_time(self):
        cmd, _ = feed_in_chunks(BEGIN + "\nhello\n  TAP version 13\n1..1\n", [100])
        self.assertEqual(cmd.begin_at, 1)
        self.assertEqual(cmd.first_ktap_at, 2)

    def test_unreadable_exit_status(self):
        cmd, _ = feed_in_chunks(BEGIN + "\n" + END + "x\n", [100])
        self.assertTrue(cmd.end_seen)
        self.assertEqual(cmd.rc, "")

    def test_extract_file_written_only_with_ktap(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "ktap.log")
            ktap.write_extracted(p, ktap.judge(["all good, trust me"]))
            self.assertFalse(os.path.exists(p))
            ktap.write_extracted(p, ktap.judge(["TAP version 13", "1..1", "ok 1 a"]))
            self.assertEqual(open(p).read(), "TAP version 13\n1..1\nok 1 a\n")


class Verdict(unittest.TestCase):
    def test_nested_not_ok_fails(self):
        v = ktap.judge(ktap.command_body(OUTPUT, BEGIN, END))
        self.assertEqual(v.status, ktap.FAILED)
        self.assertIn("        not ok 2 inner_b", v.report)
        self.assertIn("not ok 2 selftests: gendisk: gendisk_ro # exit=1", v.report)
        self.assertEqual(v.report[-1], "ktap: pass=4 fail=3 skip=1 todo=0 xfail=0")

    def test_skip_todo_xfail_directives(self):
        v = ktap.judge(["TAP version 13", "1..4", "not ok 1 a # TODO later", "not ok 2 b # skip no disk",
                        "ok 3 c # XFAIL known", "ok 4 d # SKIP"])
        self.assertEqual(v.status, ktap.PASSED)
        self.assertEqual(v.report, ["ktap: pass=0 fail=0 skip=2 todo=1 xfail=1"])

    def test_plan_short_fails(self):
        v = ktap.judge(["TAP version 13", "1..3", "ok 1 a", "ok 2 b"])
        self.assertEqual(v.status, ktap.FAILED)
        self.assertEqual(v.report[0], 'ktap: plan 1..3 but 2 results (after "TAP version 13")')

    def test_each_document_has_its_own_plan(self):
        v = ktap.judge(["TAP version 13", "1..1", "ok 1 a", "TAP version 13", "1..2", "ok 1 b", "ok 2 c"])
        self.assertEqual(v.status, ktap.PASSED)
        v = ktap.judge(["TAP version 13", "1..2", "ok 1 a", "TAP version 13", "1..1", "ok 1 b"])
        self.assertEqual(v.status, ktap.FAILED)

    def test_plan_at_the_end(self):
        self.assertEqual(ktap.judge(["ok 1 a", "ok 2 b", "1..2"]).status, ktap.PASSED)

    def test_bail_out_fails(self):
        v = ktap.judge(["TAP version 13", "1..2", "ok 1 a", "Bail out! disk gone"])
        self.assertEqual(v.status, ktap.FAILED)
        self.assertIn("Bail out! disk gone", v.report)

    def test_no_ktap(self):
        for lines in ([], ["# only a comment"], ["all good, trust me", "okay"]):
            v = ktap.judge(lines)
            self.assertEqual(v.status, ktap.NO_KTAP, lines)
            self.assertEqual(v.report, ["ktap: no KTAP/TAP version line, plan or result in the output"])

    def test_ok_needs_a_word_boundary(self):
        self.assertEqual(ktap.judge(["okay then", "nothing"]).status, ktap.NO_KTAP)
        self.assertEqual(ktap.judge(["ok"]).status, ktap.PASSED)
