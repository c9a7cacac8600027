/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-version compatibility for gdvirtio: the only place where the
 * driver knows which kernel it is built for.
 *
 * gdvirtio builds from one source against Linux 6.1 and 6.12.  Of what it
 * uses, only the allocation of a blk-mq disk and the way queue limits reach
 * it differ (docs/gendisk-api.md §1.1, §1.4, §3c).  The tag set API,
 * add_disk()/device_add_disk(), del_gendisk(), put_disk(),
 * set_capacity*(), set_disk_ro(), virtio_find_single_vq(),
 * virtqueue_add_sgs() and the virtio_blk wire format are source-identical
 * in both trees.
 *
 * The driver describes its limits once, in struct gdv_limits, from the
 * device's config space; gdv_alloc_disk() turns that into whatever the
 * kernel wants.
 *
 * The cut-off is 6.12.0 (as in ../ram/gdram_compat.h): only the two
 * supported trees are relied upon.  checkpatch: this header is the one
 * place that tests LINUX_VERSION_CODE; ../tests/run-tests.sh ignores
 * LINUX_VERSION_CODE for it only.
 */
#ifndef GDVIRTIO_COMPAT_H
#define GDVIRTIO_COMPAT_H

#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/bvec.h>
#include <linux/mm.h>
#include <linux/version.h>

#define GDVIRTIO_KERNEL_6_12 (KERNEL_VERSION(6, 12, 0) <= LINUX_VERSION_CODE)

/**
 * struct gdv_limits - queue limits read from the device, kernel-neutral
 * @lbs: logical block size in bytes (power of two, 512..PAGE_SIZE)
 * @max_segments: scatter-gather entries one request may use
 * @max_segment_size: bytes one entry may cover
 * @max_hw_sectors: 512-byte sectors one request may cover
 * @write_cache: the device has a volatile write cache that FLUSH empties
 * @max_discard_sectors: 512-byte sectors one discard may cover; 0: the
 *	disk has no discard
 * @max_discard_segments: ranges one discard request may carry (>= 1 if
 *	@max_discard_sectors is set)
 * @discard_granularity: bytes; the unit the device discards in
 * @max_write_zeroes_sectors: 512-byte sectors one write-zeroes request
 *	may cover; 0: no write zeroes (the block layer then writes zeroes
 *	itself with plain writes)
 */
struct gdv_limits {
	unsigned int lbs;
	unsigned short max_segments;
	unsigned int max_segment_size;
	unsigned int max_hw_sectors;
	bool write_cache;
	unsigned int max_discard_sectors;
	unsigned short max_discard_segments;
	unsigned int discard_granularity;
	unsigned int max_write_zeroes_sectors;
};

/**
 * gdv_alloc_disk - allocate a blk-mq gendisk with its request queue
 * @set: an allocated tag set; it must outlive the disk's queue
 * @gl: the limits, already validated by the caller
 * @queuedata: becomes disk->queue->queuedata
 *
 * Returns the disk or an ERR_PTR() on both kernels: blk_mq_alloc_disk()
 * returns ERR_PTR in 6.1 too (blk-mq.c:4207/4213 in 6.1; 4410/4416 in
 * 6.12), unlike blk_alloc_disk() (see ../ram/gdram_compat.h).
 *
 * Difference 1, arity: 6.1 has blk_mq_alloc_disk(set, queuedata)
 * (include/linux/blk-mq.h:704 in 6.1); 6.12 has
 * blk_mq_alloc_disk(set, lim, queuedata) (blk-mq.h:714 in 6.12).
 *
 * Difference 2, limits: 6.12 takes them in a struct queue_limits before
 * allocation and validates them (block/blk-settings.c:237), failing with
 * -EINVAL if they are wrong; @lim is read-write for the allocator, never
 * const.  6.1 has no limits argument: the blk_queue_*() setters are
 * called on disk->queue after allocation, before add_disk().  Either way
 * the limits are in place before add_disk() sends the first I/O (the
 * partition scan).
 *
 * Difference 3, write cache: 6.1 declares it with
 * blk_queue_write_cache(q, true, false) (blk-settings.c:830 in 6.1); in
 * 6.12 that name is a predicate and the cache is BLK_FEAT_WRITE_CACHE in
 * lim.features (gendisk-api.md §1.4).  No FUA: the block layer then turns
 * REQ_FUA into a write followed by a flush.
 *
 * Difference 4, discard and write zeroes: 6.12 takes
 * .max_hw_discard_sectors (the user's cap is applied on top of it,
 * blk-settings.c:320-321), .max_discard_segments, .discard_granularity
 * and .max_write_zeroes_sectors in @lim; 6.1 has the setters
 * blk_queue_max_discard_sectors(), blk_queue_max_discard_segments() and
 * blk_queue_max_write_zeroes_sectors() (blkdev.h:924-931 in 6.1) and no
 * setter for the granularity, which 6.1's drivers (virtio_blk among
 * them) store in q->limits directly.  Zero leaves the operation off on
 * both: a discard or write zeroes then never reaches the driver.
 *
 * Difference 5, rotational default: 6.1 treats a queue as rotational
 * unless QUEUE_FLAG_NONROT is set; 6.12 as non-rotational unless
 * BLK_FEAT_ROTATIONAL is set.  A virtio disk says nothing about its
 * media, so gdvirtio keeps 6.1's default on both, as virtio_blk does
 * (it starts 6.12's limits from BLK_FEAT_ROTATIONAL,
 * drivers/block/virtio_blk.c:1436 in 6.12).
 */
