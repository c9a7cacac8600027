#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build checks of the reference driver, one line per test case:
#   PASS: reference-driver/<name>   FAIL: ...: <why>   SKIP: ...: <why>
#
# For every series in $KERNELS (default "6.1 6.12"):
#   build-w1-<s>   fresh W=1 build; any compiler/modpost warning fails
#   sparse-<s>     sparse over every source (C=2); any warning fails
#   modinfo-<s>    gdram.ko lists all parameters, vermagic is that kernel's
#   gendisk-lint-<s>  ../analyzer/gendisk-lint finds nothing (SKIP if the
#                  analyzer is not built)
# Once:
#   checkpatch     --strict over ram/*.c ram/*.h: 0 errors/warnings/checks
#   seeded-warnings  a copy of gdram.c with one seeded defect must make
#                  the W=1, sparse and checkpatch checks above report it:
#                  proves those checks can fail.
# gdvirtio (virtio/), the same checks named gdvirtio-<check>:
#   gdvirtio-build-w1-<s>, gdvirtio-sparse-<s>, gdvirtio-gendisk-lint-<s>,
#   gdvirtio-modinfo-<s> (license GPL, vermagic, and no alias: gdvirtio
#                  must never be autoloaded next to virtio_blk),
#   gdvirtio-checkpatch (once)
# legacy-checkpatch (once): legacy-5.10/gdlegacy.c (make port's 5.10-API
#   input; DEPRECATED_API ignored: 5.10 has no kmap_local_page()) and
#   ../semantic-patches/gendisk_port_compat.h (LINUX_VERSION_CODE ignored)
# Logs are kept in build/logs/.  Exit status 1 if anything failed.
set -u

here=$(cd "$(dirname "$0")/.." && pwd)
repo=$(cd "$here/.." && pwd)
cache="$repo/vm/kernel-cache"
kernels=${KERNELS:-6.1 6.12}
build="$here/build"
logs="$build/logs"
sources="Kbuild gdram.c gdram_compat.h"
params="nr_disks capacity_mb lbs read_only removable fail_at fail_disk"

mkdir -p "$logs"
: >"$logs/timing.log"

RESULT_PREFIX=reference-driver/
. "$repo/vm/results.sh"

# Diagnostics in kbuild output: gcc/sparse "file:line:col: warning:",
# "error:", and modpost/kbuild "WARNING:".
diagnostics() {
	grep -E '(^|: )(warning|error):|WARNING:' "$1"
}

# fresh_dir DIR SRCDIR [SOURCES]: DIR becomes a kbuild dir whose sources
# are symlinks into SRCDIR (what ../Makefile does for build/<series>/);
# SOURCES defaults to gdram's.
fresh_dir() {
	rm -rf "$1" && mkdir -p "$1" || return 1
	local f
	for f in ${3:-$sources}; do
		ln -s "$2/$f" "$1/$f" || return 1
	done
}

# kbuild SERIES DIR LOG ARGS...: build the module in DIR for SERIES.
kbuild() {
	local series=$1 dir=$2 log=$3 kdir
	shift 3
	kdir=$("$cache" kdir "$series") || return 2
	make -C "$kdir" M="$dir" "$@" modules >"$log" 2>&1
}

# checkpatch_clean LOG FILE...: 0 if every file reports 0/0/0.
checkpatch_clean() {
	local log=$1
	shift
	perl "$src/scripts/checkpatch.pl" --no-tree --strict --quiet \
		--show-types -f "$@" >"$log" 2>&1
	# --quiet prints only problems; a clean file prints nothing.
	! grep -qE '^(ERROR|WARNING|CHECK):' "$log" && ! grep -q 'total: [1-9]' "$log"
}

src=$("$cache" source 2>/dev/null) || src=

