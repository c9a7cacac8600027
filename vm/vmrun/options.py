# SPDX-License-Identifier: GPL-2.0
"""vm/run's command line: parsing and the checks made before any work.

Every error is a UsageError: vm/run prints it with a hint and exits 2,
nothing booted."""

import os
import re
import shutil
import stat
import subprocess
import sys

USAGE = """\
usage: vm/run --kernel SERIES --run 'COMMAND' [options]

  --kernel SERIES|TREE     6.1 or 6.12 (Debian's kernel from vm/kernel-cache),
                           6.12-debug (vm/debug-kernel: KASAN, lockdep,
                           kmemleak...), or the path of a kernel tree you
                           built (or its O= dir); `vm/kernel-cache list`
                           names them
  --run 'COMMAND'          run by /bin/sh in the guest, cwd /opt/tests; its
                           stdout+stderr is the test output (KTAP expected)
  --module FILE.ko         out-of-tree module (.ko or .ko.xz), copied to
                           /lib/modules/extra/<name>.ko (repeatable)
  --kmod NAME              a module of the kernel itself (brd, null_blk, loop,
                           zram, virtio_blk...) with its dependencies (repeatable)
  --insmod 'NAME [PARAMS]' load NAME (and what it needs) before the command;
                           NAME is a --module, a --kmod or any module of the
                           kernel (repeatable, in order)
  --copy SRC[:DEST]        copy a file or directory into the guest; DEST
                           defaults to /opt/tests/<basename>; a relative
                           DEST is under /opt/tests (repeatable)
  --timeout SEC            hard wall-clock limit of the VM, a boot again after
                           a crash before /init included (default 300 times
                           the kernel's time factor: 4 for a debug kernel)
  --log FILE               serial console log (kernel log + dmesg dump)
  --ktap FILE              the KTAP lines of the test output
  --out DIR                directory for the logs (default out/vm/<run>)
  --stats FILE             key=value timings and verdict, for scripts
  --mem MB                 guest memory (default 1024)
  --smp N                  guest CPUs (default 2)
  --accel auto|kvm|tcg     auto probes KVM once per boot of the host and
                           falls back to TCG (default auto)
  --append 'ARGS'          extra kernel command line
  --qemu-arg ARG           extra QEMU argument (repeatable)
  --qmp SOCKET             expose QEMU's QMP on a unix socket
  --guest-qmp              let the guest's tests drive QMP: a control
                           serial port (ttyS2, $GDC_QMP_PORT in the
                           command's environment, gdc-qmp in the guest)
                           served by vm/qmp bridge (hot-add/remove a
                           virtio-blk disk, block_resize)
  --hung-task SEC          guest hung_task_timeout_secs (default 30 times the
                           kernel's time factor)
  --kmemleak               scan with kmemleak after the command (debug
                           kernels) and fail on an "unreferenced object"
                           allocated by a --module (other leaks are shown
                           but not blamed)
  -v, --verbose            also stream the kernel console
  -h, --help               this text

Prints the test output as it arrives, then any offending lines and
  vm: PASS kernel=<rel> accel=<tcg|kvm> boot=<s>s total=<s>s
  vm: FAIL kernel=<rel> accel=... boot=... total=... reason=<reasons>
Exit status: 0 PASS, 1 FAIL, 2 usage error.
"""

_FLAGS = {"-v": "verbose", "--verbose": "verbose", "--kmemleak": "kmemleak",
          "--guest-qmp": "guest_qmp"}
_SINGLE = {"--kernel": "series", "--run": "command", "--timeout": "timeout",
           "--log": "log", "--ktap": "ktap", "--out": "outdir", "--stats": "stats",
           "--mem": "mem", "--smp": "smp", "--accel": "accel", "--append": "append",
           "--qmp": "qmp", "--hung-task": "hung_task"}
_LISTS = {"--module": "modules", "--kmod": "kmods", "--insmod": "insmods",
          "--copy": "copies", "--qemu-arg": "qemu_args"}
MODULE_SUFFIXES = (".ko", ".ko.xz", ".ko.gz", ".ko.zst")


class UsageError(Exception):
    pass


class HelpRequested(Exception):
    pass


class Options:
    def __init__(self):
        self.series = ""
        self.command = ""
        self.modules, self.kmods, self.insmods, self.copies, self.qemu_args = [], [], [], [], []
        self.timeout = self.log = self.ktap = self.outdir = self.stats = ""
        self.mem, self.smp, self.accel = "1024", "2", "auto"
        self.append = self.qmp = self.hung_task = ""
        self.guest_qmp = self.kmemleak = self.verbose = False
        self.time_factor = 1
        self.copy_pairs = []    # (source, guest destination)


def parse(argv):
    """Options of argv (without the program name); '--opt=value' is
    '--opt value'."""
    o = Options()
    args = list(argv)
    while args:
        opt = args[0]
        if opt.startswith("--") and "=" in opt:
            name, _, value = opt.partition("=")
            args[0:1] = [name, value]
            continue
        if opt in ("-h", "--help"):
            raise HelpRequested()
        if opt in _FLAGS:
            setattr(o, _FLAGS[opt], True)
            args.pop(0)
            continue
        if len(args) < 2:
            raise UsageError("%s needs an argument" % opt)
        value = args[1]
        if opt in _SINGLE:
            setattr(o, _SINGLE[opt], value)
        elif opt in _LISTS:
            getattr(o, _LISTS[opt]).append(value)
        else:
            raise UsageError("unknown option '%s'" % opt)
        del args[0:2]
    return o


