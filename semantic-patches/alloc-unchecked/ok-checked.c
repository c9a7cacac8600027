// SPDX-License-Identifier: GPL-2.0
/*
 * alloc-unchecked near miss: every allocation checked before use (IS_ERR,
 * IS_ERR_OR_NULL, if (disk) block), or returned to the caller.
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

static struct gendisk *fx_alloc(void)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	return disk;
}

static int __init fx_init(void)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR_OR_NULL(disk))
		return -ENOMEM;
	disk->fops = &fx_fops;
	fx_disk[0] = disk;
	disk = fx_alloc();
	if (IS_ERR(disk)) {
		put_disk(fx_disk[0]);
		return PTR_ERR(disk);
	}
	disk->fops = &fx_fops;
	fx_disk[1] = disk;
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
