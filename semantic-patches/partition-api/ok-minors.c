// SPDX-License-Identifier: GPL-2.0
/*
 * partition-api near miss: partitions come from disk->minors and the
 * partition scan (disk->minors = 0: dynamic dev_t, still partitionable).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *fx_disk;

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static int __init fx_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &fx_fops;
	disk->minors = 0;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	fx_disk = disk;
	return 0;
}

static void __exit fx_exit(void)
{
	del_gendisk(fx_disk);
	put_disk(fx_disk);
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");
