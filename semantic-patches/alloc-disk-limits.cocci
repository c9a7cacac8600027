// SPDX-License-Identifier: GPL-2.0-only
/// Port the 5.14-6.8 disk allocators to the 6.9 signatures, which take a
/// struct queue_limits * (NULL: the defaults):
///  - d = blk_alloc_disk(node) -> d = blk_alloc_disk(NULL, node), and
///    since that returns an ERR_PTR (NULL before 6.9) its check
///    !d / d == NULL -> IS_ERR(d);
///  - blk_mq_alloc_disk(set, queuedata) ->
///    blk_mq_alloc_disk(set, NULL, queuedata) (an ERR_PTR before and after).
/// gendisk_port_compat.h (make port COMPAT=1) gives the two-argument
/// blk_alloc_disk(), returning an ERR_PTR, and the three-argument
/// blk_mq_alloc_disk() back to the kernels before 6.9.
/// Report mode names each call of the old signatures in a file that does
/// not test LINUX_VERSION_CODE: the one-argument blk_alloc_disk() is
/// right on the kernels before 6.9, and a driver that supports both (the
/// reference drivers' compat headers) keeps it behind such a test, which
/// Coccinelle does not read.
//# vm/port passes -D kernel_pre_6_9 when the port is for a kernel older
//# than 6.9 only (no COMPAT=1): the old signatures are right there and
//# nothing is patched.  A blk_alloc_disk() result that is not checked
//# next to the call is still rewritten (alloc-unchecked reports it).
//# Part of the removed-api rule (reports carry its id); a file of its
//# own because `make port` applies the rules one after the other.
///
// Confidence: High
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: blk_alloc_disk, blk_mq_alloc_disk, queue_limits

virtual patch
virtual context
virtual org
virtual report
virtual kernel_pre_6_9

@one depends on patch && !kernel_pre_6_9 && !context && !org && !report@
expression D, N;
@@

- D = blk_alloc_disk(N)
+ D = blk_alloc_disk(NULL, N)

@depends on one@
expression one.D;
statement S1, S2;
@@

 D = blk_alloc_disk(NULL, ...);
(
- if (\(!D\|D == NULL\))
+ if (IS_ERR(D))
 S1 else S2
|
- if (\(!D\|D == NULL\))
+ if (IS_ERR(D))
 S1
)

@depends on patch && !kernel_pre_6_9 && !context && !org && !report@
expression T, X;
@@

- blk_mq_alloc_disk(T, X)
+ blk_mq_alloc_disk(T, NULL, X)

// ------------------------------------------------------------------------

@r depends on !patch@
expression N, T, X;
position p;
@@

(
 blk_alloc_disk@p(N)
|
 blk_mq_alloc_disk@p(T, X)
)

@script:python r_ok depends on !patch@
p << r.p;
@@

with open(p[0].file, encoding="utf-8", errors="replace") as fh:
    if "LINUX_VERSION_CODE" in fh.read():
        cocci.include_match(False)

@depends on context && !org && !report@
position r.p;
expression N, T, X;
@@

(
* blk_alloc_disk@p(N)
|
* blk_mq_alloc_disk@p(T, X)
)

@script:python depends on org@
p << r.p;
@@

cocci.print_main("the disk allocator of 5.14-6.8 (no struct queue_limits *)", p)

@script:python depends on report@
p << r.p;
@@

coccilib.report.print_report(p[0], "WARNING: 6.9 on (6.12), blk_alloc_disk()/blk_mq_alloc_disk() take a struct queue_limits * (NULL for the defaults) before the node / queuedata, and blk_alloc_disk() returns an ERR_PTR [removed-api]")
