# SPDX-License-Identifier: GPL-2.0
"""vmrun.splats: kernel reports in a console log and the test each one
belongs to (the gdc-test: begin/end markers of the selftests)."""

import unittest

from vmrun import known_reports, splats

BOOT = """\
[    3.560352] Run /init as init process
gdc-init: insmod /lib/modules/extra/gdram.ko
[    3.910361] gdram: loading out-of-tree module taints kernel.
"""

WARN = """\
[    4.128378] ------------[ cut here ]------------
[    4.128687] gdram: del_gendisk on a disk never added
[    4.129782] WARNING: CPU: 1 PID: 151 at block/genhd.c:662 del_gendisk+0x2c1/0x2f0
[    4.130653] Modules linked in: gdram(OE)
[    4.131545] CPU: 1 UID: 0 PID: 151 Comm: gendisk_lifecyc Tainted: G           OE      6.12.118+deb12-amd64 #1
[    4.932934] RIP: 0010:del_gendisk+0x2c1/0x2f0
[    4.937102] Call Trace:
[    4.937200]  <TASK>
[    4.937300]  gdram_remove+0x30/0x60 [gdram]
[    4.937400]  __do_sys_delete_module+0x1a4/0x2f0
[    4.937500]  </TASK>
[    4.937600] ---[ end trace 0000000000000000 ]---
"""

KASAN = """\
[    5.000000] ==================================================================
[    5.123401] BUG: KASAN: slab-use-after-free in gdram_exit+0x2c/0x50 [gdram]
[    5.123402] Read of size 8 at addr ffff888004b0c010 by task rmmod/160
[    5.123403] Call Trace:
[    5.123404]  <TASK>
[    5.123405]  kasan_report+0xb9/0xf0
[    5.123406]  gdram_exit+0x2c/0x50 [gdram]
[    5.123407]  </TASK>
[    5.123408] Allocated by task 151:
[    5.123409]  gdram_init+0x40/0x200 [gdram]
[    5.123410] Freed by task 160:
[    5.123411]  put_disk+0x20/0x30
[    5.123412] ==================================================================
[    5.123413] gdram: unloaded
"""

OOPS = """\
[    6.100000] BUG: kernel NULL pointer dereference, address: 0000000000000008
[    6.100001] #PF: supervisor read access in kernel mode
[    6.100002] Oops: Oops: 0000 [#1] PREEMPT SMP NOPTI
[    6.100003] RIP: 0010:gdram_ioctl+0x15/0x40 [gdram]
[    6.100004] Call Trace:
[    6.100005]  <TASK>
[    6.100006]  blkdev_ioctl+0x10/0x20
[    6.100007]  </TASK>
[    6.100008] Modules linked in: gdram(OE)
[    6.100009] CR2: 0000000000000008
[    6.100010] ---[ end trace 0000000000000000 ]---
[    6.100011] gdram: still here
"""


def mark(ev, name, t="4.000000"):
    return "[    %s] gdc-test: %s %s\n" % (t, ev, name)


def scan(text, **kw):
    return splats.scan_log(text, **kw)


class Attribution(unittest.TestCase):
    def test_warning_inside_a_test_window(self):
        log = BOOT + mark("begin", "gendisk_lifecycle") + mark("begin", "gendisk_lifecycle.unload_while_open") \
            + WARN + mark("end", "gendisk_lifecycle.unload_while_open") + mark("end", "gendisk_lifecycle")
        r = scan(log)
        self.assertTrue(r.failed)
        self.assertEqual(r.by_test(), "gendisk_lifecycle.unload_while_open\tWARNING: CPU: 1 PID: 151 at "
                         "block/genhd.c:662 del_gendisk+0x2c1/0x2f0\n")

    def test_warning_outside_any_window(self):
        log = BOOT + mark("begin", "gendisk_io") + mark("end", "gendisk_io") + WARN
        self.assertEqual(scan(log).counted[0].test, "-")

    def test_report_in_the_second_of_two_tests_only(self):
        log = BOOT + mark("begin", "first") + mark("end", "first") + mark("begin", "second") + KASAN \
            + mark("end", "second")
        r = scan(log)
        self.assertEqual([x.test for x in r.counted], ["second"])
        self.assertEqual(r.counted[0].first, "BUG: KASAN: slab-use-after-free in gdram_exit+0x2c/0x50 [gdram]")

    def test_missing_end_is_closed_by_the_enclosing_one(self):
        log = BOOT + mark("begin", "prog") + mark("begin", "prog.case_a") + mark("end", "prog") + OOPS
        self.assertEqual(scan(log).counted[0].test, "-")
        log = BOOT + mark("begin", "prog") + mark("begin", "prog.case_a") + mark("end", "prog.case_a") + OOPS
        self.assertEqual(scan(log).counted[0].test, "prog")

    def test_end_of_a_test_never_begun_changes_nothing(self):
        log = BOOT + mark("begin", "prog") + mark("end", "other") + WARN
        self.assertEqual(scan(log).counted[0].test, "prog")

    def test_dmesg_dump_replays_once_and_resets_the_windows(self):
        live = BOOT + mark("begin", "t1") + WARN + mark("end", "t1")
        dump = "GDC-DMESG-BEGIN:abc\n" + live + "GDC-DMESG-END:abc\n"
        r = scan(live + mark("begin", "never_closed") + dump)
        self.assertEqual(len(r.counted), 1)
        self.assertEqual(r.counted[0].test, "t1")


