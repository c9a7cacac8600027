// SPDX-License-Identifier: GPL-2.0
/*
 * gdbroken - a one-disk driver that does not build on 6.12: its other file,
 * gdbroken_limits.c, still uses an API removed there.  This file compiles.
 */
#include <linux/blkdev.h>
#include <linux/module.h>

#include "gdbroken.h"

static struct gendisk *gdbroken_disk;

static void gdbroken_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations gdbroken_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= gdbroken_submit_bio,
};

static int __init gdbroken_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &gdbroken_fops;
	disk->flags |= GENHD_FL_NO_PART;
	strscpy(disk->disk_name, "gdbroken0", DISK_NAME_LEN);
	set_capacity(disk, 1U << 16);
	gdbroken_set_limits(disk);

	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	gdbroken_disk = disk;
	return 0;
}

static void __exit gdbroken_exit(void)
{
	del_gendisk(gdbroken_disk);
	put_disk(gdbroken_disk);
}

module_init(gdbroken_init);
module_exit(gdbroken_exit);
MODULE_DESCRIPTION("gendisk-lint test: a module that does not build");
MODULE_LICENSE("GPL");
