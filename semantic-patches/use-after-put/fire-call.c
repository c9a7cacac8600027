// SPDX-License-Identifier: GPL-2.0
/*
 * use-after-put: the disk passed to a function and its name printed
 * after put_disk().
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

static struct gendisk *fx_disk;

static int __init fx_init(void)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &fx_fops;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	if (add_disk(disk)) {
		put_disk(disk);
		pr_err("%s: add failed\n", disk->disk_name);
		return -EIO;
	}
	fx_disk = disk;
	return 0;
}

static void __exit fx_exit(void)
{
	del_gendisk(fx_disk);
	put_disk(fx_disk);
	set_capacity(fx_disk, 0);
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");
