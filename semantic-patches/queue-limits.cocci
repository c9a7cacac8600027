// SPDX-License-Identifier: GPL-2.0-only
/// Move the 5.x/6.1 blk_queue_*() limit setters into a struct queue_limits.
/// 6.12 has none of the setters: the limits are given to the disk
/// allocator (blk_alloc_disk(&lim, node), blk_mq_alloc_disk(set, &lim, data)).
/// Patch mode, for a queue the driver allocates into a local variable
/// (q = blk_alloc_queue(node) or q = blk_mq_init_queue(set), the 5.x
/// shape removed-api ports): each blk_queue_FIELD(q, value); after the
/// allocation is removed and lim.FIELD = value; is set before it, and the
/// function gets a "struct queue_limits lim = {};" that removed-api then
/// passes to the disk allocator it writes.  Setters handled:
/// blk_queue_logical_block_size, blk_queue_physical_block_size, blk_queue_max_hw_sectors, blk_queue_max_segments, blk_queue_max_segment_size, blk_queue_io_min, blk_queue_io_opt, blk_queue_max_discard_sectors, blk_queue_max_write_zeroes_sectors
/// (blk_queue_max_discard_sectors sets max_hw_discard_sectors.)
/// Report mode names each such setter call with its field (the setters
/// on other queues are gendisk-lint's removed-api, which knows the
/// kernel version: 6.1 still has them).
//# A setter after the variable was given another queue is not the
//# allocated queue's and is left alone.
//# Setters on another queue (disk->queue after blk_alloc_disk(), a queue
//# kept in a struct) are reported only: their limits belong in the
//# allocation, or in queue_limits_start_update()/queue_limits_commit_update()
//# on a live queue, which is not mechanical.  A file that has an
//# identifier named lim already is not patched.  Part of the removed-api
//# rule (reports carry its id; `gendisk-lint --explain removed-api`); a
//# file of its own because `make port` applies the rules one after the
//# other (port.rules): this one before removed-api.
///
// Confidence: High
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: blk_queue_logical_block_size, blk_queue_max_hw_sectors, queue_limits

virtual patch
virtual context
virtual org
virtual report

@has_lim@
identifier L =~ "^lim$";
type T;
@@

(
 T L;
|
 T L = ...;
|
 L
)

// A function with a setter on its local queue gets the declaration.
@sets_lim depends on patch && !has_lim && !context && !org && !report exists@
identifier fn, Q;
identifier S =~ "^blk_queue_(logical_block_size|physical_block_size|max_hw_sectors|max_segments|max_segment_size|io_min|io_opt|max_discard_sectors|max_write_zeroes_sectors)$";
expression N, E2;
@@

 fn(...) {
 <+...
 Q = \(blk_alloc_queue\|blk_mq_init_queue\)(N);
 ... when != Q = E2
 S(Q, ...);
 ...+>
 }

@depends on patch && !has_lim && !context && !org && !report@
identifier sets_lim.fn;
@@

 fn(...) {
+	struct queue_limits lim = {};
 ...
 }

@depends on patch && !has_lim && !context && !org && !report@
identifier Q;
expression N, E, E2;
@@

+	lim.logical_block_size = E;
 Q = \(blk_alloc_queue\|blk_mq_init_queue\)(N);
 ... when != Q = E2
- blk_queue_logical_block_size(Q, E);

@depends on patch && !has_lim && !context && !org && !report@
identifier Q;
expression N, E, E2;
@@

+	lim.physical_block_size = E;
 Q = \(blk_alloc_queue\|blk_mq_init_queue\)(N);
 ... when != Q = E2
- blk_queue_physical_block_size(Q, E);

@depends on patch && !has_lim && !context && !org && !report@
identifier Q;
expression N, E, E2;
@@

+	lim.max_hw_sectors = E;
 Q = \(blk_alloc_queue\|blk_mq_init_queue\)(N);
 ... when != Q = E2
- blk_queue_max_hw_sectors(Q, E);

@depends on patch && !has_lim && !context && !org && !report@
identifier Q;
expression N, E, E2;
@@

+	lim.max_segments = E;
 Q = \(blk_alloc_queue\|blk_mq_init_queue\)(N);
 ... when != Q = E2
- blk_queue_max_segments(Q, E);

@depends on patch && !has_lim && !context && !org && !report@
identifier Q;
expression N, E, E2;
@@

+	lim.max_segment_size = E;
 Q = \(blk_alloc_queue\|blk_mq_init_queue\)(N);
 ... when != Q = E2
- blk_queue_max_segment_size(Q, E);

@depends on patch && !has_lim && !context && !org && !report@
identifier Q;
expression N, E, E2;
@@

+	lim.io_min = E;
 Q = \(blk_alloc_queue\|blk_mq_init_queue\)(N);
 ... when != Q = E2
- blk_queue_io_min(Q, E);

@depends on patch && !has_lim && !context && !org && !report@
identifier Q;
expression N, E, E2;
@@

+	lim.io_opt = E;
 Q = \(blk_alloc_queue\|blk_mq_init_queue\)(N);
 ... when != Q = E2
- blk_queue_io_opt(Q, E);

@depends on patch && !has_lim && !context && !org && !report@
identifier Q;
expression N, E, E2;
@@

+	lim.max_hw_discard_sectors = E;
 Q = \(blk_alloc_queue\|blk_mq_init_queue\)(N);
 ... when != Q = E2
- blk_queue_max_discard_sectors(Q, E);

@depends on patch && !has_lim && !context && !org && !report@
identifier Q;
expression N, E, E2;
@@

+	lim.max_write_zeroes_sectors = E;
 Q = \(blk_alloc_queue\|blk_mq_init_queue\)(N);
 ... when != Q = E2
- blk_queue_max_write_zeroes_sectors(Q, E);

// ------------------------------------------------------------------------

@r depends on !patch@
identifier Q;
expression N, E2;
identifier f = {blk_queue_logical_block_size, blk_queue_physical_block_size, blk_queue_max_hw_sectors, blk_queue_max_segments, blk_queue_max_segment_size, blk_queue_io_min, blk_queue_io_opt, blk_queue_max_discard_sectors, blk_queue_max_write_zeroes_sectors};
position p;
@@

 Q = \(blk_alloc_queue\|blk_mq_init_queue\)(N);
 ... when != Q = E2
 f@p(Q, ...);

@depends on context && !org && !report@
identifier r.f;
position r.p;
@@

* f@p(...)

@script:python depends on org@
p << r.p;
f << r.f;
@@

cocci.print_main("%s() is gone in 6.12" % f, p)

@script:python depends on report@
p << r.p;
f << r.f;
@@

field = {"blk_queue_logical_block_size": "logical_block_size", "blk_queue_physical_block_size": "physical_block_size", "blk_queue_max_hw_sectors": "max_hw_sectors", "blk_queue_max_segments": "max_segments", "blk_queue_max_segment_size": "max_segment_size", "blk_queue_io_min": "io_min", "blk_queue_io_opt": "io_opt", "blk_queue_max_discard_sectors": "max_hw_discard_sectors", "blk_queue_max_write_zeroes_sectors": "max_write_zeroes_sectors"}[f]
msg = "WARNING: %s() does not exist on 6.12 (6.1 still has it): set the %s field of the struct queue_limits given to blk_alloc_disk()/blk_mq_alloc_disk() [removed-api]" % (f, field)
coccilib.report.print_report(p[0], msg)
