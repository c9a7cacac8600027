// SPDX-License-Identifier: GPL-2.0-only
/// Port the 5.x block_device_operations methods to the 6.x signatures.
/// Patch mode, for the functions a struct block_device_operations names:
///  - ->open(struct block_device *bdev, fmode_t mode) becomes
///    ->open(struct gendisk *disk, blk_mode_t mode) (6.5), bdev->bd_disk
///    in its body becomes disk and FMODE_READ/FMODE_WRITE become
///    BLK_OPEN_READ/BLK_OPEN_WRITE;
///  - ->release(struct gendisk *disk, fmode_t mode) loses its mode (6.5);
///  - ->ioctl and ->compat_ioctl take blk_mode_t instead of fmode_t (6.5);
///  - ->submit_bio returns void instead of blk_qc_t (5.16):
///    "return BLK_QC_T_NONE;" (or another constant: an upper-case
///    identifier or a literal, the cookie nothing reads any more)
///    becomes "return;", and a final one goes.
/// With -D compat (make port --compat) the driver must still build on
/// 6.1: the methods get the 6.5 signatures all the same, the fops name
/// them through GDPORT_OPEN()/GDPORT_RELEASE() and each is followed by
/// GDPORT_OPEN_WRAPPER()/GDPORT_RELEASE_WRAPPER(), which
/// gendisk_port_compat.h turns into the pre-6.5 wrappers on older
/// kernels (LINUX_VERSION_CODE).
/// Report mode names each method still on a 5.x signature.
//# Only the shape above is patched: an ->open that uses its block_device
//# for anything but bd_disk is left on its 5.x signature (report mode
//# says so), and a ->release that reads its mode keeps a compile error;
//# both are to port by hand.  Part of the removed-api rule (reports
//# carry its id; `gendisk-lint --explain removed-api`); a file of its own
//# because `make port` applies the rules one after the other (port.rules).
///
// Confidence: High
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: block_device_operations, open, release, ioctl, submit_bio, fmode_t, blk_mode_t, blk_qc_t

virtual patch
virtual context
virtual org
virtual report
virtual compat

@ops_open@
identifier ops, fn;
@@

 struct block_device_operations ops = {
	...,
	.open = fn,
	...
 };

@ops_release@
identifier ops, fn;
@@

 struct block_device_operations ops = {
	...,
	.release = fn,
	...
 };

@ops_ioctl@
identifier ops, fn;
@@

 struct block_device_operations ops = {
	...,
	.ioctl = fn,
	...
 };

@ops_compat_ioctl@
identifier ops, fn;
@@

 struct block_device_operations ops = {
	...,
	.compat_ioctl = fn,
	...
 };

@ops_submit@
identifier ops, fn;
@@

 struct block_device_operations ops = {
	...,
	.submit_bio = fn,
	...
 };

// An ->open whose body uses its block_device for anything but bd_disk
// (bdev_*() helpers, bd_openers, passing it on) cannot take a gendisk
// without a rewrite by hand: it keeps its 5.x signature, and so does the
// fops entry (no GDPORT_OPEN() for it under compat), and report mode says
// why.  The disjunction takes bdev->bd_disk first, so bdev@p is only a
// use of the block_device itself.
@open_needs_bdev exists@
identifier ops_open.fn, bdev, mode;
typedef fmode_t;
type T;
position p;
@@

 T fn(struct block_device *bdev, fmode_t mode) { <+...
(
 bdev->bd_disk
|
 bdev@p
)
 ...+> }

@initialize:python@
@@
opens_needing_bdev = set()
opens_ported = set()

@script:python@
fn << ops_open.fn;
p << open_needs_bdev.p;
@@
opens_needing_bdev.add(fn)

// (A set, not a filtering script rule: cocci.include_match(False) would
// drop the ->open from ops_open's matches for the report rules too.)
@script:python@
fn << ops_open.fn;
@@
if fn not in opens_needing_bdev:
    opens_ported.add(fn)

