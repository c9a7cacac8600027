// SPDX-License-Identifier: GPL-2.0-only
/// Port the gendisk flags that went between 5.10 and 6.1 without a
/// replacement flag: GENHD_FL_CD, GENHD_FL_UP, GENHD_FL_NATIVE_CAPACITY,
/// GENHD_FL_BLOCK_EVENTS_ON_EXCL_WRITE, GENHD_FL_MEDIA_CHANGE_NOTIFY.
/// Patch mode:
///  - "d->flags |= FLAG;" goes, FLAG is dropped from "a | FLAG";
///  - "d->flags = FLAG;" (GENHD_FL_EXT_DEVT too) becomes "d->flags = 0;";
///  - a test "d->flags & GENHD_FL_UP" becomes disk_live(d) (6.1, 6.12);
///  - a test "d->flags & FLAG" of the others becomes 0: no 6.x disk has
///    the flag (a CD is a cdrom_device_info's, not a flag of its disk).
/// Report mode names each use.
//# GENHD_FL_SUPPRESS_PARTITION_INFO is left to the driver:
//# GENHD_FL_HIDDEN, its nearest 6.x flag, hides the whole disk.  The
//# renamed GENHD_FL_NO_PART_SCAN and GENHD_FL_EXT_DEVT in an or are
//# genhd-flags'.  Part of the removed-api rule (reports carry its id); a
//# file of its own because `make port` applies the rules one after the
//# other (port.rules).
///
// Confidence: High
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: GENHD_FL_CD, GENHD_FL_UP, GENHD_FL_NATIVE_CAPACITY, GENHD_FL_BLOCK_EVENTS_ON_EXCL_WRITE, GENHD_FL_MEDIA_CHANGE_NOTIFY

virtual patch
virtual context
virtual org
virtual report

@depends on patch && !context && !org && !report@
expression D;
identifier F = {GENHD_FL_CD, GENHD_FL_UP, GENHD_FL_NATIVE_CAPACITY, GENHD_FL_BLOCK_EVENTS_ON_EXCL_WRITE, GENHD_FL_MEDIA_CHANGE_NOTIFY};
@@

- D->flags |= F;

@depends on patch && !context && !org && !report@
expression D;
identifier F = {GENHD_FL_CD, GENHD_FL_UP, GENHD_FL_NATIVE_CAPACITY, GENHD_FL_BLOCK_EVENTS_ON_EXCL_WRITE, GENHD_FL_MEDIA_CHANGE_NOTIFY, GENHD_FL_EXT_DEVT};
@@

 D->flags =
- F
+ 0
 ;

@depends on patch && !context && !org && !report@
expression D;
@@

- D->flags & GENHD_FL_UP
+ disk_live(D)

@depends on patch && !context && !org && !report@
expression D;
identifier F = {GENHD_FL_CD, GENHD_FL_NATIVE_CAPACITY, GENHD_FL_BLOCK_EVENTS_ON_EXCL_WRITE, GENHD_FL_MEDIA_CHANGE_NOTIFY};
@@

- D->flags & F
+ 0

@depends on patch && !context && !org && !report@
expression E;
identifier F = {GENHD_FL_CD, GENHD_FL_UP, GENHD_FL_NATIVE_CAPACITY, GENHD_FL_BLOCK_EVENTS_ON_EXCL_WRITE, GENHD_FL_MEDIA_CHANGE_NOTIFY};
@@

(
- E | F
+ E
|
- F | E
+ E
)

// ------------------------------------------------------------------------

@r depends on !patch@
identifier F = {GENHD_FL_CD, GENHD_FL_UP, GENHD_FL_NATIVE_CAPACITY, GENHD_FL_BLOCK_EVENTS_ON_EXCL_WRITE, GENHD_FL_MEDIA_CHANGE_NOTIFY};
position p;
@@

 F@p

@depends on context && !org && !report@
identifier r.F;
position r.p;
@@

* F@p

@script:python depends on org@
p << r.p;
F << r.F;
@@

cocci.print_main("%s is gone" % F, p)

@script:python depends on report@
p << r.p;
F << r.F;
@@

fix = "disk_live(disk) for a test, nothing in the flags" if F == "GENHD_FL_UP" else "nothing (no 6.x disk has it)"
coccilib.report.print_report(p[0], "WARNING: %s does not exist on 6.1 or 6.12: use %s [removed-api]" % (F, fix))
