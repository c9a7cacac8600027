// SPDX-License-Identifier: GPL-2.0-only
/// Find unbounded writes into gendisk->disk_name (char[DISK_NAME_LEN],
/// 32 bytes): sprintf(), strcpy() and strcat() overflow it when the name
/// is long (a large index, a user-supplied name), and snprintf() /
/// strscpy() / strscpy_pad() / strncpy() given a constant bound larger
/// than DISK_NAME_LEN do too.  Patch mode turns sprintf() into
/// snprintf(..., DISK_NAME_LEN, ...) and strcpy() into
/// strscpy(..., sizeof(...->disk_name)).
//# strcat() and oversized constant bounds are reported only: the right
//# bound or truncation depends on what was already written.
///
// Confidence: High
// Copyright: (C) 2025 gendisk-check contributors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: rule id disk-name-overflow (gendisk-check: analyzer/README.md, "Rules")
// Options: --no-includes --include-headers
// Keywords: disk_name, DISK_NAME_LEN, sprintf, strcpy, snprintf

virtual patch
virtual context
virtual org
virtual report

@depends on patch && !context && !org && !report@
expression D, S;
@@

(
- sprintf(D->disk_name,
+ snprintf(D->disk_name, DISK_NAME_LEN,
  ...)
|
- strcpy(D->disk_name, S)
+ strscpy(D->disk_name, S, sizeof(D->disk_name))
)

// ------------------------------------------------------------------------

@r depends on !patch@
expression D;
identifier f = {sprintf, strcpy, strcat};
position p;
@@

 f@p(D->disk_name, ...)

@big depends on !patch@
expression D, E;
identifier f;
identifier fp = {snprintf, scnprintf, vsnprintf};
identifier fc = {strscpy, strscpy_pad, strncpy, strlcpy, memcpy};
// decimal constants above DISK_NAME_LEN (32)
constant C =~ "^(3[3-9]|[4-9][0-9]|[1-9][0-9][0-9]+)$";
position p;
@@

(
 fp@f@p(D->disk_name, C, ...)
|
 fc@f@p(D->disk_name, E, C)
)

@depends on context && !org && !report@
expression D;
identifier f;
position p = {r.p, big.p};
@@

* f@p(D->disk_name, ...)

@script:python depends on org@
p << r.p;
f << r.f;
@@

cocci.print_main("%s() into disk_name" % f, p)

@script:python depends on report@
p << r.p;
f << r.f;
d << r.D;
@@

fix = "snprintf(..., DISK_NAME_LEN, ...)" if f == "sprintf" else "strscpy(..., DISK_NAME_LEN)"
msg = "WARNING: %s() into '%s->disk_name' (DISK_NAME_LEN, 32 bytes) can overflow: use %s [disk-name-overflow]" % (f, d.replace(" -> ", "->").replace(" . ", ".").replace(" [ ", "[").replace(" ]", "]"), fix)
coccilib.report.print_report(p[0], msg)

@script:python depends on org@
p << big.p;
f << big.f;
c << big.C;
@@

try:
    if int(c, 0) > 32:
        cocci.print_main("%s() into disk_name with bound %s > DISK_NAME_LEN" % (f, c), p)
except ValueError:
    pass

@script:python depends on report@
p << big.p;
f << big.f;
c << big.C;
d << big.D;
@@

try:
    bound = int(c, 0)
except ValueError:
    bound = 0
if bound > 32:
    msg = "WARNING: %s() into '%s->disk_name' with bound %s > DISK_NAME_LEN (32) [disk-name-overflow]" % (f, d.replace(" -> ", "->").replace(" . ", ".").replace(" [ ", "[").replace(" ]", "]"), c)
    coccilib.report.print_report(p[0], msg)
