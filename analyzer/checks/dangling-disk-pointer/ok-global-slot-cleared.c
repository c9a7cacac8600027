// SPDX-License-Identifier: GPL-2.0
/*
 * gs_setup_slot() records the new disk in the file-scope table gs_disks[]
 * before add_disk(); when the add fails it put_disk()s the disk and
 * clears the slot again.  gs_init() ignores the result of every
 * gs_setup_slot() call and gs_exit() skips the empty slots: nothing
 * dangles.
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
	if (err) {
		put_disk(disk);
		gs_disks[slot] = NULL;
	}
	return err;
}

static int __init gs_init(void)
{
	unsigned int slot;

	for (slot = 0; slot < GS_NR_SLOTS; slot++)
		gs_setup_slot(slot);
	return 0;
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
 * check-name: a table slot cleared after the failed add's put_disk()
 */
