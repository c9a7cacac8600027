// SPDX-License-Identifier: GPL-2.0-only
/// Find add_disk() / device_add_disk() calls whose result is ignored.
/// Both are __must_check since 5.16: when they fail the disk was not
/// added, and the caller must put_disk() it (never del_gendisk() it).
/// Patch mode checks the result and jumps to the function's existing
/// error label that starts with put_disk() of the same disk; without one,
/// when the disk's allocation check jumps to a label, a new label
/// out_put_disk: that puts the disk goes before it (the 5.x shape, where
/// add_disk() returned void).
//# The patch is produced only when the function has such a label and
//# returns a local int error variable after it; every other ignored
//# result is left to report mode, because the right unwind is not
//# mechanical (tag sets, major numbers, private data to free).
///
// Confidence: High
// Copyright: (C) 2025 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id add-disk-unchecked (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: add_disk, device_add_disk, put_disk

virtual patch
virtual context
virtual org
virtual report

// An error label whose first statement puts the disk, followed (possibly
// after more cleanup) by the return of a local error variable.
@label depends on patch && !context && !org && !report exists@
identifier fn, lbl;
expression D;
local idexpression int ret;
@@

fn(...) {
<...
lbl:
put_disk(D);
...
return ret;
...>
}

@depends on patch && !context && !org && !report@
identifier label.fn, label.lbl;
expression label.D, P, G;
local idexpression int label.ret;
@@

fn(...) {
<...
(
- add_disk(D);
+ ret = add_disk(D);
+ if (ret)
+	goto lbl;
|
- device_add_disk(P, D, G);
+ ret = device_add_disk(P, D, G);
+ if (ret)
+	goto lbl;
)
...>
}

// No such label (5.x code: add_disk() returned void, so nothing put the
// disk after it): when the disk comes from blk_alloc_disk() or
// blk_mq_alloc_disk() whose failure jumps to a label, and the function
// returns a local int after that label, the result is checked and a new
// label out_put_disk: putting the disk is placed before that one.
@newlabel depends on patch && !context && !org && !report exists@
identifier fn, lbl;
expression D;
@@

 fn(...) {
 ...
 D = \(blk_alloc_disk\|blk_mq_alloc_disk\)(...);
 if (IS_ERR(D))
	goto lbl;
 ...
 add_disk(D);
 ...
 }

@newlabel_ret depends on patch && !context && !org && !report exists@
identifier newlabel.fn, newlabel.lbl;
local idexpression int ret;
@@

 fn(...) {
 <...
 lbl:
 ...
 return ret;
 ...>
 }

@depends on patch && newlabel_ret && !context && !org && !report@
identifier newlabel.lbl;
expression newlabel.D;
@@

+out_put_disk:
+	put_disk(D);
 lbl:

@depends on patch && !context && !org && !report@
identifier newlabel.fn;
expression newlabel.D;
local idexpression int newlabel_ret.ret;
@@

 fn(...) {
 <...
- add_disk(D);
+ ret = add_disk(D);
+ if (ret)
+	goto out_put_disk;
 ...>
 }


// ------------------------------------------------------------------------

@depends on context && !patch && !org && !report@
expression D, P, G;
@@

(
* add_disk(D);
|
* (void)add_disk(D);
|
* device_add_disk(P, D, G);
|
* (void)device_add_disk(P, D, G);
)

@r depends on (org || report) && !context && !patch@
identifier af = {add_disk, device_add_disk};
position p;
@@

(
 af@p(...);
|
 (void)af@p(...);
)

@script:python depends on org@
p << r.p;
af << r.af;
@@

cocci.print_main("%s() result ignored" % af, p)

@script:python depends on report@
p << r.p;
af << r.af;
@@

msg = "WARNING: return value of %s() is ignored: check it and put_disk() on failure [add-disk-unchecked]" % af
coccilib.report.print_report(p[0], msg)
