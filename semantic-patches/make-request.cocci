// SPDX-License-Identifier: GPL-2.0-only
/// Port the 5.0-5.8 bio-based queue -- blk_alloc_queue(gfp) or
/// blk_alloc_queue_node(gfp, node), then blk_queue_make_request(q, fn),
/// and alloc_disk(minors) / alloc_disk_node(minors, node) whose ->queue
/// is that queue -- to a disk from blk_alloc_disk() (6.12's two
/// arguments; gendisk_port_compat.h gives them to 6.1 with COMPAT=1) with
/// fn as the fops' ->submit_bio.  Patch mode:
///  - the first of the two allocations becomes the disk's,
///      d = blk_alloc_disk(NULL, node);	(NUMA_NO_NODE for a gfp queue)
///      if (IS_ERR(d)) <the first check's statement>
///    the queue variable (a local or a field) gets the disk's queue,
///    q = d->queue; and the second allocation and its check go
///    (d->minors = minors; where the disk was allocated);
///  - blk_queue_make_request(q, fn) and d->queue = q go, and so does
///    blk_cleanup_queue(q) (put_disk() releases a queue the disk owns),
///    and a label no goto uses any more;
///  - the fops the disk is given (d->fops = &ops) get .submit_bio = fn
///    (with a prototype of fn before them when fn is defined after);
///  - fn(struct request_queue *q, struct bio *bio) returning blk_qc_t
///    becomes void fn(struct bio *bio): q in its body becomes
///    bio->bi_bdev->bd_disk->queue, return <value>; becomes return;
///    (the final one goes).
/// Report mode names each blk_queue_make_request() call.
//# Only when the queue allocation is checked, nothing between the two
//# allocations assigns the one made first, and blk_queue_make_request()
//# names a function of the file with the (struct request_queue *,
//# struct bio *) parameters; any other shape is reported only.  A
//# value returned from fn that has side effects (a call) is kept as a
//# statement before the return.  Part of the removed-api rule (reports
//# carry its id); a file of its own because `make port` applies the
//# rules one after the other (port.rules): before removed-api, whose
//# blk_alloc_queue(node) rewrite is the 5.9 shape.
///
// Confidence: Moderate
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: blk_queue_make_request, blk_alloc_queue, blk_alloc_queue_node, alloc_disk_node, make_request_fn, submit_bio

virtual patch
virtual context
virtual org
virtual report

@mr@
expression Q;
identifier fn;
@@

 blk_queue_make_request(Q, fn);

@mrfn@
identifier mr.fn, q, bio;
type T;
@@

 T fn(struct request_queue *q, struct bio *bio) {...}

// Whether fn is defined after the fops the disk is given (read here,
// before any rule changes the file): then they need a prototype.
@initialize:python@
@@

gdport_defined_after = set()

@fn_def@
identifier mr.fn;
type T;
parameter list P;
position pd;
@@

 T fn@pd(P) {...}

@fops0@
expression D;
identifier ops;
@@

 D->fops = &ops;

@fops0_at@
identifier fops0.ops;
position pf;
@@

 struct block_device_operations ops@pf = {...};

@script:python@
fn << mr.fn;
pd << fn_def.pd;
pf << fops0_at.pf;
@@

if int(pd[0].line) > int(pf[0].line):
    gdport_defined_after.add(fn)

// Queue first: the disk where the queue was allocated.
@qfirst depends on patch && mrfn && !context && !org && !report@
expression mr.Q, D, G, N, M, N2;
statement S1, S2;
@@

(
- Q = blk_alloc_queue(G);
+ D = blk_alloc_disk(NULL, NUMA_NO_NODE);
|
- Q = blk_alloc_queue_node(G, N);
+ D = blk_alloc_disk(NULL, N);
)
- if (\(!Q\|Q == NULL\)) S1
+ if (IS_ERR(D)) S1
+ Q = D->queue;
 ... when != D
(
- D = alloc_disk(M);
+ D->minors = M;
|
- D = alloc_disk_node(M, N2);
+ D->minors = M;
)
- if (\(!D\|D == NULL\)) S2

// The same with the disk also kept in a second pointer
// (disk = dev->gd = alloc_disk(n)).
@qfirst2 depends on patch && mrfn && !qfirst && !context && !org && !report@
expression mr.Q, D, D2, G, N, M, N2;
statement S1, S2;
@@

