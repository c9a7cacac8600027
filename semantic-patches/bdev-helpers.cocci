// SPDX-License-Identifier: GPL-2.0-only
/// Port the 5.x reads of a block_device's size to the bdev_*() helpers.
/// 6.10 removed block_device.bd_inode; bdev_nr_sectors() and
/// bdev_nr_bytes() (both since 5.16, so on 6.1 and 6.12) say the same.
/// Patch mode:
///  - i_size_read(b->bd_inode) >> 9 (or >> SECTOR_SHIFT) -> bdev_nr_sectors(b);
///  - i_size_read(b->bd_inode) -> bdev_nr_bytes(b);
///  - blk_queue_discard(bdev_get_queue(b)) -> bdev_max_discard_sectors(b)
///    (blk_queue_discard() went in 5.19).
/// Report mode names every other use of bd_inode and blk_queue_discard().
//# A blk_queue_discard(q) on a queue, not on bdev_get_queue() of a
//# block_device, is reported only: the replacement needs the block_device
//# (bdev_max_discard_sectors()) or the limits (q->limits.max_discard_sectors).
//# Part of the removed-api rule (reports carry its id; `gendisk-lint
//# --explain removed-api`); a file of its own because `make port` applies
//# the rules one after the other (port.rules).
///
// Confidence: High
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: bd_inode, i_size_read, bdev_nr_sectors, bdev_nr_bytes, blk_queue_discard

virtual patch
virtual context
virtual org
virtual report

@depends on patch && !context && !org && !report@
expression B;
@@

- i_size_read(B->bd_inode) >> 9
+ bdev_nr_sectors(B)

@depends on patch && !context && !org && !report@
expression B;
@@

- i_size_read(B->bd_inode) >> SECTOR_SHIFT
+ bdev_nr_sectors(B)

@depends on patch && !context && !org && !report@
expression B;
@@

- i_size_read(B->bd_inode)
+ bdev_nr_bytes(B)

@depends on patch && !context && !org && !report@
expression B;
@@

- blk_queue_discard(bdev_get_queue(B))
+ bdev_max_discard_sectors(B)

// ------------------------------------------------------------------------

@r depends on !patch@
expression B;
position p;
@@

(
 B->bd_inode@p
|
 blk_queue_discard@p(...)
)

@depends on context && !org && !report@
position r.p;
expression B;
@@

(
* B->bd_inode@p
|
* blk_queue_discard@p(...)
)

@script:python depends on org@
p << r.p;
@@

cocci.print_main("gone in 6.12", p)

@script:python depends on report@
p << r.p;
@@

coccilib.report.print_report(p[0], "WARNING: block_device.bd_inode (gone in 6.10) or blk_queue_discard() (gone in 5.19): use bdev_nr_sectors()/bdev_nr_bytes()/bdev_max_discard_sectors() [removed-api]")
