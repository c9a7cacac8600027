// SPDX-License-Identifier: GPL-2.0
/*
 * add-disk-fail-cleanup: the add_disk() failure jumps to a label that
 * starts with del_gendisk().
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
		goto out_del;
	return 0;

out_del:
	del_gendisk(fx.disk);
	put_disk(fx.disk);
	return err;
}

static void __exit fx_exit(void)
{
	del_gendisk(fx.disk);
	put_disk(fx.disk);
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");
