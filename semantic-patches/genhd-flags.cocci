// SPDX-License-Identifier: GPL-2.0-only
/// Port the gendisk flags and header of 5.x to 6.1 and 6.12.
/// Patch mode:
///  - GENHD_FL_NO_PART_SCAN -> GENHD_FL_NO_PART (renamed in 5.17);
///  - GENHD_FL_EXT_DEVT is dropped from flag expressions and a
///    "disk->flags |= GENHD_FL_EXT_DEVT;" statement is removed (every
///    disk may use extended dev_t since 5.17; the flag is gone);
///  - #include <linux/genhd.h> is removed (folded into
///    <linux/blkdev.h> in 5.18; the file is gone).
/// Report mode names each use with its replacement.
//# Part of the removed-api rule (reports carry its id; `gendisk-lint
//# --explain removed-api`); a file of its own because `make port` applies
//# the rules one after the other (port.rules).
///
// Confidence: High
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: GENHD_FL_NO_PART_SCAN, GENHD_FL_EXT_DEVT, genhd.h

virtual patch
virtual context
virtual org
virtual report

@depends on patch && !context && !org && !report@
@@

- GENHD_FL_NO_PART_SCAN
+ GENHD_FL_NO_PART

@depends on patch && !context && !org && !report@
expression D;
@@

- D->flags |= GENHD_FL_EXT_DEVT;

@depends on patch && !context && !org && !report@
expression E;
@@

(
- E | GENHD_FL_EXT_DEVT
+ E
|
- GENHD_FL_EXT_DEVT | E
+ E
)

@depends on patch && !context && !org && !report@
@@

- #include <linux/genhd.h>

// ------------------------------------------------------------------------

@r depends on !patch@
identifier f = {GENHD_FL_NO_PART_SCAN, GENHD_FL_EXT_DEVT};
position p;
@@

 f@p

@depends on context && !org && !report@
identifier r.f;
position r.p;
@@

* f@p

@hdr depends on !patch@
position p;
@@

 #include <linux/genhd.h>@p

@script:python depends on org@
p << r.p;
f << r.f;
@@

cocci.print_main("%s is gone" % f, p)

@script:python depends on report@
p << r.p;
f << r.f;
@@

fix = {
    "GENHD_FL_NO_PART_SCAN": "GENHD_FL_NO_PART",
    "GENHD_FL_EXT_DEVT": "nothing (every disk may have extended dev_t)",
}[f]
msg = "WARNING: %s does not exist on 6.1 or 6.12: use %s [removed-api]" % (f, fix)
coccilib.report.print_report(p[0], msg)

@script:python depends on report@
p << hdr.p;
@@

coccilib.report.print_report(p[0], "WARNING: <linux/genhd.h> does not exist on 6.1 or 6.12: include <linux/blkdev.h> [removed-api]")
