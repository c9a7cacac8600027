// SPDX-License-Identifier: GPL-2.0-only
/// Find uses of a gendisk after put_disk().
/// put_disk() may drop the last reference: disk_release() then frees the
/// gendisk, puts its request queue and (for an added disk) calls
/// ->free_disk().  Reading disk->queue, disk->private_data or any other
/// field, or passing the disk to a function afterwards, is a use after
/// free that runtime tests rarely catch (the free is deferred to the
/// block device inode).
//# Reassigning the pointer, comparing it, sizeof() and a second
//# put_disk() (reported by double-put) are not counted as uses.  Values of
//# variables may make some paths impossible (false positives).
///
// Confidence: Moderate
// Copyright: (C) 2025 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id use-after-put (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: put_disk, private_data, use after free

virtual context
virtual org
virtual report

@put@
expression D;
position p1;
@@

 put_disk@p1(D)

// Uses that are not dereferences of the freed disk.
@notuse@
expression put.D, E;
position p;
@@

(
 D@p == E
|
 D@p != E
|
 E == D@p
|
 E != D@p
|
 !D@p
|
 sizeof(<+...D@p...+>)
|
 put_disk(D@p)
)

// The path stops where the pointer (or an index in it) changes, and at
// list iterators (the next element is another disk).
@r exists@
expression put.D, subE <= put.D, E1, E2;
position put.p1, p2 != notuse.p;
iterator I;
statement S;
identifier fld;
@@

 put_disk@p1(D);
 ... when != D = E1
     when != subE = E1
     when != subE++
     when != ++subE
     when != subE--
     when != --subE
     when != &subE
     when != I(...) S
(
 D@p2->fld
|
 E2(..., D@p2, ...)
)

@script:python depends on org@
p1 << put.p1;
p2 << r.p2;
@@

cocci.print_main("use after put_disk()", p2)
cocci.print_secs("put_disk()", p1)

@script:python depends on report@
p1 << put.p1;
p2 << r.p2;
d << put.D;
@@

msg = "ERROR: '%s' used after put_disk() on line %s [use-after-put]" % (d.replace(" -> ", "->").replace(" . ", ".").replace(" [ ", "[").replace(" ]", "]"), p1[0].line)
coccilib.report.print_report(p2[0], msg)

@depends on context && !org && !report exists@
expression put.D;
position put.p1, r.p2;
@@

* put_disk@p1(D);
  ... when any
* D@p2

