// SPDX-License-Identifier: GPL-2.0
/*
 * A module with module_init() and no module_exit(), as swim3.c: the
 * kernel refuses to unload it (delete_module() returns -EBUSY unless
 * forced, kernel/module/main.c), so fops without .owner pin nothing that
 * could go away.  The same fops in a module with an exit fire
 * (fire-no-owner.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static void perm_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations perm_fops = {
	.submit_bio	= perm_submit_bio,
};

static int __init perm_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &perm_fops;
	strscpy(disk->disk_name, "perm0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		put_disk(disk);
	return err;
}

module_init(perm_init);
MODULE_LICENSE("GPL");
