// SPDX-License-Identifier: GPL-2.0
/*
 * gs_setup_slot() records the new disk in the file-scope table gs_disks[]
 * before add_disk() and only put_disk()s it when the add fails, leaving
 * the slot pointing at the freed disk.  gs_init() ignores the result of
 * every gs_setup_slot() call, so the module loads, and gs_exit() finds
 * the slot set: del_gendisk() and put_disk() on the freed disk.
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
 * check-name: a failed add leaves a put disk in a table slot of a tolerant init
 *
 * check-output-start
fire-global-slot-tolerant-init.c:40:3: warning: 'gs_disks[]' left pointing to a put disk: gs_init() goes on when this function fails and gs_exit() reads the slot [dangling-disk-pointer]
fire-global-slot-tolerant-init.c:37:2: note: the disk is stored in the slot here
fire-global-slot-tolerant-init.c:41:2: note: returns here with the slot still set
fire-global-slot-tolerant-init.c:49:3: note: gs_init() goes on after the failure here
fire-global-slot-tolerant-init.c:58:7: note: gs_exit() reads 'gs_disks' here
 * check-output-end
 */
