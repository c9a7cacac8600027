/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-version compatibility for gdram: the only place where the driver
 * knows which kernel it is built for.
 *
 * gdram builds from one source against Linux 6.1 and 6.12.  In the
 * gendisk lifecycle itself only the disk allocation differs (see
 * docs/gendisk-api.md §3c): add_disk()/device_add_disk(), del_gendisk(),
 * put_disk(), set_capacity*(), set_disk_ro() and the GENHD_FL_* flags are
 * source-identical in both trees.  Everything that is not identical is
 * wrapped here, one helper per difference, each with its reason:
 *
 *   gdram_alloc_disk()          blk_alloc_disk() arity, failure convention
 *                               and queue-limit setup
 *   gdram_force_media_change()  disk_force_media_change() signature
 *
 * The cut-off is 6.12.0.  The real upstream change points lie somewhere
 * in (6.1, 6.12] and are not relied upon; only the two supported trees
 * are.  A version test (rather than probing for one macro of the new API)
 * keeps each difference tied to a documented pair of trees.
 *
 * checkpatch: this header is the one place that tests LINUX_VERSION_CODE,
 * which is what an out-of-tree module for two released kernels has to do;
 * ../Makefile's checkpatch test ignores LINUX_VERSION_CODE for this file
 * only.  The comparison is written constant-first because checkpatch
 * takes the all-caps LINUX_VERSION_CODE for the constant.
 */
#ifndef GDRAM_COMPAT_H
#define GDRAM_COMPAT_H

#include <linux/blkdev.h>
#include <linux/err.h>
#include <linux/math.h>
#include <linux/version.h>

#define GDRAM_KERNEL_6_12 (KERNEL_VERSION(6, 12, 0) <= LINUX_VERSION_CODE)

/*
 * Largest discard / write-zeroes bio gdram accepts, in 512-byte sectors:
 * bi_size is an unsigned int of bytes, and every bio must stay a multiple
 * of the logical block size (6.1's __blkdev_issue_write_zeroes() does not
 * round the limit down itself).
 */
static inline unsigned int gdram_max_zero_sectors(unsigned int lbs)
{
	return round_down(UINT_MAX >> SECTOR_SHIFT, lbs >> SECTOR_SHIFT);
}

/**
 * gdram_alloc_disk - allocate a bio-based gendisk with its request queue
 * @lbs: logical block size in bytes (already validated: 512..4096, 2^n)
 * @node: NUMA node, NUMA_NO_NODE for "don't care"
 *
 * Returns the disk or an ERR_PTR() - on both kernels, so the caller has a
 * single failure convention to test (IS_ERR()).
 *
 * Difference 1, arity: 6.1 has blk_alloc_disk(node)
 * (include/linux/blkdev.h:822 in 6.1); 6.12 has blk_alloc_disk(lim, node)
 * (blkdev.h:885 in 6.12).  Both are macros that pass a static lockdep key
 * to __blk_alloc_disk(); call the macro, not __blk_alloc_disk().
 *
 * Difference 2, failure convention: 6.1 returns NULL on failure
 * (__blk_alloc_disk() in 6.1), 6.12 returns an ERR_PTR and never NULL
 * (blk_alloc_disk()'s kerneldoc, gendisk-api.md §1.1).  A NULL test on 6.12
 * lets an ERR_PTR through to be dereferenced; an IS_ERR() test on 6.1 lets
 * NULL through.  The 6.1 branch turns NULL into ERR_PTR(-ENOMEM).
 *
 * Difference 3, queue limits: 6.12 takes them in a struct queue_limits
 * *before* allocation and validates them (blk_validate_limits(),
 * block/blk-settings.c:237), failing the allocation with -EINVAL if they
 * are wrong; the old blk_queue_*() setters do not exist any more.  6.1
 * has no limits argument: the driver calls the setters on disk->queue
 * after allocation and before add_disk().  Either way the limits are in
 * place before add_disk(), which may already send I/O (partition scan).
 *
 * Difference 4, rotational default: 6.1 treats a queue as rotational
 * unless QUEUE_FLAG_NONROT is set (blk_queue_nonrot(), blkdev.h:598 in
 * 6.1); 6.12 treats it as non-rotational unless BLK_FEAT_ROTATIONAL is set
 * (blkdev.h:627 in 6.12).  RAM is not rotational: 6.1 sets the flag, 6.12
 * leaves the default.  Likewise "does not feed the entropy pool"
 * (QUEUE_FLAG_ADD_RANDOM is cleared on 6.1; BLK_FEAT_ADD_RANDOM is opt-in
 * on 6.12) and "never blocks in submit_bio, so REQ_NOWAIT is fine"
 * (QUEUE_FLAG_NOWAIT / BLK_FEAT_NOWAIT).  These are the flags brd sets
 * (drivers/block/brd.c:443-448 in 6.1, :364-378 in 6.12).
 *
 * Physical block size = logical block size: RAM has no larger internal
 * unit that a read-modify-write could be avoided for.
 */
