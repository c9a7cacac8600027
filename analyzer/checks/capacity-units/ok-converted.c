// SPDX-License-Identifier: GPL-2.0
/*
 * Sizes correctly in sectors: bytes shifted by SECTOR_SHIFT (null_blk,
 * drivers/block/null_blk/main.c), KiB * 2 (brd), MiB * 2048 and GiB << 21
 * (already sector factors, not powers of 1024).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/sizes.h>

static unsigned long sz = 16;
static int unit;
module_param(sz, ulong, 0444);
module_param(unit, int, 0444);

static struct gendisk *cv_disk;

static void cv_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations cv_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= cv_submit_bio,
};

static void cv_size(struct gendisk *disk)
{
	switch (unit) {
	case 0:
		set_capacity(disk, (sz * SZ_1M) >> SECTOR_SHIFT);
		break;
	case 1:
		set_capacity(disk, sz * 2);
		break;
	case 2:
		set_capacity(disk, sz * 2048);
		break;
	default:
		set_capacity(disk, (sector_t)sz << 21);
		break;
	}
}

static int __init cv_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &cv_fops;
	strscpy(disk->disk_name, "cv0", DISK_NAME_LEN);
	cv_size(disk);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	cv_disk = disk;
	return 0;
}

static void __exit cv_exit(void)
{
	del_gendisk(cv_disk);
	put_disk(cv_disk);
}

module_init(cv_init);
module_exit(cv_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: sizes converted to sectors
 */
