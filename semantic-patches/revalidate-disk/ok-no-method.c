// SPDX-License-Identifier: GPL-2.0
/*
 * revalidate-disk: a driver with a function of its own called
 * *_revalidate, not named in the fops, and a structure of its own with
 * a revalidate_disk member; nothing changes.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct rw_hooks {
	int (*revalidate_disk)(struct gendisk *disk);
};

static int rw_revalidate(struct gendisk *disk)
{
	set_capacity_and_notify(disk, get_capacity(disk));
	return 0;
}

static const struct rw_hooks rw_hooks = {
	.revalidate_disk = rw_revalidate,
};

static const struct block_device_operations rw_fops = {
	.owner		= THIS_MODULE,
};

int rw_changed(struct gendisk *disk);
int rw_changed(struct gendisk *disk)
{
	return disk->fops == &rw_fops ? rw_hooks.revalidate_disk(disk) : 0;
}

MODULE_LICENSE("GPL");
