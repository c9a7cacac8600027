// SPDX-License-Identifier: GPL-2.0
/*
 * add_disk()'s result tested directly in the if condition, the unwind
 * done inline; the disk pointer is kept in a per-unit array.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define IC_UNITS 2

static struct gendisk *ic_disks[IC_UNITS];

static void ic_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ic_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ic_submit_bio,
};

static int ic_add_unit(int unit)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &ic_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "ic%d", unit);
	set_capacity(disk, 2048);

	if (add_disk(disk)) {
		put_disk(disk);
		return -EIO;
	}
	ic_disks[unit] = disk;
	return 0;
}

static void ic_del_unit(int unit)
{
	del_gendisk(ic_disks[unit]);
	put_disk(ic_disks[unit]);
}

static int __init ic_init(void)
{
	int err;

	err = ic_add_unit(0);
	if (err)
		return err;
	err = ic_add_unit(1);
	if (err)
		ic_del_unit(0);
	return err;
}

static void __exit ic_exit(void)
{
	ic_del_unit(1);
	ic_del_unit(0);
}

module_init(ic_init);
module_exit(ic_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: if (add_disk(disk)) with inline unwinding
 */
