# SPDX-License-Identifier: GPL-2.0
"""KTAP / TAP in a test command's output: extraction and verdict.

command_body() takes what the command printed from the guest's output
port (the lines between its BEGIN and END markers).  judge() finds the
KTAP lines in it (version, plan, results, diagnostics, "Bail out!",
nested ones too) and judges them:

A failure is a "not ok" result at any nesting level unless its directive
is TODO or SKIP (TAP: "not ok 3 x # TODO ..." is not a failure), a
"Bail out!", or a top-level document whose plan does not match its
number of top-level results (a test program that died half way).  A new
top-level version line starts a new document, so several kselftest
programs run one after the other are judged each against its own plan.
Indented lines are results of subtests; lines starting with '#' are
diagnostics and never count.

Run as a program it is vm/ktap-verdict:
    ktap-verdict [--extract OUT] [FILE]
prints the offending lines, then "ktap: pass=P fail=F skip=S todo=T
xfail=X", and exits 0 (passed), 1 (failed) or 3 (no KTAP at all).
"""

import re
import sys

PASSED, FAILED, NO_KTAP = 0, 1, 3

_VERSION = re.compile(r"(K)?TAP version [0-9]+")
_PLAN = re.compile(r"1\.\.([0-9]+)")
_RESULT = re.compile(r"(not )?ok([ \t]|$)")
_DIRECTIVE = re.compile(r"[ \t]#[ \t]*")
_INDENT = re.compile(r"[ \t]*")

# The first KTAP line of the streamed output (vm/run's first_ktap time).
FIRST_LINE = re.compile(r"^\s*((K)?TAP version [0-9]|1\.\.[0-9]|(not )?ok(\s|$)|Bail out!)")


def command_body(output, begin_mark, end_mark):
    """The lines of output (carriage returns dropped) after the line
    holding begin_mark, up to the one holding end_mark (its part before
    the mark kept if not empty)."""
    body = []
    on = False
    for line in output.replace("\r", "").split("\n"):
        if begin_mark in line:
            on = True
            continue
        if on and end_mark in line:
            before = line[:line.index(end_mark)]
            if before:
                body.append(before)
            return body
        if on:
            body.append(line)
    # No end marker: everything after BEGIN (the last, empty, piece of a
    # text ending in a newline is no line).
    if body and body[-1] == "" and output.replace("\r", "").endswith("\n"):
        body.pop()
    return body


def classify(line, seen_ktap):
    """(kind, indent, body) of one line: kind is version, plan, result,
    bail, diag (a '#' line once KTAP started) or None."""
    indent = _INDENT.match(line).end()
    body = line[indent:]
    if _VERSION.match(body):
        kind = "version"
    elif _PLAN.match(body):
        kind = "plan"
    elif _RESULT.match(body):
        kind = "result"
    elif body.startswith("Bail out!"):
        kind = "bail"
    elif body.startswith("#") and seen_ktap:
        kind = "diag"
    else:
        kind = None
    return kind, indent, body


class Verdict:
    def __init__(self):
        self.status = NO_KTAP
        self.extracted = []     # the KTAP lines
        self.report = []        # offending lines, then the summary line
        self.counts = dict(pass_=0, fail=0, skip=0, todo=0, xfail=0)


def judge(lines):
    """Judge the command's output lines; returns a Verdict."""
    v = Verdict()
    c = v.counts
    ktap = False
    bad = 0
    doc = {"lines": False, "planned": -1, "results": 0, "version": ""}

    def close_doc():
        nonlocal bad
        if doc["lines"] and doc["planned"] >= 0 and doc["results"] != doc["planned"]:
            after = ' (after "%s")' % doc["version"] if doc["version"] else ""
            v.report.append("ktap: plan 1..%d but %d results%s" % (doc["planned"], doc["results"], after))
            bad += 1
        doc.update(lines=False, planned=-1, results=0, version="")

    for raw in lines:
        line = raw.replace("\r", "")
        kind, indent, body = classify(line, ktap)
        if kind is None:
            continue
        v.extracted.append(line)
        if kind == "diag":
            continue
        ktap = True
        if kind == "version":
            if indent == 0:
                close_doc()
                doc["version"] = body
                doc["lines"] = True
            continue
        if kind == "plan":
            if indent == 0:
                n = int(_PLAN.match(body).group(1))
                doc["planned"] = max(doc["planned"], 0) + n
                doc["lines"] = True
            continue
        if kind == "bail":
            v.report.append(line)
            bad += 1
            continue
        if indent == 0:
            doc["results"] += 1
            doc["lines"] = True
        m = _DIRECTIVE.search(body)
        directive = body[m.end():].upper() if m else ""
        if body.startswith("not ok"):
            if directive.startswith("TODO"):
                c["todo"] += 1
            elif directive.startswith("SKIP"):
                c["skip"] += 1
            else:
                v.report.append(line)
                c["fail"] += 1
        else:
            if directive.startswith("SKIP"):
                c["skip"] += 1
            elif directive.startswith("XFAIL"):
                c["xfail"] += 1
            elif directive.startswith("TODO"):
                c["todo"] += 1
            else:
                c["pass_"] += 1
    close_doc()
    if not ktap:
        v.report.append("ktap: no KTAP/TAP version line, plan or result in the output")
        v.status = NO_KTAP
        return v
    v.report.append("ktap: pass=%d fail=%d skip=%d todo=%d xfail=%d"
                    % (c["pass_"], c["fail"], c["skip"], c["todo"], c["xfail"]))
    v.status = FAILED if (c["fail"] or bad) else PASSED
    return v


def split_lines(text):
    """The lines of text as awk reads them: a last line without a
    newline counts, an empty text has none."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def write_extracted(path, verdict):
    """Write the KTAP lines to path; like the awk tool it replaces, the
    file is only created (truncated) when there is at least one."""
    if verdict.extracted:
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write("".join(l + "\n" for l in verdict.extracted))


def main(argv):
    args = argv[1:]
    extract = None
    if args[:1] == ["--extract"]:
        if len(args) < 2:
            print("ktap-verdict: --extract needs a file", file=sys.stderr)
            return 2
        extract = args[1]
        args = args[2:]
    if len(args) > 1:
        print("usage: ktap-verdict [--extract OUT] [FILE]", file=sys.stderr)
        return 2
    if args:
        try:
            with open(args[0], encoding="utf-8", errors="surrogateescape") as f:
                text = f.read()
        except OSError as e:
            # Judged as the empty output it is: no KTAP.
            print("ktap-verdict: %s: %s" % (e.filename, e.strerror), file=sys.stderr)
            text = ""
    else:
        text = sys.stdin.buffer.read().decode("utf-8", "surrogateescape")
    verdict = judge(split_lines(text.replace("\r", "")))
    if extract is not None:
        write_extracted(extract, verdict)
    out = sys.stdout.buffer
    out.write("".join(l + "\n" for l in verdict.report).encode("utf-8", "surrogateescape"))
    out.flush()
    return verdict.status
