// SPDX-License-Identifier: GPL-2.0
/*
 * The right way: capacity set before add_disk() so its partition scan
 * reads the table; on media change the driver calls
 * disk_force_media_change() and lets the block layer rescan.  Function
 * names that merely contain "partition" are not the internal API.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *scan_disk;

static void scan_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations scan_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= scan_submit_bio,
};

static void scan_add_partition_table(struct gendisk *disk)
{
	set_capacity(disk, 8192);
}

static void scan_media_changed(struct gendisk *disk)
{
	disk_force_media_change(disk);
}

static int __init scan_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &scan_fops;
	strscpy(disk->disk_name, "scan0", DISK_NAME_LEN);
	scan_add_partition_table(disk);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	scan_disk = disk;
	return 0;
}

static void __exit scan_exit(void)
{
	scan_media_changed(scan_disk);
	del_gendisk(scan_disk);
	put_disk(scan_disk);
}

module_init(scan_init);
module_exit(scan_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: partition scan by add_disk, helper named *_add_partition_*
 */
