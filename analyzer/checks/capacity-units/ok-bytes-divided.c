// SPDX-License-Identifier: GPL-2.0
/*
 * Byte expressions that are divided down to sectors: "/ 512",
 * div_u64(bytes, SECTOR_SIZE), and a plain constant that is not scaled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/math64.h>

static u64 bytes_mb = 64;
module_param(bytes_mb, ullong, 0444);

static struct gendisk *bd_disk;

static void bd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations bd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= bd_submit_bio,
};

static int __init bd_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &bd_fops;
	strscpy(disk->disk_name, "bd0", DISK_NAME_LEN);
	if (bytes_mb > 1024)
		set_capacity(disk, div_u64(bytes_mb * 1024 * 1024, SECTOR_SIZE));
	else if (bytes_mb)
		set_capacity(disk, bytes_mb * 1024 * 1024 / 512);
	else
		set_capacity(disk, 4096);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	bd_disk = disk;
	return 0;
}

static void __exit bd_exit(void)
{
	del_gendisk(bd_disk);
	put_disk(bd_disk);
}

module_init(bd_init);
module_exit(bd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: bytes divided to sectors
 */