@open_old depends on patch && !context && !org && !report@
identifier pfn : script:python () { pfn in opens_ported };
identifier bdev, mode;
typedef fmode_t, blk_mode_t;
type T;
@@

 T pfn(
- struct block_device *bdev
+ struct gendisk *disk
 ,
- fmode_t mode
+ blk_mode_t mode
 )
 {
 <...
(
- bdev->bd_disk
+ disk
|
- FMODE_READ
+ BLK_OPEN_READ
|
- FMODE_WRITE
+ BLK_OPEN_WRITE
)
 ...>
 }

@release_old depends on patch && !context && !org && !report@
identifier ops_release.fn, disk, mode;
typedef fmode_t;
type T;
@@

 T fn(struct gendisk *disk
- , fmode_t mode
 )
 {
 ... when != mode
 }

// The return that ends the function (the next line is its closing
// brace, kernel style) is dropped; those inside branches become return;.
@final_return depends on patch && !context && !org && !report@
identifier K =~ "^[A-Z][A-Z0-9_]*$";
constant C;
position p;
@@

(
 return@p K;
|
 return@p C;
)

@script:python depends on patch && !context && !org && !report@
p << final_return.p;
@@

with open(p[0].file, encoding="utf-8", errors="replace") as fh:
    lines = fh.read().split("\n")
nxt = int(p[0].line)
if nxt >= len(lines) or not lines[nxt].startswith("}"):
    cocci.include_match(False)

@depends on patch && !context && !org && !report@
identifier ops_submit.fn;
typedef blk_qc_t;
parameter list P;
expression E;
position final_return.p;
@@

 blk_qc_t fn(P)
 {
 <...
- return@p E;
 ...>
 }

@submit_old depends on patch && !context && !org && !report@
identifier ops_submit.fn;
typedef blk_qc_t;
parameter list P;
identifier K =~ "^[A-Z][A-Z0-9_]*$";
constant C;
@@

- blk_qc_t
+ void
 fn(P)
 {
 <...
(
- return K;
+ return;
|
- return C;
+ return;
)
 ...>
 }

// ->ioctl and ->compat_ioctl keep the block_device but take blk_mode_t
// (6.5; a __bitwise type, so sparse flags the old fmode_t one).
// gendisk_port_compat.h defines blk_mode_t on older kernels.
@ioctl_old depends on patch && !context && !org && !report@
identifier ops_ioctl.fn, bdev, mode, cmd, arg;
typedef fmode_t, blk_mode_t;
type T, C, A;
@@

 T fn(struct block_device *bdev,
- fmode_t mode
+ blk_mode_t mode
 , C cmd, A arg)
 {...}

@compat_ioctl_old depends on patch && !context && !org && !report@
identifier ops_compat_ioctl.fn, bdev, mode, cmd, arg;
typedef fmode_t, blk_mode_t;
type T, C, A;
@@

 T fn(struct block_device *bdev,
- fmode_t mode
+ blk_mode_t mode
 , C cmd, A arg)
 {...}

// --compat: the fops name the methods through macros that pick the
// pre-6.5 wrapper on older kernels; the wrapper follows each method.
@depends on patch && compat && !context && !org && !report@
identifier ops;
identifier pfn : script:python () { pfn in opens_ported };
@@

 struct block_device_operations ops = {
	.open =
-	pfn
+	GDPORT_OPEN(pfn)
	,
 };

@depends on patch && compat && !context && !org && !report@
identifier pfn : script:python () { pfn in opens_ported };
type T;
parameter list P;
@@

 T pfn(P) {...}
+
+GDPORT_OPEN_WRAPPER(pfn);

@depends on patch && compat && !context && !org && !report@
identifier ops, ops_release.fn;
@@

 struct block_device_operations ops = {
	.release =
-	fn
+	GDPORT_RELEASE(fn)
	,
 };

@depends on patch && compat && !context && !org && !report@
identifier ops_release.fn;
type T;
parameter list P;
@@

 T fn(P) {...}
+
+GDPORT_RELEASE_WRAPPER(fn);

// ------------------------------------------------------------------------

@r_open depends on !patch@
identifier ops_open.fn, bdev, mode;
typedef fmode_t;
type T;
position p;
@@

 T fn@p(struct block_device *bdev, fmode_t mode) {...}

