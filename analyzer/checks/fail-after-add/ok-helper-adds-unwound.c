// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of fire-helper-adds-then-fails.c: the same helper makes
 * and adds each view, and when the second one fails the unit's unwind
 * deletes and puts the first before it frees the tag set; a failure of
 * the first view leaves nothing to undo, since the helper put its own
 * disk.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

#define HB_UNITS 2

struct hb_unit {
	struct blk_mq_tag_set set;
	struct gendisk *disk[2];
	void *buf;
};

static struct hb_unit hb_units[HB_UNITS];

static const struct block_device_operations hb_fops = {
	.owner		= THIS_MODULE,
};

static blk_status_t hb_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	return BLK_STS_IOERR;
}

static const struct blk_mq_ops hb_mq_ops = {
	.queue_rq	= hb_queue_rq,
};

static int hb_add_one(int u, int view)
{
	struct gendisk *disk;
	int err;

	disk = blk_mq_alloc_disk(&hb_units[u].set, NULL, NULL);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &hb_fops;
	disk->private_data = &hb_units[u];
	sprintf(disk->disk_name, "hb%d%c", u, 'a' + view);
	set_capacity(disk, 128);
	hb_units[u].disk[view] = disk;
	err = add_disk(disk);
	if (err)
		put_disk(disk);
	return err;
}

static int hb_setup_unit(int u)
{
	hb_units[u].buf = kmalloc(512, GFP_KERNEL);
	if (!hb_units[u].buf)
		return -ENOMEM;
	hb_units[u].set.ops = &hb_mq_ops;
	hb_units[u].set.nr_hw_queues = 1;
	hb_units[u].set.queue_depth = 2;
	hb_units[u].set.numa_node = NUMA_NO_NODE;
	if (blk_mq_alloc_tag_set(&hb_units[u].set))
		goto out_buf;
	if (hb_add_one(u, 0))
		goto out_set;
	if (hb_add_one(u, 1))
		goto out_first;
	return 0;

out_first:
	del_gendisk(hb_units[u].disk[0]);
	put_disk(hb_units[u].disk[0]);
out_set:
	blk_mq_free_tag_set(&hb_units[u].set);
out_buf:
	kfree(hb_units[u].buf);
	return -ENOMEM;
}

static int __init hb_init(void)
{
	int u;

	for (u = 0; u < HB_UNITS; u++)
		hb_setup_unit(u);
	return 0;
}
module_init(hb_init);
MODULE_LICENSE("GPL");

/*
 * check-name: the first view deleted and put when the second fails
 */
