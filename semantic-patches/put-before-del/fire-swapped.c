// SPDX-License-Identifier: GPL-2.0
/*
 * put-before-del: remove path puts the disk before deleting it (patch
 * mode swaps the two calls).
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

struct fx_dev {
	struct gendisk *disk;
};

static struct fx_dev fx;

static int __init fx_init(void)
{
	int err;

	fx.disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(fx.disk))
		return PTR_ERR(fx.disk);
	fx.disk->fops = &fx_fops;
	strscpy(fx.disk->disk_name, "fx0", DISK_NAME_LEN);
	err = add_disk(fx.disk);
	if (err)
		put_disk(fx.disk);
	return err;
}

static void __exit fx_exit(void)
{
	put_disk(fx.disk);
	del_gendisk(fx.disk);
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");
