// SPDX-License-Identifier: GPL-2.0-only
/// Port bio->bi_disk (gone in 5.12) to bio->bi_bdev->bd_disk, and the
/// pre-3.14 bio->bi_sector, bi_size and bi_idx to bio->bi_iter's.
/// Patch mode: every E->bi_disk becomes E->bi_bdev->bd_disk (struct bio
/// is the only structure with a bi_disk member; bi_bdev exists on 6.1
/// and 6.12, and its bd_disk is the same struct gendisk *, so the type
/// of the expression does not change).  B->bi_sector, B->bi_size and
/// B->bi_idx become B->bi_iter.bi_sector, .bi_size and .bi_idx (3.14
/// moved the bio's position into its struct bvec_iter, same types) when
/// B is known to be a struct bio * (a parameter or a local declared so):
/// struct bvec_iter has members of these names too.
/// Report mode names each use.
//# bio->bi_partno (gone with bi_disk) is left to the driver: the
//# partition is bio->bi_bdev itself since 5.12.  Part of the removed-api
//# rule (reports carry its id; `gendisk-lint --explain removed-api`); a
//# file of its own because `make port` applies the rules one after the
//# other (port.rules).
///
// Confidence: High
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: bi_disk, bi_bdev, bd_disk, bi_sector, bi_size, bi_idx, bi_iter

virtual patch
virtual context
virtual org
virtual report

@depends on patch && !context && !org && !report@
expression B;
@@

- B->bi_disk
+ B->bi_bdev->bd_disk

@depends on patch && !context && !org && !report@
struct bio *B;
@@

(
- B->bi_sector
+ B->bi_iter.bi_sector
|
- B->bi_size
+ B->bi_iter.bi_size
|
- B->bi_idx
+ B->bi_iter.bi_idx
)

// ------------------------------------------------------------------------

@r depends on !patch@
expression B;
position p;
@@

 B->bi_disk@p

@depends on context && !org && !report@
expression B;
position r.p;
@@

* B->bi_disk@p

@script:python depends on org@
p << r.p;
@@

cocci.print_main("bio->bi_disk is gone", p)

@script:python depends on report@
p << r.p;
@@

coccilib.report.print_report(p[0], "WARNING: bio->bi_disk does not exist on 6.1 or 6.12 (removed in 5.12): use bio->bi_bdev->bd_disk [removed-api]")

@ri depends on !patch@
struct bio *B;
identifier m = {bi_sector, bi_size, bi_idx};
position p;
@@

 B->m@p

@depends on context && !org && !report@
struct bio *B;
identifier ri.m;
position ri.p;
@@

* B->m@p

@script:python depends on org@
p << ri.p;
m << ri.m;
@@

cocci.print_main("bio->%s is gone" % m, p)

@script:python depends on report@
p << ri.p;
m << ri.m;
@@

coccilib.report.print_report(p[0], "WARNING: bio->%s does not exist on 6.1 or 6.12 (moved in 3.14): use bio->bi_iter.%s [removed-api]" % (m, m))
