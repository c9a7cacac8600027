# SPDX-License-Identifier: GPL-2.0
"""Variant records of the seeded-bug catch matrix: parsing and checking.

A record (variants/NAME.record) is "key = value" lines; '#' starts a
comment line; every key once.  Keys (README.md has the meaning):

  driver     ram | virtio: the reference driver the patch applies to
  breaks     what the bug is (free text)
  rule       the catalogue rule id that covers it, or "none" (runtime only)
  expect     the stages expected to catch it: STAGE or STAGE:ID tokens,
             or "none"; every stage not named is expected to miss
  gaps       stages whose tool claims to cover the bug (a rule for it)
             but misses it: STAGE or STAGE:ID, judged like an expected
             failure (XFAIL; a catch there is an XPASS, a FAIL)
  programs   selftest programs run in the VM (default: presence + lifecycle)
  vm         shared (default: several variants per boot) | alone (own boot)
  vm-timeout seconds for an "alone" boot (default 120)
  notes      free text (why a stage misses, what a catch looks like)
"""
import os
import re
import subprocess

STATIC_STAGES = ["build-6.1", "build-6.12", "sparse-6.1", "sparse-6.12",
                 "gendisk-lint-6.1", "gendisk-lint-6.12", "coccinelle"]
RUNTIME_STAGES = ["selftests-6.1", "selftests-6.12", "debug-6.12", "faults-6.12"]
STAGES = STATIC_STAGES + RUNTIME_STAGES
# The kernel each runtime stage boots (vm/kernel-cache name).
RUNTIME_KERNEL = {"selftests-6.1": "6.1", "selftests-6.12": "6.12",
                  "debug-6.12": "6.12-debug", "faults-6.12": "6.12-debug"}
# The stages on the debug kernel: by default only the references and the
# variants whose record names the stage run there (a debug boot is slow).
DEBUG_STAGES = ["debug-6.12", "faults-6.12"]
# What the faults stage runs: every fault-injectable call of the bring-up
# and removal failed in turn (selftests/gendisk_faults.c).
FAULT_PROGRAMS = ["gendisk_faults"]
PROGRAMS = ["gendisk_presence", "gendisk_io", "gendisk_ro", "gendisk_lifecycle"]
DEFAULT_PROGRAMS = ["gendisk_presence", "gendisk_lifecycle"]
KEYS = {"driver", "breaks", "rule", "expect", "gaps", "programs", "vm", "vm-timeout", "notes"}
REQUIRED = ["driver", "breaks", "rule", "expect"]


class RecordError(Exception):
    pass


def lint_catalogue(lint, analyzer_dir=None):
    """The rule ids of `lint --list-rules`, building it first with
    `make -C analyzer_dir` when it is missing.  Raises RecordError when
    there is no analyzer or it lists no rule: records cannot be checked
    without it, and skipping them would pass a check that never ran."""
    if not os.access(lint, os.X_OK) and analyzer_dir:
        r = subprocess.run(["make", "-s", "-C", analyzer_dir], capture_output=True, text=True)
        if r.returncode != 0:
            tail = " / ".join((r.stdout + r.stderr).strip().splitlines()[-3:])
            raise RecordError(f"{lint} is not built and make -C {analyzer_dir} failed: {tail}")
    if not os.access(lint, os.X_OK):
        raise RecordError(f"{lint} is missing: the records' rule ids cannot be checked (make -C analyzer)")
    r = subprocess.run([lint, "--list-rules"], capture_output=True, text=True)
    rules = {l.split()[0] for l in r.stdout.splitlines() if l.strip()}
    if r.returncode != 0 or not rules:
        raise RecordError(f"{lint} --list-rules exited {r.returncode} with {len(rules)} rules: "
                          + r.stderr.strip()[:200])
    return rules


def parse(path, catalogue):
    """Parse one record; catalogue: the set of rule ids gendisk-lint knows
    (lint_catalogue(); an empty one is an error, not a licence to skip).
    Returns a dict; raises RecordError("FILE:LINE: why")."""
    if not catalogue:
        raise RecordError(f"{path}: no rule catalogue to check it against (is analyzer/gendisk-lint built?)")
    rec = {}
    try:
        text = open(path, encoding="utf-8").read()
    except OSError as e:
        raise RecordError(f"{path}: cannot read: {e.strerror}")
    for n, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        if "=" not in s:
            raise RecordError(f"{path}:{n}: not a 'key = value' line")
        key, value = (x.strip() for x in s.split("=", 1))
        if key not in KEYS:
            raise RecordError(f"{path}:{n}: unknown key '{key}' (known: {', '.join(sorted(KEYS))})")
        if key in rec:
            raise RecordError(f"{path}:{n}: key '{key}' given twice")
        rec[key] = value
    for key in REQUIRED:
        if key not in rec:
            raise RecordError(f"{path}: missing key '{key}'")
    if rec["driver"] not in ("ram", "virtio"):
        raise RecordError(f"{path}: driver = {rec['driver']}: must be ram or virtio")
    if rec["rule"] != "none" and rec["rule"] not in catalogue:
        raise RecordError(f"{path}: rule = {rec['rule']}: not a rule of gendisk-lint --list-rules (or 'none')")
    for key in ("expect", "gaps"):
        stages = {}
        tokens = rec.get(key, "none").split()
        if tokens != ["none"]:
            for tok in tokens:
                stage, _, ident = tok.partition(":")
                if stage not in STAGES:
                    raise RecordError(f"{path}: {key}: unknown stage '{stage}' (stages: {' '.join(STAGES)})")
                if stage.startswith("gendisk-lint") and ident and ident not in catalogue:
                    raise RecordError(f"{path}: {key}: '{ident}' is not a gendisk-lint rule id")
                stages.setdefault(stage, []).append(ident)
        rec[key] = stages
    for stage, idents in rec["gaps"].items():
        if "" in idents and stage in rec["expect"]:
            raise RecordError(f"{path}: gaps: {stage} is expected to catch it (expect) and to miss it (gaps)")
    progs = rec.get("programs", " ".join(DEFAULT_PROGRAMS)).split()
    for p in progs:
        if p not in PROGRAMS:
            raise RecordError(f"{path}: programs: unknown program '{p}' (known: {' '.join(PROGRAMS)})")
    rec["programs"] = progs
    rec["vm"] = rec.get("vm", "shared")
    if rec["vm"] not in ("shared", "alone"):
        raise RecordError(f"{path}: vm = {rec['vm']}: must be shared or alone")
    t = rec.get("vm-timeout", "120")
    if not re.fullmatch(r"[1-9][0-9]*", t):
        raise RecordError(f"{path}: vm-timeout = {t}: not a number of seconds")
    rec["vm-timeout"] = int(t)
    return rec
