// SPDX-License-Identifier: GPL-2.0-only
/// Find drivers calling the partition table API directly.
/// add_partition() / delete_partition() left the public headers long ago
/// and are static in block/partitions/core.c on 6.1 and 6.12;
/// bdev_add_partition() / bdev_del_partition() are block-internal
/// (block/blk.h) and not exported.  A driver describes its partitions
/// by disk->minors (or GENHD_FL_NO_PART) and lets the partition scan in
/// add_disk() / disk_check_media_change() find them.
//# Report only: there is no mechanical replacement.
///
// Confidence: High
// Copyright: (C) 2025 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id partition-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: add_partition, delete_partition, bdev_add_partition

virtual context
virtual org
virtual report

@r@
identifier f = {add_partition, delete_partition, bdev_add_partition, bdev_del_partition, bdev_resize_partition};
position p;
@@

 f@p(...)

@depends on context && !org && !report@
identifier r.f;
position r.p;
@@

* f@p(...)

@script:python depends on org@
p << r.p;
f << r.f;
@@

cocci.print_main("%s() call" % f, p)

@script:python depends on report@
p << r.p;
f << r.f;
@@

msg = "WARNING: %s() is not a driver API (block-internal since before 6.1): set disk->minors and let the partition scan do it [partition-api]" % f
coccilib.report.print_report(p[0], msg)
