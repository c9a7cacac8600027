// SPDX-License-Identifier: GPL-2.0-only
/// Port request->rq_disk (gone between 5.16 and 6.1) to rq->q->disk.
/// Patch mode: every E->rq_disk becomes E->q->disk (struct request is
/// the only structure with an rq_disk member; request_queue.disk exists
/// on 6.1 and 6.12 and is the disk the queue belongs to, the same struct
/// gendisk * for a driver's own requests).
/// Report mode names each use.
//# A request that a driver builds for another disk's queue (passthrough)
//# has q->disk of that queue, which is what rq_disk held for it too.
//# Part of the removed-api rule (reports carry its id; `gendisk-lint
//# --explain removed-api`); a file of its own because `make port`
//# applies the rules one after the other (port.rules).
///
// Confidence: High
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: rq_disk, request, request_queue

virtual patch
virtual context
virtual org
virtual report

@depends on patch && !context && !org && !report@
expression R;
@@

- R->rq_disk
+ R->q->disk

// ------------------------------------------------------------------------

@r depends on !patch@
expression R;
position p;
@@

 R->rq_disk@p

@depends on context && !org && !report@
expression R;
position r.p;
@@

* R->rq_disk@p

@script:python depends on org@
p << r.p;
@@

cocci.print_main("request->rq_disk is gone", p)

@script:python depends on report@
p << r.p;
@@

coccilib.report.print_report(p[0], "WARNING: request->rq_disk does not exist on 6.1 or 6.12: use rq->q->disk [removed-api]")
