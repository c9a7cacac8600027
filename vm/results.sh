# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# results.sh: the result lines of gendisk-check's own tests, for the bash
# runners (source it; the top-level `make test` counts these lines).
#
#   RESULT_PREFIX=vm/            # prepended to every NAME
#   . "$repo/vm/results.sh"
#   pass  NAME                   PASS: NAME
#   fail  NAME WHY [LOG]         FAIL: NAME: WHY   (LOG: its last 25 lines, indented)
#   skip  NAME WHY               SKIP: NAME: WHY   (could not run; never a pass)
#   xfail NAME WHY               XFAIL: NAME: WHY  (an expected failure: a known
#                                gap of the suite, failing as recorded; not a pass)
#   xpass NAME WHY               XPASS: NAME: WHY  (an expected failure that passed:
#                                a failure of the part until the record is updated)
#   exit "$RESULTS_FAILED"       1 after any fail or xpass, else 0
#
# The words are kselftest's (ksft_test_result_xfail / _xpass).  Each line
# is one verdict: an XFAIL is not also a PASS, an XPASS is not also a
# FAIL line (`make test` counts XPASS lines among the failures).

RESULTS_FAILED=${RESULTS_FAILED:-0}
RESULT_PREFIX=${RESULT_PREFIX:-}

pass()  { echo "PASS: $RESULT_PREFIX$1"; }
skip()  { echo "SKIP: $RESULT_PREFIX$1: $2"; }
xfail() { echo "XFAIL: $RESULT_PREFIX$1: $2"; }
xpass() { echo "XPASS: $RESULT_PREFIX$1: $2"; RESULTS_FAILED=1; }
fail() {
	echo "FAIL: $RESULT_PREFIX$1: $2"
	RESULTS_FAILED=1
	if [ -n "${3:-}" ] && [ -f "$3" ]; then
		tail -n 25 "$3" | sed 's/^/    /'
	fi
}

# results_count FILE...: "P F S X" -- PASS, FAIL+XPASS, SKIP and XFAIL
# lines of the files (the top-level Makefile's arithmetic).
results_count() {
	awk '/^PASS: / { p++ } /^(FAIL|XPASS): / { f++ } /^SKIP: / { s++ } /^XFAIL: / { x++ }
	     END { printf "%d %d %d %d\n", p, f, s, x }' "$@"
}
