# SPDX-License-Identifier: GPL-2.0
"""Kernel error reports in a kernel log (serial console log or dmesg),
and the test each one belongs to.

scan() finds each report once -- its first line and the lines that belong
to it (registers, call trace) up to its end.  A log holding both the live
console and a dmesg dump of the same boot shows each report twice:
identical lines (timestamps included) are reported once.

Reports: WARNING:, BUG: (NULL dereference, sleeping in atomic, soft
lockup, KASAN, ...), Oops, general protection fault, kernel BUG at,
KASAN:, UBSAN:, KFENCE:, lockdep (possible circular/recursive locking,
inconsistent lock state, non-static key), hung tasks, RCU stalls, SLUB
corruption ("BUG kmalloc-64 (Tainted...)"), list corruption,
stack-protector, Kernel panic; with kmemleak=True also kmemleak's
"unreferenced object".

kmemleak blame: given modules (the modules under test), a leak counts
only if its allocation backtrace runs through one of them -- a frame
"sym+0x../0x.. [NAME]", or a bare address in the x86-64 module area
(0xffffffffa0000000 and up: %pS cannot name a symbol of a module unloaded
before the scan).  Other leaks are kept apart ("spared").  Without
modules every leak counts.

Attribution: tests mark themselves in the kernel log (echo "gdc-test:
begin NAME" >/dev/kmsg, then "gdc-test: end NAME"; markers nest, a
missing "end" is closed by the enclosing one).  Each report is blamed on
the innermost test open when it started ("-" if none).

Run as a program it is vm/splat-scan:
    splat-scan [--kmemleak] [--module NAME]... [--by-test OUT] [FILE]
prints the reports (a blank line between two), exits 1 if there is any
counted report, 0 if the log is clean.
"""

import re
import sys

from vmrun import known_reports

MAX_LINES = 80
NO_TEST = "-"

_START = re.compile(
    r"WARNING: |BUG: |Oops: |Oops[ \t]*$|general protection fault|kernel BUG at |"
    r"KASAN: |UBSAN: |KFENCE: |possible circular locking dependency|"
    r"possible recursive locking detected|inconsistent lock state|"
    r"INFO: trying to register non-static key|INFO: task .* blocked for more than|"
    r"rcu: INFO: .*detected (expedited )?stalls?|INFO: rcu_[a-z]+ (self-)?detected stall|"
    r"BUG [^ ]+ \((Not tainted|Tainted)|list_(add|del) corruption|"
    r"stack-protector: Kernel stack is corrupted|Kernel panic - not syncing")
_LEAK = re.compile(r"unreferenced object 0x")
_FOREIGN = re.compile(r"^GDC-[A-Z-]+:|^gdc-init: ")
_MARKER = re.compile(r"gdc-test: (begin|end) [^ ]+$")
_EPILOGUE = re.compile(r"Modules linked in:|CR2: |---\[ end |Unloaded tainted")
_END = re.compile(r"---\[ end (trace|Kernel panic)")
_KASAN_END = re.compile(r"\] =================================")
_TIMESTAMP = re.compile(r"^\[ *[0-9.]+\] ")
_DIES = re.compile(r"Oops: |kernel BUG at |general protection fault")
_FAULT = re.compile(r"FAULT_INJECTION: forcing a failure")
_BARE_MODULE_ADDR = re.compile(r"^[ \t]*(\[<[0-9a-f]+>\] )?0xffffffff[a-f][0-9a-f]{7}[ \t]*$")


class Report:
    def __init__(self, first, test, leak):
        self.first = first      # its first line, without the timestamp
        self.test = test        # the innermost open test, or "-"
        self.leak = leak        # a kmemleak "unreferenced object"
        self.lines = []
        # The stack dump of the call fault injection failed last in the
        # same test window, if any (vmrun.known_reports).
        self.fault = []

    @property
    def known(self):
        """Why it is a known report of the kernel itself, or None."""
        return known_reports.known(self.lines, self.fault)

    @property
    def text(self):
        return "".join(l + "\n" for l in self.lines)


def is_start(line, kmemleak=False):
    return bool(_START.search(line)) or (kmemleak and bool(_LEAK.search(line)))


class TestWindows:
    """The stack of tests open in the kernel log."""

    def __init__(self):
        self.stack = []

    def feed(self, line):
        """Take a marker line; False if line is none."""
        m = _MARKER.search(line)
        if not m:
            return False
        ev, _, name = m.group(0)[len("gdc-test: "):].partition(" ")
        if ev == "begin":
            self.stack.append(name)
        elif name in self.stack:
            # Close it and whatever it left open inside it.
            i = len(self.stack) - 1 - self.stack[::-1].index(name)
            del self.stack[i:]
        return True

    def reset(self):
        self.stack = []

    @property
    def current(self):
        return self.stack[-1] if self.stack else NO_TEST


