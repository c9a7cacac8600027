#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the smoke-test initramfs built by qemu-smoke.sh: loads gdram.ko
# in every configuration, checks it from user space and prints one
# "SMOKE-PASS: name" / "SMOKE-FAIL: name" line per check, then the dmesg.
# Runs under busybox (ash); the module is at /gdram.ko.
/bin/busybox --install -s /bin
export PATH=/bin
mkdir -p /proc /sys /dev /tmp
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
echo "SMOKE kernel $(uname -r)"
ok() { echo "SMOKE-PASS: $*"; }
bad() { echo "SMOKE-FAIL: $*"; }
t() { name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }
nodisk() { ! ls /sys/block | grep -q gdram; }
vm() { awk '/VmallocUsed/ {print $2}' /proc/meminfo; }

# 1. defaults
t load-default insmod /gdram.ko
t dev-node test -b /dev/gdram0
t size-16M test "$(blockdev --getsize64 /dev/gdram0)" = 16777216
t lbs-512 test "$(cat /sys/block/gdram0/queue/logical_block_size)" = 512
t dev-major-259 sh -c 'cut -d: -f1 /sys/block/gdram0/dev | grep -qx 259'
t not-removable test "$(cat /sys/block/gdram0/removable)" = 0
t no-media-attr test ! -e /sys/block/gdram0/media
t ro-0 test "$(cat /sys/block/gdram0/ro)" = 0
t nonrot test "$(cat /sys/block/gdram0/queue/rotational)" = 0
t zero-read sh -c 'test "$(dd if=/dev/gdram0 bs=1M count=16 2>/dev/null | tr -d "\000" | wc -c)" = 0'
dd if=/dev/urandom of=/tmp/pat bs=4096 count=64 2>/dev/null
t write dd if=/tmp/pat of=/dev/gdram0 bs=4096 seek=100 conv=fsync 2>/dev/null
echo 3 > /proc/sys/vm/drop_caches
t readback sh -c 'dd if=/dev/gdram0 bs=4096 skip=100 count=64 2>/dev/null | cmp -s - /tmp/pat'
t readback-direct sh -c 'dd if=/dev/gdram0 bs=4096 skip=100 count=64 iflag=direct 2>/dev/null | cmp -s - /tmp/pat'
t write-direct dd if=/tmp/pat of=/dev/gdram0 bs=4096 seek=4032 count=64 oflag=direct 2>/dev/null
echo 3 > /proc/sys/vm/drop_caches
t readback-last sh -c 'dd if=/dev/gdram0 bs=4096 skip=4032 count=64 2>/dev/null | cmp -s - /tmp/pat'
t past-end sh -c 'test "$(dd if=/dev/gdram0 bs=4096 skip=4096 count=1 2>/dev/null | wc -c)" = 0'
t discard blkdiscard -o 409600 -l 262144 /dev/gdram0
echo 3 > /proc/sys/vm/drop_caches
t discard-zeroes sh -c 'test "$(dd if=/dev/gdram0 bs=4096 skip=100 count=64 2>/dev/null | tr -d "\000" | wc -c)" = 0'
cat /sys/block/gdram0/queue/discard_max_bytes /sys/block/gdram0/queue/write_zeroes_max_bytes
t rmmod-default rmmod gdram
t gone nodisk

# 2. three disks, 4k lbs
t load-3x4k insmod /gdram.ko nr_disks=3 lbs=4096 capacity_mb=8
t three sh -c 'test -b /dev/gdram0 && test -b /dev/gdram1 && test -b /dev/gdram2 && test ! -e /dev/gdram3'
t lbs-4096 test "$(blockdev --getss /dev/gdram2)" = 4096
t size-8M test "$(cat /sys/block/gdram1/size)" = 16384
t write-4k dd if=/tmp/pat of=/dev/gdram2 bs=4096 seek=1 conv=fsync 2>/dev/null
echo 3 > /proc/sys/vm/drop_caches
t readback-4k sh -c 'dd if=/dev/gdram2 bs=4096 skip=1 count=64 iflag=direct 2>/dev/null | cmp -s - /tmp/pat'
t busy-rmmod sh -c 'exec 3</dev/gdram1; ! rmmod gdram 2>/dev/null'
t rmmod-3 rmmod gdram
t gone3 nodisk

