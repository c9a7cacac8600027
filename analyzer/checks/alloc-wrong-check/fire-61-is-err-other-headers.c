// SPDX-License-Identifier: GPL-2.0
/*
 * The 6.1 driver of fire-61-is-err-blk-alloc.c analysed with 6.12's
 * headers (where blk_alloc_disk is a two-argument macro, so the call is a
 * macro error and libclang drops the statement) and with none: the call
 * is rebuilt from its tokens, and its one argument says it is the
 * NULL-returning blk_alloc_disk(node) of 6.8 and before.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *ohdisk;

static void ohdisk_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ohdisk_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ohdisk_submit_bio,
};

static int __init ohdisk_init(void)
{
	struct gendisk *disk;
	int ret;

	disk = blk_alloc_disk(NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &ohdisk_fops;
	disk->flags |= GENHD_FL_NO_PART;
	strscpy(disk->disk_name, "ohdisk0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 16);

	ret = add_disk(disk);
	if (ret)
		goto out_put_disk;
	ohdisk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
	return ret;
}

static void __exit ohdisk_exit(void)
{
	del_gendisk(ohdisk);
	put_disk(ohdisk);
}

module_init(ohdisk_init);
module_exit(ohdisk_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: IS_ERR() on blk_alloc_disk(node) under other headers or none
 * check-kernel: 6.1
 * check-headers: 6.12 none
 *
 * check-output-start
fire-61-is-err-other-headers.c:30:6: error: blk_alloc_disk() as called here (the API of Linux 6.8 and before) returns NULL on failure: IS_ERR() misses it [alloc-wrong-check]
fire-61-is-err-other-headers.c:29:9: note: 'disk' allocated here
 * check-output-end
 */
