# SPDX-License-Identifier: GPL-2.0
"""vm/run: boot one of Debian's kernels in QEMU with an initramfs holding
busybox, the modules and test files you name, run one command there and
judge the run (see vm/README.md; `vm/run --help` for the options)."""

import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time

from . import boot as bootmod
from . import guest_image
from . import guest_markers
from . import ktap
from . import options
from . import qemu_command
from . import splats
from . import verdict as verdictmod


class Exit(Exception):
    """Leave vm/run with this status (cleanup still runs)."""

    def __init__(self, status):
        super().__init__(status)
        self.status = status


def info(msg):
    sys.stderr.write("vm: %s\n" % msg)
    sys.stderr.flush()


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def read_text(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "surrogateescape")


def tool(here, *args, usage_on_fail=None):
    """stdout of one of vm/'s helper scripts (their stderr passes
    through); a failure ends vm/run with its status, as `set -e` did, or
    as a usage error."""
    r = subprocess.run([os.path.join(here, args[0])] + list(args[1:]),
                       stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    if r.returncode != 0:
        if usage_on_fail:
            raise options.UsageError(usage_on_fail)
        raise Exit(r.returncode)
    return r.stdout.decode("utf-8", "surrogateescape").rstrip("\n")


class Run:
    def __init__(self, here, o, cache):
        self.here = here
        self.o = o
        self.cache = cache
        self.tmp = None
        self.boot = None

    # ---- the steps --------------------------------------------------------
    def prepare_paths(self):
        o = self.o
        self.release = tool(self.here, "kernel-cache", "release", o.series,
                            usage_on_fail="kernel %s is not available" % o.series)
        self.kernel = tool(self.here, "boot-image", o.series)
        self.base = tool(self.here, "initramfs-base", o.series)
        self.nonce = secrets.token_hex(8)
        outdir = o.outdir
        if not outdir:
            root = os.environ.get("GDC_VM_OUT") or os.path.join(self.here, "..", "out", "vm")
            outdir = os.path.join(root, "%s-%s-%d" % (o.series, time.strftime("%Y%m%d-%H%M%S"), os.getpid()))
        os.makedirs(outdir, exist_ok=True)
        self.outdir = _logical_abspath(outdir)
        self.log = o.log or os.path.join(self.outdir, "console.log")
        self.ktap_file = o.ktap or os.path.join(self.outdir, "ktap.log")
        self.output = os.path.join(self.outdir, "output.log")
        for p in (self.log, self.ktap_file) + ((o.stats,) if o.stats else ()):
            os.makedirs(os.path.dirname(p) or ".", exist_ok=True)
        self.tmp = tempfile.mkdtemp(prefix="gdc-vm.", dir=os.environ.get("TMPDIR") or "/tmp")
        self.stage = os.path.join(self.tmp, "root")
        for d in ("etc/gdc", "opt/tests", "lib/modules/" + self.release):
            os.makedirs(os.path.join(self.stage, d), exist_ok=True)

    def stage_modules(self):
        o = self.o
        if not (o.modules or o.kmods or o.insmods):
            return
        args = []
        for m in o.modules:
            args += ["--extra", m]
        args += o.kmods
        for i in o.insmods:
            name, _ = guest_image.split_insmod(i)
            if not name:
                raise options.UsageError("--insmod needs a module name")
            args.append(name)
        r = subprocess.run([os.path.join(self.here, "kernel-modules"), o.series] + args,
                           stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
        if r.returncode != 0:
            raise Exit(2)
        mods = guest_image.parse_kernel_modules(r.stdout)
        for m in mods:
            guest_image.install_module(m.host_path, self.stage + m.guest_path)
        # modules.dep for busybox modprobe/rmmod in the guest.
        guest_image.write(os.path.join(self.stage, "lib/modules", self.release, "modules.dep"),
                          guest_image.modules_dep(mods, self.release))
        # What init loads: each --insmod after everything it depends on.
        guest_image.write(os.path.join(self.stage, "etc/gdc/load"),
                          guest_image.load_list(mods, o.insmods))

    def stage_files(self):
        o = self.o
        for src, dest in o.copy_pairs:
            d = self.stage + dest
            os.makedirs(os.path.dirname(d), exist_ok=True)
            r = subprocess.run(["cp", "-RL", "--preserve=mode", src, d])
            if r.returncode != 0:
                raise Exit(r.returncode)
        if o.guest_qmp:
            os.makedirs(os.path.join(self.stage, "usr/bin"), exist_ok=True)
            subprocess.run(["cp", os.path.join(self.here, "guest", "gdc-qmp"),
                            os.path.join(self.stage, "usr/bin/gdc-qmp")], check=True)
        guest_image.write(os.path.join(self.stage, "etc/gdc/run.sh"),
                          guest_image.run_script(o.series, self.release, o.time_factor,
                                                 o.command, o.guest_qmp))
        guest_image.write(os.path.join(self.stage, "etc/gdc/config"),
                          guest_image.guest_config(self.nonce, o.hung_task, o.kmemleak))
        archive = os.path.join(self.tmp, "run.cpio.gz")
        guest_image.pack(self.stage, archive)
        self.initrd = os.path.join(self.tmp, "initrd")
        guest_image.concatenate([self.base, archive], self.initrd)

    def choose_accel(self):
        accel = self.o.accel
        if accel == "auto":
            accel = tool(self.here, "accel-probe", self.kernel, self.base)
        self.accel = accel

    def build_boot(self):
        o = self.o
        open(self.log, "w").close()
        open(self.output, "w").close()
        ctl = None
        self.qmp = o.qmp
        if o.guest_qmp:
            # The guest's control line: a third serial port (ttyS2), its
            # host end a unix socket that vm/qmp bridge connects to.
            self.qmp = self.qmp or os.path.join(self.tmp, "qmp.sock")
            ctl = os.path.join(self.tmp, "ctl.sock")
        self.ctl = ctl
        argv = qemu_command.qemu_argv(
            nonce=self.nonce, accel=self.accel, smp=o.smp, mem=o.mem, kernel=self.kernel,
            initrd=self.initrd, cmdline=qemu_command.kernel_cmdline(o.time_factor, o.append, self.accel),
            console_log=self.log, output_log=self.output, control_socket=ctl, qmp=self.qmp,
            extra=o.qemu_args, pdeathsig=qemu_command.has_pdeathsig())
        bridge = None
        bridge_log = os.path.join(self.outdir, "qmp-bridge.log")
        if o.guest_qmp:
            # Each -device with an id: the bridge plugs it back as it was.
            bridge = [os.path.join(self.here, "qmp")]
            for spec in qemu_command.devices_with_id(o.qemu_args):
                bridge += ["--device", spec]
            bridge += [self.qmp, "bridge", ctl, "--log", bridge_log]
        self.boot = bootmod.Boot(argv, nonce=self.nonce, timeout_s=int(o.timeout),
                                 output_log=self.output, console_log=self.log,
                                 qemu_out=os.path.join(self.tmp, "qemu.out"), verbose=o.verbose,
                                 print_line=say, bridge_argv=bridge, bridge_log=bridge_log)

    def boot_until_judged(self):
        """Boot; under TCG a crash before /init is booted again, up to
        twice, said on stderr, each crashed boot's console log kept; the
        last boot is the verdict.  Under KVM it is not."""
        info("kernel %s (%s), accel %s, timeout %ss, logs in %s"
             % (self.release, self.o.series, self.accel, self.o.timeout, self.outdir))
        result = self.boot.run()
        self.run_start = result.start
        boots = 1
        while bootmod.may_boot_again(boots, self.accel, result):
            early = splats.scan_log(read_text(self.log))
            if not bootmod.crashed_before_init(read_text(self.log), early):
                break
            first = ktap.split_lines(early.text())[0].lstrip(" \t\n\r\f\v")
            kept = os.path.join(self.outdir, "console-boot%d.log" % boots)
            info("the kernel crashed before it ran /init (%s); booting again (boot %d of 3 at most); "
                 "that console log: %s" % (first, boots + 1, kept))
            os.replace(self.log, kept)
            open(self.log, "w").close()
            open(self.output, "w").close()
            bootmod.remove_socket(self.qmp)
            bootmod.remove_socket(self.ctl)
            self.boot.stop()
            boots += 1
            result = self.boot.run()
        return result

    def judge(self, result):
        o = self.o
        begin = "GDC-BEGIN:%s" % self.nonce
        end = "GDC-END:%s:rc=" % self.nonce
        body = ktap.command_body(read_text(self.output), begin, end)
        kv = ktap.judge(body)
        ktap.write_extracted(self.ktap_file, kv)
        # A leak counts only if a module under test (--module) allocated it.
        mods = [guest_image.module_name(m) for m in o.modules] if o.kmemleak else []
        console = read_text(self.log)
        found = splats.scan_log(console, kmemleak=o.kmemleak, modules=mods)
        with open(os.path.join(self.outdir, "splats-by-test.tsv"), "w",
                  encoding="utf-8", errors="surrogateescape") as f:
            f.write(found.by_test())
        console_lines = ktap.split_lines(console.replace("\r", ""))
        qemu_out = read_text(os.path.join(self.tmp, "qemu.out"))
        # `head -n 3 | tr '\n' ' '`
        parts = qemu_out.split("\n")
        head = ("\n".join(parts[:3]) + "\n" if len(parts) > 3 else qemu_out).replace("\n", " ")
        facts = verdictmod.RunFacts(boot=result, ktap_verdict=kv, splats=found,
                                    markers=guest_markers.GuestMarkers(console_lines, self.nonce),
                                    kmemleak=o.kmemleak, qemu_out_head=head)
        v = verdictmod.decide(facts)
        for l in verdictmod.report_lines(facts, v, log_path=self.log, console_lines=console_lines,
                                         timeout_s=o.timeout):
            say(l)
        boot_s, ktap_s, total_s = verdictmod.timings(result, self.run_start)
        say(verdictmod.verdict_line(v, self.release, self.accel, boot_s, total_s))
        if o.stats:
            guest_image.write(o.stats, verdictmod.stats_text(
                v, release=self.release, series=o.series, accel=self.accel, boot_s=boot_s,
                ktap_s=ktap_s, total_s=total_s, outdir=self.outdir))
        return 0 if v.passed else 1

    def cleanup(self):
        if self.boot is not None:
            self.boot.stop()
        if self.tmp:
            subprocess.run(["rm", "-rf", self.tmp])
        bootmod.remove_socket(self.o.qmp)


def _logical_abspath(path):
    """`cd DIR && pwd`: absolute, the symbolic links of the path and of
    the working directory ($PWD) kept."""
    cwd = os.getcwd()
    pwd = os.environ.get("PWD")
    try:
        if pwd and os.path.isabs(pwd) and os.path.samefile(pwd, cwd):
            cwd = pwd
    except OSError:
        pass
    return os.path.normpath(os.path.join(cwd, path))


def _on_signal(signum, _frame):
    if signum == signal.SIGINT:
        info("interrupted")
        raise Exit(130)
    info("terminated")
    raise Exit(143)


def main(argv, here):
    sys.stdout.reconfigure(encoding="utf-8", errors="surrogateescape")
    cache = os.environ.get("GENDISK_CHECK_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.environ.get("HOME", ""), ".cache"),
        "gendisk-check")
    os.environ["GENDISK_CHECK_CACHE"] = cache
    run = None
    status = 0
    # As the shell's trap did: a signal ignored on entry (SIGINT in a
    # background job of a script, SIGHUP under nohup) stays ignored.
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(s) != signal.SIG_IGN:
            signal.signal(s, _on_signal)
    try:
        try:
            o = options.parse(argv)
            options.validate(o, here, cache)
            run = Run(here, o, cache)
            run.prepare_paths()
            run.stage_modules()
            run.stage_files()
            run.choose_accel()
            run.build_boot()
            result = run.boot_until_judged()
            status = run.judge(result)
        except options.HelpRequested:
            sys.stdout.write(options.USAGE)
            status = 0
        except options.UsageError as e:
            sys.stderr.write("vm/run: %s\nvm/run: try 'vm/run --help'\n" % e)
            status = 2
        except Exit as e:
            status = e.status
        except BrokenPipeError:
            # A reader that went away (vm/run ... | head): still clean up.
            status = 141
        finally:
            # No signal may cut the cleanup short.
            for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
                signal.signal(s, signal.SIG_IGN)
            if run is not None:
                run.cleanup()
    except Exit as e:
        status = e.status
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        status = status or 141
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return status