# 3. read-only
t load-ro insmod /gdram.ko read_only=1
t ro-1 test "$(cat /sys/block/gdram0/ro)" = 1
t ro-write-fails sh -c '! dd if=/tmp/pat of=/dev/gdram0 bs=4096 count=1 conv=fsync 2>/dev/null'
t ro-read dd if=/dev/gdram0 of=/dev/null bs=4096 count=4 2>/dev/null
t rmmod-ro rmmod gdram

# 4. removable
t load-rm insmod /gdram.ko removable=1 nr_disks=2
t removable-1 test "$(cat /sys/block/gdram0/removable)" = 1
t media-1 test "$(cat /sys/block/gdram0/media)" = 1
cat /sys/block/gdram0/events
t events test "$(cat /sys/block/gdram0/events)" = media_change
dd if=/tmp/pat of=/dev/gdram0 bs=4096 conv=fsync 2>/dev/null
t eject sh -c 'echo 0 > /sys/block/gdram0/media'
t media-0 test "$(cat /sys/block/gdram0/media)" = 0
t size-0 test "$(cat /sys/block/gdram0/size)" = 0
t nomedia-read sh -c 'test "$(dd if=/dev/gdram0 bs=4096 count=1 2>/dev/null | wc -c)" = 0'
t insert sh -c 'echo 1 > /sys/block/gdram0/media'
t size-back test "$(cat /sys/block/gdram0/size)" = 32768
t media-keeps-data sh -c 'dd if=/dev/gdram0 bs=4096 count=64 2>/dev/null | cmp -s - /tmp/pat'
t media-bad-value sh -c '! echo maybe > /sys/block/gdram0/media 2>/dev/null'
t other-disk-media test "$(cat /sys/block/gdram1/media)" = 1
echo 0 > /sys/block/gdram1/media
t rmmod-rm rmmod gdram
t gone-rm nodisk

# 5. fault injection: every step, first/middle/last disk.  "fail": no
# disk went live, insmod must fail.  "live": disks were live when the
# failure came, so gdram removes them all and the load succeeds (init
# must not fail then; see gdram_init()).
for spec in "dev_alloc 0 fail" "dev_alloc 2 fail" "disk_alloc 0 fail" "disk_alloc 2 fail" "add_disk 0 fail" "add_disk 1 live" "add_disk 2 live" "post_add 0 live"; do
	set -- $spec
	v0=$(vm)
	if insmod /gdram.ko nr_disks=3 fail_at=$1 fail_disk=$2 2>/tmp/err; then
		if [ $3 = live ]; then ok "inject-$1-$2 (loaded without disks)"; else bad "inject-$1-$2 (insmod succeeded)"; fi
		t "inject-$1-$2-nodisk" nodisk
		t "inject-$1-$2-rmmod" rmmod gdram
	else
		if [ $3 = fail ]; then ok "inject-$1-$2 ($(cat /tmp/err))"; else bad "inject-$1-$2 (insmod failed)"; fi
		t "inject-$1-$2-nodisk" nodisk
	fi
	t "inject-$1-$2-unloaded" sh -c '! grep -q "^gdram " /proc/modules'
	v1=$(vm)
	t "inject-$1-$2-vmalloc ($v0 -> $v1 kB)" test "$v1" -le "$((v0 + 1024))"
done
t reload-after-inject insmod /gdram.ko nr_disks=3
t reload-three test -b /dev/gdram2
t rmmod-after rmmod gdram

# 6. invalid parameters
for p in lbs=1000 lbs=256 lbs=8192 fail_at=bogus nr_disks=0 nr_disks=17 fail_disk=1 capacity_mb=0 capacity_mb=99999999; do
	if insmod /gdram.ko $p 2>/tmp/err; then bad "reject-$p"; rmmod gdram; else ok "reject-$p ($(cat /tmp/err))"; fi
	t "reject-$p-nodisk" nodisk
done

# 7. repeated load/unload
i=0; while [ $i -lt 5 ]; do insmod /gdram.ko nr_disks=2 || bad "loop-load-$i"; rmmod gdram || bad "loop-unload-$i"; i=$((i+1)); done
ok "load-unload-5x"

echo "SMOKE dmesg begin"
dmesg
echo "SMOKE dmesg end"
if dmesg | grep -E -q "WARNING:|BUG:|Oops|Call Trace|kernel BUG|general protection|refcount_t|list_del corruption|UBSAN|KASAN"; then bad "dmesg-clean"; else ok "dmesg-clean"; fi
echo "SMOKE-DONE"
poweroff -f