# check_gdvirtio SERIES: gdvirtio's per-kernel checks, in build/<s>/virtio/
# (build/<s>/ was just recreated for gdram, so this is a fresh build too).
check_gdvirtio() {
	local s=$1 vdir="$build/$1/virtio" log rc rel vermagic
	local t=gdvirtio

	log="$logs/$t-build-w1-$s.log"
	if ! fresh_dir "$vdir" ../../../virtio "$virtio_sources"; then
		fail "$t-build-w1-$s" "cannot create $vdir"
	elif ! kbuild "$s" "$vdir" "$log" W=1; then
		fail "$t-build-w1-$s" "build failed, see $log"
	elif [ ! -f "$vdir/gdvirtio.ko" ]; then
		fail "$t-build-w1-$s" "no gdvirtio.ko, see $log"
	elif diagnostics "$log" >/dev/null; then
		fail "$t-build-w1-$s" "$(diagnostics "$log" | head -n 1)"
	else
		ln -sfn virtio/gdvirtio.ko "$build/$s/gdvirtio.ko"
		pass "$t-build-w1-$s"
	fi

	log="$logs/$t-sparse-$s.log"
	if ! kbuild "$s" "$vdir" "$log" C=2 CHECK=sparse; then
		fail "$t-sparse-$s" "build failed, see $log"
	elif ! grep -q 'CHECK .*gdvirtio\.c' "$log"; then
		fail "$t-sparse-$s" "sparse did not run on gdvirtio.c, see $log"
	elif diagnostics "$log" >/dev/null; then
		fail "$t-sparse-$s" "$(diagnostics "$log" | head -n 1)"
	else
		pass "$t-sparse-$s"
	fi

	ko="$vdir/gdvirtio.ko"
	if [ ! -f "$ko" ]; then
		fail "$t-modinfo-$s" "no $ko"
	else
		rel=$("$cache" release "$s")
		vermagic=$(modinfo -F vermagic "$ko")
		if [ "${vermagic%% *}" != "$rel" ]; then
			fail "$t-modinfo-$s" "vermagic '$vermagic' is not for $rel"
		elif [ "$(modinfo -F license "$ko")" != GPL ]; then
			fail "$t-modinfo-$s" "license is not GPL"
		elif [ -n "$(modinfo -F alias "$ko")" ]; then
			fail "$t-modinfo-$s" "has a module alias (would be autoloaded): $(modinfo -F alias "$ko" | head -n 1)"
		else
			pass "$t-modinfo-$s"
		fi
	fi

	log="$logs/$t-gendisk-lint-$s.log"
	if [ ! -x "$lint" ]; then
		skip "$t-gendisk-lint-$s" "analyzer/gendisk-lint is not built (make -C analyzer)"
	else
		"$lint" --kdir "$("$cache" kdir "$s")" "$here/virtio" >"$log" 2>&1
		rc=$?
		if [ $rc -eq 0 ]; then
			pass "$t-gendisk-lint-$s"
		else
			fail "$t-gendisk-lint-$s" "exit $rc: $(head -n 1 "$log")"
		fi
	fi
}
virtio_sources="Kbuild gdvirtio.c gdvirtio_compat.h"
lint="$repo/analyzer/gendisk-lint"

for s in $kernels; do
	dir="$build/$s"
	if ! "$cache" kdir "$s" >/dev/null 2>&1; then
		for t in build-w1 sparse modinfo gendisk-lint gdvirtio-build-w1 \
			gdvirtio-sparse gdvirtio-modinfo gdvirtio-gendisk-lint; do
			fail "$t-$s" "no headers for $s (run: vm/kernel-cache fetch $s)"
		done
		continue
	fi

	# W=1 from scratch: every source is compiled, nothing reused.
	log="$logs/build-w1-$s.log"
	start=$(date +%s.%N)
	if ! fresh_dir "$dir" ../../ram; then
		fail "build-w1-$s" "cannot create $dir"
	elif ! kbuild "$s" "$dir" "$log" W=1; then
		fail "build-w1-$s" "build failed, see $log"
	elif [ ! -f "$dir/gdram.ko" ]; then
		fail "build-w1-$s" "no gdram.ko, see $log"
	elif diagnostics "$log" >/dev/null; then
		fail "build-w1-$s" "$(diagnostics "$log" | head -n 1)"
	else
		pass "build-w1-$s"
	fi
	end=$(date +%s.%N)
	echo "build-w1-$s took $(echo "$end - $start" | bc) s" >>"$logs/timing.log"

	# C=2 runs sparse on every source even though nothing is recompiled.
	log="$logs/sparse-$s.log"
	if ! kbuild "$s" "$dir" "$log" C=2 CHECK=sparse; then
		fail "sparse-$s" "build failed, see $log"
	elif ! grep -q 'CHECK .*gdram\.c' "$log"; then
		fail "sparse-$s" "sparse did not run on gdram.c, see $log"
	elif diagnostics "$log" >/dev/null; then
		fail "sparse-$s" "$(diagnostics "$log" | head -n 1)"
	else
		pass "sparse-$s"
	fi

	ko="$dir/gdram.ko"
	if [ ! -f "$ko" ]; then
		fail "modinfo-$s" "no $ko"
	else
		missing=
		for p in $params; do
			modinfo -F parm "$ko" | grep -q "^$p:" || missing="$missing $p"
		done
		rel=$("$cache" release "$s")
		vermagic=$(modinfo -F vermagic "$ko")
		if [ -n "$missing" ]; then
			fail "modinfo-$s" "parameters missing:$missing"
		elif [ "${vermagic%% *}" != "$rel" ]; then
			fail "modinfo-$s" "vermagic '$vermagic' is not for $rel"
		elif [ "$(modinfo -F license "$ko")" != GPL ]; then
			fail "modinfo-$s" "license is not GPL"
		else
			pass "modinfo-$s"
		fi
	fi

	lint="$repo/analyzer/gendisk-lint"
	log="$logs/gendisk-lint-$s.log"
	if [ ! -x "$lint" ]; then
		skip "gendisk-lint-$s" "analyzer/gendisk-lint is not built (make -C analyzer)"
	else
		"$lint" --kdir "$("$cache" kdir "$s")" "$here/ram/gdram.c" >"$log" 2>&1
		rc=$?
		if [ $rc -eq 0 ]; then
			pass "gendisk-lint-$s"
		else
			fail "gendisk-lint-$s" "exit $rc: $(head -n 1 "$log")"
		fi
	fi

	check_gdvirtio "$s"
