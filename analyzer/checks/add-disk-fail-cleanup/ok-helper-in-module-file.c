// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-helper-in-module-file.c: add_disk() fails and the
 * unwinding calls ymod_put_unadded(), a helper of another file of the
 * module (ymod-teardown.c, in the Kbuild's ymod-$(CONFIG_BLOCK) list)
 * that only puts the disk; the exit path's ymod_remove() deletes and
 * puts it.  Without that file's summaries the disk would look leaked.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "ymod.h"

static struct ymod_dev *ymod_dev;

static void ymod_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ymod_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ymod_submit_bio,
};

static int __init ymod_init(void)
{
	struct ymod_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		kfree(dev);
		return err;
	}
	dev->disk->fops = &ymod_fops;
	dev->disk->private_data = dev;
	strscpy(dev->disk->disk_name, "ymod0", DISK_NAME_LEN);
	set_capacity(dev->disk, 2048);
	err = add_disk(dev->disk);
	if (err) {
		ymod_put_unadded(dev);
		return err;
	}
	ymod_dev = dev;
	return 0;
}

static void __exit ymod_exit(void)
{
	ymod_remove(ymod_dev);
}

module_init(ymod_init);
module_exit(ymod_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a helper of another file of the module puts the never-added disk
 */
