#!/bin/bash
# make bench: parse cost vs gendisk-lint cost on linux-source-6.12 drivers/block.
#
# In-tree files are parsed with the 6.12 kdir flags (what --kdir derives:
# Debian's headers) plus -I<the file's own dir> (kbuild adds -I$(src) for
# trace headers); files are fed through a generated compile_commands.json,
# so gendisk-lint and clang -fsyntax-only see exactly the same flags.
# Prints, on the same files with the same flags: total clang -fsyntax-only
# time, gendisk-lint (-j1) without and with the header cache (a PCH of the
# common block headers, src/frontend/header_cache.c), their ratios to clang
# (targets: uncached <= 1.3, cached <= 0.5), in wall time and in CPU time
# (user + system: the cost itself, which the machine's load does not
# change; wall ratios drift with the load, as the runs are not concurrent), the one-off cost of building
# the cache, the whole semantic-patch set (spatch, report mode, -j1),
# medians per file, -j1 against -j2 over the whole directory (with the
# peak RSS of the workers), and the fixture-suite time.  The per-file
# gendisk-lint runs use --no-prefilter, so every file is parsed as clang
# parses it (the token prefilter would skip files without gendisk code).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(dirname "$HERE")
LINT="$HERE/gendisk-lint"
CLANG=${CLANG:-clang-19}
KDIR=$("$REPO/vm/kernel-cache" kdir 6.12)
SRC=$("$REPO/vm/kernel-cache" source)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gendisk-lint-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

mapfile -t FLAGS < <("$LINT" --kdir "$KDIR" --print-flags)
mapfile -t FILES < <(find "$SRC/drivers/block" -name '*.c' | sort)

# compile_commands.json with the same flags + -I<dir>
{
	echo '['
	sep=
	for f in "${FILES[@]}"; do
		d=$(dirname "$f")
		b=$(basename "$f" .c)
		args=$(printf '"%s",' "${FLAGS[@]}")
		printf '%s{"directory":"%s","file":"%s","arguments":["gcc",%s"-I%s","-DKBUILD_BASENAME=\\"%s\\"","-DKBUILD_MODNAME=\\"%s\\"","-c","%s"]}\n' \
			"$sep" "$d" "$f" "$args" "$d" "$b" "$b" "$f"
		sep=,
	done
	echo ']'
} > "$WORK/compile_commands.json"

now() { date +%s.%N; }
# The header cache in a private cache dir, built once and timed.
cached_lint() { GENDISK_CHECK_CACHE="$WORK/cache" "$LINT" "$@"; }
t0=$(now)
cached_lint -j1 -p "$WORK/compile_commands.json" "${FILES[0]}" >/dev/null 2>&1 || true
t1=$(now)
cached_lint -j1 -p "$WORK/compile_commands.json" "${FILES[0]}" >/dev/null 2>&1 || true
awk -v a="$t0" -v b="$t1" -v c="$(now)" \
	'BEGIN { printf "header cache build (once per kernel and flag set): %.2f s\n", (b - a) - (c - b) }'
: > "$WORK/per-file"
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
# measure CMD...: "WALL CPU" of CMD (CPU = user + system of it and its
# children, from bash's time keyword), its output discarded.  CPU time is
# the cost that does not depend on what else the machine runs.
measure() {
	local TIMEFORMAT='%R %U %S' r
	r=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || true
	awk '{ printf "%.3f %.3f", $1, $2 + $3 }' <<< "$r"
}
for f in "${FILES[@]}"; do
	d=$(dirname "$f")
	b=$(basename "$f" .c)
	c=$(measure "$CLANG" -fsyntax-only -w -ferror-limit=0 "${FLAGS[@]}" "-I$d" \
		"-DKBUILD_BASENAME=\"$b\"" "-DKBUILD_MODNAME=\"$b\"" "$f")
	l=$(measure "$LINT" -j1 --no-prefilter --no-header-cache -p "$WORK/compile_commands.json" "$f")
	h=$(measure cached_lint -j1 --no-prefilter -p "$WORK/compile_commands.json" "$f")
	# file, wall: clang uncached cached, CPU: clang uncached cached
	read -r cw cc <<< "$c"
	read -r lw lc <<< "$l"
	read -r hw hc <<< "$h"
	echo "${f#"$SRC"/} $cw $lw $hw $cc $lc $hc" >> "$WORK/per-file"
done
t0=$(now)
"$REPO/semantic-patches/run" -j 1 "$SRC/drivers/block" >/dev/null 2>&1 || true
spatch_total=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')
echo "load average before the per-file loop: $LOAD_START"
awk -v sp="$spatch_total" '{ c += $2; l += $3; h += $4; cc += $5; lc += $6; hc += $7; n++ } END {
	printf "files: %d (linux-source-6.12 drivers/block, 6.12 kdir flags)\n", n
	printf "                                    wall      CPU (user+sys)\n"
	printf "clang -fsyntax-only total:          %6.2f s  %6.2f s\n", c, cc
	printf "gendisk-lint --no-header-cache:     %6.2f s  %6.2f s  ratio to clang: wall %.2f, CPU %.2f (target <= 1.3)\n", l, lc, l / c, lc / cc
	printf "gendisk-lint (header cache):        %6.2f s  %6.2f s  ratio to clang: wall %.2f, CPU %.2f (target <= 0.5)\n", h, hc, h / c, hc / cc
	printf "semantic patches (all rules, -j1):  %6.2f s            gendisk-lint cached / spatch (wall) %.2f\n", sp, h / sp
}' "$WORK/per-file"
sort -k3 -n "$WORK/per-file" | awk '{ v[NR] = $3 } END {
	m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	printf "gendisk-lint median per file, uncached: %.3f s\n", m }'
sort -k4 -n "$WORK/per-file" | awk '{ v[NR] = $4 } END {
	m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	printf "gendisk-lint median per file, cached:   %.3f s\n", m }'
sort -k2 -n "$WORK/per-file" | awk '{ v[NR] = $2 } END {
	m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	printf "clang median per file:        %.3f s\n", m }'
# -j scaling: the whole directory in one run, cached, one and two workers;
# the same output both ways (deterministic order).
for j in 1 2; do
	t0=$(now)
	cached_lint -j$j --no-prefilter -v -p "$WORK/compile_commands.json" "${FILES[@]}" \
		> "$WORK/j$j.out" 2> "$WORK/j$j.err" || true
	awk -v a="$t0" -v b="$(now)" -v j=$j 'BEGIN { printf "-j%d over the %s files (cached, one run): %.2f s\n", j, '"${#FILES[@]}"', b - a }'
	grep '^gendisk-lint: worker' "$WORK/j$j.err" | awk '{ gsub(":", "", $3); if ($8 > m) m = $8; s += $8; n++ }
		END { printf "   %d worker processes, peak RSS max %.1f MiB, sum %.1f MiB\n", n, m, s }'
done
if cmp -s "$WORK/j1.out" "$WORK/j2.out"; then echo "-j1 and -j2 output: identical"; else echo "-j1 and -j2 output: DIFFERENT"; fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -x "$HERE/tests/run" ]; then
	t0=$(now)
	"$HERE/tests/run" fixtures >/dev/null 2>&1 || true
	awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "fixture suite (tests/run fixtures): %.1f s\n", b - a }'
fi
