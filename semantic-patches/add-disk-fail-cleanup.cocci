// SPDX-License-Identifier: GPL-2.0-only
/// Find del_gendisk() on the failure path of add_disk() / device_add_disk().
/// A disk whose add failed was never added: del_gendisk() on it WARNs
/// (del_gendisk starts with WARN_ON_ONCE(!disk_live(disk))) and, for a
/// GENHD_FL_HIDDEN disk, tears down objects that were never set up.
/// The failure path must call put_disk() only.
//# The failure path is followed through goto labels, so a shared unwind
//# label that starts with del_gendisk() is reported at that del_gendisk().
//# No patch mode: the label is usually shared with paths where the disk
//# was added, so the fix is to add a label, not to drop the call.
///
// Confidence: High
// Copyright: (C) 2025 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id add-disk-fail-cleanup (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: add_disk, device_add_disk, del_gendisk, put_disk

virtual context
virtual org
virtual report

// The failure branch unwinds inline: if (err) { ... del_gendisk(disk); ... }
@braces exists@
expression D, E, E1, P, G;
identifier af = {add_disk, device_add_disk};
position p1, p2;
@@

(
 E = af@p1(D);
|
 E = af@p1(P, D, G);
)
 ... when != E = E1
 if (\(E\|E < 0\|E != 0\|unlikely(E)\)) {
 ... when != D = E1
 del_gendisk@p2(D);
 ... when any
 }

// The failure branch jumps to an unwind label ...
@jump exists@
expression D, E, E1, P, G;
identifier af = {add_disk, device_add_disk};
identifier l;
position p1, pg;
@@

(
(
 E = af@p1(D);
|
 E = af@p1(P, D, G);
)
 ... when != E = E1
(
 if (\(E\|E < 0\|E != 0\|unlikely(E)\))
 goto@pg l;
|
 if (\(E\|E < 0\|E != 0\|unlikely(E)\)) {
 ... when != D = E1
 goto@pg l;
 }
)
|
 if (\(af@p1(D)\|af@p1(P, D, G)\|af@p1(D) < 0\|af@p1(P, D, G) < 0\))
 goto@pg l;
)

// ... and the code after that label deletes the disk.
// (the path stops where the disk pointer or an index in it changes:
// unwind loops such as while (i--) del_gendisk(disk[i]) delete the
// disks added before the one that failed)
@label exists@
expression jump.D, subE <= jump.D, E1;
identifier jump.l;
position jump.pg, p2;
@@

 goto@pg l;
 ... when != subE = E1
     when != subE--
     when != --subE
     when != subE++
     when != ++subE
 del_gendisk@p2(D);

@depends on context && !org && !report@
expression D;
position p2 = {braces.p2, label.p2};
@@

* del_gendisk@p2(D);

@script:python depends on org@
p1 << braces.p1;
p2 << braces.p2;
af << braces.af;
@@

cocci.print_main("del_gendisk() after failed %s()" % af, p2)
cocci.print_secs("%s() failed here" % af, p1)

@script:python depends on org@
p1 << jump.p1;
p2 << label.p2;
af << jump.af;
@@

cocci.print_main("del_gendisk() after failed %s()" % af, p2)
cocci.print_secs("%s() failed here" % af, p1)

@script:python depends on report@
p1 << braces.p1;
p2 << braces.p2;
af << braces.af;
@@

msg = "ERROR: del_gendisk() after %s() failed on line %s: call put_disk() only [add-disk-fail-cleanup]" % (af, p1[0].line)
coccilib.report.print_report(p2[0], msg)

@script:python depends on report@
p1 << jump.p1;
p2 << label.p2;
af << jump.af;
@@

msg = "ERROR: del_gendisk() after %s() failed on line %s: call put_disk() only [add-disk-fail-cleanup]" % (af, p1[0].line)
coccilib.report.print_report(p2[0], msg)
