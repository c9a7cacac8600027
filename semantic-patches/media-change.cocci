// SPDX-License-Identifier: GPL-2.0-only
/// Port bdev_check_media_change() (gone in 6.5) to
/// disk_check_media_change().
/// Patch mode: bdev_check_media_change(b) becomes
/// disk_check_media_change(b->bd_disk): both return whether the media
/// changed (and invalidate what the kernel cached of it); the new one
/// takes the disk.  With make port COMPAT=1 gendisk_port_compat.h gives
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
// Keywords: bdev_check_media_change, disk_check_media_change

virtual patch
virtual context
virtual org
virtual report

@depends on patch && !context && !org && !report@
expression B;
@@

- bdev_check_media_change(B)
+ disk_check_media_change(B->bd_disk)

// ------------------------------------------------------------------------

@r depends on !patch@
expression B;
position p;
@@

 bdev_check_media_change@p(B)

@depends on context && !org && !report@
expression B;
position r.p;
@@

* bdev_check_media_change@p(B)

@script:python depends on org@
p << r.p;
@@

cocci.print_main("bdev_check_media_change() is gone", p)

@script:python depends on report@
p << r.p;
@@

coccilib.report.print_report(p[0], "WARNING: bdev_check_media_change() does not exist on 6.12 (removed in 6.5; 6.1 has it): use disk_check_media_change(bdev->bd_disk) [removed-api]")
