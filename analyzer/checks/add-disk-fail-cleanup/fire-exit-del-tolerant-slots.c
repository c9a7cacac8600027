// SPDX-License-Identifier: GPL-2.0
/*
 * ts_init() fills the file-scope table ts_disks[] one slot at a time and
 * only warns when ts_add_slot() fails: the module loads with that slot
 * NULL (ts_add_slot() stores the disk only once it is live).  ts_exit()
 * then deletes every slot without looking: del_gendisk(NULL).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define TS_NR_SLOTS 4

static struct gendisk *ts_disks[TS_NR_SLOTS];

static void ts_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ts_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ts_submit_bio,
};

static int ts_add_slot(int slot)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &ts_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "ts%d", slot);
	set_capacity(disk, 1024);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	ts_disks[slot] = disk;
	return 0;
}

static int __init ts_init(void)
{
	int slot, err;

	for (slot = 0; slot < TS_NR_SLOTS; slot++) {
		err = ts_add_slot(slot);
		if (err)
			pr_warn("ts: slot %d not set up: %d\n", slot, err);
	}
	return 0;
}

static void __exit ts_exit(void)
{
	int slot;

	for (slot = 0; slot < TS_NR_SLOTS; slot++) {
		del_gendisk(ts_disks[slot]);
		put_disk(ts_disks[slot]);
	}
}

module_init(ts_init);
module_exit(ts_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: module exit deletes table slots a tolerant init left empty
 *
 * check-output-start
fire-exit-del-tolerant-slots.c:62:3: warning: del_gendisk() on every 'ts_disks[]' slot, but ts_init() goes on when ts_add_slot() fails for a slot: that slot is empty or its disk was never added [add-disk-fail-cleanup]
fire-exit-del-tolerant-slots.c:41:2: note: ts_add_slot() stores the disk in the slot here
fire-exit-del-tolerant-slots.c:51:3: note: ts_init() goes on after ts_add_slot() failed here
 * check-output-end
 */
