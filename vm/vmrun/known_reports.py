# SPDX-License-Identifier: GPL-2.0
"""Reports of the kernel itself (kmemleak leaks, WARNs) that fault
injection into a driver's bring-up reaches through kernel code the
driver only called, each with the frames that identify it and why it is
not the driver's.  A report whose lines show all the frames of one is
shown with the reason and never blamed on the modules under test or on
a test (vmrun.splats.blamed), even though the driver is on its
backtrace (it called the kernel function that went wrong)."""

import re

KNOWN = [
    (("kobject_set_name_vargs", "sysfs_slab_add"),
     "mm/slub.c sysfs_slab_add() (6.12) returns without kobject_put() when "
     "kobject_init_and_add() fails, so the kobject's name (kstrdup) leaks: "
     "a bug of the slab allocator, met when a driver's disk creates a bio "
     "slab (bioset_init) and fault injection fails that kobject's add"),
    (("remove_proc_entry", "unregister_irq_proc"),
     "kernel/irq/proc.c (6.12): register_irq_proc() ignores a /proc/irq/N "
     "entry it failed to create, unregister_irq_proc() removes every entry "
     "by name and remove_proc_entry() WARNs on the missing one ('name "
     "'affinity_hint''): a bug of the IRQ core, met when virtio-pci's MSI-X "
     "setup (vp_find_vqs_msix) in a virtio driver's probe gets a failed "
     "allocation and frees its vectors"),
]


def _has_frame(lines, func):
    pat = re.compile(r"(^|[\s>])%s(\.[a-z]+\.\d+)?\+0x" % re.escape(func))
    return any(pat.search(l) for l in lines)


def known(lines):
    """The reason of the known kernel report these report lines show, or
    None."""
    for frames, why in KNOWN:
        if all(_has_frame(lines, f) for f in frames):
            return why
    return None