static inline struct gendisk *gdram_alloc_disk(unsigned int lbs, int node)
{
#if GDRAM_KERNEL_6_12
	struct queue_limits lim = {
		.logical_block_size		= lbs,
		.physical_block_size		= lbs,
		.max_hw_discard_sectors		= gdram_max_zero_sectors(lbs),
		.max_write_zeroes_sectors	= gdram_max_zero_sectors(lbs),
		.discard_granularity		= lbs,
		.features			= BLK_FEAT_NOWAIT,
	};

	/* @lim is read-write for the allocator: never pass a const object. */
	return blk_alloc_disk(&lim, node);
#else
	struct gendisk *disk;

	disk = blk_alloc_disk(node);
	if (!disk)
		return ERR_PTR(-ENOMEM);

	blk_queue_logical_block_size(disk->queue, lbs);
	blk_queue_physical_block_size(disk->queue, lbs);
	blk_queue_max_discard_sectors(disk->queue, gdram_max_zero_sectors(lbs));
	blk_queue_max_write_zeroes_sectors(disk->queue,
					   gdram_max_zero_sectors(lbs));
	/* 6.1 has no setter for the granularity; drivers write it directly. */
	disk->queue->limits.discard_granularity = lbs;
	blk_queue_flag_set(QUEUE_FLAG_NONROT, disk->queue);
	blk_queue_flag_clear(QUEUE_FLAG_ADD_RANDOM, disk->queue);
	blk_queue_flag_set(QUEUE_FLAG_NOWAIT, disk->queue);
	return disk;
#endif
}

/**
 * gdram_force_media_change - tell the block layer the medium was swapped
 * @disk: a live disk that has DISK_EVENT_MEDIA_CHANGE in disk->events
 *
 * Difference 5: 6.1 has
 * bool disk_force_media_change(struct gendisk *, unsigned int events)
 * (blkdev.h:777, block/disk-events.c:303 in 6.1): it sends the uevent for
 * @events, and for DISK_EVENT_MEDIA_CHANGE bumps the disk sequence number,
 * invalidates cached data and flags the partition table for a re-scan at
 * the next open.  6.12 has void disk_force_media_change(struct gendisk *)
 * (blkdev.h:835, disk-events.c:296 in 6.12): it always means
 * MEDIA_CHANGE, bumps the sequence number and calls
 * bdev_mark_dead(part0, true); it no longer schedules a partition re-scan
 * ("Callers that need a partition re-scan should arrange for one
 * explicitly", disk-events.c:294).  gdram does not re-scan on its own:
 * after inserting a medium on 6.12, run BLKRRPART (blockdev --rereadpt).
 *
 * In both kernels the uevent (DISK_MEDIA_CHANGE=1) is only sent for
 * events the driver listed in disk->events (disk_event_uevent(),
 * disk-events.c:171-182 in 6.12).
 */
static inline void gdram_force_media_change(struct gendisk *disk)
{
#if GDRAM_KERNEL_6_12
	disk_force_media_change(disk);
#else
	/* The result only says whether MEDIA_CHANGE was among the events. */
	disk_force_media_change(disk, DISK_EVENT_MEDIA_CHANGE);
#endif
}

#endif /* GDRAM_COMPAT_H */
