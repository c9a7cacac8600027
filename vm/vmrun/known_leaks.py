# SPDX-License-Identifier: GPL-2.0
"""Leaks of the kernel itself that a driver's bring-up can reach under
fault injection, each with the frames that identify it and why it is not
the driver's.  A kmemleak report whose backtrace shows all the frames of
one is shown with the reason and never blamed on the modules under test
(vmrun.splats.blamed), even though the driver is on its backtrace (it
called the kernel function that leaked)."""

import re

KNOWN = [
    (("kobject_set_name_vargs", "sysfs_slab_add"),
     "mm/slub.c sysfs_slab_add() (6.12) returns without kobject_put() when "
     "kobject_init_and_add() fails, so the kobject's name (kstrdup) leaks: "
     "a bug of the slab allocator, met when a driver's disk creates a bio "
     "slab (bioset_init) and fault injection fails that kobject's add"),
]


def _has_frame(lines, func):
    pat = re.compile(r"(^|[\s>])%s(\.[a-z]+\.\d+)?\+0x" % re.escape(func))
    return any(pat.search(l) for l in lines)


def known(lines):
    """The reason of the known kernel leak these report lines show, or
    None."""
    for frames, why in KNOWN:
        if all(_has_frame(lines, f) for f in frames):
            return why
    return None
