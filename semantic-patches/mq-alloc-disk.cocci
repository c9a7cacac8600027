// SPDX-License-Identifier: GPL-2.0-only
/// Port the 5.x blk-mq allocation that keeps the queue in a field of the
/// driver's device -- blk_mq_init_queue(set) or
/// blk_mq_init_sq_queue(set, ops, depth, flags), checked, the queue kept
/// in dev->queue (directly or through a local alias), queuedata set,
/// then alloc_disk(minors) checked and disk->queue = dev->queue -- to
/// blk_mq_alloc_disk() (6.12's three arguments; gendisk_port_compat.h
/// gives them to 6.1 with COMPAT=1).  Patch mode:
///  - the queue allocation becomes the disk allocation, where the queue
///    was allocated (every later use of the queue finds it there):
///      d = blk_mq_alloc_disk(set, NULL, queuedata);
///    for blk_mq_init_sq_queue() the tag set is allocated first:
///      d = ERR_PTR(blk_mq_alloc_sq_tag_set(set, ops, depth, flags));
///      if (!IS_ERR(d))
///              d = blk_mq_alloc_disk(set, NULL, queuedata);
///    and the queue's check is the disk's (IS_ERR(d), PTR_ERR(d));
///  - the queue field gets the disk's queue: dev->queue = d->queue;
///  - "q->queuedata = x;" goes (x is blk_mq_alloc_disk's argument);
///  - alloc_disk(minors) and its check become d->minors = minors;
///  - disk->queue = dev->queue goes, and so does
///    blk_cleanup_queue(dev->queue) (put_disk() releases a queue the
///    disk owns), and the local alias when nothing else uses it.
/// The late shape: the queue in a local alias (declared with its
/// allocation, often in a block of its own) stored in the device, and
/// the disk declared with alloc_disk() in an inner block (or its pointer
/// used between the two): no disk pointer exists where the queue is
/// allocated, so when nothing but the store and queuedata uses the
/// queue before alloc_disk(), the disk is allocated where alloc_disk()
/// was -- d = blk_mq_alloc_disk(set, NULL, queuedata), IS_ERR(d) (its
/// -ENOMEM the allocator's PTR_ERR(d)), d->minors = minors and
/// dev->queue = d->queue after the check -- and the queue allocation,
/// its check, the store and a block left empty go.
/// In both shapes "if (c) { blk_cleanup_queue(dev->queue);
/// dev->queue = NULL; }" becomes "dev->queue = NULL;".
/// Report mode names the queue allocation of each such chain.
//# The first shape only when nothing between the queue allocation and
//# alloc_disk() assigns the disk pointer and the queue is assigned, not
//# declared with its allocation (setters on the queue between are
//# fine); the late shape only when nothing but the store and queuedata
//# uses the queue between (a setter would run before the queue exists)
//# and the alias is not used after its store.  Either is left alone
//# (removed-api reports it) when it is a chain whose alloc_disk() is also
//# reached on a path without the blk-mq queue (a driver with a bio
//# mode beside its blk-mq one): that path would lose its disk.
//# removed-api rewrites the same allocation
//# when the queue is a local variable only; this rule is for the
//# queue kept in the device.  Part of the removed-api rule (reports
//# carry its id); a file of its own because `make port` applies the
//# rules one after the other (port.rules).
///
// Confidence: Moderate
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: blk_mq_init_queue, blk_mq_init_sq_queue, alloc_disk, blk_mq_alloc_disk

virtual patch
virtual context
virtual org
virtual report

// The chain: the queue allocated into Q (a field, or a local alias of
// one), checked; the disk allocated into D, checked or not.
@alloc depends on patch && !context && !org && !report@
expression Q, D, T, M, E0, E1;
expression O, N, FL;
statement S1, S2;
position pq, pd, pc;
@@

(
 Q@pq = blk_mq_init_queue@pc(T);
|
 Q@pq = blk_mq_init_sq_queue@pc(T, O, N, FL);
)
 if (\(IS_ERR(Q)\|Q == NULL\|!Q\)) S1
 ... when != Q = E0
     when != D = E1
     when != D
(
 D@pd = alloc_disk(M);
|
 if ((D@pd = alloc_disk(M)) == NULL) S2
)

// The pattern above also matches a queue declared with its allocation
// (struct request_queue *q = blk_mq_init_queue(set);), which the
// rewrites below cannot turn into the disk's: that is the late shape's
// (below), or left alone.
@adecl@
position alloc.pc;
identifier q;
type TQ;
@@

 TQ q = \(blk_mq_init_queue@pc\|blk_mq_init_sq_queue@pc\)(...);

