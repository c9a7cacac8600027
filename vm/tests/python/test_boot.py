# SPDX-License-Identifier: GPL-2.0
"""vmrun.boot: one boot under a wall-clock limit, with a stand-in for
QEMU (a shell that writes the serial-port files as the guest would)."""

import os
import subprocess
import sys
import tempfile
import time
import unittest

from vmrun import boot, splats

NONCE = "aa11bb22cc33dd44"


class FakeQemu(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        d = self.dir.name
        self.out = os.path.join(d, "output.log")
        self.con = os.path.join(d, "console.log")
        for p in (self.out, self.con):
            open(p, "w").close()
        self.shown = []

    def tearDown(self):
        self.dir.cleanup()

    def make_boot(self, script, timeout_s=20, verbose=False):
        argv = ["sh", "-c", script, "fake-qemu", self.out, self.con]
        return boot.Boot(argv, nonce=NONCE, timeout_s=timeout_s, output_log=self.out,
                         console_log=self.con, qemu_out=os.path.join(self.dir.name, "qemu.out"),
                         verbose=verbose, print_line=self.shown.append)

    def boot(self, script, timeout_s=20, verbose=False):
        return self.make_boot(script, timeout_s, verbose).run()

    def test_command_output_streamed_and_partial_line_flushed(self):
        r = self.boot('printf "GDC-BEGIN:%s\\nTAP version 13\\n1..1\\nok 1" >>"$1"; sleep 0.3; '
                      'printf " slow\\nGDC-END:%s:rc=0\\n" >>"$1"; printf "[ 1.0] console\\n" >>"$2"'
                      % (NONCE, NONCE), verbose=True)
        self.assertFalse(r.timed_out)
        self.assertEqual(r.qemu_rc, 0)
        self.assertTrue(r.command.end_seen)
        self.assertEqual(r.command.rc, "0")
        self.assertEqual(self.shown[:3], ["TAP version 13", "1..1", "ok 1 slow"])
        self.assertIn("console: [ 1.0] console", self.shown)

    def test_output_without_final_newline_is_shown(self):
        r = self.boot('printf "GDC-BEGIN:%s\\nlast words" >>"$1"; exit 3' % NONCE)
        self.assertEqual(self.shown, ["last words"])
        self.assertEqual(r.qemu_rc, 3)
        self.assertFalse(r.command.end_seen)

    def test_timeout_stops_qemu(self):
        t0 = time.monotonic()
        r = self.boot('printf "GDC-BEGIN:%s\\n" >>"$1"; exec sleep 100' % NONCE, timeout_s=1)
        took = time.monotonic() - t0
        self.assertTrue(r.timed_out)
        self.assertEqual(r.qemu_rc, 143)        # TERM
        self.assertLess(took, 5)
        self.assertGreaterEqual((r.end - r.start) / 1e6, 1.0)

    def test_boot_again_gets_what_is_left_of_the_timeout(self):
        # 2026-12-06, CI: a crash before /init at 2 s, a second boot that
        # hung, and QEMU ran 20 s in all for a 15 s timeout.
        mark = os.path.join(self.dir.name, "booted-once")
        b = self.make_boot('if [ -e "%s" ]; then exec sleep 100; fi; touch "%s"; sleep 1; exit 1'
                           % (mark, mark), timeout_s=3)
        t0 = time.monotonic()
        first = b.run()
        self.assertFalse(first.timed_out)
        second = b.run()
        took = time.monotonic() - t0
        self.assertTrue(second.timed_out)
        self.assertLess((second.end - second.start) / 1e6, 2.7)
        self.assertGreaterEqual((second.end - first.start) / 1e6, 3.0)
        self.assertLess(took, 3 + 1.5)

    def test_stop_kills_what_ignores_term(self):
        p = subprocess.Popen([sys.executable, "-c",
                              "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
                              "print('ready', flush=True); time.sleep(100)"], stdout=subprocess.PIPE)
        p.stdout.readline()
        t0 = time.monotonic()
        boot.stop_process(p, grace=0.5)
        self.assertEqual(p.wait(timeout=5), -9)
        self.assertLess(time.monotonic() - t0, 3)
        self.assertEqual(boot.exit_status(p.returncode), 137)


class Limits(unittest.TestCase):
    def test_deadline(self):
        self.assertFalse(boot.deadline_passed(1000000 + 14999999, 1000000, 15))
        self.assertTrue(boot.deadline_passed(1000000 + 15000000, 1000000, 15))

    def test_crash_before_init_boots_again_under_tcg_only(self):
        class R:
            timed_out = False

            class command:
                begin_at = None
        self.assertTrue(boot.may_boot_again(1, "tcg", R))
        self.assertTrue(boot.may_boot_again(2, "tcg", R))
        self.assertFalse(boot.may_boot_again(3, "tcg", R))
        self.assertFalse(boot.may_boot_again(1, "kvm", R))
        R.timed_out = True
        self.assertFalse(boot.may_boot_again(1, "tcg", R))
        R.timed_out = False
        R.command.begin_at = 5
        self.assertFalse(boot.may_boot_again(1, "tcg", R))

    def test_crashed_before_init(self):
        oops = ("[    0.500000] Oops: int3: 0000 [#1] PREEMPT SMP NOPTI\n"
                "[    0.500001] RIP: 0010:hrtimer_start_range_ns+0x1/0x2\n")
        self.assertTrue(boot.crashed_before_init(oops, splats.scan_log(oops)))
        after = "[    0.4] Run /init as init process\r\n" + oops
        self.assertFalse(boot.crashed_before_init(after, splats.scan_log(after)))
        clean = "[    0.4] Freeing unused kernel memory\n"
        self.assertFalse(boot.crashed_before_init(clean, splats.scan_log(clean)))
