// SPDX-License-Identifier: GPL-2.0-only
/// Port a 5.0-5.8 make_request function to the fops' ->submit_bio.
/// Patch mode, for a function fn set with blk_queue_make_request(q, fn)
/// (5.0-5.6) or q = blk_alloc_queue(fn, node) (5.7-5.8):
///  - fn(struct request_queue *q, struct bio *bio) loses q: q->queuedata
///    becomes bio->bi_bdev->bd_disk->private_data, any other q
///    bio->bi_bdev->bd_disk->queue (the same struct request_queue *);
///  - ".submit_bio = fn," is added to the block_device_operations the
///    function setting fn assigns to a disk's ->fops (unless it has one);
///  - blk_queue_make_request(q, fn) goes, and the queue allocation takes
///    the 5.9-5.14 form blk_alloc_queue(node): blk_alloc_queue(GFP_*) ->
///    blk_alloc_queue(NUMA_NO_NODE), blk_alloc_queue_node(GFP_*, node)
///    and blk_alloc_queue(fn, node) -> blk_alloc_queue(node), which
///    queue-limits and removed-api then turn into blk_alloc_disk().
/// fops-signatures, after this rule, makes ->submit_bio return void.
/// Report mode names a make_request function that reads q->queuedata
/// in a file that does not set some disk's ->private_data to the value
/// it sets ->queuedata to: the patch leaves such a file alone.
//# The queuedata test is by value (the expression assigned to
//# ->queuedata is also assigned to a ->private_data), not by object:
//# a driver setting both from the same device pointer on different
//# disks would be ported wrongly; none is known.  One make_request
//# function per file is assumed (a file with two is ported only if
//# both pass the test).  Part of the removed-api rule (reports carry
//# its id); a file of its own because `make port` applies the rules
//# one after the other (port.rules).
///
// Confidence: Moderate
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: blk_queue_make_request, make_request_fn, blk_alloc_queue, blk_alloc_queue_node, submit_bio, queuedata

virtual patch
virtual context
virtual org
virtual report

// The function that sets the make_request function fn.
@mr@
identifier f, fn;
expression Q, N;
@@

 f(...) {
 <+...
(
 blk_queue_make_request(Q, fn)
|
 blk_alloc_queue(fn, N)
)
 ...+>
 }

// fn with its 5.x signature.
@fnq@
identifier mr.fn, q, bio;
type T;
@@

 T fn(struct request_queue *q, struct bio *bio) { ... }

@reads_qd@
identifier mr.fn, fnq.q, fnq.bio;
type T;
position p;
@@

 T fn(struct request_queue *q, struct bio *bio) {
 <+...
 q->queuedata@p
 ...+>
 }

@sets_qd@
expression E, X;
@@

 E->queuedata = X

@sets_pd@
expression E, sets_qd.X;
@@

 E->private_data = X

// The fops the function setting fn gives a disk.
@ops@
identifier mr.f, OPS;
expression E;
@@

 f(...) {
 <+...
 E->fops = &OPS
 ...+>
 }

// fn defined below the fops and not declared before it: a prototype
// (same linkage) goes before the fops.  Positions are compared here,
// before any rule changes the file (later ones are relative to the
// changed function).
@proto@
identifier mr.fn;
type T;
@@

 T fn(...);

@fn_def@
identifier mr.fn;
type T;
position pd;
@@

 T fn@pd(...) {...}

@ops_def@
identifier ops.OPS;
position po;
@@

 struct block_device_operations OPS@po = {...};

@initialize:python@
@@
ops_above = set()

@script:python@
pd << fn_def.pd;
po << ops_def.po;
o << ops.OPS;
@@

if int(pd[0].line) > int(po[0].line):
    ops_above.add(o)

@st@
identifier mr.fn;
type T;
@@

 static T fn(...) {...}

// ------------------------------------------------------------------------
// patch

@ok depends on patch && !context && !org && !report && (!reads_qd || sets_pd)@
identifier mr.fn, fnq.q, fnq.bio;
type T;
@@

 T fn(struct request_queue *q, struct bio *bio) {
 <...
- q->queuedata
+ bio->bi_bdev->bd_disk->private_data
 ...>
 }

@depends on ok@
identifier mr.fn, fnq.q, fnq.bio;
type T;
@@

 T fn(
- struct request_queue *q,
  struct bio *bio) {
 <...
- q
+ bio->bi_bdev->bd_disk->queue
 ...>
 }

@depends on ok@
identifier mr.fn, q, bio;
type T;
@@

 T fn(
- struct request_queue *q,
  struct bio *bio);

@has_submit depends on ok@
identifier ops.OPS, g;
@@

 struct block_device_operations OPS = {
	...,
	.submit_bio = g,
	...
 };

@depends on ok && !has_submit@
identifier ops.OPS, mr.fn;
@@

 struct block_device_operations OPS = {
	...,
+	.submit_bio = fn,
 };

@depends on ok && !proto && st@
identifier OPS : script:python () { OPS in ops_above };
identifier mr.fn;
type fn_def.T;
@@

+ static T fn(struct bio *bio);
  struct block_device_operations OPS = {...};

@depends on ok && !proto && !st@
identifier OPS : script:python () { OPS in ops_above };
identifier mr.fn;
type fn_def.T;
@@

+ T fn(struct bio *bio);
  struct block_device_operations OPS = {...};

@depends on ok@
identifier mr.f, mr.fn;
expression Q;
@@

 f(...) {
 <...
- blk_queue_make_request(Q, fn);
 ...>
 }

@depends on ok@
identifier mr.f, mr.fn, G =~ "^GFP_";
expression N;
@@

 f(...) {
 <...
(
- blk_alloc_queue(G)
+ blk_alloc_queue(NUMA_NO_NODE)
|
- blk_alloc_queue_node(G, N)
+ blk_alloc_queue(N)
|
- blk_alloc_queue(fn, N)
+ blk_alloc_queue(N)
)
 ...>
 }

// ------------------------------------------------------------------------
// report: the make_request function this rule leaves alone

@script:python depends on report && !sets_pd@
p << reads_qd.p;
fn << mr.fn;
@@

coccilib.report.print_report(p[0], "WARNING: %s() reads q->queuedata and no disk's ->private_data is set to the same value: ->submit_bio has no queue argument; port it by hand (bio->bi_bdev->bd_disk) [removed-api]" % fn)

@script:python depends on org && !sets_pd@
p << reads_qd.p;
fn << mr.fn;
@@

cocci.print_main("%s() reads q->queuedata" % fn, p)

@depends on context && !org && !report && !sets_pd@
identifier fnq.q;
position reads_qd.p;
@@

* q->queuedata@p
