// SPDX-License-Identifier: GPL-2.0
/*
 * Near-misses: unbounded writes into buffers that are not disk_name (a
 * driver's own 64-byte label, sized for its content), a bound of 64 on
 * that label, a short constant strcpy'd into a disk_name, and a copy from
 * the driver's own char disk_name[32] (as drivers/block/sunvdc.c does).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct lbl_dev {
	struct gendisk *disk;
	char label[64];
	char disk_name[DISK_NAME_LEN];
};

static struct lbl_dev lbl;

static void lbl_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations lbl_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= lbl_submit_bio,
};

static int __init lbl_init(void)
{
	struct gendisk *disk;
	int err;

	sprintf(lbl.label, "%s", "ramdisk used by the lbl test driver");
	snprintf(lbl.label, 64, "%s:%d", lbl.label, 1);
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &lbl_fops;
	strcpy(lbl.disk_name, "lbl0");
	strcpy(disk->disk_name, lbl.disk_name);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	lbl.disk = disk;
	return 0;
}

static void __exit lbl_exit(void)
{
	del_gendisk(lbl.disk);
	put_disk(lbl.disk);
}

module_init(lbl_init);
module_exit(lbl_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: other buffers, short constant into disk_name
 */
