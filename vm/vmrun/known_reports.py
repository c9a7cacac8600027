# SPDX-License-Identifier: GPL-2.0
"""Reports of the kernel itself (kmemleak leaks, WARNs, oopses) that
fault injection into a driver's bring-up reaches through kernel code the
driver only called, each with the frames that identify it and why it is
not the driver's: the records of vm/known-kernel-reports, which the
guest's gendisk_faults reads too.  A report whose lines show all the
frames of one (and, when the record names them, whose preceding
fault-injection stack shows its fault frames) is shown with the reason
and never blamed on the modules under test or on a test
(vmrun.splats.blamed), even though the driver is on its backtrace (it
called the kernel function that went wrong)."""

import os
import re

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir,
                    "known-kernel-reports")


class Record:
    def __init__(self):
        self.report = ()
        self.fault = ()
        self.why = ""


def parse(text, name=DATA):
    """The records of a known-kernel-reports text; ValueError naming the
    line on a malformed one."""
    records, cur, key = [], None, None
    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip()
        if not line or line.startswith("#"):
            if cur and not line:
                records.append(cur)
                cur, key = None, None
            continue
        if line[0] in " \t":
            if key != "why":
                raise ValueError("%s:%d: a continuation line outside why:" % (name, no))
            cur.why += " " + line.strip()
            continue
        key, sep, value = line.partition(":")
        if not sep or key not in ("report", "fault", "why"):
            raise ValueError("%s:%d: expected report:, fault: or why:" % (name, no))
        cur = cur or Record()
        if key == "why":
            cur.why = value.strip()
        else:
            setattr(cur, key, tuple(value.split()))
    if cur:
        records.append(cur)
    for r in records:
        if not r.report or not r.why:
            raise ValueError("%s: a record without report: or why:" % name)
    return records


def load(path=DATA):
    with open(path, encoding="utf-8") as f:
        return parse(f.read(), path)


KNOWN = load()


def _has_frame(lines, func):
    pat = re.compile(r"(^|[\s>])%s(\.[a-z]+\.\d+)?\+0x" % re.escape(func))
    return any(pat.search(l) for l in lines)


def known(lines, fault=(), records=None):
    """The reason of the known kernel report these report lines show,
    after the fault-injection stack dump fault (its lines; empty if
    none), or None."""
    for r in KNOWN if records is None else records:
        if all(_has_frame(lines, f) for f in r.report) and \
           all(_has_frame(fault, f) for f in r.fault):
            return r.why
    return None