def is_uint(s):
    return re.fullmatch(r"[0-9]+", s) is not None


def _basename(path):
    """basename(1): trailing slashes do not count."""
    stripped = path.rstrip("/")
    return os.path.basename(stripped) if stripped else "/"


def copy_destination(spec):
    """(source, guest path) of a --copy SRC[:DEST]: SRC:DEST unless the
    whole argument names an existing file; a relative DEST is under
    /opt/tests, one ending in / gets the source's name."""
    src, dest = spec, ""
    if ":" in spec and not os.path.exists(spec):
        src, _, dest = spec.rpartition(":")
    if not os.path.exists(src):
        raise UsageError("--copy: no such file or directory: %s" % src)
    if not dest:
        dest = _basename(src)
    if not dest.startswith("/"):
        dest = "/opt/tests/" + dest
    if dest.endswith("/"):
        dest += _basename(src)
    return src, dest


def _known_series(here):
    r = subprocess.run([os.path.join(here, "kernel-cache"), "list"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    names = "6.1\n6.12\n" + r.stdout
    s = subprocess.run(["sort", "-uV"], input=names, stdout=subprocess.PIPE, text=True)
    return " ".join(s.stdout.split()) + " "


def time_factor(here, series):
    r = subprocess.run([os.path.join(here, "kernel-cache"), "time-factor", series],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    f = r.stdout.strip() if r.returncode == 0 else ""
    return int(f) if is_uint(f) and int(f) >= 1 else 1


def is_tree(arg):
    """A kernel tree's path rather than a kernel name (vm/kernel-cache's rule)."""
    return "/" in arg or (os.path.isdir(arg) and os.path.isfile(os.path.join(arg, "Makefile")))


def resolve_tree(here, arg):
    """The cache name of a kernel tree you built (vm/kernel-cache imports
    it); its refusal (not built, options missing) is the usage error."""
    r = subprocess.run([os.path.join(here, "kernel-cache"), "resolve", arg],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise UsageError(r.stderr.strip() or "kernel tree '%s' cannot be used" % arg)
    if r.stderr:
        print(r.stderr, end="", file=sys.stderr)
    return r.stdout.strip()


def validate(o, here, cache):
    """Check everything before any work; fills in the defaults that
    depend on the kernel (timeout, hung-task limit) and o.copy_pairs."""
    if not o.series:
        raise UsageError("--kernel SERIES is required (6.1, 6.12 or 6.12-debug)")
    if is_tree(o.series):
        o.series = resolve_tree(here, o.series)
    if o.series not in ("6.1", "6.12") and \
            not os.path.isfile(os.path.join(cache, "kernels", o.series, "complete")):
        if o.series.endswith(("-debug", "-tiny")):
            flavour = o.series.rpartition("-")[2]
            raise UsageError("kernel '%s' is not built: run 'make %s-kernel' (vm/%s-kernel)"
                             % (o.series, flavour, flavour))
        raise UsageError("unknown kernel series '%s' (known: %s)" % (o.series, _known_series(here)))
    if not o.command:
        raise UsageError("--run 'COMMAND' is required")
    # Debug kernels are slower (KASAN, lockdep...): default limits scale.
    o.time_factor = time_factor(here, o.series)
    if not o.timeout:
        o.timeout = str(300 * o.time_factor)
    if not o.hung_task:
        o.hung_task = str(30 * o.time_factor)
    if not (is_uint(o.timeout) and int(o.timeout) > 0):
        raise UsageError("--timeout wants seconds > 0, not '%s'" % o.timeout)
    if not (is_uint(o.mem) and int(o.mem) >= 128):
        raise UsageError("--mem wants megabytes >= 128, not '%s'" % o.mem)
    if not (is_uint(o.smp) and int(o.smp) >= 1):
        raise UsageError("--smp wants a CPU count >= 1, not '%s'" % o.smp)
    if not is_uint(o.hung_task):
        raise UsageError("--hung-task wants seconds, not '%s'" % o.hung_task)
    if o.accel not in ("auto", "kvm", "tcg"):
        raise UsageError("--accel is auto, kvm or tcg, not '%s'" % o.accel)
    for m in o.modules:
        if not os.path.isfile(m):
            raise UsageError("no such module file: %s" % m)
        if not m.endswith(MODULE_SUFFIXES):
            raise UsageError("not a module (.ko/.ko.xz): %s" % m)
    o.copy_pairs = [copy_destination(c) for c in o.copies]
    if o.qmp and os.path.lexists(o.qmp) and os.path.exists(o.qmp) and \
            not _is_socket(o.qmp):
        raise UsageError("--qmp %s exists and is not a socket" % o.qmp)
    if o.accel == "kvm" and not os.path.exists("/dev/kvm"):
        raise UsageError("--accel kvm but there is no /dev/kvm")
    if not shutil.which("qemu-system-x86_64"):
        raise UsageError("qemu-system-x86_64 not found: install qemu-system-x86")
    if not shutil.which("cpio"):
        raise UsageError("cpio not found: install cpio")


def _is_socket(path):
    try:
        return stat.S_ISSOCK(os.stat(path).st_mode)
    except OSError:
        return False
