// SPDX-License-Identifier: GPL-2.0
/*
 * alloc-disk-limits: a 5.14-6.8 driver -- blk_alloc_disk(node) checked
 * for NULL, blk_mq_alloc_disk(set, queuedata) -- gets the 6.9 signatures
 * and the ERR_PTR check; gendisk_port_compat.h keeps them building on 6.1.
 * gendisk-cocci-kernel: 6.1
 * gendisk-cocci: legacy input (the one-argument blk_alloc_disk() of 6.1
 * is not 6.12's); only the .res is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include "../gendisk_port_compat.h"

struct fx_dev {
	struct gendisk *gd;
	struct blk_mq_tag_set set;
};

struct gendisk *fx_bio_disk(struct fx_dev *dev, int node);
struct gendisk *fx_bio_disk(struct fx_dev *dev, int node)
{
	dev->gd = blk_alloc_disk(node);
	if (!dev->gd) {
		pr_err("fx: no disk\n");
		return NULL;
	}
	return dev->gd;
}

struct gendisk *fx_mq_disk(struct fx_dev *dev);
struct gendisk *fx_mq_disk(struct fx_dev *dev)
{
	struct gendisk *disk = blk_mq_alloc_disk(&dev->set, dev);

	if (IS_ERR(disk))
		return NULL;
	return disk;
}

MODULE_LICENSE("GPL");