class Detection(unittest.TestCase):
    def test_warning_with_cut_here_and_message(self):
        r = scan(BOOT + WARN)
        lines = r.counted[0].lines
        self.assertIn("cut here", lines[0])
        self.assertIn("del_gendisk on a disk never added", lines[1])
        self.assertIn("gdram_remove+0x30/0x60 [gdram]", r.text())
        self.assertTrue(lines[-1].endswith("---[ end trace 0000000000000000 ]---"))

    def test_oops_inside_a_bug_is_one_report_with_its_epilogue(self):
        r = scan(BOOT + OOPS)
        self.assertEqual(len(r.counted), 1)
        text = r.text()
        self.assertIn("Oops: Oops: 0000", text)
        self.assertIn("CR2: 0000000000000008", text)
        self.assertNotIn("gdram: still here", text)

    def test_kasan_report_runs_to_its_closing_line(self):
        r = scan(BOOT + KASAN)
        text = r.text()
        self.assertIn("Freed by task 160:", text)
        self.assertTrue(r.counted[0].lines[-1].endswith("=" * 66))
        self.assertNotIn("gdram: unloaded", text)

    def test_each_kind_starts_a_report(self):
        for first in ("BUG: sleeping function called from invalid context at kernel/locking/mutex.c:585",
                      "UBSAN: array-index-out-of-bounds in drivers/block/gdram.c:12:3",
                      "KFENCE: use-after-free read in gdram_exit+0x1/0x2",
                      "WARNING: possible circular locking dependency detected",
                      "WARNING: possible recursive locking detected",
                      "WARNING: inconsistent lock state",
                      "INFO: trying to register non-static key.",
                      "INFO: task rmmod:160 blocked for more than 30 seconds.",
                      "rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:",
                      "watchdog: BUG: soft lockup - CPU#0 stuck for 45s! [insmod:151]",
                      "BUG kmalloc-64 (Tainted: G    B      OE     ): Object already free",
                      "list_del corruption. prev->next should be ffff888004b0c010",
                      "general protection fault, probably for non-canonical address 0xdead000000000100",
                      "kernel BUG at block/genhd.c:123!",
                      "Kernel panic - not syncing: Fatal exception",
                      "stack-protector: Kernel stack is corrupted in: gdram_ioctl+0x40/0x40"):
            r = scan(BOOT + "[    7.000000] " + first + "\n")
            self.assertTrue(r.failed, first)
            self.assertEqual(r.counted[0].first, first)

    def test_near_misses_are_clean(self):
        clean = BOOT + ("[    1.0] ACPI: WARNING-free boot\n"
                        "[    1.1] gdram: BUGS: none\n"
                        "[    1.2] Tainted flags cleared\n"
                        "[    1.3] gdc-test: begin WARNING:_named_test\n")
        self.assertFalse(scan(clean).failed)

    def test_guest_markers_end_a_report(self):
        r = scan(BOOT + "[    7.0] WARNING: CPU: 0 PID: 1 at x.c:1 f+0x1/0x2\n[    7.1] RIP: f\n"
                 "GDC-TAINT:abc:512\n[    7.2] after\n")
        self.assertNotIn("after", r.text())
        self.assertNotIn("GDC-TAINT", r.text())

    def test_long_report_truncated(self):
        body = "".join("[    8.%06d]  frame_%d+0x1/0x2\n" % (i, i) for i in range(200))
        r = scan(BOOT + "[    8.0] BUG: unable to handle page fault for address: ffffc90000000000\n" + body)
        self.assertEqual(len(r.counted[0].lines), splats.MAX_LINES + 1)
        self.assertEqual(r.counted[0].lines[-1], "    [... report truncated]")

    def test_reports_separated_by_a_blank_line(self):
        r = scan(BOOT + WARN + OOPS)
        self.assertEqual(len(r.counted), 2)
        self.assertIn("]---\n\n[    6.100000] BUG: kernel NULL", r.text())


