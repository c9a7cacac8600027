// SPDX-License-Identifier: GPL-2.0
/*
 * A correct 6.12 driver (IS_ERR on blk_alloc_disk(lim, node)) analysed
 * with 6.1's headers, where blk_alloc_disk takes one argument, and with
 * none: the rebuilt call has two arguments, the ERR_PTR form of 6.9 on,
 * so IS_ERR() is the right test and nothing is reported.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *okdisk;

static void okdisk_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations okdisk_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= okdisk_submit_bio,
};

static int __init okdisk_init(void)
{
	struct queue_limits lim = {
		.logical_block_size	= 512,
	};
	struct gendisk *disk;
	int ret;

	disk = blk_alloc_disk(&lim, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &okdisk_fops;
	disk->flags |= GENHD_FL_NO_PART;
	strscpy(disk->disk_name, "okdisk0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 16);

	ret = add_disk(disk);
	if (ret)
		goto out_put_disk;
	okdisk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
	return ret;
}

static void __exit okdisk_exit(void)
{
	del_gendisk(okdisk);
	put_disk(okdisk);
}

module_init(okdisk_init);
module_exit(okdisk_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: IS_ERR() on blk_alloc_disk(lim, node) under 6.1's headers or none
 * check-headers: 6.12 6.1 none
 */
