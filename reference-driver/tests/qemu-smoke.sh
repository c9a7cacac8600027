#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runtime smoke test of gdram: boots each kernel of the kernel cache in
# QEMU (TCG: slower than KVM, but works everywhere) with an initramfs of
# busybox + build/<series>/gdram.ko + smoke-init.sh, and prints
#   PASS: reference-driver/smoke-<series>   or   FAIL: ...: <why>
# The guest's full console log is kept in build/logs/smoke-<series>.log.
#
#   tests/qemu-smoke.sh [SERIES...]     (default: $KERNELS or "6.1 6.12")
#
# Needs busybox-static, cpio, gzip, qemu-system-x86_64, and the module
# built first (make modules).
set -u

here=$(cd "$(dirname "$0")/.." && pwd)
cache="$here/../vm/kernel-cache"
logs="$here/build/logs"
series=${*:-${KERNELS:-6.1 6.12}}
timeout=${SMOKE_TIMEOUT:-300}
status=0

fail() { echo "FAIL: reference-driver/smoke-$1: $2"; status=1; }

busybox=$(command -v busybox) || busybox=
if [ -z "$busybox" ] || ! file -L "$busybox" 2>/dev/null | grep -q 'statically linked'; then
	for s in $series; do fail "$s" "no statically linked busybox (busybox-static)"; done
	exit 1
fi
mkdir -p "$logs"

for s in $series; do
	ko="$here/build/$s/gdram.ko"
	log="$logs/smoke-$s.log"
	if [ ! -f "$ko" ]; then
		fail "$s" "no $ko (make modules)"
		continue
	fi
	if ! kernel=$("$cache" vmlinuz "$s" 2>/dev/null) || [ ! -f "$kernel" ]; then
		fail "$s" "no kernel image for $s (vm/kernel-cache fetch $s)"
		continue
	fi
	tmp=$(mktemp -d)
	mkdir -p "$tmp/rootfs/bin" "$tmp/rootfs/proc" "$tmp/rootfs/sys" "$tmp/rootfs/dev" "$tmp/rootfs/tmp"
	cp "$busybox" "$tmp/rootfs/bin/busybox"
	ln -s busybox "$tmp/rootfs/bin/sh"
	cp "$here/tests/smoke-init.sh" "$tmp/rootfs/init"
	chmod 755 "$tmp/rootfs/init"
	cp "$ko" "$tmp/rootfs/gdram.ko"
	(cd "$tmp/rootfs" && find . | cpio -o -H newc --quiet | gzip -1) >"$tmp/initrd.gz"

	start=$(date +%s)
	# A kernel crash before our init printed "SMOKE kernel" (no module loaded
	# yet) is QEMU's TCG text-patching race (vm/run: crashed_before_init):
	# boot again, up to twice; the crashed boot's log is kept.
	for boot in 1 2 3; do
		timeout "$timeout" nice qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 512 \
			-nographic -no-reboot -kernel "$kernel" -initrd "$tmp/initrd.gz" \
			-append "console=ttyS0 panic=-1 quiet" </dev/null >"$log" 2>&1
		rc=$?
		if [ $rc -eq 124 ] || [ $boot -eq 3 ] || grep -q '^SMOKE' "$log" ||
			! grep -q 'Oops\|Kernel panic' "$log"; then
			break
		fi
		mv "$log" "$log.boot$boot"
		echo "# smoke-$s: the kernel crashed before init ran (boot $boot, $log.boot$boot); booting again"
	done
	secs=$(($(date +%s) - start))
	rm -rf "$tmp"

	npass=$(grep -c '^SMOKE-PASS: ' "$log")
	bad=$(grep '^SMOKE-FAIL: ' "$log" | sed 's/^SMOKE-FAIL: //' | head -n 5 | paste -sd, -)
	if [ $rc -eq 124 ]; then
		fail "$s" "timed out after ${timeout}s ($npass checks passed), see $log"
	elif ! grep -q '^SMOKE-DONE' "$log"; then
		fail "$s" "guest did not finish (qemu exit $rc, $npass checks passed), see $log"
	elif [ -n "$bad" ]; then
		fail "$s" "$bad (see $log)"
	elif ! grep -q '^SMOKE-PASS: dmesg-clean' "$log" || [ "$npass" -lt 50 ]; then
		fail "$s" "only $npass checks passed, see $log"
	else
		echo "PASS: reference-driver/smoke-$s"
	fi
	echo "smoke-$s took ${secs} s, $npass checks" >>"$logs/timing.log"
done
exit $status