LEAK = """\
unreferenced object 0xffff888004b0c000 (size 64):
  comm "insmod", pid 120, jiffies 4294678901
  backtrace (crc 0):
    [<ffffffff812c3a5e>] kmemleak_alloc+0x4e/0x90
    [<ffffffffc0201020>] gdc_init+0x20/0x1000 [%s]
    [<ffffffff81001234>] do_one_initcall+0x44/0x220
"""
LEAK_UNLOADED = """\
unreferenced object 0xffff888004b0d000 (size 256):
  comm "insmod", pid 121, jiffies 4294678999
  backtrace (crc 0):
    [<ffffffff812c3a5e>] kmemleak_alloc+0x4e/0x90
    0xffffffffa0020041
"""

LEAK_SLAB_NAME = """\
unreferenced object 0xff110000064b5ca0 (size 8):
  comm "gendisk_faults", pid 66, jiffies 4294946500
  hex dump (first 8 bytes):
    62 69 6f 2d 39 36 00 ff                          bio-96..
  backtrace (crc ccd4394e):
    __kmalloc_node_track_caller_noprof+0x1a8/0x1e9
    kstrdup+0x30/0x54
    kobject_set_name_vargs+0x4e/0xf3
    kobject_init_and_add+0xb8/0x11d
    sysfs_slab_add+0x13d/0x18e
    do_kmem_cache_create+0x3a6/0x3dd
    __kmem_cache_create_args+0x223/0x33b
    bioset_init+0x377/0x617
    __alloc_disk_node+0x82/0x41c
    __blk_alloc_disk+0xab/0x110
    0xffffffffa00008e9
    0xffffffffa00180fb
    do_one_initcall+0x157/0x302
"""

WARN_IRQ_PROC = """\
[  188.232245] ------------[ cut here ]------------
[  188.239167] name 'affinity_hint'
[  188.239167] WARNING: CPU: 0 PID: 66 at fs/proc/generic.c:733 remove_proc_entry+0x13b/0x26c
[  188.239863] Modules linked in: virtio_blk(+) [last unloaded: virtio_blk]
[  188.241712] RIP: 0010:remove_proc_entry+0x13b/0x26c
[  188.242287] Call Trace:
[  188.242456]  <TASK>
[  188.242716]  unregister_irq_proc+0xd9/0x210
[  188.242924]  free_desc+0x6d/0x118
[  188.244710]  vp_find_vqs_msix+0x8c3/0x8f9
[  188.245477]  virtblk_probe+0x7fb/0x1c48 [virtio_blk]
[  188.251581]  </TASK>
[  188.252459] ---[ end trace 0000000000000000 ]---
"""


# Captured on 6.12-debug under gendisk_faults (gdvirtio, fail-nth 1165):
# the failed call, then the oops of the deferred fput.
FAULT_BUS_ADD = """\
[  545.026761] gdc-test: begin gendisk_faults.bringup_fail_nth/1165
[  545.138196] FAULT_INJECTION: forcing a failure.
[  545.138196] name failslab, interval 1, probability 0, space 0, times 0
[  545.138555] Call Trace:
[  545.138569]  <TASK>
[  545.138581]  dump_stack_lvl+0x83/0x90
[  545.138690]  should_fail_ex+0x400/0x49d
[  545.138718]  should_failslab+0xa3/0xe2
[  545.138883]  kasprintf+0xa8/0xc7
[  545.138942]  module_add_driver+0x18b/0x2fa
[  545.138964]  bus_add_driver+0x1f8/0x417
[  545.138983]  driver_register+0x276/0x2f3
[  545.139094]  do_init_module+0x224/0x55a
[  545.139591]  </TASK>
[  545.139779] bus_add_driver: failed to create module links for gdvirtio
"""
OOPS_DEFERRED_FPUT = """\
[  545.300707] BUG: unable to handle page fault for address: fffffbfff40020ef
[  545.301350] #PF: error_code(0x0000) - not-present page
[  545.302033] Oops: Oops: 0000 [#1] SMP KASAN
[  545.302441] RIP: 0010:blkdev_put_whole+0x81/0x9f
[  545.304561] Call Trace:
[  545.304619]  <TASK>
[  545.304619]  bdev_release+0x265/0x2da
[  545.304718]  blkdev_release+0xc/0xf
[  545.304797]  __fput+0x20e/0x448
[  545.304909]  task_work_run+0x150/0x199
[  545.305187]  do_syscall_64+0x7a/0xc5
[  545.305377]  </TASK>
[  545.306708] Modules linked in: [last unloaded: gdvirtio(O)]
[  545.307060] ---[ end trace 0000000000000000 ]---
"""


