// SPDX-License-Identifier: GPL-2.0-only
/// Find put_disk() on a disk that is still added: either put_disk()
/// followed by del_gendisk() of the same disk, or a put_disk() reached
/// after a successful add_disk() / device_add_disk() without del_gendisk().
/// While the disk is registered the block class holds a reference, so the
/// put does not free it; the later del_gendisk() then WARNs in kernfs
/// (measured on 6.12), and without del_gendisk() the disk stays visible
/// with a driver that believes it is gone.
/// Patch mode moves put_disk() after the del_gendisk() that follows it.
//# The success path of add_disk() is the fall-through of its check; a
//# failure check written in another way than `if (err)`, `if (err < 0)`,
//# `if (err != 0)` or `if (add_disk(...))` is not recognised.
///
// Confidence: High
// Copyright: (C) 2025 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id put-before-del (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: put_disk, del_gendisk, add_disk

virtual patch
virtual context
virtual org
virtual report

@put@
expression D;
position p;
@@

 put_disk@p(D)

// The path stops where the pointer or an index in it changes, and at
// list iterators (the next element is another disk).
@depends on patch && !context && !org && !report@
expression put.D, subE <= put.D, E;
position put.p;
iterator I;
statement S;
@@

- put_disk@p(D);
  ... when != subE = E
      when != subE++
      when != ++subE
      when != I(...) S
  del_gendisk(D);
+ put_disk(D);

// ------------------------------------------------------------------------

@swapped depends on !patch exists@
expression put.D, subE <= put.D, E;
iterator I;
statement S;
position put.p, p1, p2;
@@

 put_disk@p@p1(D);
 ... when != subE = E
     when != subE++
     when != ++subE
     when != I(...) S
 del_gendisk@p2(D);

// put_disk() guarded by the add_disk() result: if (err) put_disk(disk);
@guarded depends on !patch exists@
expression D, E, E1, P, G;
identifier af = {add_disk, device_add_disk};
position p;
@@

(
 E = af(D);
|
 E = af(P, D, G);
)
 ... when != E = E1
(
 if (\(E\|E < 0\|E != 0\|unlikely(E)\))
 put_disk@p(D);
|
 if (\(E\|E < 0\|E != 0\|unlikely(E)\)) {
 ... when any
 put_disk@p(D);
 ... when any
 }
)

@added depends on !patch exists@
expression put.D, subE <= put.D, E, E1, P, G;
identifier af = {add_disk, device_add_disk};
statement S;
position p1, p2 != guarded.p;
@@

(
(
 E = af@p1(D);
|
 E = af@p1(P, D, G);
)
 ... when != E = E1
 if (\(E\|E < 0\|E != 0\|unlikely(E)\)) S
|
 if (\(af@p1(D)\|af@p1(P, D, G)\|af@p1(D) < 0\|af@p1(P, D, G) < 0\)) S
|
 af@p1(D);
|
 af@p1(P, D, G);
)
 ... when != del_gendisk(D)
     when != subE = E1
     when != subE++
     when != ++subE
     when != subE--
     when != --subE
     when any
 put_disk@p2(D);

@depends on context && !org && !report@
expression D;
position p = {swapped.p1, added.p2};
@@

* put_disk@p(D);

@script:python depends on org@
p1 << swapped.p1;
p2 << swapped.p2;
@@

cocci.print_main("put_disk() before del_gendisk()", p1)
cocci.print_secs("del_gendisk()", p2)

@script:python depends on org@
p1 << added.p1;
p2 << added.p2;
@@

cocci.print_main("put_disk() on an added disk", p2)
cocci.print_secs("added here", p1)

@script:python depends on report@
p1 << swapped.p1;
p2 << swapped.p2;
d << put.D;
@@

msg = "ERROR: put_disk() on '%s' before its del_gendisk() on line %s: call del_gendisk() first [put-before-del]" % (d.replace(" -> ", "->").replace(" . ", ".").replace(" [ ", "[").replace(" ]", "]"), p2[0].line)
coccilib.report.print_report(p1[0], msg)

@script:python depends on report@
p1 << added.p1;
p2 << added.p2;
d << put.D;
af << added.af;
@@

msg = "ERROR: put_disk() on '%s' while it is still added (%s() on line %s): call del_gendisk() first [put-before-del]" % (d.replace(" -> ", "->").replace(" . ", ".").replace(" [ ", "[").replace(" ]", "]"), af, p1[0].line)
coccilib.report.print_report(p2[0], msg)
