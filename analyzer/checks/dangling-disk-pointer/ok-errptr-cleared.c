// SPDX-License-Identifier: GPL-2.0
/*
 * fire-errptr-teardown.c fixed the way the field is cleared on the
 * IS_ERR() path: the teardown's NULL test then sees NULL.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define EP_NR_DEVS	2

struct ep_dev {
	struct gendisk *disk;
	int index;
};

static struct ep_dev ep_devs[EP_NR_DEVS];
static int ep_major;

static void ep_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ep_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ep_submit_bio,
};

static int ep_setup(struct ep_dev *dev, int index)
{
	int err;

	dev->index = index;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		dev->disk = NULL;
		return err;
	}

	dev->disk->major = ep_major;
	dev->disk->first_minor = index;
	dev->disk->minors = 1;
	dev->disk->fops = &ep_fops;
	dev->disk->private_data = dev;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "ep%d", index);
	set_capacity(dev->disk, 2048);
	err = add_disk(dev->disk);
	if (err) {
		put_disk(dev->disk);
		dev->disk = NULL;
	}
	return err;
}

static void ep_teardown(struct ep_dev *dev)
{
	if (dev->disk) {
		del_gendisk(dev->disk);
		put_disk(dev->disk);
		dev->disk = NULL;
	}
}

static int __init ep_init(void)
{
	int i;

	ep_major = register_blkdev(0, "ep");
	if (ep_major < 0)
		return ep_major;
	for (i = 0; i < EP_NR_DEVS; i++)
		if (ep_setup(&ep_devs[i], i))
			pr_warn("ep: device %d not set up\n", i);
	return 0;
}

static void __exit ep_exit(void)
{
	int i;

	for (i = 0; i < EP_NR_DEVS; i++)
		ep_teardown(&ep_devs[i]);
	unregister_blkdev(ep_major, "ep");
}

module_init(ep_init);
module_exit(ep_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: the ERR_PTR cleared from the field before the return
 */
