// SPDX-License-Identifier: GPL-2.0-only
/// Find and port gendisk API that 6.1 and 6.12 no longer have.
/// Patch mode:
///  - blk_cleanup_disk(d) -> put_disk(d) (the disk owns its queue; removed
///    before 6.1);
///  - blk_cleanup_queue(d->queue) before put_disk(d) is dropped (put_disk
///    releases a queue the disk owns);
///  - q = blk_alloc_queue(node) [+ q->queuedata = x] + d = alloc_disk(n)
///    or alloc_disk_node(n, node2) + d->queue = q
///    -> d = blk_alloc_disk(NULL, node) + d->minors = n
///    [+ d->queue->queuedata = x]; also with alloc_disk() first and
///    nothing between using the disk (the disk is then allocated where
///    the queue was, after the limits queue-limits set before it); a
///    queue variable still used after d->queue = q becomes an alias,
///    q = d->queue;
///  - q = blk_mq_init_queue(set) [+ q->queuedata = x] + d = alloc_disk(n)
///    + d->queue = q -> d = blk_mq_alloc_disk(set, NULL, x) + d->minors = n;
///  - in a function with "struct queue_limits lim = {};" (what
///    queue-limits.cocci writes for the old blk_queue_*() setters) the
///    new allocator gets &lim instead of NULL;
///  - blk_register_region() / blk_unregister_region() calls are removed,
///    and with them the static probe function registered there.
///  - 6.0-6.8's blk_alloc_disk(node) (NULL on failure) -> 6.9's
///    blk_alloc_disk(NULL, node) (ERR_PTR): its NULL test -> IS_ERR(d)
///    with d = NULL in that branch (an unwind written for NULL),
///    "err = -ENOMEM;" there -> "err = PTR_ERR(d); d = NULL;"; blk_mq_alloc_disk(set, data) ->
///    blk_mq_alloc_disk(set, NULL, data); not in a file that also has
///    the 6.9 forms (a version switch), and never reported (the
///    one-argument form is right up to 6.8).
/// Report mode names every remaining call of a removed function with its
/// replacement.
//# The allocation rewrites need the 5.x shape: queue allocated into a
//# local variable, checked, then alloc_disk() checked, then
//# disk->queue = q; the disk check jumps where the queue check jumped,
//# and blk_cleanup_queue(q) / the declaration of q are dropped.  The
//# blk_alloc_disk()/blk_mq_alloc_disk() signatures are those of 6.12
//# (queue_limits argument NULL).  Any other shape is reported only.
//# The on-demand creation that blk_register_region() provided is
//# __register_blkdev(major, name, probe) with a void (*)(dev_t) probe.
///
// Confidence: High
// Copyright: (C) 2025 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: blk_cleanup_disk, blk_cleanup_queue, alloc_disk, blk_alloc_queue, blk_mq_init_queue, blk_register_region, blk_alloc_disk, blk_mq_alloc_disk

virtual patch
virtual context
virtual org
virtual report

// 6.0-6.8's blk_alloc_disk(node) returned NULL on failure; 6.9's
// blk_alloc_disk(lim, node) returns an ERR_PTR: NULL limits, and the
// NULL test of the result becomes IS_ERR() and the failure branch
// resets the pointer to NULL (its -ENOMEM the allocator's error).  blk_mq_alloc_disk(set, queuedata) gets NULL
// limits (it returned an ERR_PTR already).  A file that also has the
// 6.9 form is switched on the kernel version (#if LINUX_VERSION_CODE):
// left alone.  Only patch mode: the one-argument form is right up to
// 6.8, so report mode says nothing about it (README, "Kernel version").
@new_alloc depends on patch && !context && !org && !report@
expression L, N, T, X;
@@

(
 blk_alloc_disk(L, N)
|
 blk_mq_alloc_disk(T, L, X)
)

@one_arg depends on patch && !context && !org && !report && !new_alloc@
expression D, N;
statement S;
@@

(
 D =
-	blk_alloc_disk(N)
+	blk_alloc_disk(NULL, N)
 ;
 if (
-	\(!D\|D == NULL\)
+	IS_ERR(D)
 ) S
|
 D =
-	blk_alloc_disk(N)
+	blk_alloc_disk(NULL, N)
 ;
)

// The failed allocation leaves an ERR_PTR where a NULL was: reset the
// pointer, since an unwind written for 6.1 tests it for NULL only
// (if (dev->disk) put_disk(dev->disk)).  A made-up -ENOMEM assigned
// there becomes the allocator's error.
@oa_enomem depends on one_arg@
expression one_arg.D, E;
@@

 if (IS_ERR(D)) {
 ...
- E = -ENOMEM;
+ E = PTR_ERR(D);
+ D = NULL;
 ...
 }

@depends on one_arg@
expression one_arg.D;
statement S;
@@