class Kmemleak(unittest.TestCase):
    def test_leaks_only_with_kmemleak(self):
        self.assertFalse(scan(LEAK % "gdram").failed)
        self.assertTrue(scan(LEAK % "gdram", kmemleak=True).failed)

    def test_leak_blamed_on_the_module_named_in_a_frame(self):
        r = scan(LEAK % "gdram", kmemleak=True, modules=["gdram"])
        self.assertTrue(r.failed)

    def test_leak_of_another_module_is_shown_not_blamed(self):
        r = scan(LEAK % "brd", kmemleak=True, modules=["gdram", "gd-virtio"])
        self.assertFalse(r.failed)
        self.assertEqual(r.by_test(), "")
        self.assertTrue(r.text().startswith(
            "splat-scan: not blamed on the modules under test (gdram gd_virtio): 1 report(s)\n"))

    def test_bare_module_address_is_blamed(self):
        self.assertTrue(scan(LEAK_UNLOADED, kmemleak=True, modules=["gdram"]).failed)

    def test_known_kernel_leak_is_shown_not_blamed(self):
        # Captured on 6.12-debug under gendisk_faults (gdram, fail-nth).
        r = scan(LEAK_SLAB_NAME, kmemleak=True, modules=["gdram"])
        self.assertFalse(r.failed)
        self.assertIn("a known kernel report, not the driver's: mm/slub.c sysfs_slab_add()", r.text())

    def test_known_kernel_warning_is_shown_not_blamed(self):
        # Captured on 6.12-debug under gendisk_faults (virtio_blk, fail-nth).
        r = scan(BOOT + WARN_IRQ_PROC, modules=["virtio_blk"])
        self.assertFalse(r.failed)
        self.assertEqual(r.known_taint, {"W"})
        self.assertEqual(r.by_test(), "")
        self.assertIn("kernel/irq/proc.c (6.12): register_irq_proc()", r.text())

    def test_known_oops_after_its_fault_is_shown_not_blamed(self):
        r = scan(BOOT + FAULT_BUS_ADD + OOPS_DEFERRED_FPUT, modules=["gdvirtio"])
        self.assertFalse(r.failed)
        self.assertEqual(r.known_taint, {"D"})
        self.assertIn("a known kernel report, not the driver's: driver_register() failed", r.text())

    def test_known_oops_needs_its_fault_in_the_same_window(self):
        # Without the failed call, or with it in an earlier test window,
        # the same oops is the driver's.
        self.assertTrue(scan(BOOT + OOPS_DEFERRED_FPUT, modules=["gdvirtio"]).failed)
        later = FAULT_BUS_ADD + "[  545.2] gdc-test: end gendisk_faults.bringup_fail_nth/1165\n" + \
            "[  545.3] gdc-test: begin gendisk_faults.bringup_fail_nth/1166\n" + OOPS_DEFERRED_FPUT
        r = scan(BOOT + later, modules=["gdvirtio"])
        self.assertTrue(r.failed)
        self.assertEqual(r.by_test(), "gendisk_faults.bringup_fail_nth/1166\tBUG: unable to handle page fault for address: fffffbfff40020ef\n")
        self.assertEqual(r.known_taint, set())

    def test_known_records_parse(self):
        recs = known_reports.parse("# c\nreport: a b\nfault: c\nwhy: one\n  two\n\nreport: d\nwhy: x\n")
        self.assertEqual([(r.report, r.fault, r.why) for r in recs],
                         [(("a", "b"), ("c",), "one two"), (("d",), (), "x")])
        for bad in ("report: a\n", "why: x\n", "frames: a\nwhy: x\n", "report: a\n  x\nwhy: y\n"):
            with self.assertRaises(ValueError):
                known_reports.parse(bad)
        self.assertTrue(known_reports.KNOWN)

    def test_module_leak_is_not_mistaken_for_a_known_one(self):
        self.assertTrue(scan(LEAK_UNLOADED.replace("0xffffffffa0020041", "kstrdup+0x30/0x54\n    0xffffffffa0020041"),
                             kmemleak=True, modules=["gdram"]).failed)