@r_ioctl depends on !patch@
identifier ops_ioctl.fn, bdev, mode, cmd, arg;
typedef fmode_t;
type T, C, A;
position p;
@@

 T fn@p(struct block_device *bdev, fmode_t mode, C cmd, A arg) {...}

@r_compat_ioctl depends on !patch@
identifier ops_compat_ioctl.fn, bdev, mode, cmd, arg;
typedef fmode_t;
type T, C, A;
position p;
@@

 T fn@p(struct block_device *bdev, fmode_t mode, C cmd, A arg) {...}

@r_release depends on !patch@
identifier ops_release.fn, disk, mode;
typedef fmode_t;
type T;
position p;
@@

 T fn@p(struct gendisk *disk, fmode_t mode) {...}

@r_submit depends on !patch@
identifier ops_submit.fn;
typedef blk_qc_t;
parameter list P;
position p;
@@

 blk_qc_t fn@p(P) {...}

@depends on context && !org && !report@
identifier ops_open.fn;
position r_open.p;
@@

* fn@p(...) {...}

@depends on context && !org && !report@
identifier ops_release.fn;
position r_release.p;
@@

* fn@p(...) {...}

@depends on context && !org && !report@
identifier ops_ioctl.fn;
position r_ioctl.p;
@@

* fn@p(...) {...}

@depends on context && !org && !report@
identifier ops_compat_ioctl.fn;
position r_compat_ioctl.p;
@@

* fn@p(...) {...}

@depends on context && !org && !report@
identifier ops_submit.fn;
position r_submit.p;
@@

* fn@p(...) {...}

@script:python depends on org@
p << r_open.p;
fn << ops_open.fn;
@@

cocci.print_main("%s(): the ->open signature of 5.x" % fn, p)

@script:python depends on org@
p << r_release.p;
fn << ops_release.fn;
@@

cocci.print_main("%s(): the ->release signature of 5.x" % fn, p)

@script:python depends on org@
p << r_ioctl.p;
fn << ops_ioctl.fn;
@@

cocci.print_main("%s(): ->ioctl taking fmode_t" % fn, p)

@script:python depends on org@
p << r_compat_ioctl.p;
fn << ops_compat_ioctl.fn;
@@

cocci.print_main("%s(): ->compat_ioctl taking fmode_t" % fn, p)

@script:python depends on org@
p << r_submit.p;
fn << ops_submit.fn;
@@

cocci.print_main("%s(): ->submit_bio returning blk_qc_t" % fn, p)

@script:python depends on report@
p << r_open.p;
fn << ops_open.fn;
@@

by_hand = ""
if fn in opens_needing_bdev:
    by_hand = "; its body uses the block_device beyond bd_disk: port it by hand"
coccilib.report.print_report(p[0], "WARNING: %s(struct block_device *, fmode_t) is the ->open of 5.x; 6.5 on (6.12) takes (struct gendisk *disk, blk_mode_t mode)%s [removed-api]" % (fn, by_hand))

@script:python depends on report@
p << r_ioctl.p;
fn << ops_ioctl.fn;
@@

coccilib.report.print_report(p[0], "WARNING: %s(struct block_device *, fmode_t, ...) is the ->ioctl of 5.x; 6.5 on (6.12) takes blk_mode_t for its mode [removed-api]" % fn)

@script:python depends on report@
p << r_compat_ioctl.p;
fn << ops_compat_ioctl.fn;
@@

coccilib.report.print_report(p[0], "WARNING: %s(struct block_device *, fmode_t, ...) is the ->compat_ioctl of 5.x; 6.5 on (6.12) takes blk_mode_t for its mode [removed-api]" % fn)

@script:python depends on report@
p << r_release.p;
fn << ops_release.fn;
@@

coccilib.report.print_report(p[0], "WARNING: %s(struct gendisk *, fmode_t) is the ->release of 5.x; 6.5 on (6.12) takes (struct gendisk *disk) [removed-api]" % fn)

@script:python depends on report@
p << r_submit.p;
fn << ops_submit.fn;
@@

coccilib.report.print_report(p[0], "WARNING: %s() returns blk_qc_t: ->submit_bio returns void on 6.1 and 6.12 [removed-api]" % fn)