// A path that reaches alloc_disk() without the queue allocation (a
// branch with another queue, or none): the disk must stay allocated
// there, so the chain is left alone.
@bad exists@
expression alloc.Q, alloc.D, alloc.M;
position alloc.pd;
statement S2;
identifier fn;
@@

 fn(...) {
 ... when != Q = blk_mq_init_queue(...)
     when != Q = blk_mq_init_sq_queue(...)
(
 D@pd = alloc_disk(M);
|
 if ((D@pd = alloc_disk(M)) == NULL) S2
)
 ...
 }

// Q is a local variable, and the device's field F is assigned it.
@alias depends on alloc@
expression alloc.D, alloc.M, F;
identifier q;
position alloc.pq, alloc.pd, pa;
statement S2;
@@

 q@pq = \(blk_mq_init_queue\|blk_mq_init_sq_queue\)(...);
 ...
 F@pa = q;
 ...
(
 D@pd = alloc_disk(M);
|
 if ((D@pd = alloc_disk(M)) == NULL) S2
)

// The queuedata set between the two allocations.
@qdata depends on alloc@
expression alloc.Q, alloc.D, alloc.M, E, X;
position alloc.pq, alloc.pd;
statement S2;
@@

 Q@pq = \(blk_mq_init_queue\|blk_mq_init_sq_queue\)(...);
 ...
 E->queuedata = X;
 ...
(
 D@pd = alloc_disk(M);
|
 if ((D@pd = alloc_disk(M)) == NULL) S2
)

// Positions are not inherited over modifications: from here on the
// rules name the statements by the expressions the matches bound.
@depends on qdata && !bad && !adecl@
expression qdata.E, qdata.X;
@@

- E->queuedata = X;

// The disk where the queue was allocated; the queue's check is the
// disk's.
@depends on qdata && !bad && !adecl@
expression alloc.Q, alloc.D, alloc.T, alloc.O, alloc.N, alloc.FL, qdata.X;
statement S1;
@@

(
- Q = blk_mq_init_queue(T);
+ D = blk_mq_alloc_disk(T, NULL, X);
|
- Q = blk_mq_init_sq_queue(T, O, N, FL);
+ D = ERR_PTR(blk_mq_alloc_sq_tag_set(T, O, N, FL));
+ if (!IS_ERR(D))
+ 	D = blk_mq_alloc_disk(T, NULL, X);
)
- if (\(IS_ERR(Q)\|Q == NULL\|!Q\)) S1
+ if (IS_ERR(D)) S1

@depends on alloc && !qdata && !bad && !adecl@
expression alloc.Q, alloc.D, alloc.T, alloc.O, alloc.N, alloc.FL;
statement S1;
@@

(
- Q = blk_mq_init_queue(T);
+ D = blk_mq_alloc_disk(T, NULL, NULL);
|
- Q = blk_mq_init_sq_queue(T, O, N, FL);
+ D = ERR_PTR(blk_mq_alloc_sq_tag_set(T, O, N, FL));
+ if (!IS_ERR(D))
+ 	D = blk_mq_alloc_disk(T, NULL, NULL);
)
- if (\(IS_ERR(Q)\|Q == NULL\|!Q\)) S1
+ if (IS_ERR(D)) S1

@depends on alloc && !bad && !adecl@
expression alloc.Q, alloc.D;
@@

 if (IS_ERR(D)) {
 <...
- PTR_ERR(Q)
+ PTR_ERR(D)
 ...>
 }

// The device's field gets the disk's queue: in place of the alias, or
// after the check when the queue was allocated into the field.
@depends on alias && !bad && !adecl@
expression alloc.D, alias.F;
identifier alias.q;
@@

 F =
- q
+ D->queue
 ;

@depends on alloc && !alias && !bad && !adecl@
expression alloc.Q, alloc.D;
statement S1;
@@

 if (IS_ERR(D)) S1
+ Q = D->queue;

// alloc_disk(minors) and its check: the disk has been allocated.
@depends on alloc && !bad && !adecl@
expression alloc.D, alloc.M;
statement S2;
@@

(
- D = alloc_disk(M);
- if (\(!D\|D == NULL\)) S2
+ D->minors = M;
|
- D = alloc_disk(M);
+ D->minors = M;
|
- if ((D = alloc_disk(M)) == NULL) S2
+ D->minors = M;
)

