// SPDX-License-Identifier: GPL-2.0
/*
 * gdconf: a minimal bio-based block driver for the tests of a prepare
 * step in vm/check-driver.  Its API is chosen by the HAVE_* macros of
 * gdconf_config.h, which ./configure writes for the kernel it is built
 * against; the driver does not build without it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/bio.h>

#include "gdconf_config.h"

#define GDCONF_NAME "gdconf"
#define GDCONF_SECTORS 2048

static int gdconf_major;
static struct gendisk *gdconf_disk;

/* Reads return zeroes, writes are dropped. */
static void gdconf_submit_bio(struct bio *bio)
{
	if (bio_op(bio) == REQ_OP_READ)
		zero_fill_bio(bio);
	bio_endio(bio);
}

static const struct block_device_operations gdconf_fops = {
	.owner = THIS_MODULE,
	.submit_bio = gdconf_submit_bio,
};

/* A disk with 512-byte sectors, or an ERR_PTR. */
static struct gendisk *gdconf_alloc_disk(void)
{
#ifdef HAVE_BLK_ALLOC_DISK_LIMITS
	struct queue_limits lim = { .logical_block_size = 512 };

	return blk_alloc_disk(&lim, NUMA_NO_NODE);
#else
	struct gendisk *disk = blk_alloc_disk(NUMA_NO_NODE);

	if (!disk)
		return ERR_PTR(-ENOMEM);
	blk_queue_logical_block_size(disk->queue, 512);
	return disk;
#endif
}

static int __init gdconf_init(void)
{
	struct gendisk *disk;
	int err;

	gdconf_major = register_blkdev(0, GDCONF_NAME);
	if (gdconf_major < 0)
		return gdconf_major;
	disk = gdconf_alloc_disk();
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_unregister;
	}
	disk->major = gdconf_major;
	disk->first_minor = 0;
	disk->minors = 1;
	disk->fops = &gdconf_fops;
	strscpy(disk->disk_name, GDCONF_NAME, sizeof(disk->disk_name));
	set_capacity(disk, GDCONF_SECTORS);
#ifdef HAVE_ADD_DISK_RESULT
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
#else
	add_disk(disk);
#endif
	gdconf_disk = disk;
	return 0;

#ifdef HAVE_ADD_DISK_RESULT
out_put_disk:
	put_disk(disk);
#endif
out_unregister:
	unregister_blkdev(gdconf_major, GDCONF_NAME);
	return err;
}

static void __exit gdconf_exit(void)
{
	del_gendisk(gdconf_disk);
	put_disk(gdconf_disk);
	unregister_blkdev(gdconf_major, GDCONF_NAME);
}

module_init(gdconf_init);
module_exit(gdconf_exit);
MODULE_DESCRIPTION("check-driver test: API chosen by a configure step");
MODULE_LICENSE("GPL");
