# SPDX-License-Identifier: GPL-2.0
"""Lines from the serial ports, as QEMU writes them into files.

QEMU appends to the files whatever the guest sends, so a read can end in
the middle of a line: LineAssembler keeps that piece until its newline
arrives (or the run ends).  CommandOutput follows the command's port
(ttyS1): it notes when the command starts (the BEGIN marker), its exit
status (the END marker) and the first KTAP line, and passes the
command's lines on to be printed.  ConsoleEcho is the verbose mode's
live console, without the final dmesg dump (seen already).
"""

import time

from . import ktap


def now_us():
    return time.time_ns() // 1000


class LineAssembler:
    """Complete lines out of chunks of text."""

    def __init__(self):
        self.partial = ""

    def feed(self, chunk):
        """The lines chunk completes, without their newlines."""
        if not chunk:
            return []
        pieces = (self.partial + chunk).split("\n")
        self.partial = pieces.pop()
        return pieces

    def flush(self):
        """The last piece of a stream that ended without a newline."""
        rest, self.partial = self.partial, ""
        return [rest] if rest else []


class FileFollower:
    """Reads what has been appended to a file since the last read."""

    def __init__(self, path):
        self.f = open(path, "rb")
        self.lines = LineAssembler()

    def read_lines(self):
        data = self.f.read()
        if not data:
            return []
        return self.lines.feed(data.decode("utf-8", "surrogateescape"))

    def flush(self):
        return self.lines.flush()

    def close(self):
        self.f.close()


class CommandOutput:
    """The command's port: markers, exit status, timings.

    feed() takes one line and returns the text to print for it (None for
    nothing): the command's lines once it started, the part before the
    END marker on its line."""

    def __init__(self, nonce, clock=now_us):
        self.begin_mark = "GDC-BEGIN:%s" % nonce
        self.end_mark = "GDC-END:%s:rc=" % nonce
        self.clock = clock
        self.begin_at = None    # when the command started (us)
        self.first_ktap_at = None
        self.end_seen = False
        self.rc = ""            # the exit status, digits ("" if unreadable)

    def feed(self, line):
        if line.endswith("\r"):
            line = line[:-1]
        if self.begin_mark in line:
            self.begin_at = self.clock()
            return None
        if self.end_mark in line:
            before, _, after = line.partition(self.end_mark)
            digits = ""
            for ch in after:
                if not ch.isdigit() or not ch.isascii():
                    break
                digits += ch
            self.rc = digits
            self.end_seen = True
            return before or None
        if self.begin_at is None:
            return None
        if self.first_ktap_at is None and ktap.FIRST_LINE.search(line):
            self.first_ktap_at = self.clock()
        return line


class ConsoleEcho:
    """The verbose mode's console lines ("console: ..."), without the
    dmesg dump between GDC-DMESG-BEGIN and -END."""

    def __init__(self, nonce):
        self.begin = "GDC-DMESG-BEGIN:%s" % nonce
        self.end = "GDC-DMESG-END:%s" % nonce
        self.in_dump = False

    def feed(self, line):
        if line.endswith("\r"):
            line = line[:-1]
        if line.startswith(self.begin):
            self.in_dump = True
        elif line.startswith(self.end):
            self.in_dump = False
        elif not self.in_dump:
            return "console: " + line
        return None