// The disk owns its queue: it is not assigned, nor cleaned up.
@depends on alloc && !alias && !bad && !adecl@
expression alloc.D, alloc.Q;
@@

- D->queue = Q;

@depends on alias && !bad && !adecl@
expression alloc.D, alias.F;
@@

- D->queue = F;

// The local alias, now unused.
@depends on alias && !bad && !adecl@
identifier alias.q;
@@

- struct request_queue *q;
  ... when != q

// The late shape: the queue allocated into a local alias (declared
// with it, often in a block of its own) and stored in the device, the
// disk declared where alloc_disk() is, or assigned after other uses of
// its pointer.  No disk pointer exists where the queue is allocated,
// but nothing uses the queue before alloc_disk() except its store and
// queuedata: the disk is allocated where alloc_disk() was and the
// queue allocation goes.  Setters or other uses of the queue between
// leave the chain alone (removed-api reports it).
@late depends on patch && !context && !org && !report@
identifier q, Di;
expression F, T, M, X, D;
statement S1, S2;
position pq, pa, pd;
@@

(
 struct request_queue *q = blk_mq_init_queue@pq(T);
|
 q = blk_mq_init_queue@pq(T);
)
 if (\(IS_ERR(q)\|q == NULL\)) S1
(
 ... when != q
 q->queuedata = X;
 ... when != q
|
 ... when != q
)
 F@pa = q;
(
 ... when != F
     when != q
 F->queuedata = X;
 ... when != F
     when != q
|
 ... when != F
     when != q
)
(
 struct gendisk *Di@pd = alloc_disk(M);
 if (\(!Di\|Di == NULL\)) S2
|
 D@pd = alloc_disk(M);
 if (\(!D\|D == NULL\)) S2
|
 if ((D@pd = alloc_disk(M)) == NULL) S2
|
 D@pd = alloc_disk(M);
)

// alloc_disk() also reached without this queue: left alone (as bad).
@late_bad exists@
position late.pd;
expression D, M;
identifier fn, Di;
statement S2;
@@

 fn(...) {
 ... when != blk_mq_init_queue(...)
(
 struct gendisk *Di@pd = alloc_disk(M);
|
 D@pd = alloc_disk(M);
|
 if ((D@pd = alloc_disk(M)) == NULL) S2
)
 ...
 }

// The alias used after its store (it would be left unset): left alone.
@late_qused exists@
identifier late.q;
expression late.F;
position late.pa, p;
expression E;
@@

 F@pa = q;
 ... when != q = E
(
 struct request_queue *q = E;
|
 q@p
)

@late_qbad@
identifier late.q;
position late_qused.p;
@@

 q@p

@late_ok depends on late && !late_bad && !late_qbad@
position late.pq;
@@

 blk_mq_init_queue@pq(...)

// The queuedata set between the two allocations.
@late_qd depends on late_ok@
expression E, X, Q, D, M;
identifier q, Di;
position late.pq, late.pd;
statement S2;
@@

(
 struct request_queue *q = blk_mq_init_queue@pq(...);
|
 Q = blk_mq_init_queue@pq(...);
)
 ...
 E->queuedata = X;
 ...
(
 struct gendisk *Di@pd = alloc_disk(M);
|
 D@pd = alloc_disk(M);
|
 if ((D@pd = alloc_disk(M)) == NULL) S2
)

@depends on late_qd@
expression late_qd.E, late_qd.X;
@@

- E->queuedata = X;

// The queue's block of its own goes with it.
@depends on late_ok@
identifier late.q;
expression late.T, late.F;
statement S1;
@@

- {
- struct request_queue *q = blk_mq_init_queue(T);
- if (\(IS_ERR(q)\|q == NULL\)) S1
- F = q;
- }

@depends on late_ok@
identifier late.q;
expression late.T, late.F;
statement S1;
@@

(
- struct request_queue *q = blk_mq_init_queue(T);
|
- q = blk_mq_init_queue(T);
)
- if (\(IS_ERR(q)\|q == NULL\)) S1
 ...
- F = q;

@depends on late_ok@
identifier late.q;
@@

- struct request_queue *q;
  ... when != q

// The disk where alloc_disk() was, its check an IS_ERR(), then the
// minors and the device's queue.
@depends on late_ok && late_qd@
identifier late.Di;
expression late.M, late.T, late.F, late_qd.X;
statement S2;
@@

 struct gendisk *Di =
