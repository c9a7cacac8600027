// SPDX-License-Identifier: GPL-2.0
/*
 * gs_setup_slot() records the new disk in the file-scope table gs_disks[]
 * before add_disk() and only put_disk()s it when the add fails, leaving
 * the slot pointing at the freed disk; but gs_init() fails the load on
 * the first failure, after taking down the slots filled before it, so
 * gs_exit() never runs on the stale slot.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define GS_NR_SLOTS 2

static struct gendisk *gs_disks[GS_NR_SLOTS];

static void gs_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations gs_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= gs_submit_bio,
};

static int gs_setup_slot(unsigned int slot)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &gs_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "gs%u", slot);
	set_capacity(disk, 2048);
	gs_disks[slot] = disk;
	err = add_disk(disk);
	if (err)
		put_disk(disk);
	return err;
}

static int __init gs_init(void)
{
	unsigned int slot;
	int err;

	for (slot = 0; slot < GS_NR_SLOTS; slot++) {
		err = gs_setup_slot(slot);
		if (err)
			goto out_del;
	}
	return 0;

out_del:
	while (slot--) {
		del_gendisk(gs_disks[slot]);
		put_disk(gs_disks[slot]);
	}
	return err;
}

static void __exit gs_exit(void)
{
	unsigned int slot;

	for (slot = 0; slot < GS_NR_SLOTS; slot++) {
		if (gs_disks[slot]) {
			del_gendisk(gs_disks[slot]);
			put_disk(gs_disks[slot]);
		}
	}
}

module_init(gs_init);
module_exit(gs_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a stale table slot of an init that fails the load on any slot
 */
