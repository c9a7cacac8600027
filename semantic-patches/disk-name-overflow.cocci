// SPDX-License-Identifier: GPL-2.0-only
/// Find unbounded writes into gendisk->disk_name (char[DISK_NAME_LEN],
/// 32 bytes): sprintf() and strcpy() overflow it when the name is long
/// (a user-supplied name, a long format), strcat() always can, and
/// snprintf() / strscpy() / strscpy_pad() / strncpy() given a constant
/// bound larger than DISK_NAME_LEN do too.  A write that provably fits
/// is not reported: a sprintf() whose literal format writes at most 31
/// characters (each conversion at its widest for its type: "%d" 11,
/// "%lu" 20, "%x" 8, "%.8s" 8; "%s" and "%p" are unbounded), a strcpy()
/// of a string literal (or a macro of the file defined as one) of at
/// most 31 characters, or from another disk_name member (a driver's own
/// char[32] copy of it) -- the same reasoning as gendisk-lint's rule.
/// Patch mode turns the reported sprintf() into
/// snprintf(..., DISK_NAME_LEN, ...) and strcpy() into
/// strscpy(..., sizeof(...->disk_name)).
//# strcat() and oversized constant bounds are reported only: the right
//# bound or truncation depends on what was already written.
//# Without headers the rule sees a macro only when the file defines it
//# (#define DEV_NAME "xvd"); a format or name from a header is unbounded.
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

// A macro the file defines as a string literal (DEV_NAME "xvd"), per
// file: the runner gives one spatch several files.
@initialize:python@
@@

import re

DISK_NAME_LEN = 32
# \x22 is the double quote, chr(92) the backslash: the SmPL lexer
# reads script text too and misreads an escaped backslash in a string.
BACKSLASH = chr(92)
STRINGS = re.compile(r'\s*(\x22(?:[^\x22\\]|\\.)*\x22\s*)+$')
PIECE = re.compile(r'\x22((?:[^\x22\\]|\\.)*)\x22')
macros = {}

def literal(text, file):
    # The characters of a string literal (adjacent ones joined, a macro
    # of the file that is one looked up) as written, or None.
    text = text.strip()
    if re.match(r'^[A-Za-z_]\w*$', text) and (file, text) in macros:
        text = macros[(file, text)]
    if not STRINGS.match(text):
        return None
    return "".join(PIECE.findall(text))

def literal_length(body):
    # The characters a literal stands for ("ab\\n" is 3).
    n = i = 0
    while i < len(body):
        if body[i] == BACKSLASH:
            i += 1
            if i < len(body) and body[i] == "x":
                while i + 1 < len(body) and body[i + 1] in "0123456789abcdefABCDEF":
                    i += 1
            elif i < len(body) and body[i] in "01234567":
                k = 0
                while k < 2 and i + 1 < len(body) and body[i + 1] in "01234567":
                    i += 1
                    k += 1
        n += 1
        i += 1
    return n

def format_max_length(f):
    # Worst-case length of what a printf format writes, or None when it
    # is unbounded (%s without a precision, %p, a * width): each conversion
    # at its widest for the argument type its length modifier names, as
    # check_disk_name_overflow.c of gendisk-lint computes it.
    total = i = 0
    while i < len(f):
        c = f[i]
        if c == BACKSLASH:
            i += 2
            total += 1
            continue
        if c != "%":
            i += 1
            total += 1
            continue
        i += 1
        if i < len(f) and f[i] == "%":
            i += 1
            total += 1
            continue
        while i < len(f) and f[i] in "-+ #0":
            i += 1
        if i < len(f) and f[i] == "*":
            return None
        width = 0
        while i < len(f) and f[i].isdigit():
            width = width * 10 + int(f[i])
            i += 1
        prec = -1
        if i < len(f) and f[i] == ".":
            i += 1
            if i < len(f) and f[i] == "*":
                return None
            prec = 0
            while i < len(f) and f[i].isdigit():
                prec = prec * 10 + int(f[i])
                i += 1
        longs = False
        while i < len(f) and f[i] in "hlzjtL":
            longs = longs or f[i] != "h"
            i += 1
        conv = f[i] if i < len(f) else ""
        i += 1
        if conv in ("d", "i"):
            n = 20 if longs else 11
        elif conv == "u":
            n = 20 if longs else 10
        elif conv in ("x", "X"):
            n = 16 if longs else 8
        elif conv == "o":
            n = 22 if longs else 11
        elif conv == "c":
            n = 1
        elif conv == "s" and prec >= 0:
            n = prec
        else:
            return None
        total += max(n, width)
    return total

def written_length(f, src, file):
    # Longest name f (sprintf/strcpy/strcat) writes from src: a number,
    # 0 for a copy of another disk_name member, None when unbounded.
    if f == "strcat":
        return None
    if f == "strcpy" and re.search(r'(->|\.)\s*disk_name$', src.strip()):
        return 0
    body = literal(src, file)
    if body is None:
        return None
    return format_max_length(body) if f == "sprintf" else literal_length(body)

def tidy(d):
    return d.replace(" -> ", "->").replace(" . ", ".").replace(" [ ", "[").replace(" ]", "]")

@def@
identifier M;
expression C;
position q;
@@

#define M@q C

@script:python@
m << def.M;
c << def.C;
q << def.q;
@@

# a macro defined twice (#if branches) counts as its longer value
old = macros.get((q[0].file, m))
if old is None or literal(old, None) is None or \
   (literal(c, None) is not None and len(literal(c, None)) > len(literal(old, None))):
    macros[(q[0].file, m)] = c

// every sprintf/strcpy/strcat into a disk_name; the script drops those
// that provably fit, so the rules below see only the others
@r@
expression D, S;
identifier f = {sprintf, strcpy, strcat};
position p;
@@

 f@p(D->disk_name, S, ...)

@script:python@
p << r.p;
f << r.f;
s << r.S;
@@

n = written_length(f, s, p[0].file)
if n is not None and n <= DISK_NAME_LEN - 1:
    cocci.include_match(False)

@depends on patch && !context && !org && !report@
expression D, S;
position r.p;
@@

(
- sprintf@p(D->disk_name,
+ snprintf(D->disk_name, DISK_NAME_LEN,
  ...)
|
- strcpy@p(D->disk_name, S)
+ strscpy(D->disk_name, S, sizeof(D->disk_name))
)

// ------------------------------------------------------------------------

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
s << r.S;
@@

fix = "snprintf(..., DISK_NAME_LEN, ...)" if f == "sprintf" else "strscpy(..., DISK_NAME_LEN)"
n = written_length(f, s, p[0].file)
if n is None:
    msg = "WARNING: %s() into '%s->disk_name' (DISK_NAME_LEN, 32 bytes) can overflow: use %s [disk-name-overflow]" % (f, tidy(d), fix)
elif f == "strcpy":
    msg = "WARNING: %s() of a %d-character string overflows '%s->disk_name' (DISK_NAME_LEN, 32 bytes: 31 characters and the NUL fit): use %s [disk-name-overflow]" % (f, n, tidy(d), fix)
else:
    msg = "WARNING: %s() into '%s->disk_name' can write %d characters: disk_name (DISK_NAME_LEN, 32 bytes) holds 31: use %s [disk-name-overflow]" % (f, tidy(d), n, fix)
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
    msg = "WARNING: %s() into '%s->disk_name' with bound %s > DISK_NAME_LEN (32) [disk-name-overflow]" % (f, tidy(d), c)
    coccilib.report.print_report(p[0], msg)
