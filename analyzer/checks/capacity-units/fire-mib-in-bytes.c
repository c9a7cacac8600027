// SPDX-License-Identifier: GPL-2.0
/*
 * A RAM disk sized by a "size_mb" module parameter that passes bytes to
 * set_capacity(): the disk claims 512 times its memory, so reads past
 * the buffer run off the vmalloc area.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/sizes.h>

static unsigned long size_mb = 16;
module_param(size_mb, ulong, 0444);

static struct gendisk *mb_disk;

static void mb_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations mb_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= mb_submit_bio,
};

static int __init mb_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &mb_fops;
	strscpy(disk->disk_name, "mb0", DISK_NAME_LEN);
	if (size_mb)
		set_capacity(disk, size_mb * 1024 * 1024);
	else
		set_capacity(disk, SZ_1G);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	mb_disk = disk;
	return 0;
}

static void __exit mb_exit(void)
{
	del_gendisk(mb_disk);
	put_disk(mb_disk);
}

module_init(mb_init);
module_exit(mb_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: size_mb * 1024 * 1024 and SZ_1G passed as sectors
 *
 * check-output-start
fire-mib-in-bytes.c:38:3: warning: set_capacity() takes 512-byte sectors, but this size is scaled by 1048576 (bytes?): shift it right by SECTOR_SHIFT [capacity-units]
fire-mib-in-bytes.c:40:3: warning: set_capacity() takes 512-byte sectors, but this size is scaled by 1073741824 (bytes?): shift it right by SECTOR_SHIFT [capacity-units]
 * check-output-end
 */
