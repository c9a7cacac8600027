// SPDX-License-Identifier: GPL-2.0
/*
 * A driver written for 6.12 (IS_ERR on blk_alloc_disk) built for Linux
 * 6.1, where blk_alloc_disk(node) returns NULL on failure: IS_ERR(NULL)
 * is false and the NULL disk is dereferenced.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *zdisk;

static void zdisk_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations zdisk_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= zdisk_submit_bio,
};

static int __init zdisk_init(void)
{
	struct gendisk *disk;
	int ret;

	disk = blk_alloc_disk(NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &zdisk_fops;
	disk->flags |= GENHD_FL_NO_PART;
	strscpy(disk->disk_name, "zdisk0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 16);

	ret = add_disk(disk);
	if (ret)
		goto out_put_disk;
	zdisk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
	return ret;
}

static void __exit zdisk_exit(void)
{
	del_gendisk(zdisk);
	put_disk(zdisk);
}

module_init(zdisk_init);
module_exit(zdisk_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: IS_ERR() on 6.1 blk_alloc_disk() (NULL-returning)
 * check-kernel: 6.1
 *
 * check-output-start
fire-61-is-err-blk-alloc.c:28:6: error: blk_alloc_disk() returns NULL on failure on Linux 6.1: IS_ERR() misses it [alloc-wrong-check]
fire-61-is-err-blk-alloc.c:27:9: note: 'disk' allocated here
 * check-output-end
 */
