# SPDX-License-Identifier: GPL-2.0
"""The kernel command line and QEMU's argument vector of a run."""

import re
import shutil
import subprocess


def kernel_cmdline(time_factor, append="", accel="kvm"):
    # no_timer_check: a loaded host can make TCG fail the IO-APIC timer
    # check at boot; cryptomgr.notests: the crypto self-tests cost ~1 s
    # under TCG and test nothing a block driver touches.
    cmdline = "console=ttyS0 panic=-1 printk.devkmsg=on rdinit=/init no_timer_check cryptomgr.notests"
    # A slow kernel (time factor > 1: KASAN, lockdep... under TCG on a
    # loaded host) was seen to trip the soft-lockup watchdog at boot
    # (slab_late_init "stuck for 45s", 105 s of guest time at host load
    # 15): give the watchdog and the RCU stall detector their longest
    # thresholds (120 s, 300 s) rather than have them cry wolf; the
    # hung-task limit scales.  Any TCG guest gets them too: its vCPUs are
    # host threads, and with two or three guests on a 2-core host beside
    # other jobs a stock 6.12 reported soft lockups of 22-65 s at boot
    # (in crypto_sha3_final, clear_page_erms: code that never spins),
    # which failed a run for nothing the guest did.
    if time_factor > 1 or accel == "tcg":
        cmdline += " watchdog_thresh=60 rcupdate.rcu_cpu_stall_timeout=300"
    if append:
        cmdline += " " + append
    return cmdline


def qemu_option_value(s):
    """A value inside a QEMU option list: commas doubled."""
    return s.replace(",", ",,")


def accel_args(accel):
    # la57=off: 4-level paging in the guest.  With LA57 a 6.12 kernel's
    # identify_cpu() clears boot_cpu_data's capabilities (LA57 with them)
    # for a moment before the alternatives are patched, so an interrupt
    # in that window sees pgtable_l5_enabled() false, and under KASAN the
    # shadow bounds it computes make the IRQ's own lock a
    # "wild-memory-access" (seen at boot of the debug kernel under TCG,
    # whose "max" CPU has LA57: a report before any module under test
    # loaded, and KASAN reports only the first).  No block driver needs
    # a 57-bit address space.
    if accel == "kvm":
        return ["-accel", "kvm", "-cpu", "host,la57=off"]
    return ["-accel", "tcg", "-cpu", "max,la57=off"]


def has_pdeathsig():
    """Can setpriv make QEMU die with vm/run (even on SIGKILL)?"""
    if not shutil.which("setpriv"):
        return False
    r = subprocess.run(["setpriv", "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return b"--pdeathsig" in r.stdout


def devices_with_id(extra):
    """The -device arguments among extra QEMU arguments (one word each, as
    --qemu-arg gives them) that name an id: what vm/qmp's bridge may plug
    back with device_add."""
    return [spec for opt, spec in zip(extra, extra[1:])
            if opt == "-device" and re.search(r"(^|,)id=", spec)]


def qemu_argv(*, nonce, accel, smp, mem, kernel, initrd, cmdline, console_log,
              output_log, control_socket=None, qmp=None, extra=(), pdeathsig=False):
    """QEMU's argv: ttyS0 the console into console_log, ttyS1 the
    command's output into output_log, ttyS2 (control_socket) the guest's
    QMP line, QMP on qmp."""
    q = qemu_option_value
    argv = ["qemu-system-x86_64", "-name", "gdc-vm-" + nonce, "-machine", "pc"]
    argv += accel_args(accel)
    argv += ["-smp", str(smp), "-m", str(mem), "-nodefaults", "-no-user-config",
             "-display", "none", "-no-reboot",
             "-kernel", kernel, "-initrd", initrd, "-append", cmdline,
             "-chardev", "file,id=con,append=on,path=" + q(console_log), "-serial", "chardev:con",
             "-chardev", "file,id=out,append=on,path=" + q(output_log), "-serial", "chardev:out"]
    if control_socket:
        argv += ["-chardev", "socket,id=ctl,path=%s,server=on,wait=off" % q(control_socket),
                 "-serial", "chardev:ctl"]
    if qmp:
        argv += ["-qmp", "unix:%s,server=on,wait=off" % q(qmp)]
    argv += list(extra)
    # QEMU dies with vm/run even on SIGKILL, where no cleanup runs.
    if pdeathsig:
        argv = ["setpriv", "--pdeathsig", "KILL", "--"] + argv
    return argv
