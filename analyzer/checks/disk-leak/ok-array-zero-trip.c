// SPDX-License-Identifier: GPL-2.0
/*
 * Near misses with loops that may run zero times or skip elements:
 *  - zt_create() allocates nr disks (nr may be 0) and unwinds a later
 *    failure with "while (--i >= 0)" from i == nr: every disk is put;
 *  - zt_partial() releases in a loop whose "continue" skips elements
 *    that hold a disk: which elements it releases is not known, so the
 *    ranges are not compared (no finding, as before);
 *  - an inclusive "for (j = i; j >= 0; j--)" after a failure at slot i
 *    of the allocating loop (slot i holds no disk) covers [0, i].
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#define ZT_MAX 8

struct zt_dev {
	struct gendisk *disks[ZT_MAX];
	bool keep[ZT_MAX];
	void *priv;
};

static void zt_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations zt_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= zt_submit_bio,
};

static int zt_create(struct zt_dev *dev, int nr)
{
	int i, err;

	for (i = 0; i < nr; i++) {
		dev->disks[i] = blk_alloc_disk(NULL, NUMA_NO_NODE);
		if (IS_ERR(dev->disks[i])) {
			err = PTR_ERR(dev->disks[i]);
			goto out;
		}
		dev->disks[i]->fops = &zt_fops;
	}
	dev->priv = kzalloc(64, GFP_KERNEL);
	if (!dev->priv) {
		err = -ENOMEM;
		goto out;
	}
	return 0;

out:
	while (--i >= 0)
		put_disk(dev->disks[i]);
	return err;
}

static int zt_partial(struct zt_dev *dev)
{
	int i, err;

	for (i = 0; i < ZT_MAX; i++) {
		dev->disks[i] = blk_alloc_disk(NULL, NUMA_NO_NODE);
		if (IS_ERR(dev->disks[i])) {
			err = PTR_ERR(dev->disks[i]);
			goto out;
		}
	}
	dev->priv = kzalloc(64, GFP_KERNEL);
	if (dev->priv)
		return 0;
	err = -ENOMEM;
	i = ZT_MAX;
out:
	while (i--) {
		if (dev->keep[i])
			continue;
		put_disk(dev->disks[i]);
	}
	return err;
}

static int zt_inclusive(struct zt_dev *dev)
{
	int i, j, err;

	for (i = 0; i < ZT_MAX; i++) {
		dev->disks[i] = blk_alloc_disk(NULL, NUMA_NO_NODE);
		if (IS_ERR(dev->disks[i])) {
			err = PTR_ERR(dev->disks[i]);
			dev->disks[i] = NULL;
			goto out;
		}
	}
	return 0;

out:
	for (j = i; j >= 0; j--)
		if (dev->disks[j])
			put_disk(dev->disks[j]);
	return err;
}

static struct zt_dev zt_devs[2];

static int __init zt_init(void)
{
	int err;

	err = zt_create(&zt_devs[0], 4);
	if (err)
		return err;
	err = zt_partial(&zt_devs[1]);
	if (err)
		return err;
	return zt_inclusive(&zt_devs[1]);
}

module_init(zt_init);
MODULE_LICENSE("GPL");

/*
 * check-name: loops that may run zero times or skip elements
 */
