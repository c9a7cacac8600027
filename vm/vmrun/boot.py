# SPDX-License-Identifier: GPL-2.0
"""One boot: QEMU runs the guest until it powers off, crashes or the
wall-clock limit is hit (then it is stopped: TERM, 2 s, KILL); the
command's output is printed as it arrives."""

import os
import stat
import subprocess
import time

from . import console_stream

POLL_SECONDS = 0.1
STOP_GRACE_SECONDS = 2.0


def stop_process(proc, grace=STOP_GRACE_SECONDS, poll=POLL_SECONDS):
    """TERM, then KILL if it is still there after grace seconds."""
    if proc is None or proc.poll() is not None:
        return
    try:
        proc.terminate()
    except ProcessLookupError:
        return
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return
        time.sleep(poll)
    try:
        proc.kill()
    except ProcessLookupError:
        pass


def exit_status(returncode):
    """A shell's $? for a child's returncode (128+N for signal N)."""
    return 128 - returncode if returncode < 0 else returncode


def deadline_passed(now_us, start_us, timeout_s):
    return now_us >= start_us + timeout_s * 1000000


class BootResult:
    def __init__(self):
        self.start = None       # us
        self.end = None
        self.timed_out = False
        self.qemu_rc = 0
        self.command = None     # the console_stream.CommandOutput


class Boot:
    """Runs QEMU (argv), once per run().  print_line gets each line to
    show (the command's output, console lines with verbose).  The running
    processes are in self.qemu/self.bridge, so that a signal handler can
    stop them.  timeout_s limits the whole run: a boot after a crashed
    one gets what the earlier boots left of it, not a new timeout_s."""

    def __init__(self, argv, *, nonce, timeout_s, output_log, console_log,
                 qemu_out, verbose, print_line, bridge_argv=None, bridge_log=None,
                 clock=console_stream.now_us):
        self.argv = argv
        self.nonce = nonce
        self.timeout_s = timeout_s
        self.output_log = output_log
        self.console_log = console_log
        self.qemu_out = qemu_out
        self.verbose = verbose
        self.print_line = print_line
        self.bridge_argv = bridge_argv
        self.bridge_log = bridge_log
        self.clock = clock
        self.qemu = None
        self.bridge = None
        self.first_start = None     # us: the first boot's start, the deadline's origin

    def run(self):
        r = BootResult()
        r.command = cmd = console_stream.CommandOutput(self.nonce, self.clock)
        echo = console_stream.ConsoleEcho(self.nonce)
        r.start = self.clock()
        if self.first_start is None:
            self.first_start = r.start
        with open(self.qemu_out, "wb") as qout:
            self.qemu = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL, stdout=qout,
                                         stderr=subprocess.STDOUT)
        if self.bridge_argv:
            # Exits by itself when QEMU closes the sockets; killed at the end.
            with open(self.bridge_log, "ab") as blog:
                self.bridge = subprocess.Popen(self.bridge_argv, stdin=subprocess.DEVNULL,
                                               stdout=blog, stderr=subprocess.STDOUT)
        out = console_stream.FileFollower(self.output_log)
        con = console_stream.FileFollower(self.console_log) if self.verbose else None

        def drain():
            for l in out.read_lines():
                self._show(cmd.feed(l))
            if con:
                for l in con.read_lines():
                    self._show(echo.feed(l))

        try:
            while True:
                drain()
                if self.qemu.poll() is not None:
                    break
                if deadline_passed(self.clock(), self.first_start, self.timeout_s):
                    r.timed_out = True
                    break
                time.sleep(POLL_SECONDS)
            if r.timed_out:
                stop_process(self.qemu)
            r.qemu_rc = exit_status(self.qemu.wait())
            self.qemu = None
            r.end = self.clock()
            drain()
            for l in out.flush():
                self._show(cmd.feed(l))
            if con:
                for l in con.flush():
                    self._show(echo.feed(l))
        finally:
            out.close()
            if con:
                con.close()
        return r

    def _show(self, text):
        if text is not None:
            self.print_line(text)

    def stop(self):
        """Stop what still runs (the bridge first)."""
        if self.bridge is not None and self.bridge.poll() is None:
            try:
                self.bridge.terminate()
            except ProcessLookupError:
                pass
        stop_process(self.qemu)


def crashed_before_init(console_text, early_splats):
    """The kernel crashed before it ran /init: no module of ours loaded,
    no command started.  Seen under QEMU 7.2's multi-threaded TCG with
    6.12 (2026-12-04: twice in a few hundred boots): "Oops: int3" in
    hrtimer_start_range_ns or sched_clock_cpu on one vCPU while another
    flips a static key (text_poke_bp) -- a text-patching race of the
    emulator, not of anything under test."""
    return "Run /init as init process" not in console_text.replace("\r", "") and early_splats.failed


def may_boot_again(boots, accel, result):
    """Boot again after a crash before /init?  Under TCG only, up to
    three boots in all, never after a timeout or once the command ran.
    (The next boot shares the run's deadline: see Boot.)"""
    return boots < 3 and accel == "tcg" and not result.timed_out and result.command.begin_at is None


def remove_socket(path):
    try:
        if path and stat.S_ISSOCK(os.stat(path).st_mode):
            os.unlink(path)
    except OSError:
        pass
