// SPDX-License-Identifier: GPL-2.0
/*
 * make-request: a 6.x bio driver (blk_alloc_disk(), ->submit_bio in its
 * fops) has nothing to port.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

struct gendisk *fx_alloc(void);
struct gendisk *fx_alloc(void)
{
	struct gendisk *disk = blk_alloc_disk(NULL, NUMA_NO_NODE);

	if (IS_ERR(disk))
		return disk;
	disk->fops = &fx_fops;
	return disk;
}

MODULE_LICENSE("GPL");
