# SPDX-License-Identifier: GPL-2.0
"""The verdict of a run: its reasons to fail (in a fixed order), the
notes that explain them, and the lines vm/run prints at the end."""

from . import ktap
from . import taint

TIMEOUT_TAIL = 5
NO_RESULT_TAIL = 15


def tenths(us):
    """Seconds with one decimal, truncated: 3.7 for 3 799 999 us."""
    return "%d.%d" % (us // 1000000, us % 1000000 // 100000)


def tail(lines, n):
    return lines[-n:] if n else []


class RunFacts:
    """What the run left: the boot result, the KTAP verdict, the splat
    scan, the guest's markers."""

    def __init__(self, *, boot, ktap_verdict, splats, markers, kmemleak, qemu_out_head):
        self.boot = boot
        self.ktap = ktap_verdict
        self.splats = splats
        self.markers = markers
        self.kmemleak = kmemleak
        # QEMU's own output: its first 3 lines, newlines made blanks
        self.qemu_out_head = qemu_out_head


class Verdict:
    def __init__(self):
        self.reasons = []
        self.notes = []
        self.splat_failed = False
        self.insmod_failure = None

    @property
    def passed(self):
        return not self.reasons

    @property
    def reason(self):
        return ",".join(self.reasons)


def decide(f):
    v = Verdict()
    boot, cmd = f.boot, f.boot.command
    v.splat_failed = f.splats.failed
    # Backstop: the taint flags a kernel report sets fail the run even if
    # no report line was found.
    value = f.markers.taint()
    if value is not None:
        flags = taint.report_flags(value)
        if flags and not f.splats.counted and set(flags) <= f.splats.known_taint:
            v.notes.append("kernel tainted %s (%d) by a known kernel report, shown, not blamed" % (flags, value))
        elif flags:
            v.notes.append("kernel tainted %s (%d) by a kernel report" % (flags, value))
            v.splat_failed = True
    # --kmemleak asked for a leak check: a run without one is no pass.
    kmemleak_fail = False
    if f.markers.kmemleak_missing():
        v.notes.append("--kmemleak: this kernel has no kmemleak (/sys/kernel/debug/kmemleak)")
        kmemleak_fail = True
    elif f.markers.kmemleak_off():
        v.notes.append("--kmemleak: kmemleak refused the scan (it turned itself off; see 'kmemleak:' in the log)")
        kmemleak_fail = True
    v.insmod_failure = f.markers.insmod_failure()

    if boot.timed_out:
        v.reasons.append("timeout")
    if v.splat_failed:
        v.reasons.append("kernel splat")
    if kmemleak_fail:
        v.reasons.append("no kmemleak scan")
    if v.insmod_failure:
        v.reasons.append("insmod failed")
        v.notes.append("insmod of %s failed in the guest; the command did not run" % v.insmod_failure)
        # What the kernel and insmod said between the attempt and the failure.
        v.notes += ["  | " + l for l in f.markers.insmod_context()]
    if cmd.end_seen:
        if (cmd.rc or "1") != "0":
            v.reasons.append("guest exit %s" % (cmd.rc or "?"))
        if f.ktap.status == ktap.NO_KTAP:
            v.reasons.append("no KTAP")
        elif f.ktap.status != ktap.PASSED:
            v.reasons.append("tests failed")
    elif not boot.timed_out and not v.insmod_failure:
        v.reasons.append("no result")
        v.notes.append("the guest stopped before the command finished (qemu exit %d)" % boot.qemu_rc)
    if boot.qemu_rc != 0 and not boot.timed_out and f.qemu_out_head:
        v.notes.append("qemu exit %d: %s" % (boot.qemu_rc, f.qemu_out_head))
    return v


def report_lines(f, v, *, log_path, console_lines, timeout_s):
    """The lines printed after the command's output, before the verdict
    line."""
    out = []
    cmd = f.boot.command
    if f.ktap.status == ktap.FAILED or (f.ktap.status == ktap.NO_KTAP and cmd.end_seen):
        out += ["vm: " + l for l in f.ktap.report]
    elif cmd.end_seen:
        out += ["vm: " + l for l in f.ktap.report[-1:]]
    text = f.splats.text()
    if text:
        out.append("vm: kernel log reports (from %s):" % log_path)
        out += ["  | " + l for l in ktap.split_lines(text)]
        # Blame from the tests' kernel-log markers (gdc-test: begin/end NAME).
        for r in f.splats.counted:
            if r.test == "-":
                out.append("vm: kernel report outside any test: " + r.first)
            else:
                out.append("vm: kernel report in test %s: %s" % (r.test, r.first))
    out += ["vm: " + n for n in v.notes]
    if f.boot.timed_out:
        out.append("vm: timeout: the VM ran for %ss and was killed; last console lines:" % timeout_s)
        out += ["  | " + l for l in tail(console_lines, TIMEOUT_TAIL)]
    elif not cmd.end_seen and not v.insmod_failure:
        out.append("vm: last console lines:")
        out += ["  | " + l for l in tail(console_lines, NO_RESULT_TAIL)]
    return out


def timings(boot, run_start):
    """(boot, first KTAP, total) as printed: "3.7s", or "-"."""
    cmd = boot.command
    b = tenths(cmd.begin_at - boot.start) + "s" if cmd.begin_at is not None else "-"
    k = tenths(cmd.first_ktap_at - boot.start) + "s" if cmd.first_ktap_at is not None else "-"
    t = tenths(boot.end - run_start) + "s"
    return b, k, t


def verdict_line(v, release, accel, boot_s, total_s):
    if v.passed:
        return "vm: PASS kernel=%s accel=%s boot=%s total=%s" % (release, accel, boot_s, total_s)
    return "vm: FAIL kernel=%s accel=%s boot=%s total=%s reason=%s" % (release, accel, boot_s, total_s, v.reason)


def stats_text(v, *, release, series, accel, boot_s, ktap_s, total_s, outdir):
    def bare(s):
        return s[:-1] if s.endswith("s") else s
    return "".join("%s=%s\n" % kv for kv in [
        ("kernel", release), ("series", series), ("accel", accel),
        ("boot_s", bare(boot_s)), ("first_ktap_s", bare(ktap_s)), ("total_s", bare(total_s)),
        ("verdict", "PASS" if v.passed else "FAIL"), ("reason", v.reason), ("outdir", outdir)])