- alloc_disk(M)
+ blk_mq_alloc_disk(T, NULL, X)
 ;
- if (\(!Di\|Di == NULL\)) S2
+ if (IS_ERR(Di)) S2
+ Di->minors = M;
+ F = Di->queue;

@depends on late_ok && !late_qd@
identifier late.Di;
expression late.M, late.T, late.F;
statement S2;
@@

 struct gendisk *Di =
- alloc_disk(M)
+ blk_mq_alloc_disk(T, NULL, NULL)
 ;
- if (\(!Di\|Di == NULL\)) S2
+ if (IS_ERR(Di)) S2
+ Di->minors = M;
+ F = Di->queue;

@depends on late_ok && late_qd@
expression late.D, late.M, late.T, late.F, late_qd.X;
statement S2;
@@

(
- D = alloc_disk(M);
+ D = blk_mq_alloc_disk(T, NULL, X);
- if (\(!D\|D == NULL\)) S2
+ if (IS_ERR(D)) S2
+ D->minors = M;
+ F = D->queue;
|
- if ((D = alloc_disk(M)) == NULL) S2
+ D = blk_mq_alloc_disk(T, NULL, X);
+ if (IS_ERR(D)) S2
+ D->minors = M;
+ F = D->queue;
|
- D = alloc_disk(M);
+ D = blk_mq_alloc_disk(T, NULL, X);
+ D->minors = M;
+ F = D->queue;
)

@depends on late_ok && !late_qd@
expression late.D, late.M, late.T, late.F;
statement S2;
@@

(
- D = alloc_disk(M);
+ D = blk_mq_alloc_disk(T, NULL, NULL);
- if (\(!D\|D == NULL\)) S2
+ if (IS_ERR(D)) S2
+ D->minors = M;
+ F = D->queue;
|
- if ((D = alloc_disk(M)) == NULL) S2
+ D = blk_mq_alloc_disk(T, NULL, NULL);
+ if (IS_ERR(D)) S2
+ D->minors = M;
+ F = D->queue;
|
- D = alloc_disk(M);
+ D = blk_mq_alloc_disk(T, NULL, NULL);
+ D->minors = M;
+ F = D->queue;
)

// The disk check returns the allocator's error, not a made-up -ENOMEM.
@depends on late_ok@
expression late.D;
@@

 if (IS_ERR(D)) {
 <...
- -ENOMEM
+ PTR_ERR(D)
 ...>
 }

@depends on late_ok@
expression late.D;
expression late.F;
@@

- D->queue = F;

@depends on late_ok@
identifier late.Di;
@@

 if (IS_ERR(Di)) {
 <...
- -ENOMEM
+ PTR_ERR(Di)
 ...>
 }

@depends on late_ok@
identifier late.Di;
expression late.F;
@@

- Di->queue = F;

// blk_cleanup_queue() of the field, in any function: E->f or E.f where
// f is the member that held the queue.
@script:python fld_q depends on alloc && !alias && !bad && !adecl@
Q << alloc.Q;
f;
@@

import re
m = re.search(r"(?:->|\.)\s*(\w+)\s*$", Q)
if m:
    coccinelle.f = cocci.make_ident(m.group(1))
else:
    cocci.include_match(False)

@script:python fld_a depends on alias && !bad && !adecl@
F << alias.F;
f;
@@

import re
m = re.search(r"(?:->|\.)\s*(\w+)\s*$", F)
if m:
    coccinelle.f = cocci.make_ident(m.group(1))
else:
    cocci.include_match(False)

@script:python fld_l depends on late_ok@
F << late.F;
f;
@@

import re
m = re.search(r"(?:->|\.)\s*(\w+)\s*$", F)
if m:
    coccinelle.f = cocci.make_ident(m.group(1))
else:
    cocci.include_match(False)

@depends on patch && !context && !org && !report@
identifier f = {fld_q.f, fld_a.f, fld_l.f};
expression E, C;
@@

(
- if (C) {
- blk_cleanup_queue(E->f);
  E->f = NULL;
- }
|
- if (C) blk_cleanup_queue(E->f);
|
- if (C) blk_cleanup_queue(E.f);
)

@depends on patch && !context && !org && !report@
identifier f = {fld_q.f, fld_a.f, fld_l.f};
expression E;
@@

(
- blk_cleanup_queue(E->f);
|
- blk_cleanup_queue(E.f);
)

