// SPDX-License-Identifier: GPL-2.0
/*
 * ts_init() fills the file-scope table ts_disks[] one slot at a time and
 * fails the load when any slot cannot be set up, taking down the slots
 * already filled: once the module is loaded every slot holds a live
 * disk, so ts_exit() may delete them all without a test.
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
			goto out_del;
	}
	return 0;

out_del:
	while (slot--) {
		del_gendisk(ts_disks[slot]);
		put_disk(ts_disks[slot]);
	}
	return err;
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
 * check-name: an init that fails on any slot leaves no empty slot for the exit
 */
