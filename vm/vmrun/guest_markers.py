# SPDX-License-Identifier: GPL-2.0
"""What vm/guest/init says on the console, in lines that start with a
marker holding the run's nonce (a test cannot forge them):

  GDC-TAINT:<nonce>:<value>            /proc/sys/kernel/tainted after the command
  GDC-KMEMLEAK-MISSING:<nonce>         --kmemleak, but the kernel has none
  GDC-KMEMLEAK-OFF:<nonce>             kmemleak refused the scan
  GDC-INSMOD-FAIL:<nonce>:<name>:<rc>  a --insmod module did not load

The console text given here has its carriage returns dropped already.
"""

import re

INSMOD_CONTEXT_LINES = 12


class GuestMarkers:
    def __init__(self, console_lines, nonce):
        self.lines = console_lines
        self.nonce = nonce

    def taint(self):
        """The last taint value reported (an int), or None."""
        pat = re.compile(r"^GDC-TAINT:%s:([0-9]*)" % re.escape(self.nonce))
        value = None
        for l in self.lines:
            m = pat.match(l)
            if m:
                value = m.group(1)
        return int(value) if value else None

    def _has(self, marker):
        prefix = "%s:%s" % (marker, self.nonce)
        return any(l.startswith(prefix) for l in self.lines)

    def kmemleak_missing(self):
        return self._has("GDC-KMEMLEAK-MISSING")

    def kmemleak_off(self):
        return self._has("GDC-KMEMLEAK-OFF")

    def insmod_failure(self):
        """"NAME (exit N)" of the first module that did not load, or None."""
        pat = re.compile(r"^GDC-INSMOD-FAIL:%s:(.*):([0-9]*)$" % re.escape(self.nonce))
        for l in self.lines:
            m = pat.match(l)
            if m:
                return "%s (exit %s)" % (m.group(1), m.group(2))
        return None

    def insmod_context(self):
        """What the kernel and insmod said between the last insmod
        attempt ("gdc-init: insmod ...") and its failure marker (12 lines
        at most)."""
        fail = "GDC-INSMOD-FAIL:%s:" % self.nonce
        buf = []
        for l in self.lines:
            if l.startswith("gdc-init: insmod "):
                buf = []
                continue
            if l.startswith(fail):
                return buf[:INSMOD_CONTEXT_LINES]
            buf.append(l)
        return []