(
 if (IS_ERR(D)) {
 ... D = NULL; ...
 }
|
 if (IS_ERR(D)) {
+ D = NULL;
 ...
 }
|
- if (IS_ERR(D)) S
+ if (IS_ERR(D)) {
+	D = NULL;
+	S
+ }
)

@depends on patch && !context && !org && !report && !new_alloc@
expression N;
@@

- blk_alloc_disk(N)
+ blk_alloc_disk(NULL, N)

@depends on patch && !context && !org && !report && !new_alloc@
expression T, X;
@@

- blk_mq_alloc_disk(T, X)
+ blk_mq_alloc_disk(T, NULL, X)

@depends on patch && !context && !org && !report@
expression D;
@@

- blk_cleanup_disk(D);
+ put_disk(D);

@depends on patch && !context && !org && !report@
expression D, E;
@@

- blk_cleanup_queue(D->queue);
  ... when != D = E
  put_disk(D);

// q = blk_alloc_queue(node); ... d = alloc_disk(n); ... d->queue = q;
@bio_legacy depends on patch && !context && !org && !report@
identifier Q;
expression D, N, M, N2;
statement S1, S2;
@@

- Q = blk_alloc_queue(N);
- if (!Q) S1
(
- D = alloc_disk(M);
|
- D = alloc_disk_node(M, N2);
)
+ D = blk_alloc_disk(NULL, N);
- if (!D) S2
+ if (IS_ERR(D)) S1
+ D->minors = M;

// q = blk_alloc_queue(node); q->queuedata = x; d = alloc_disk(n); ...
// (the shape make-request.cocci leaves of a 5.0-5.8 make_request driver)
@bio_legacy_qd depends on patch && !context && !org && !report@
identifier Q;
expression D, N, M, N2, X;
statement S1, S2;
@@

- Q = blk_alloc_queue(N);
- if (!Q) S1
- Q->queuedata = X;
(
- D = alloc_disk(M);
|
- D = alloc_disk_node(M, N2);
)
+ D = blk_alloc_disk(NULL, N);
- if (!D) S2
+ if (IS_ERR(D)) S1
+ D->minors = M;
+ D->queue->queuedata = X;

// d = alloc_disk(n); ... q = blk_alloc_queue(node); ... d->queue = q;
// (the disk first: the disk is allocated where the queue was, after
// the limits queue-limits wrote before the queue allocation; the
// statements between must not use the disk)
@bio_legacy_df depends on patch && !context && !org && !report@
identifier Q;
expression D, N, M, N2;
statement S1, S2;
@@

(
- D = alloc_disk(M);
|
- D = alloc_disk_node(M, N2);
)
- if (!D) S2
  ... when != D
- Q = blk_alloc_queue(N);
- if (!Q) S1
+ D = blk_alloc_disk(NULL, N);
+ if (IS_ERR(D)) S2
+ D->minors = M;

// q = blk_mq_init_queue(set); q->queuedata = x; d = alloc_disk(n); ...
@mq_legacy_qd depends on patch && !context && !org && !report@
identifier Q;
expression D, T, M, X;
statement S1, S2;
@@

- Q = blk_mq_init_queue(T);
- if (IS_ERR(Q)) S1
- Q->queuedata = X;
- D = alloc_disk(M);
+ D = blk_mq_alloc_disk(T, NULL, X);
- if (!D) S2
+ if (IS_ERR(D)) S1
+ D->minors = M;

@mq_legacy depends on patch && !context && !org && !report@
identifier Q;
expression D, T, M;
statement S1, S2;
@@

- Q = blk_mq_init_queue(T);
- if (IS_ERR(Q)) S1
- D = alloc_disk(M);
+ D = blk_mq_alloc_disk(T, NULL, NULL);
- if (!D) S2
+ if (IS_ERR(D)) S1
+ D->minors = M;

// The limits queue-limits moved off the old queue go to the allocator.
@depends on patch && !context && !org && !report@
identifier fn, L =~ "^lim$";
expression D, N, T, X;
@@

 fn(...) {
 ...
 struct queue_limits L = {};
 <...
(
 D = blk_alloc_disk(
-	NULL
+	&L
 , N);
|
 D = blk_mq_alloc_disk(T,
-	NULL
+	&L
 , X);
)
 ...>
 }

// The error code of the queue allocation is now the disk's.
@depends on patch && !context && !org && !report@
identifier Q = {mq_legacy_qd.Q, mq_legacy.Q};
expression D;
@@

 if (IS_ERR(D)) {
 <...
- PTR_ERR(Q)
+ PTR_ERR(D)
 ...>
 }

@depends on patch && !context && !org && !report@
identifier Q = {bio_legacy.Q, bio_legacy_qd.Q, bio_legacy_df.Q, mq_legacy_qd.Q, mq_legacy.Q};
@@

