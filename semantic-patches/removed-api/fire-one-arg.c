// SPDX-License-Identifier: GPL-2.0
/*
 * removed-api: the 6.0-6.8 allocators.  ta_add_bio() allocates with
 * blk_alloc_disk(node), which returned NULL on failure; 6.9 on it is
 * blk_alloc_disk(lim, node) with an ERR_PTR: NULL limits, IS_ERR(), the
 * allocator's error, and the device's pointer reset (an unwind written
 * for NULL would put_disk() the ERR_PTR).  ta_add_mq() allocates with
 * blk_mq_alloc_disk(set, queuedata), an ERR_PTR already: NULL limits.
 * Patch mode only; report mode is silent (the input is right on
 * 6.0-6.8).
 * gendisk-cocci: legacy input (blk_alloc_disk(node) is 6.1's).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct ta_dev {
	struct blk_mq_tag_set set;
	struct gendisk *disk;
};

static const struct block_device_operations ta_fops = {
	.owner		= THIS_MODULE,
};

static int ta_add_bio(struct ta_dev *dev)
{
	int err;

	dev->disk = blk_alloc_disk(NUMA_NO_NODE);
	if (!dev->disk) {
		err = -ENOMEM;
		goto out;
	}
	dev->disk->fops = &ta_fops;
	dev->disk->minors = 1;
	strscpy(dev->disk->disk_name, "ta0", DISK_NAME_LEN);
	err = add_disk(dev->disk);
	if (err)
		put_disk(dev->disk);
out:
	return err;
}

static int ta_add_mq(struct ta_dev *dev)
{
	struct gendisk *disk;
	int err;

	disk = blk_mq_alloc_disk(&dev->set, dev);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &ta_fops;
	disk->minors = 1;
	strscpy(disk->disk_name, "ta1", DISK_NAME_LEN);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	dev->disk = disk;
	return 0;
}

int ta_add(struct ta_dev *dev, bool mq);
int ta_add(struct ta_dev *dev, bool mq)
{
	return mq ? ta_add_mq(dev) : ta_add_bio(dev);
}
