// SPDX-License-Identifier: GPL-2.0-only
/// Port bdev_check_media_change() (gone in 6.5) and check_disk_change()
/// (gone in 5.10) to disk_check_media_change(), and the fops'
/// ->media_changed (gone in 5.10) to ->check_events.
/// Patch mode: bdev_check_media_change(b) and check_disk_change(b) become
/// disk_check_media_change(b->bd_disk): all return whether the media
/// changed (and invalidate what the kernel cached of it); the new one
/// takes the disk.  `.media_changed = fn` becomes `.check_events = fn`
/// when fn is this file's `int fn(struct gendisk *d)` and nothing else
/// names it: fn gets ->check_events' signature
/// `unsigned int fn(struct gendisk *d, unsigned int clearing)` and its
/// `return E;` becomes `return E ? DISK_EVENT_MEDIA_CHANGE : 0;`, and
/// `d->events = DISK_EVENT_MEDIA_CHANGE;` follows each `d->fops = &ops;`
/// (without events the block layer never asks ->check_events; before
/// 5.10 it called ->media_changed without them); otherwise reported only.  With make port COMPAT=1 gendisk_port_compat.h gives
/// 6.1 (before 6.5) a disk_check_media_change() that calls
/// bdev_check_media_change() on the disk's part0.
/// Report mode names each call.
//# In an ->open(struct block_device *bdev, ...) fops-signatures then
//# turns bdev->bd_disk into the disk the 6.5 ->open gets, so this rule
//# comes before it in port.rules.  Part of the removed-api rule (reports
//# carry its id; `gendisk-lint --explain removed-api`); a file of its own
//# because `make port` applies the rules one after the other.
///
// Confidence: High
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: bdev_check_media_change, check_disk_change, disk_check_media_change, media_changed, check_events

virtual patch
virtual context
virtual org
virtual report

@depends on patch && !context && !org && !report@
expression B;
@@

(
- bdev_check_media_change(B)
+ disk_check_media_change(B->bd_disk)
|
- check_disk_change(B)
+ disk_check_media_change(B->bd_disk)
)

// ->media_changed: the method, and whether fn can take ->check_events'
// signature (defined here as int fn(struct gendisk *), named nowhere
// but in the fops).
@mc depends on patch && !context && !org && !report@
identifier o, fn;
position p;
@@

 struct block_device_operations o = {
	...,
	.media_changed = fn@p,
	...
 };

@mc_def depends on mc@
identifier mc.fn, d;
@@

 int fn(struct gendisk *d) { ... }

@mc_other depends on mc@
identifier mc.fn, F;
expression E;
@@

(
 fn(...)
|
 E = fn
|
 &fn
|
 F(..., fn, ...)
)

@mc_fops depends on patch && !context && !org && !report && mc_def && !mc_other@
identifier mc.o, mc.fn;
@@

 struct block_device_operations o = {
	...,
-	.media_changed = fn,
+	.check_events = fn,
	...
 };

@depends on mc_fops@
identifier mc.fn, mc_def.d;
expression E;
@@

- int
+ unsigned int
  fn(struct gendisk *d
+ , unsigned int clearing
  ) {
  <...
  return
-	E
+	E ? DISK_EVENT_MEDIA_CHANGE : 0
  ;
  ...>
  }

@depends on mc_fops@
identifier mc.o;
expression D;
@@

 D->fops = &o;
+ D->events = DISK_EVENT_MEDIA_CHANGE;

// ------------------------------------------------------------------------

@r depends on !patch@
expression B;
position p;
identifier f = {bdev_check_media_change, check_disk_change};
@@

 f@p(B)

@depends on context && !org && !report@
expression B;
identifier r.f;
position r.p;
@@

* f@p(B)

@script:python depends on org@
p << r.p;
f << r.f;
@@

cocci.print_main("%s() is gone" % f, p)

@script:python depends on report@
p << r.p;
f << r.f;
@@

if f == "check_disk_change":
    msg = "WARNING: check_disk_change() does not exist on 6.1 or 6.12 (removed in 5.10): use disk_check_media_change(bdev->bd_disk) [removed-api]"
else:
    msg = "WARNING: bdev_check_media_change() does not exist on 6.12 (removed in 6.5; 6.1 has it): use disk_check_media_change(bdev->bd_disk) [removed-api]"
coccilib.report.print_report(p[0], msg)

@rm depends on !patch@
identifier o, fn;
position p;
@@

 struct block_device_operations o = {
	...,
	.media_changed@p = fn,
	...
 };

@depends on context && !org && !report@
identifier rm.o, rm.fn;
position rm.p;
@@

 struct block_device_operations o = {
	...,
*	.media_changed@p = fn,
	...
 };

@script:python depends on org@
p << rm.p;
@@

cocci.print_main("->media_changed is gone", p)

@script:python depends on report@
p << rm.p;
fn << rm.fn;
@@

coccilib.report.print_report(p[0], "WARNING: block_device_operations has no ->media_changed on 6.1 or 6.12 (removed in 5.10): use .check_events = %s returning DISK_EVENT_MEDIA_CHANGE, with disk->events = DISK_EVENT_MEDIA_CHANGE [removed-api]" % fn)
