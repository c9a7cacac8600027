// SPDX-License-Identifier: GPL-2.0
/*
 * brd-like init that checks blk_alloc_disk() with IS_ERR_OR_NULL() and
 * returns early, per device, from a helper called in a loop.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#define RAMX_DEVICES 4

static struct gendisk *ramx_disks[RAMX_DEVICES];

static void ramx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ramx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ramx_submit_bio,
};

static int ramx_alloc(int i)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR_OR_NULL(disk))
		return disk ? PTR_ERR(disk) : -ENOMEM;

	disk->fops = &ramx_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "ramx%d", i);
	set_capacity(disk, 4096);

	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	ramx_disks[i] = disk;
	return 0;
}

static void ramx_remove_all(void)
{
	int i;

	for (i = 0; i < RAMX_DEVICES; i++) {
		if (!ramx_disks[i])
			continue;
		del_gendisk(ramx_disks[i]);
		put_disk(ramx_disks[i]);
		ramx_disks[i] = NULL;
	}
}

static int __init ramx_init(void)
{
	int i, err;

	for (i = 0; i < RAMX_DEVICES; i++) {
		err = ramx_alloc(i);
		if (err) {
			ramx_remove_all();
			return err;
		}
	}
	return 0;
}

static void __exit ramx_exit(void)
{
	ramx_remove_all();
}

module_init(ramx_init);
module_exit(ramx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: IS_ERR_OR_NULL() check with early returns
 */