(
- blk_cleanup_queue(Q);
|
- blk_mq_destroy_queue(Q);
|
- blk_put_queue(Q);
)

// The disk allocator made the queue: the driver must not assign it.
// Where the old queue variable is still used after the assignment
// (queue flags, ->queuedata), it becomes an alias of the disk's queue.
@q_used depends on patch && !context && !org && !report@
identifier Q = {bio_legacy.Q, bio_legacy_qd.Q, bio_legacy_df.Q, mq_legacy_qd.Q, mq_legacy.Q};
identifier fld, fn;
@@

(
 Q->fld
|
 fn(..., Q, ...)
)

// (bound by a context rule first: + code cannot use a metavariable
// whose value set names a rule that did not match)
@q_alias depends on q_used@
identifier q_used.Q;
expression D = {bio_legacy.D, bio_legacy_qd.D, bio_legacy_df.D, mq_legacy_qd.D, mq_legacy.D};
position p;
@@

 D->queue@p = Q;

@depends on q_used@
identifier q_used.Q;
expression q_alias.D;
position q_alias.p;
@@

- D->queue@p = Q;
+ Q = D->queue;

@depends on patch && !context && !org && !report@
identifier Q = {bio_legacy.Q, bio_legacy_qd.Q, bio_legacy_df.Q, mq_legacy_qd.Q, mq_legacy.Q};
expression D = {bio_legacy.D, bio_legacy_qd.D, bio_legacy_df.D, mq_legacy_qd.D, mq_legacy.D};
@@

- D->queue = Q;

@depends on patch && !context && !org && !report@
identifier Q = {bio_legacy.Q, bio_legacy_qd.Q, bio_legacy_df.Q, mq_legacy_qd.Q, mq_legacy.Q};
@@

- struct request_queue *Q;
  ... when != Q

// Labels of the removed queue unwind that no goto uses any more.
@label_def depends on patch && !context && !org && !report@
identifier l;
position p;
@@

 l@p:

@label_used depends on patch && !context && !org && !report@
identifier label_def.l;
@@

 goto l;

@depends on patch && !context && !org && !report && !label_used@
identifier label_def.l;
position label_def.p;
@@

- l@p:

@region depends on patch && !context && !org && !report@
expression E1, E2, E3, L, E4;
identifier probe;
@@

- blk_register_region(E1, E2, E3, probe, L, E4);

@depends on patch && !context && !org && !report@
identifier region.probe;
type T;
@@

- T probe(...) { ... }

@depends on patch && !context && !org && !report@
expression E1, E2;
@@

- blk_unregister_region(E1, E2);

// ------------------------------------------------------------------------

@r depends on !patch@
identifier f = {blk_cleanup_disk, blk_cleanup_queue, alloc_disk, alloc_disk_node, blk_alloc_queue, blk_mq_init_queue, blk_register_region, blk_unregister_region, get_disk_and_module, put_disk_and_module, blk_queue_make_request};
position p;
@@

 f@p(...)

@depends on context && !org && !report@
identifier r.f;
position r.p;
@@

* f@p(...)

@script:python depends on org@
p << r.p;
f << r.f;
@@

cocci.print_main("%s() is gone" % f, p)

@script:python depends on report@
p << r.p;
f << r.f;
@@

fix = {
    "blk_cleanup_disk": "put_disk() (after del_gendisk() if the disk was added)",
    "blk_cleanup_queue": "nothing for a disk's own queue (put_disk() releases it); blk_mq_destroy_queue() + blk_put_queue() for a queue from blk_mq_alloc_queue()",
    "alloc_disk": "blk_alloc_disk() or blk_mq_alloc_disk(), then set disk->minors",
    "alloc_disk_node": "blk_alloc_disk() or blk_mq_alloc_disk(), then set disk->minors",
    "blk_alloc_queue": "blk_alloc_disk(), which allocates the queue with the disk",
    "blk_mq_init_queue": "blk_mq_alloc_disk(), or blk_mq_alloc_queue() for a queue without a disk",
    "blk_register_region": "the probe argument of __register_blkdev(), or nothing",
    "blk_unregister_region": "nothing (unregister_blkdev() drops the probe)",
    "get_disk_and_module": "nothing: the block layer takes the references on open",
    "put_disk_and_module": "put_disk()",
    "blk_queue_make_request": "the .submit_bio method of block_device_operations",
}[f]
# blk_mq_init_queue() went in 6.9: 6.1 still has it.
gone = "does not exist on 6.12 (6.1 still has it)" if f == "blk_mq_init_queue" else "does not exist on 6.1 or 6.12"
msg = "WARNING: %s() %s: use %s [removed-api]" % (f, gone, fix)
coccilib.report.print_report(p[0], msg)
