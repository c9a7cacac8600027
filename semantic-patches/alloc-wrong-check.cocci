// SPDX-License-Identifier: GPL-2.0-only
/// Find gendisk allocations tested the wrong way.
/// blk_mq_alloc_disk() returns an ERR_PTR on failure, never NULL, and so
/// does blk_alloc_disk() on 6.12: a NULL test lets the ERR_PTR through.
/// alloc_disk(), alloc_disk_node() and blk_mq_alloc_disk_for_queue()
/// return NULL (and blk_alloc_disk() did on 6.1): IS_ERR() misses it.
/// Patch mode rewrites the test (and PTR_ERR() of a NULL result, which
/// is 0, into -ENOMEM).  IS_ERR_OR_NULL() is right for all of them.
//# Kernel version: the default is 6.12 semantics (blk_alloc_disk()
//# returns an ERR_PTR).  For 6.1 run with -D blk_alloc_disk_returns_null
//# (make coccicheck SPFLAGS="-D blk_alloc_disk_returns_null").
///
// Confidence: High
// Copyright: (C) 2025 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id alloc-wrong-check (gendisk-check DESIGN.md)
// Options: --no-includes --include-headers
// Keywords: blk_alloc_disk, blk_mq_alloc_disk, alloc_disk, IS_ERR, NULL

virtual patch
virtual context
virtual org
virtual report
virtual blk_alloc_disk_returns_null

// Which allocators return what on the target kernel.
@errptr_alloc depends on !blk_alloc_disk_returns_null@
identifier alloc = {blk_mq_alloc_disk, blk_alloc_disk};
@@
 alloc(...)

@errptr_alloc_old depends on blk_alloc_disk_returns_null@
identifier alloc = {blk_mq_alloc_disk};
@@
 alloc(...)

@null_alloc depends on !blk_alloc_disk_returns_null@
identifier alloc = {alloc_disk, alloc_disk_node, blk_mq_alloc_disk_for_queue};
@@
 alloc(...)

@null_alloc_old depends on blk_alloc_disk_returns_null@
identifier alloc = {alloc_disk, alloc_disk_node, blk_mq_alloc_disk_for_queue, blk_alloc_disk};
@@
 alloc(...)

// ----------------------------- patch ------------------------------------

@errfix depends on patch && !context && !org && !report@
expression D, E1;
identifier alloc = {errptr_alloc.alloc, errptr_alloc_old.alloc};
@@

 D = alloc(...);
 ... when != D = E1
     when != IS_ERR(D)
     when != IS_ERR_OR_NULL(D)
(
- !D
+ IS_ERR(D)
|
- D == NULL
+ IS_ERR(D)
|
- D != NULL
+ !IS_ERR(D)
)

@nullfix depends on patch && !context && !org && !report@
expression D, E1;
identifier alloc = {null_alloc.alloc, null_alloc_old.alloc};
@@

 D = alloc(...);
 ... when != D = E1
     when != !D
     when != IS_ERR_OR_NULL(D)
- IS_ERR(D)
+ !D

@depends on patch && !context && !org && !report@
expression D, E1, E2;
identifier alloc = {null_alloc.alloc, null_alloc_old.alloc};
@@

 D = alloc(...);
 ... when != D = E1
(
 if (!D)
 return
- PTR_ERR(D)
+ -ENOMEM
 ;
|
 if (!D) {
 ...
 E2 =
- PTR_ERR(D)
+ -ENOMEM
 ;
 ...
 }
|
 if (!D) {
 ...
 return
- PTR_ERR(D)
+ -ENOMEM
 ;
 }
)

// ------------------------- context / report -----------------------------

@rerr depends on !patch exists@
expression D, E1;
identifier alloc = {errptr_alloc.alloc, errptr_alloc_old.alloc};
position p1, p2;
@@

 D = alloc@p1(...);
 ... when != D = E1
     when != IS_ERR(D)
     when != IS_ERR_OR_NULL(D)
(
 !D@p2
|
 D@p2 == NULL
|
 D@p2 != NULL
)

@rnull depends on !patch exists@
expression D, E1;
identifier alloc = {null_alloc.alloc, null_alloc_old.alloc};
position p1, p2;
@@

 D = alloc@p1(...);
 ... when != D = E1
     when != !D
     when != IS_ERR_OR_NULL(D)
 IS_ERR@p2(D)

@depends on context && !org && !report@
position p = {rerr.p2, rnull.p2};
expression D;
@@

* D@p

@script:python depends on org@
p1 << rerr.p1;
p2 << rerr.p2;
@@

cocci.print_main("NULL test of an ERR_PTR allocator", p2)
cocci.print_secs("allocated", p1)

@script:python depends on org@
p1 << rnull.p1;
p2 << rnull.p2;
@@

cocci.print_main("IS_ERR test of a NULL-returning allocator", p2)
cocci.print_secs("allocated", p1)

@script:python depends on report@
p1 << rerr.p1;
p2 << rerr.p2;
alloc << rerr.alloc;
@@

msg = "ERROR: %s() returns an ERR_PTR on failure, never NULL: use IS_ERR() (allocated on line %s) [alloc-wrong-check]" % (alloc, p1[0].line)
coccilib.report.print_report(p2[0], msg)

@script:python depends on report@
p1 << rnull.p1;
p2 << rnull.p2;
alloc << rnull.alloc;
@@

when = " on Linux 6.1" if alloc == "blk_alloc_disk" else ""
msg = "ERROR: %s() returns NULL on failure%s: IS_ERR() misses it (allocated on line %s) [alloc-wrong-check]" % (alloc, when, p1[0].line)
coccilib.report.print_report(p2[0], msg)
