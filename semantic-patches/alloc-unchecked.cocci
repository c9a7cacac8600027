// SPDX-License-Identifier: GPL-2.0-only
/// Find gendisk allocations whose result is used before any failure check.
/// alloc_disk() / alloc_disk_node() and blk_mq_alloc_disk_for_queue()
/// return NULL on failure, blk_mq_alloc_disk() an ERR_PTR, and
/// blk_alloc_disk() an ERR_PTR since 6.9 (NULL before).  Dereferencing the
/// result, or passing it to a function other than the error helpers and
/// put_disk(), before testing it oopses when the allocation fails (e.g.
/// when 6.12 rejects the queue limits with ERR_PTR(-EINVAL)).
//# The message names the failure value from the call's arity:
//# blk_alloc_disk(node) (up to 6.8) returns NULL, blk_alloc_disk(lim,
//# node) (6.9 on) an ERR_PTR.
//# No patch mode: the right error return depends on the function.
///
// Confidence: High
// Copyright: (C) 2025 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id alloc-unchecked (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: blk_alloc_disk, blk_mq_alloc_disk, alloc_disk, IS_ERR

virtual context
virtual org
virtual report

@initialize:python@
@@
null_calls = set()

@api_null@
expression E;
position q;
@@
 blk_alloc_disk@q(E)

@script:python@
q << api_null.q;
@@
null_calls.add((q[0].file, q[0].line, q[0].column))

@r exists@
expression D, E1;
identifier alloc = {blk_alloc_disk, blk_mq_alloc_disk, alloc_disk, alloc_disk_node, blk_mq_alloc_disk_for_queue};
identifier fld;
identifier f !~ "^(IS_ERR|IS_ERR_OR_NULL|PTR_ERR|PTR_ERR_OR_ZERO|ERR_CAST|put_disk|WARN_ON|WARN_ON_ONCE|unlikely|likely)$";
statement S1, S2;
position p1, p2;
@@

 D = alloc@p1(...);
 ... when != D = E1
     when != IS_ERR(D)
     when != IS_ERR_OR_NULL(D)
     when != PTR_ERR_OR_ZERO(D)
     when != !D
     when != D != NULL
     when != if (D) S1 else S2
     when != if (D) S1
(
 D@p2->fld
|
 f@p2(..., D, ...)
)

@depends on context && !org && !report@
expression r.D;
position r.p1, r.p2;
identifier r.alloc;
@@

(
* alloc@p1(...)
|
* D@p2
)

@script:python depends on org@
p1 << r.p1;
p2 << r.p2;
@@

cocci.print_main("unchecked gendisk used", p2)
cocci.print_secs("allocated", p1)

@script:python depends on report@
p1 << r.p1;
p2 << r.p2;
d << r.D;
alloc << r.alloc;
@@

null_allocs = ("alloc_disk", "alloc_disk_node", "blk_mq_alloc_disk_for_queue")
one_arg = (p1[0].file, p1[0].line, p1[0].column) in null_calls
kind = "NULL" if alloc in null_allocs or one_arg else "an ERR_PTR"
msg = "ERROR: '%s' may be %s here: result of %s() on line %s is not checked [alloc-unchecked]" % (d.replace(" -> ", "->").replace(" . ", ".").replace(" [ ", "[").replace(" ]", "]"), kind, alloc, p1[0].line)
coccilib.report.print_report(p2[0], msg)
