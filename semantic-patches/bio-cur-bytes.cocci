// SPDX-License-Identifier: GPL-2.0-only
/// Port bio_cur_bytes() (gone by 6.1) to bio_iovec(bio).bv_len.
/// Patch mode: bio_cur_bytes(B) becomes bio_iovec(B).bv_len, the length
/// of the bio's current segment, which bio_cur_bytes() returned for a
/// bio with data (bio_iovec() is a macro of 6.1 and 6.12 yielding a
/// struct bio_vec).
/// Report mode names each call.
//# For a bio without data (discard, flush) bio_cur_bytes() returned
//# bio->bi_iter.bi_size; the drivers that called it copy data, and a
//# driver that passes such bios to that code has to test
//# bio_has_data() itself.  bio_iovec() names its argument twice: an
//# argument with a side effect (a call) is reported only.  Part of the
//# removed-api rule (reports carry its id); a file of its own because
//# `make port` applies the rules one after the other (port.rules).
///
// Confidence: High
// Copyright: (C) 2026 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id removed-api (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: bio_cur_bytes, bio_iovec

virtual patch
virtual context
virtual org
virtual report

@depends on patch && !context && !org && !report@
identifier B, F;
expression E;
@@

(
- bio_cur_bytes(B)
+ bio_iovec(B).bv_len
|
- bio_cur_bytes(E->F)
+ bio_iovec(E->F).bv_len
|
- bio_cur_bytes(E.F)
+ bio_iovec(E.F).bv_len
)

// ------------------------------------------------------------------------

@r depends on !patch@
expression B;
position p;
@@

 bio_cur_bytes@p(B)

@depends on context && !org && !report@
expression B;
position r.p;
@@

* bio_cur_bytes@p(B)

@script:python depends on org@
p << r.p;
@@

cocci.print_main("bio_cur_bytes() is gone", p)

@script:python depends on report@
p << r.p;
@@

coccilib.report.print_report(p[0], "WARNING: bio_cur_bytes() does not exist on 6.1 or 6.12: use bio_iovec(bio).bv_len (bio->bi_iter.bi_size for a bio without data) [removed-api]")
