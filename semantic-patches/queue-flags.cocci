// SPDX-License-Identifier: GPL-2.0-only
/// Port the queue flag setters of flags that 6.12 no longer has and
/// whose 6.12 default is what the setter asked for.
/// Patch mode:
///  - blk_queue_flag_set(QUEUE_FLAG_NONROT, q); goes: since the
///    QUEUE_FLAG_*s became queue_limits features (in 6.10..6.12), a queue is
///    non-rotational unless its limits have BLK_FEAT_ROTATIONAL;
///  - blk_queue_flag_clear(QUEUE_FLAG_ADD_RANDOM, q); goes: a queue
///    feeds the entropy pool only with BLK_FEAT_ADD_RANDOM.
/// With -D compat (make port COMPAT=1) the call becomes
/// GDPORT_QUEUE_NONROT(q) / GDPORT_QUEUE_NO_ADD_RANDOM(q), which
/// gendisk_port_compat.h makes the old setter where the flag exists
/// (6.1) and nothing where it does not.
/// Report mode names each setter of a flag 6.12 does not have, outside
/// an #if on the kernel version or the flag (a compat header's branch
/// for older kernels; patch mode rewrites those too).
//# The other direction (clearing NONROT, setting ADD_RANDOM) and the
//# other removed flags (QUEUE_FLAG_WC, _FUA, _DAX, ...) need the feature
//# in the queue_limits the disk is allocated with: reported, ported by
//# hand.  Part of the removed-api rule (reports carry its id); a file of
//# its own because `make port` applies the rules one after the other.
///
// Confidence: High
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: blk_queue_flag_set, blk_queue_flag_clear, QUEUE_FLAG_NONROT, QUEUE_FLAG_ADD_RANDOM

virtual patch
virtual context
virtual org
virtual report
virtual compat

@depends on patch && !compat && !context && !org && !report@
expression Q;
@@

(
- blk_queue_flag_set(QUEUE_FLAG_NONROT, Q);
|
- blk_queue_flag_clear(QUEUE_FLAG_ADD_RANDOM, Q);
)

@depends on patch && compat && !context && !org && !report@
expression Q;
@@

(
- blk_queue_flag_set(QUEUE_FLAG_NONROT, Q);
+ GDPORT_QUEUE_NONROT(Q);
|
- blk_queue_flag_clear(QUEUE_FLAG_ADD_RANDOM, Q);
+ GDPORT_QUEUE_NO_ADD_RANDOM(Q);
)

// ------------------------------------------------------------------------

@r depends on !patch@
identifier f = {blk_queue_flag_set, blk_queue_flag_clear};
identifier F = {QUEUE_FLAG_NONROT, QUEUE_FLAG_ADD_RANDOM, QUEUE_FLAG_IO_STAT, QUEUE_FLAG_SYNCHRONOUS, QUEUE_FLAG_STABLE_WRITES, QUEUE_FLAG_NOWAIT, QUEUE_FLAG_DAX, QUEUE_FLAG_WC, QUEUE_FLAG_FUA, QUEUE_FLAG_POLL, QUEUE_FLAG_DISCARD, QUEUE_FLAG_SECERASE};
expression Q;
position p;
@@

 f@p(F, Q)

@depends on context && !org && !report@
identifier r.f;
position r.p;
@@

* f@p(...)

@script:python depends on org@
p << r.p;
F << r.F;
@@

cocci.print_main("%s is gone" % F, p)

@script:python depends on report@
p << r.p;
f << r.f;
F << r.F;
@@

# A setter inside a version (or flag) branch is for the kernels that
# have the flag (a compat header's pre-6.10 branch): not reported.
# (directly, or through a macro defined from the version).
def in_version_branch(fname, line):
    import re
    keys = ["LINUX_VERSION_CODE", "KERNEL_VERSION", "QUEUE_FLAG_"]
    stack = []
    with open(fname, encoding="utf-8", errors="replace") as fh:
        for no, text in enumerate(fh, 1):
            if no >= line:
                break
            t = text.strip()
            m = re.match(r"#\s*define\s+(\w+)\s+(.*)", t)
            if m and any(k in m.group(2) for k in keys):
                keys.append(m.group(1))
            if re.match(r"#\s*if", t):
                stack.append(t)
            elif re.match(r"#\s*endif", t) and stack:
                stack.pop()
    return any(k in t for t in stack for k in keys)

if in_version_branch(p[0].file, int(p[0].line)):
    cocci.include_match(False)
elif (f, F) in (("blk_queue_flag_set", "QUEUE_FLAG_NONROT"), ("blk_queue_flag_clear", "QUEUE_FLAG_ADD_RANDOM")):
    coccilib.report.print_report(p[0], "WARNING: %s does not exist on 6.12: use nothing: it is 6.12's default [removed-api]" % F)
else:
    coccilib.report.print_report(p[0], "WARNING: %s does not exist on 6.12: use the feature in the queue_limits of blk_alloc_disk()/blk_mq_alloc_disk() (BLK_FEAT_*) [removed-api]" % F)
