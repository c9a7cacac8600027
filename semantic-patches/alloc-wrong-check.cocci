// SPDX-License-Identifier: GPL-2.0-only
/// Find gendisk allocations tested the wrong way.
/// blk_mq_alloc_disk() returns an ERR_PTR on failure, never NULL, and so
/// does blk_alloc_disk() on 6.12: a NULL test lets the ERR_PTR through.
/// alloc_disk(), alloc_disk_node() and blk_mq_alloc_disk_for_queue()
/// return NULL (and blk_alloc_disk() did on 6.1): IS_ERR() misses it.
/// Patch mode rewrites the test (and PTR_ERR() of a NULL result, which
/// is 0, into -ENOMEM).  IS_ERR_OR_NULL() is right for all of them.
/// A NULL test of an ERR_PTR allocator's result is told apart in two:
/// "IS_ERR() missing" (ERROR: the test is the only check, the ERR_PTR
/// goes on as a disk and is dereferenced) and "dead NULL test, IS_ERR()
/// follows" (INFO: an IS_ERR()/IS_ERR_OR_NULL() test of the same pointer
/// comes after it, with no use of the pointer between, or as its else-if;
/// the failure is caught, the NULL test is only dead code).  Patch mode
/// rewrites only the first kind.
//# The kernel version is read from the call itself: blk_alloc_disk(node)
//# (one argument, up to 6.8) returns NULL, blk_alloc_disk(lim, node)
//# (two, since 6.9) an ERR_PTR.  A file carrying both behind #if
//# LINUX_VERSION_CODE is judged branch by branch, with no -D needed.
///
// Confidence: High
// Copyright: (C) 2025 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id alloc-wrong-check (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: blk_alloc_disk, blk_mq_alloc_disk, alloc_disk, IS_ERR, NULL

virtual patch
virtual context
virtual org
virtual report

// blk_alloc_disk() changed its failure value with its arity in 6.9.
@api_null@
expression E;
position q;
@@
 blk_alloc_disk@q(E)

@api_errptr@
expression E1, E2;
position q;
@@
 blk_alloc_disk@q(E1, E2)

// A NULL test that an IS_ERR() test follows: dead, harmless.  Matched in
// every mode, on the original code (no rule has changed it yet), so that
// errfix leaves it alone.
@rdead exists@
expression D, E1;
identifier alloc = {blk_mq_alloc_disk, blk_alloc_disk};
position p1 != api_null.q, p2, p3;
statement S1, S2;
@@

 D = alloc@p1(...);
 ... when != D = E1
     when != IS_ERR(D)
     when != IS_ERR_OR_NULL(D)
(
 if (\(!D@p2\|D@p2 == NULL\)) S1 else if (<+... \(IS_ERR@p3(D)\|IS_ERR_OR_NULL@p3(D)\) ...+>) S2
|
 if (\(!D@p2\|D@p2 == NULL\)) S1
 ... when != D
 if (<+... \(IS_ERR@p3(D)\|IS_ERR_OR_NULL@p3(D)\) ...+>) S2
)

// the NULL test's own branch must leave the pointer alone
@script:python@
d << rdead.D;
s1 << rdead.S1;
@@

import re
# string literals left out (\x22 is the double quote: the SmPL lexer
# reads script text too)
code = re.sub(r'\x22(?:[^\x22\\]|\\.)*\x22', '', s1)
if re.search(r'(?<![\w>.])' + re.escape(d) + r'(?![\w])', code):
    cocci.include_match(False)

// ----------------------------- patch ------------------------------------
// Patch rules match the arity structurally: a rule runs on the code the
// rules before it produced, where the positions above no longer hold.

@errfix depends on patch && !context && !org && !report@
expression D, E1, N, L;
position p != rdead.p2;
@@

(
 D = blk_mq_alloc_disk(...);
|
 D = blk_alloc_disk(L, N);
)
 ... when != D = E1
     when != IS_ERR(D)
     when != IS_ERR_OR_NULL(D)
(
- !D@p
+ IS_ERR(D)
|
- D@p == NULL
+ IS_ERR(D)
|
- D@p != NULL
+ !IS_ERR(D)
)

@nullfix depends on patch && !context && !org && !report@
expression D, E1, N;
identifier alloc = {alloc_disk, alloc_disk_node, blk_mq_alloc_disk_for_queue};
@@

(
 D = alloc(...);
|
 D = blk_alloc_disk(N);
)
 ... when != D = E1
     when != !D
     when != IS_ERR_OR_NULL(D)
- IS_ERR(D)
+ !D

@depends on patch && !context && !org && !report@
expression D, E1, E2, N;
identifier alloc = {alloc_disk, alloc_disk_node, blk_mq_alloc_disk_for_queue};
@@

(
 D = alloc(...);
|
 D = blk_alloc_disk(N);
)
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
identifier alloc = {blk_mq_alloc_disk, blk_alloc_disk};
position p1 != api_null.q, p2 != rdead.p2;
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
identifier alloc = {alloc_disk, alloc_disk_node, blk_mq_alloc_disk_for_queue, blk_alloc_disk};
position p1 != api_errptr.q, p2;
@@

 D = alloc@p1(...);
 ... when != D = E1
     when != !D
     when != IS_ERR_OR_NULL(D)
 IS_ERR@p2(D)

@depends on context && !org && !report@
position p = {rerr.p2, rnull.p2, rdead.p2};
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
p1 << rdead.p1;
p2 << rdead.p2;
p3 << rdead.p3;
@@

cocci.print_main("dead NULL test of an ERR_PTR allocator, IS_ERR() follows", p2)
cocci.print_secs("allocated", p1)
cocci.print_secs("IS_ERR() test", p3)

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

msg = "ERROR: IS_ERR() missing: %s() returns an ERR_PTR on failure, never NULL, so this test lets it through and the error pointer is dereferenced: use IS_ERR() (allocated on line %s) [alloc-wrong-check]" % (alloc, p1[0].line)
coccilib.report.print_report(p2[0], msg)

@script:python depends on report@
p1 << rdead.p1;
p2 << rdead.p2;
p3 << rdead.p3;
alloc << rdead.alloc;
@@

msg = "INFO: dead NULL test, IS_ERR() follows: %s() returns an ERR_PTR on failure, never NULL, and the test on line %s catches it; drop this one (allocated on line %s) [alloc-wrong-check]" % (alloc, p3[0].line, p1[0].line)
coccilib.report.print_report(p2[0], msg)

@script:python depends on report@
p1 << rnull.p1;
p2 << rnull.p2;
alloc << rnull.alloc;
@@

when = " (its one-argument form, Linux < 6.9)" if alloc == "blk_alloc_disk" else ""
msg = "ERROR: %s() returns NULL on failure%s: IS_ERR() misses it (allocated on line %s) [alloc-wrong-check]" % (alloc, when, p1[0].line)
coccilib.report.print_report(p2[0], msg)