// ------------------------------------------------------------------------

@r depends on !patch@
expression Q, D, T, M, E0, E1;
expression O, N, FL;
statement S1, S2;
position pq, pd;
@@

(
 Q = blk_mq_init_queue@pq(T);
|
 Q = blk_mq_init_sq_queue@pq(T, O, N, FL);
)
 if (\(IS_ERR(Q)\|Q == NULL\|!Q\)) S1
 ... when != Q = E0
     when != D = E1
     when != D
(
 D@pd = alloc_disk(M);
|
 if ((D@pd = alloc_disk(M)) == NULL) S2
)

@rbad exists@
expression r.Q, r.D, r.M;
position r.pd;
statement S2;
identifier fn;
@@

 fn(...) {
 ... when != Q = blk_mq_init_queue(...)
     when != Q = blk_mq_init_sq_queue(...)
(
 D@pd = alloc_disk(M);
|
 if ((D@pd = alloc_disk(M)) == NULL) S2
)
 ...
 }

// A queue declared with its allocation: the late shape's report (below).
@rdecl@
position r.pq;
identifier q;
type TQ;
@@

 TQ q = \(blk_mq_init_queue@pq\|blk_mq_init_sq_queue@pq\)(...);

@depends on context && !org && !report && !rbad && !rdecl@
expression Q;
expression list L;
position r.pq;
@@

* Q = blk_mq_init_queue@pq(L);

@depends on context && !org && !report && !rbad && !rdecl@
expression Q;
expression list L;
position r.pq;
@@

* Q = blk_mq_init_sq_queue@pq(L);

@script:python depends on org && !rbad && !rdecl@
p << r.pq;
@@

cocci.print_main("5.x queue + alloc_disk(): blk_mq_alloc_disk()", p)

@script:python depends on report && !rbad && !rdecl@
p << r.pq;
@@

coccilib.report.print_report(p[0], "WARNING: the queue allocated here and alloc_disk() after it are one blk_mq_alloc_disk() on 6.1 and 6.12 (make port rewrites this shape) [removed-api]")

// The late shape, as the patch-mode rule late above.
@rl depends on !patch@
identifier q, Di;
expression F, T, M, X, D;
statement S1, S2;
position pq, pa, pd;
@@

(
 struct request_queue *q = blk_mq_init_queue@pq(T);
|
 q = blk_mq_init_queue@pq(T);
)
 if (\(IS_ERR(q)\|q == NULL\)) S1
(
 ... when != q
 q->queuedata = X;
 ... when != q
|
 ... when != q
)
 F@pa = q;
(
 ... when != F
     when != q
 F->queuedata = X;
 ... when != F
     when != q
|
 ... when != F
     when != q
)
(
 struct gendisk *Di@pd = alloc_disk(M);
 if (\(!Di\|Di == NULL\)) S2
|
 D@pd = alloc_disk(M);
 if (\(!D\|D == NULL\)) S2
|
 if ((D@pd = alloc_disk(M)) == NULL) S2
|
 D@pd = alloc_disk(M);
)

@rl_bad exists@
position rl.pd;
expression D, M;
identifier fn, Di;
statement S2;
@@

 fn(...) {
 ... when != blk_mq_init_queue(...)
(
 struct gendisk *Di@pd = alloc_disk(M);
|
 D@pd = alloc_disk(M);
|
 if ((D@pd = alloc_disk(M)) == NULL) S2
)
 ...
 }

@rl_qused exists@
identifier rl.q;
expression rl.F;
position rl.pa, p;
expression E;
@@

 F@pa = q;
 ... when != q = E
(
 struct request_queue *q = E;
|
 q@p
)

@rl_qbad@
identifier rl.q;
position rl_qused.p;
@@

 q@p

@depends on context && !org && !report && !rl_bad && !rl_qbad@
expression list L;
position rl.pq;
@@

* blk_mq_init_queue@pq(L)

@script:python depends on org && !rl_bad && !rl_qbad@
p << rl.pq;
@@

cocci.print_main("5.x queue + alloc_disk(): blk_mq_alloc_disk()", p)

@script:python depends on report && !rl_bad && !rl_qbad@
p << rl.pq;
@@

coccilib.report.print_report(p[0], "WARNING: the queue allocated here and alloc_disk() after it are one blk_mq_alloc_disk() on 6.1 and 6.12 (make port rewrites this shape) [removed-api]")
