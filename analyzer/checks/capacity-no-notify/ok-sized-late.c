// SPDX-License-Identifier: GPL-2.0
/*
 * A disk added empty and sized on first open, as z2ram does (z2_open()
 * maps the RAM and calls set_capacity(); z2ram_register_disk() adds the
 * disk without a capacity).  The first sizing is a 0 -> N change, for
 * which set_capacity_and_notify() sends no RESIZE=1 uevent either
 * (block/genhd.c: both sizes must be non-zero), so plain set_capacity()
 * loses nothing.  The file sets no non-zero capacity before add_disk().
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct lz_dev {
	struct gendisk *disk;
	sector_t sectors;
};

static struct lz_dev lz;

static void lz_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static int lz_open(struct gendisk *disk, blk_mode_t mode)
{
	struct lz_dev *dev = disk->private_data;

	if (!dev->sectors) {
		dev->sectors = 2048;
		set_capacity(dev->disk, dev->sectors);
	}
	return 0;
}

static const struct block_device_operations lz_fops = {
	.owner		= THIS_MODULE,
	.open		= lz_open,
	.submit_bio	= lz_submit_bio,
};

static int __init lz_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &lz_fops;
	disk->private_data = &lz;
	strscpy(disk->disk_name, "lz0", DISK_NAME_LEN);
	lz.disk = disk;
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	return 0;
}

static void __exit lz_exit(void)
{
	del_gendisk(lz.disk);
	put_disk(lz.disk);
}

module_init(lz_init);
module_exit(lz_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a disk added empty and sized on first open (0 -> N, no RESIZE uevent due)
 */
