// SPDX-License-Identifier: GPL-2.0
/*
 * A bio-based driver that stores the blk_alloc_disk() disk in its device
 * struct and then overwrites dev->disk->queue with a queue shared between
 * its disks (an older multi-disk design).  Found through the copy
 * dev->disk = disk.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct sq_dev {
	struct gendisk *disk;
};

static struct sq_dev sq_devs[2];

static void sq_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations sq_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= sq_submit_bio,
};

static int sq_add(struct sq_dev *dev, int i)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	dev->disk = disk;
	if (i > 0)
		dev->disk->queue = sq_devs[0].disk->queue;
	disk->fops = &sq_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "sq%d", i);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	return 0;
}

static int __init sq_init(void)
{
	int err;

	err = sq_add(&sq_devs[0], 0);
	if (err)
		return err;
	err = sq_add(&sq_devs[1], 1);
	if (err) {
		del_gendisk(sq_devs[0].disk);
		put_disk(sq_devs[0].disk);
	}
	return err;
}

static void __exit sq_exit(void)
{
	for (int i = 1; i >= 0; i--) {
		del_gendisk(sq_devs[i].disk);
		put_disk(sq_devs[i].disk);
	}
}

module_init(sq_init);
module_exit(sq_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: shared queue assigned through dev->disk
 *
 * check-output-start
fire-bio-disk-via-dev.c:37:3: warning: 'dev->disk->queue' assigned on a disk from blk_alloc_disk(), which owns its queue: the allocated queue leaks and put_disk() puts this one [queue-assign]
fire-bio-disk-via-dev.c:32:9: note: 'disk' allocated here
 * check-output-end
 */
