# SPDX-License-Identifier: GPL-2.0
"""vmrun.options, vmrun.guest_image, vmrun.qemu_command: what vm/run
prepares before it boots."""

import os
import tempfile
import unittest

from vmrun import guest_image, options, qemu_command


class Options(unittest.TestCase):
    def test_equals_form_and_repeats(self):
        o = options.parse(["--kernel=6.12", "--run", "true", "--qemu-arg=-device", "--qemu-arg", "x,y=1",
                           "-v", "--kmemleak", "--insmod", "brd rd_nr=1"])
        self.assertEqual((o.series, o.command, o.qemu_args, o.verbose, o.kmemleak, o.insmods),
                         ("6.12", "true", ["-device", "x,y=1"], True, True, ["brd rd_nr=1"]))

    def test_usage_errors(self):
        for argv, msg in ((["--kernel"], "--kernel needs an argument"),
                          (["--frobnicate", "1"], "unknown option '--frobnicate'"),
                          (["stray"], "stray needs an argument")):
            with self.assertRaises(options.UsageError) as e:
                options.parse(argv)
            self.assertEqual(str(e.exception), msg)
        with self.assertRaises(options.HelpRequested):
            options.parse(["--kernel", "6.1", "-h"])

    def test_copy_destination(self):
        with tempfile.TemporaryDirectory() as d:
            f = os.path.join(d, "data.txt")
            open(f, "w").close()
            self.assertEqual(options.copy_destination(f), (f, "/opt/tests/data.txt"))
            self.assertEqual(options.copy_destination(f + ":/etc/x"), (f, "/etc/x"))
            self.assertEqual(options.copy_destination(f + ":sub/"), (f, "/opt/tests/sub/data.txt"))
            self.assertEqual(options.copy_destination(d + "/:"), (d + "/", "/opt/tests/" + os.path.basename(d)))
            with self.assertRaises(options.UsageError):
                options.copy_destination(os.path.join(d, "nonexistent"))


MODS = ("configfs\t/lib/modules/6.12.1/kernel/fs/configfs/configfs.ko\t/c/configfs.ko.xz\t\n"
        "null_blk\t/lib/modules/6.12.1/kernel/drivers/block/null_blk/null_blk.ko\t/c/null_blk.ko.xz\tconfigfs\n"
        "gdram\t/lib/modules/extra/gdram.ko\t/b/gdram.ko\tconfigfs\n")


class GuestImage(unittest.TestCase):
    def test_module_name(self):
        self.assertEqual(guest_image.module_name("/x/gd-ram.ko.xz"), "gd_ram")
        self.assertEqual(guest_image.module_name("null-blk"), "null_blk")

    def test_modules_dep(self):
        mods = guest_image.parse_kernel_modules(MODS)
        self.assertEqual(guest_image.modules_dep(mods, "6.12.1"),
                         "kernel/fs/configfs/configfs.ko:\n"
                         "kernel/drivers/block/null_blk/null_blk.ko: kernel/fs/configfs/configfs.ko\n"
                         "extra/gdram.ko: kernel/fs/configfs/configfs.ko\n")

    def test_load_list_dependencies_first_once(self):
        mods = guest_image.parse_kernel_modules(MODS)
        self.assertEqual(guest_image.load_list(mods, ["gdram  nr=2 size=8M ", "null-blk"]),
                         "configfs /lib/modules/6.12.1/kernel/fs/configfs/configfs.ko \n"
                         "gdram /lib/modules/extra/gdram.ko nr=2 size=8M\n"
                         "null_blk /lib/modules/6.12.1/kernel/drivers/block/null_blk/null_blk.ko \n")

    def test_run_script_and_config(self):
        self.assertEqual(guest_image.run_script("6.12", "6.12.118+deb12-amd64", 1, "./run.sh x", True),
                         "export GDC_SERIES=6.12 GDC_RELEASE=6.12.118+deb12-amd64 GDC_TIME_FACTOR=1\n"
                         "export GDC_QMP_PORT=/dev/ttyS2\n./run.sh x\n")
        self.assertEqual(guest_image.guest_config("ab", "120", True), "NONCE=ab\nHUNG_TASK_SECS=120\nKMEMLEAK=1\n")


class QemuCommand(unittest.TestCase):
    def test_cmdline_of_a_slow_kernel(self):
        self.assertNotIn("watchdog_thresh", qemu_command.kernel_cmdline(1))
        self.assertNotIn("watchdog_thresh", qemu_command.kernel_cmdline(1, "", "kvm"))
        self.assertTrue(qemu_command.kernel_cmdline(1, "", "tcg").endswith(
            "watchdog_thresh=60 rcupdate.rcu_cpu_stall_timeout=300"))
        self.assertTrue(qemu_command.kernel_cmdline(4, "quiet").endswith(
            "watchdog_thresh=60 rcupdate.rcu_cpu_stall_timeout=300 quiet"))

    def test_argv(self):
        a = qemu_command.qemu_argv(nonce="n", accel="tcg", smp="2", mem="1024", kernel="/k", initrd="/i",
                                   cmdline="c", console_log="/o,1/console.log", output_log="/o/output.log",
                                   control_socket="/t/ctl.sock", qmp="/t/q.sock", extra=["-x"], pdeathsig=True)
        self.assertEqual(a[:5], ["setpriv", "--pdeathsig", "KILL", "--", "qemu-system-x86_64"])
        self.assertIn("file,id=con,append=on,path=/o,,1/console.log", a)
        self.assertEqual(a[a.index("-accel") + 1:a.index("-accel") + 4], ["tcg", "-cpu", "max,la57=off"])
        self.assertIn("socket,id=ctl,path=/t/ctl.sock,server=on,wait=off", a)
        self.assertEqual(a[-3:], ["-qmp", "unix:/t/q.sock,server=on,wait=off", "-x"])

class DevicesWithId(unittest.TestCase):
    def test_only_devices_that_name_an_id(self):
        extra = ["-blockdev", "driver=file,node-name=n0,filename=/d", "-device", "nvme,serial=s,drive=n0,id=nv0",
                 "-device", "qemu-xhci", "-device", "usb-storage,drive=u0,removable=on,id=us0",
                 "-device", "virtio-rng-pci,pid=3", "-m", "id=x"]
        self.assertEqual(qemu_command.devices_with_id(extra),
                         ["nvme,serial=s,drive=n0,id=nv0", "usb-storage,drive=u0,removable=on,id=us0"])
