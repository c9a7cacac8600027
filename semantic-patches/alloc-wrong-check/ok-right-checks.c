// SPDX-License-Identifier: GPL-2.0
/*
 * alloc-wrong-check near miss: IS_ERR() for the ERR_PTR allocators,
 * IS_ERR_OR_NULL() (right on every kernel), and a NULL test of a pointer
 * that is not the allocation result.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static struct gendisk *fx_disk[2];

static int __init fx_init(void)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	fx_disk[0] = disk;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR_OR_NULL(disk)) {
		put_disk(fx_disk[0]);
		return -ENOMEM;
	}
	fx_disk[1] = disk;
	if (!fx_disk[0]->fops)
		fx_disk[0]->fops = &fx_fops;
	return 0;
}

static void __exit fx_exit(void)
{
	put_disk(fx_disk[0]);
	put_disk(fx_disk[1]);
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");
