# SPDX-License-Identifier: GPL-2.0
"""vmrun.verdict and vmrun.guest_markers: reasons, notes, report lines."""

import unittest

from vmrun import console_stream, guest_markers, ktap, splats, verdict

N = "1234abcd1234abcd"


def facts(console="", timed_out=False, end=True, rc="0", ktap_lines=("TAP version 13", "1..1", "ok 1 a"),
          kmemleak=False, qemu_rc=0, qemu_head=""):
    class Boot:
        pass
    b = Boot()
    b.timed_out, b.qemu_rc, b.start, b.end = timed_out, qemu_rc, 0, 7_890_000
    b.command = console_stream.CommandOutput(N, clock=lambda: 3_799_999)
    b.command.feed("GDC-BEGIN:" + N)
    if end:
        b.command.feed("GDC-END:%s:rc=%s" % (N, rc))
    lines = ktap.split_lines(console)
    return verdict.RunFacts(boot=b, ktap_verdict=ktap.judge(list(ktap_lines)), splats=splats.scan_log(console),
                            markers=guest_markers.GuestMarkers(lines, N), kmemleak=kmemleak,
                            qemu_out_head=qemu_head)


class Reasons(unittest.TestCase):
    def test_pass(self):
        v = verdict.decide(facts())
        self.assertTrue(v.passed)
        b, k, t = verdict.timings(facts().boot, 0)
        self.assertEqual(verdict.verdict_line(v, "6.12.118+deb12-amd64", "tcg", b, t),
                         "vm: PASS kernel=6.12.118+deb12-amd64 accel=tcg boot=3.7s total=7.8s")

    def test_taint_backstop(self):
        f = facts("GDC-TAINT:%s:12800\n" % N)       # W O E
        v = verdict.decide(f)
        self.assertEqual(v.reasons, ["kernel splat"])
        self.assertEqual(v.notes, ["kernel tainted W (12800) by a kernel report"])
        self.assertTrue(verdict.decide(facts("GDC-TAINT:%s:12288\n" % N)).passed)   # O E only
        self.assertTrue(verdict.decide(facts("GDC-TAINT:ffff:512\n")).passed)      # another run's

    def test_taint_of_a_known_report_is_explained(self):
        from test_splats import BOOT, FAULT_BUS_ADD, OOPS_DEFERRED_FPUT
        known = BOOT + FAULT_BUS_ADD + OOPS_DEFERRED_FPUT
        v = verdict.decide(facts(known + "GDC-TAINT:%s:12416\n" % N))     # D O
        self.assertTrue(v.passed)
        self.assertEqual(v.notes, ["kernel tainted D (12416) by a known kernel report, shown, not blamed"])
        # A W the known oops does not explain still fails the run.
        v = verdict.decide(facts(known + "GDC-TAINT:%s:12928\n" % N))     # D W O
        self.assertFalse(v.passed)
        self.assertEqual(v.notes, ["kernel tainted DW (12928) by a kernel report"])

    def test_reason_order(self):
        console = "[ 1.0] WARNING: CPU: 0 PID: 1 at x.c:1 f+0x1/0x2\nGDC-KMEMLEAK-OFF:%s\n" % N
        v = verdict.decide(facts(console, timed_out=True, end=False))
        self.assertEqual(v.reason, "timeout,kernel splat,no kmemleak scan")

    def test_guest_exit_and_tests_failed(self):
        v = verdict.decide(facts(rc="3", ktap_lines=("1..1", "not ok 1 x")))
        self.assertEqual(v.reason, "guest exit 3,tests failed")
        self.assertEqual(verdict.decide(facts(rc="", ktap_lines=())).reason, "guest exit ?,no KTAP")

    def test_no_result_with_qemu_note(self):
        v = verdict.decide(facts(end=False, qemu_rc=1, qemu_head="qemu: could not load kernel "))
        self.assertEqual(v.reason, "no result")
        self.assertEqual(v.notes, ["the guest stopped before the command finished (qemu exit 1)",
                                   "qemu exit 1: qemu: could not load kernel "])

    def test_insmod_failure_with_what_the_kernel_said(self):
        console = ("gdc-init: insmod /lib/modules/extra/other.ko\n[ 1.0] ok\n"
                   "gdc-init: insmod /lib/modules/extra/gdc_hello.ko\n"
                   "[ 1.1] gdc_hello: disagrees about version of symbol module_layout\n"
                   "insmod: can't insert 'gdc_hello.ko': invalid module format\n"
                   "GDC-INSMOD-FAIL:%s:gdc_hello:1\n" % N)
        f = facts(console, end=False)
        v = verdict.decide(f)
        self.assertEqual(v.reason, "insmod failed")
        self.assertEqual(v.notes, ["insmod of gdc_hello (exit 1) failed in the guest; the command did not run",
                                   "  | [ 1.1] gdc_hello: disagrees about version of symbol module_layout",
                                   "  | insmod: can't insert 'gdc_hello.ko': invalid module format"])
        # No "last console lines" after an insmod failure.
        lines = verdict.report_lines(f, v, log_path="c.log", console_lines=ktap.split_lines(console),
                                     timeout_s="300")
        self.assertFalse(any("last console lines" in l for l in lines))

    def test_timeout_report_shows_last_five_console_lines(self):
        console = "".join("[ %d.0] line %d\n" % (i, i) for i in range(10))
        f = facts(console, timed_out=True, end=False)
        v = verdict.decide(f)
        lines = verdict.report_lines(f, v, log_path="c.log", console_lines=ktap.split_lines(console),
                                     timeout_s="15")
        self.assertEqual(lines[0], "vm: timeout: the VM ran for 15s and was killed; last console lines:")
        self.assertEqual(lines[1:], ["  | [ %d.0] line %d" % (i, i) for i in range(5, 10)])

    def test_report_blames_tests(self):
        console = ("gdc-test: begin prog.case\n[ 1.0] WARNING: CPU: 0 PID: 1 at x.c:1 f+0x1/0x2 [gdram]\n"
                   "gdc-test: end prog.case\n")
        f = facts(console)
        lines = verdict.report_lines(f, verdict.decide(f), log_path="/o/console.log",
                                     console_lines=ktap.split_lines(console), timeout_s="300")
        self.assertEqual(lines[0], "vm: ktap: pass=1 fail=0 skip=0 todo=0 xfail=0")
        self.assertEqual(lines[1], "vm: kernel log reports (from /o/console.log):")
        self.assertEqual(lines[2], "  | [ 1.0] WARNING: CPU: 0 PID: 1 at x.c:1 f+0x1/0x2 [gdram]")
        self.assertEqual(lines[3], "vm: kernel report in test prog.case: WARNING: CPU: 0 PID: 1 at x.c:1 "
                                   "f+0x1/0x2 [gdram]")

    def test_tenths_truncate(self):
        self.assertEqual(verdict.tenths(3_799_999), "3.7")
        self.assertEqual(verdict.tenths(0), "0.0")
        self.assertEqual(verdict.tenths(125_050_000), "125.0")
