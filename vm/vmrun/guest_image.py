# SPDX-License-Identifier: GPL-2.0
"""The per-run initramfs: a small gzip cpio appended to the cached base
(vm/initramfs-base) -- the kernel unpacks concatenated archives in order.

It holds the modules (decompressed) with a modules.dep for busybox
modprobe/rmmod, /etc/gdc/load (what init loads, each --insmod after what
it depends on), the copied files, /etc/gdc/run.sh (the command) and
/etc/gdc/config (nonce, hung-task limit, kmemleak)."""

import gzip
import lzma
import os
import re
import shlex
import shutil
import subprocess

EXTRA = "/lib/modules/extra/"


def module_name(path_or_name):
    """The kernel's name of a module file or name: no directory, no
    .xz/.zst/.gz, no .ko, '-' is '_'."""
    n = path_or_name.rsplit("/", 1)[-1]
    for suffix in (".xz", ".zst", ".gz", ".ko"):
        if n.endswith(suffix):
            n = n[:-len(suffix)]
    return n.replace("-", "_")


class Module:
    def __init__(self, name, guest_path, host_path, deps):
        self.name = name
        self.guest_path = guest_path
        self.host_path = host_path
        self.deps = [d for d in deps.split(",") if d]


def parse_kernel_modules(text):
    """vm/kernel-modules' lines: name, guest path, host file, deps."""
    mods = []
    for line in text.splitlines():
        if not line:
            continue
        f = line.split("\t", 3)
        f += [""] * (4 - len(f))
        mods.append(Module(*f))
    return mods


def modules_dep(mods, release):
    """modules.dep: each module's path, relative to /lib/modules/<rel>/
    (extra/<file> for out-of-tree ones), with those of its deps."""
    by_name = {m.name: m for m in mods}
    kdir = "/lib/modules/%s/" % release

    def rel(g):
        if g.startswith(EXTRA):
            return "extra/" + g.rsplit("/", 1)[-1]
        return g[len(kdir):] if g.startswith(kdir) else g

    out = []
    for m in mods:
        line = rel(m.guest_path) + ":"
        for d in m.deps:
            line += " " + rel(by_name[d].guest_path)
        out.append(line + "\n")
    return "".join(out)


def split_insmod(spec):
    """('name', 'params') of an --insmod 'NAME [PARAMS]' (the shell's
    `read -r name params`: blanks around both dropped)."""
    first = spec.split("\n", 1)[0]
    m = re.match(r"[ \t]*([^ \t]*)[ \t]*(.*?)[ \t]*$", first)
    return m.group(1), m.group(2)


def load_list(mods, insmods):
    """/etc/gdc/load: "name guest-path params" lines, every --insmod
    after the modules it depends on (each of those once)."""
    by_name = {m.name: m for m in mods}
    queued = set()
    out = []

    def queue(name, params):
        for d in by_name[name].deps:
            if d not in queued:
                queue(d, "")
        out.append("%s %s %s\n" % (name, by_name[name].guest_path, params))
        queued.add(name)

    for spec in insmods:
        name, params = split_insmod(spec)
        queue(module_name(name), params)
    return "".join(out)


def install_module(host_path, dest):
    """Copy a module into the image, decompressed."""
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    if host_path.endswith(".xz"):
        with lzma.open(host_path) as src, open(dest, "wb") as dst:
            shutil.copyfileobj(src, dst)
    elif host_path.endswith(".gz"):
        with gzip.open(host_path) as src, open(dest, "wb") as dst:
            shutil.copyfileobj(src, dst)
    elif host_path.endswith(".zst"):
        with open(dest, "wb") as dst:
            subprocess.run(["zstd", "-qdc", host_path], stdout=dst, check=True)
    else:
        shutil.copyfile(host_path, dest)


def run_script(series, release, time_factor, command, guest_qmp):
    s = "export GDC_SERIES=%s GDC_RELEASE=%s GDC_TIME_FACTOR=%s\n" % (
        shlex.quote(series), shlex.quote(release), shlex.quote(str(time_factor)))
    if guest_qmp:
        s += "export GDC_QMP_PORT=/dev/ttyS2\n"
    return s + command + "\n"


def guest_config(nonce, hung_task, kmemleak):
    return "NONCE=%s\nHUNG_TASK_SECS=%s\nKMEMLEAK=%d\n" % (nonce, hung_task, 1 if kmemleak else 0)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def pack(stage, archive):
    """stage/ as a gzip newc cpio, owned by root, sorted."""
    script = ("find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet | gzip -1")
    with open(archive, "wb") as out:
        subprocess.run(["bash", "-o", "pipefail", "-c", script], cwd=stage, stdout=out, check=True)


def concatenate(parts, dest):
    with open(dest, "wb") as out:
        for p in parts:
            with open(p, "rb") as f:
                shutil.copyfileobj(f, out)