done

if [ -z "$src" ]; then
	fail checkpatch "no kernel source for checkpatch.pl (vm/kernel-cache source)"
	fail seeded-warnings "no kernel source for checkpatch.pl"
	fail gdvirtio-checkpatch "no kernel source for checkpatch.pl"
	fail legacy-checkpatch "no kernel source for checkpatch.pl"
	exit 1
fi

# gdram_compat.h is the one file that must test LINUX_VERSION_CODE (the
# module is built for two released kernels); nothing else is ignored.
if ! checkpatch_clean "$logs/checkpatch-c.log" "$here/ram/gdram.c"; then
	fail checkpatch "$(grep -m1 -E '^(ERROR|WARNING|CHECK)' "$logs/checkpatch-c.log")"
elif ! checkpatch_clean "$logs/checkpatch-h.log" --ignore LINUX_VERSION_CODE \
	"$here/ram/gdram_compat.h"; then
	fail checkpatch "$(grep -m1 -E '^(ERROR|WARNING|CHECK)' "$logs/checkpatch-h.log")"
else
	pass checkpatch
fi

# gdvirtio: the same rule, LINUX_VERSION_CODE only in its compat header.
if ! checkpatch_clean "$logs/gdvirtio-checkpatch-c.log" "$here/virtio/gdvirtio.c"; then
	fail gdvirtio-checkpatch "$(grep -m1 -E '^(ERROR|WARNING|CHECK)' "$logs/gdvirtio-checkpatch-c.log")"
elif ! checkpatch_clean "$logs/gdvirtio-checkpatch-h.log" --ignore LINUX_VERSION_CODE \
	"$here/virtio/gdvirtio_compat.h"; then
	fail gdvirtio-checkpatch "$(grep -m1 -E '^(ERROR|WARNING|CHECK)' "$logs/gdvirtio-checkpatch-h.log")"
else
	pass gdvirtio-checkpatch
fi

# legacy-5.10 is written for 5.10, which has no kmap_local_page() (5.11):
# its kmap_atomic() is the one thing ignored.  The compat header make port
# copies into a port: LINUX_VERSION_CODE, as the reference headers.
if ! checkpatch_clean "$logs/legacy-checkpatch-c.log" --ignore DEPRECATED_API \
	"$here/legacy-5.10/gdlegacy.c"; then
	fail legacy-checkpatch "$(grep -m1 -E '^(ERROR|WARNING|CHECK)' "$logs/legacy-checkpatch-c.log")"
elif ! checkpatch_clean "$logs/legacy-checkpatch-h.log" --ignore LINUX_VERSION_CODE \
	"$repo/semantic-patches/gendisk_port_compat.h"; then
	fail legacy-checkpatch "$(grep -m1 -E '^(ERROR|WARNING|CHECK)' "$logs/legacy-checkpatch-h.log")"
else
	pass legacy-checkpatch
fi

# Negative control: the same checks on a copy of gdram.c with a global
# function that has no prototype (gcc -Wmissing-prototypes, which 6.1
# enables only with W=1; sparse "was not declared") on a line with
# trailing whitespace (checkpatch ERROR).  Each check must report it.
seeded="$build/seeded"
s=${kernels%% *}
rm -rf "$seeded" && mkdir -p "$seeded"
cp "$here/ram/Kbuild" "$here/ram/gdram_compat.h" "$seeded/"
{
	cat "$here/ram/gdram.c"
	printf '\nint gdram_seeded_defect(void) { return 0; } \n'
} >"$seeded/gdram.c"
log="$logs/seeded-build.log"
missed=
if ! kbuild "$s" "$seeded" "$log" W=1 C=2 CHECK=sparse; then
	missed="$missed build-failed"
fi
diagnostics "$log" | grep -q 'gdram_seeded_defect.*\[-Wmissing-prototypes\]' ||
	missed="$missed W=1"
diagnostics "$log" | grep -q "symbol 'gdram_seeded_defect' was not declared" || missed="$missed sparse"
checkpatch_clean "$logs/seeded-checkpatch.log" "$seeded/gdram.c" && missed="$missed checkpatch"
if [ -n "$missed" ]; then
	fail seeded-warnings "seeded defect not reported by:$missed (logs in $logs)"
else
	pass seeded-warnings
fi
rm -rf "$seeded"

exit "$RESULTS_FAILED"
