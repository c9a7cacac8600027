/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gendisk_port_compat.h - copied into a driver by `make port COMPAT=1`
 * (vm/port --compat): the port writes the 6.12 block API, and this
 * header makes that API build on older kernels too (6.1 is tested), with
 * LINUX_VERSION_CODE branches as the reference drivers' *_compat.h do.
 *
 *   6.9   blk_alloc_disk(lim, node) / blk_mq_alloc_disk(set, lim, data):
 *         before, no limits argument (the driver set them with the
 *         blk_queue_*() setters) and blk_alloc_disk() returned NULL;
 *   6.5   disk_check_media_change(disk): before, bdev_check_media_change()
 *         of the disk's whole-device block_device (disk->part0);
 *   6.5   ->open(struct gendisk *, blk_mode_t), ->release(struct gendisk *):
 *         before, ->open(struct block_device *, fmode_t) and
 *         ->release(struct gendisk *, fmode_t); the fops name the methods
 *         through GDPORT_OPEN()/GDPORT_RELEASE(), which pick the wrappers
 *         GDPORT_OPEN_WRAPPER()/GDPORT_RELEASE_WRAPPER() define there.
 *   6.12  (6.10..6.12) the QUEUE_FLAG_*s that became queue_limits features
 *         are gone (tested with #ifdef, not the version);
 *         non-rotational and no entropy are the defaults: the port's
 *         GDPORT_QUEUE_NONROT()/GDPORT_QUEUE_NO_ADD_RANDOM() call the old
 *         setters where the flag exists and do nothing where it does not.
 *
 * checkpatch: as in the reference drivers' compat headers, the version
 * tests are written constant-first (checkpatch takes the all-caps
 * LINUX_VERSION_CODE for the constant) and LINUX_VERSION_CODE is
 * ignored for this file only.
 */
#ifndef GENDISK_PORT_COMPAT_H
#define GENDISK_PORT_COMPAT_H

#include <linux/version.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/err.h>

#if KERNEL_VERSION(6, 9, 0) > LINUX_VERSION_CODE
static inline void gdport_set_limits(struct request_queue *q,
				     const struct queue_limits *lim)
{
	if (!lim)
		return;
	if (lim->logical_block_size)
		blk_queue_logical_block_size(q, lim->logical_block_size);
	if (lim->physical_block_size)
		blk_queue_physical_block_size(q, lim->physical_block_size);
	if (lim->max_hw_sectors)
		blk_queue_max_hw_sectors(q, lim->max_hw_sectors);
	if (lim->max_segments)
		blk_queue_max_segments(q, lim->max_segments);
	if (lim->max_segment_size)
		blk_queue_max_segment_size(q, lim->max_segment_size);
	if (lim->io_min)
		blk_queue_io_min(q, lim->io_min);
	if (lim->io_opt)
		blk_queue_io_opt(q, lim->io_opt);
	if (lim->max_hw_discard_sectors)
		blk_queue_max_discard_sectors(q, lim->max_hw_discard_sectors);
	if (lim->max_write_zeroes_sectors)
		blk_queue_max_write_zeroes_sectors(q, lim->max_write_zeroes_sectors);
}

static inline struct gendisk *
gdport_alloc_disk(const struct queue_limits *lim, int node,
		  struct lock_class_key *lkclass)
{
	struct gendisk *disk = __blk_alloc_disk(node, lkclass);

	if (!disk)
		return ERR_PTR(-ENOMEM);
	gdport_set_limits(disk->queue, lim);
	return disk;
}

static inline struct gendisk *
gdport_mq_alloc_disk(struct blk_mq_tag_set *set, const struct queue_limits *lim,
		     void *queuedata, struct lock_class_key *lkclass)
{
	struct gendisk *disk = __blk_mq_alloc_disk(set, queuedata, lkclass);

	if (!IS_ERR(disk))
		gdport_set_limits(disk->queue, lim);
	return disk;
}

#undef blk_alloc_disk
#define blk_alloc_disk(lim, node)					\
({									\
	static struct lock_class_key __key;				\
									\
	gdport_alloc_disk(lim, node, &__key);				\
})
#undef blk_mq_alloc_disk
#define blk_mq_alloc_disk(set, lim, queuedata)				\
({									\
	static struct lock_class_key __key;				\
									\
	gdport_mq_alloc_disk(set, lim, queuedata, &__key);		\
})
#endif

#if KERNEL_VERSION(6, 5, 0) > LINUX_VERSION_CODE
#define disk_check_media_change(disk)	bdev_check_media_change((disk)->part0)
#define blk_mode_t	fmode_t
#define BLK_OPEN_READ	FMODE_READ
#define BLK_OPEN_WRITE	FMODE_WRITE
#define GDPORT_OPEN(fn)	fn##_pre_6_5
#define GDPORT_OPEN_WRAPPER(fn)						\
	static int fn##_pre_6_5(struct block_device *bdev, fmode_t mode) \
	{								\
		return fn(bdev->bd_disk, mode);				\
	}								\
	static_assert(1)
#define GDPORT_RELEASE(fn)	fn##_pre_6_5
#define GDPORT_RELEASE_WRAPPER(fn)					\
	static void fn##_pre_6_5(struct gendisk *disk, fmode_t mode)	\
	{								\
		fn(disk);						\
	}								\
	static_assert(1)
#else
#define GDPORT_OPEN(fn)			fn
#define GDPORT_OPEN_WRAPPER(fn)		struct gdport_no_wrapper_##fn
#define GDPORT_RELEASE(fn)		fn
#define GDPORT_RELEASE_WRAPPER(fn)	struct gdport_no_wrapper_##fn
#endif

#ifdef QUEUE_FLAG_NONROT
#define GDPORT_QUEUE_NONROT(q)	blk_queue_flag_set(QUEUE_FLAG_NONROT, q)
#else
#define GDPORT_QUEUE_NONROT(q)	((void)(q))
#endif
#ifdef QUEUE_FLAG_ADD_RANDOM
#define GDPORT_QUEUE_NO_ADD_RANDOM(q)	blk_queue_flag_clear(QUEUE_FLAG_ADD_RANDOM, q)
#else
#define GDPORT_QUEUE_NO_ADD_RANDOM(q)	((void)(q))
#endif

#endif /* GENDISK_PORT_COMPAT_H */
