// SPDX-License-Identifier: GPL-2.0
/*
 * media-change: ->media_changed whose function the driver also calls
 * itself (mu_changed() in mu_poll()): giving it ->check_events'
 * signature would break that call, so the method is reported only.
 * gendisk-cocci: legacy input (->media_changed is gone before 6.1).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct mu_dev {
	bool changed;
};

static int mu_changed(struct gendisk *disk)
{
	struct mu_dev *dev = disk->private_data;

	return dev->changed;
}

static const struct block_device_operations mu_fops = {
	.owner		= THIS_MODULE,
	.media_changed	= mu_changed,
};

int mu_poll(struct gendisk *disk);
int mu_poll(struct gendisk *disk)
{
	disk->fops = &mu_fops;
	return mu_changed(disk);
}

MODULE_LICENSE("GPL");