(
- Q = blk_alloc_queue(G);
+ D2 = D = blk_alloc_disk(NULL, NUMA_NO_NODE);
|
- Q = blk_alloc_queue_node(G, N);
+ D2 = D = blk_alloc_disk(NULL, N);
)
- if (\(!Q\|Q == NULL\)) S1
+ if (IS_ERR(D2)) S1
+ Q = D2->queue;
 ... when != D
     when != D2
(
- D2 = D = alloc_disk(M);
+ D2->minors = M;
|
- D2 = D = alloc_disk_node(M, N2);
+ D2->minors = M;
)
- if (\(!D2\|D2 == NULL\|!D\|D == NULL\)) S2

// Disk first: it stays where it is, from blk_alloc_disk(); the queue
// allocation becomes the disk's queue.
@dfirst depends on patch && mrfn && !qfirst && !qfirst2 && !context && !org && !report@
expression mr.Q, D, G, N, M, N2, E;
statement S1, S2;
@@

(
- D = alloc_disk(M);
+ D = blk_alloc_disk(NULL, NUMA_NO_NODE);
|
- D = alloc_disk_node(M, N2);
+ D = blk_alloc_disk(NULL, N2);
)
- if (\(!D\|D == NULL\)) S2
+ if (IS_ERR(D)) S2
+ D->minors = M;
 ... when != D = E
(
- Q = blk_alloc_queue(G);
|
- Q = blk_alloc_queue_node(G, N);
)
+ Q = D->queue;
? if (\(!Q\|Q == NULL\)) S1

@done depends on qfirst || qfirst2 || dfirst@
expression mr.Q;
identifier mr.fn;
@@

- blk_queue_make_request(Q, fn);

@depends on done@
expression mr.Q, D;
@@

- D->queue = Q;

@depends on done@
expression mr.Q;
@@

- blk_cleanup_queue(Q);

// Labels of the removed disk check's unwind that no goto uses any more.
@label_def depends on done@
identifier l;
position p;
@@

 l@p:

@label_used depends on done@
identifier label_def.l;
@@

 goto l;

@depends on done && !label_used@
identifier label_def.l;
position label_def.p;
@@

- l@p:

// ->submit_bio in the fops the disk is given.
@fops depends on done@
expression D;
identifier ops;
@@

 D->fops = &ops;

@fops_add depends on done@
identifier fops.ops, mr.fn;
@@

 struct block_device_operations ops = {
+	.submit_bio = fn,
	...
 };

// The return that ends the function (the next line is its closing
// brace, kernel style) is dropped.
@initialize:python@
@@

def gdport_final_return(p):
    with open(p[0].file, encoding="utf-8", errors="replace") as fh:
        lines = fh.read().split("\n")
    nxt = int(p[0].line)
    return nxt < len(lines) and lines[nxt].startswith("}")

@depends on done@
identifier mr.fn;
expression E;
position p : script:python () { gdport_final_return(p) };
@@

 fn(...)
 {
 <...
- return@p E;
 ...>
 }

// The make_request function becomes ->submit_bio.
@depends on done@
identifier mr.fn, q, bio;
typedef blk_qc_t;
@@

- blk_qc_t
+ void
 fn(
- struct request_queue *q,
 struct bio *bio)
 {
 <...
- q
+ bio->bi_bdev->bd_disk->queue
 ...>
 }

@depends on done@
identifier mr.fn, bio;
identifier I;
constant C;
expression E;
@@

 void fn(struct bio *bio)
 {
 <...
(
- return I;
+ return;
|
- return C;
+ return;
|
- return E;
+ E;
+ return;
)
 ...>
 }

// A prototype of fn when the fops come before its definition (the lines
// compared before any rule changed the file, above).
@depends on done@
identifier fops.ops, mr.fn;
position pf : script:python (fn) { fn in gdport_defined_after };
@@

+ static void fn(struct bio *bio);
  struct block_device_operations ops@pf = {...};

// ------------------------------------------------------------------------

@r depends on !patch@
expression Q;
identifier fn;
position p;
@@

 blk_queue_make_request@p(Q, fn);

@depends on context && !org && !report@
position r.p;
expression Q;
identifier fn;
@@

* blk_queue_make_request@p(Q, fn);

@script:python depends on org@
p << r.p;
fn << r.fn;
@@

cocci.print_main("blk_queue_make_request(%s): the make_request queue of 5.0-5.8" % fn, p)

@script:python depends on report@
p << r.p;
fn << r.fn;
@@

coccilib.report.print_report(p[0], "WARNING: blk_queue_make_request(q, %s) is gone since 5.9: allocate the disk with blk_alloc_disk() and make %s() its fops' ->submit_bio(struct bio *) returning void [removed-api]" % (fn, fn))