static inline struct gendisk *gdv_alloc_disk(struct blk_mq_tag_set *set,
					     const struct gdv_limits *gl,
					     void *queuedata)
{
#if GDVIRTIO_KERNEL_6_12
	struct queue_limits lim = {
		.logical_block_size	= gl->lbs,
		.physical_block_size	= gl->lbs,
		.max_segments		= gl->max_segments,
		.max_segment_size	= gl->max_segment_size,
		.max_hw_sectors		= gl->max_hw_sectors,
		.features		= BLK_FEAT_ROTATIONAL,
	};

	if (gl->max_discard_sectors) {
		lim.max_hw_discard_sectors = gl->max_discard_sectors;
		lim.max_discard_segments = gl->max_discard_segments;
		lim.discard_granularity = gl->discard_granularity;
	}
	lim.max_write_zeroes_sectors = gl->max_write_zeroes_sectors;

	if (gl->write_cache)
		lim.features |= BLK_FEAT_WRITE_CACHE;
	return blk_mq_alloc_disk(set, &lim, queuedata);
#else
	struct gendisk *disk;
	struct request_queue *q;

	disk = blk_mq_alloc_disk(set, queuedata);
	if (IS_ERR(disk))
		return disk;

	q = disk->queue;
	blk_queue_logical_block_size(q, gl->lbs);
	blk_queue_physical_block_size(q, gl->lbs);
	blk_queue_max_segments(q, gl->max_segments);
	blk_queue_max_segment_size(q, gl->max_segment_size);
	blk_queue_max_hw_sectors(q, gl->max_hw_sectors);
	blk_queue_write_cache(q, gl->write_cache, false);
	if (gl->max_discard_sectors) {
		blk_queue_max_discard_sectors(q, gl->max_discard_sectors);
		blk_queue_max_discard_segments(q, gl->max_discard_segments);
		q->limits.discard_granularity = gl->discard_granularity;
	}
	blk_queue_max_write_zeroes_sectors(q, gl->max_write_zeroes_sectors);
	return disk;
#endif
}

/**
 * gdv_bvec_set_virt - point a bio_vec at kernel memory
 * @bv: the bio_vec, for gdvirtio a request's special_vec
 * @vaddr: kmalloc()ed memory; it must not cross a page (a discard
 *	payload is at most 4 KiB, kmalloc() aligns such sizes naturally)
 * @len: bytes
 *
 * 6.12 has bvec_set_virt() (include/linux/bvec.h:74 in 6.12); 6.1 has
 * not, and its drivers fill the three fields by hand.
 */
static inline void gdv_bvec_set_virt(struct bio_vec *bv, void *vaddr,
				     unsigned int len)
{
#if GDVIRTIO_KERNEL_6_12
	bvec_set_virt(bv, vaddr, len);
#else
	bv->bv_page = virt_to_page(vaddr);
	bv->bv_offset = offset_in_page(vaddr);
	bv->bv_len = len;
#endif
}

#endif /* GDVIRTIO_COMPAT_H */