def scan(lines, kmemleak=False):
    """All reports of the log lines (carriage returns already dropped),
    in order."""
    reports = []
    windows = TestWindows()
    seen = set()
    prev = prev2 = ""
    inblock = after_task = kasan = False
    n = 0
    cur = None
    # The last fault-injection stack dump of the current test window, and
    # whether its lines are still coming.
    fault, in_fault = [], False

    def add(s):
        nonlocal n, inblock, after_task
        seen.add(s)
        if n < MAX_LINES:
            cur.lines.append(s)
        elif n == MAX_LINES:
            cur.lines.append("    [... report truncated]")
        n += 1
        if "</TASK>" in s:
            after_task = True
        if _END.search(s):
            inblock = False
        if kasan and n > 1 and _KASAN_END.search(s):
            inblock = False

    for line in lines:
        # The dmesg dump replays the boot: its markers start from scratch.
        if line.startswith("GDC-DMESG-BEGIN:"):
            windows.reset()
        if windows.feed(line) or _FOREIGN.search(line):
            inblock = False
            if not line.startswith("GDC-"):
                fault, in_fault = [], False
            continue
        if _FAULT.search(line):
            fault, in_fault = [], True
        if in_fault:
            fault.append(line)
            in_fault = "</TASK>" not in line
        # After a call trace's </TASK>, only the oops epilogue still
        # belongs to the report; KASAN goes on to its closing "=" line.
        if inblock and after_task and not kasan and not _EPILOGUE.search(line):
            inblock = False
        if is_start(line, kmemleak):
            if inblock:
                # A report inside a report (Oops: after BUG:) is part of it.
                add(line)
                continue
            if line in seen:
                prev2, prev = prev, line
                continue
            cur = Report(_TIMESTAMP.sub("", line, count=1), windows.current,
                         kmemleak and bool(_LEAK.search(line)))
            cur.fault = list(fault)
            reports.append(cur)
            # WARN prints "cut here" and its message before "WARNING:".
            if "cut here" in prev2:
                cur.lines += [prev2, prev]
            elif "cut here" in prev:
                cur.lines.append(prev)
            inblock, after_task, n = True, False, 0
            kasan = "BUG: KASAN: " in line
            add(line)
            prev2, prev = prev, line
            continue
        if inblock:
            add(line)
        prev2, prev = prev, line
    return reports


def blamed(report, modules):
    """Does the report count against the modules under test (and the
    test it happened in)?  A known report of the kernel itself
    (vmrun.known_reports) never does; otherwise only kmemleak reports
    of other modules can be spared."""
    if report.known:
        return False
    if not report.leak or not modules:
        return True
    for l in report.lines:
        if any("[%s]" % m in l for m in modules):
            return True
        if _BARE_MODULE_ADDR.search(l):
            return True
    return False


def normalise_module(name):
    return name.replace("-", "_")


class ScanResult:
    def __init__(self, counted, spared, modules):
        self.counted = counted
        self.spared = spared
        self.modules = modules

    @property
    def failed(self):
        return bool(self.counted)

    @property
    def known_taint(self):
        """The taint letters the spared known kernel reports set: W for a
        WARNING, D for an oops or BUG (the kernel's die())."""
        out = set()
        for r in self.spared:
            if r.leak or not r.known:
                continue
            if any(_DIES.search(l) for l in r.lines):
                out.add("D")
            if any("WARNING:" in l for l in r.lines):
                out.add("W")
        return out

    def text(self):
        """What splat-scan prints."""
        out = "\n".join(r.text for r in self.counted)
        if self.spared:
            if self.counted:
                out += "\n"
            out += ("splat-scan: not blamed on the modules under test (%s): %d report(s)\n"
                    % (" ".join(self.modules) or "none named", len(self.spared)))
            for r in self.spared:
                why = r.known
                if why:
                    out += "splat-scan: a known kernel report, not the driver's: %s\n" % why
                out += r.text
        return out

    def by_test(self):
        """The lines of --by-test: test, a tab, the report's first line."""
        return "".join("%s\t%s\n" % (r.test, r.first) for r in self.counted)


def scan_log(text, kmemleak=False, modules=()):
    modules = [normalise_module(m) for m in modules if m]
    lines = text.replace("\r", "").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    counted, spared = [], []
    for r in scan(lines, kmemleak):
        (counted if blamed(r, modules) else spared).append(r)
    return ScanResult(counted, spared, modules)


def main(argv):
    args = argv[1:]
    kmemleak = False
    by_test = None
    modules = []
    while args:
        if args[0] == "--kmemleak":
            kmemleak = True
            args = args[1:]
        elif args[0] == "--module":
            if len(args) < 2:
                print("splat-scan: --module needs a name", file=sys.stderr)
                return 2
            modules += args[1].split()
            args = args[2:]
        elif args[0] == "--by-test":
            if len(args) < 2:
                print("splat-scan: --by-test needs a file", file=sys.stderr)
                return 2
            by_test = args[1]
            args = args[2:]
        else:
            break
    if len(args) > 1:
        print("usage: splat-scan [--kmemleak] [--module NAME]... [--by-test OUT] [FILE]", file=sys.stderr)
        return 2
    try:
        if by_test is not None:
            open(by_test, "w").close()
        if args:
            with open(args[0], "rb") as f:
                data = f.read()
        else:
            data = sys.stdin.buffer.read()
    except OSError as e:
        print("splat-scan: %s: %s" % (e.filename, e.strerror), file=sys.stderr)
        return 1
    result = scan_log(data.decode("utf-8", "surrogateescape"), kmemleak, modules)
    if by_test is not None:
        with open(by_test, "a", encoding="utf-8", errors="surrogateescape") as f:
            f.write(result.by_test())
    sys.stdout.buffer.write(result.text().encode("utf-8", "surrogateescape"))
    sys.stdout.buffer.flush()
    return 1 if result.failed else 0
