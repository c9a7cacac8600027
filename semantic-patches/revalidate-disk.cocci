// SPDX-License-Identifier: GPL-2.0-only
/// Port the ->revalidate_disk method (gone between 5.11 and 5.15) of a
/// struct block_device_operations.
/// Patch mode, for the function a fops names as .revalidate_disk:
///  - the ".revalidate_disk = fn," initializer goes (the block layer
///    no longer calls it);
///  - a call through the fops, "if (ops && ops->revalidate_disk)
///    ops->revalidate_disk(disk);" (or with the method tested alone),
///    becomes a direct call fn(disk), so the driver still revalidates
///    where it did (typically after a media change in ->open), with a
///    prototype of fn before the caller (it may be defined below), and a
///    local fops pointer left unused goes;
///  - the function itself stays.
/// Report mode names the initializer.
//# The call through the fops is given the function of the fops in the
//# file (drivers have one).  A revalidate function that
//# nothing calls any more draws gcc's unused-function warning (not an
//# error); set_capacity_and_notify() is what 6.x drivers call when the
//# size changes.  Part of the removed-api rule (reports carry its id);
//# a file of its own because `make port` applies the rules one after
//# the other (port.rules).
///
// Confidence: High
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: revalidate_disk, block_device_operations

virtual patch
virtual context
virtual org
virtual report

@ops@
identifier o, fn;
position p;
@@

 struct block_device_operations o = {
	...,
	.revalidate_disk = fn@p,
	...
 };

@call depends on patch && !context && !org && !report@
identifier ops.fn, caller;
expression E, D;
type T;
@@

 T caller(...) {
 <+...
(
- if (E && E->revalidate_disk)
- 	E->revalidate_disk(D);
+ fn(D);
|
- if (E->revalidate_disk)
- 	E->revalidate_disk(D);
+ fn(D);
)
 ...+>
 }

// The direct call may come before the definition: a prototype of the
// same linkage goes before the caller (harmless when it does not).
@st@
identifier ops.fn;
parameter list P;
@@

 static int fn(P) {...}

@depends on call && st@
identifier ops.fn, call.caller;
type T;
@@

+ static int fn(struct gendisk *disk);
 T caller(...) {...}

@depends on call && !st@
identifier ops.fn, call.caller;
type T;
@@

+ int fn(struct gendisk *disk);
 T caller(...) {...}

// The local pointer to the fops the call went through, now unused.
@depends on call@
identifier o;
expression X;
@@

- const struct block_device_operations *o = X;
  ... when != o

@depends on patch && !context && !org && !report@
identifier ops.o, ops.fn;
@@

 struct block_device_operations o = {
	...,
-	.revalidate_disk = fn,
	...
 };

// ------------------------------------------------------------------------

@depends on context && !org && !report@
identifier ops.fn;
position ops.p;
@@

* fn@p

@script:python depends on org@
p << ops.p;
@@

cocci.print_main("->revalidate_disk is gone", p)

@script:python depends on report@
p << ops.p;
fn << ops.fn;
@@

coccilib.report.print_report(p[0], "WARNING: block_device_operations has no ->revalidate_disk on 6.1 or 6.12: drop .revalidate_disk = %s and call it where the driver needs it (set_capacity_and_notify() for a size change) [removed-api]" % fn)
