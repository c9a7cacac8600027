// SPDX-License-Identifier: GPL-2.0
/*
 * A unit with two views, each made by a helper that allocates a disk,
 * stores it in the unit's slot and adds it, putting it again when the add
 * fails: it returns 0 with the disk added and an error with nothing left.
 * When the second view fails, the unit's setup frees the tag set and
 * returns -ENOMEM while the first view's disk is still added, on the
 * freed tag set.  Both views share one collapsed slot (ha_units[].disk[]),
 * but whichever it is, the first call added one on this path.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

#define HA_UNITS 2

struct ha_unit {
	struct blk_mq_tag_set set;
	struct gendisk *disk[2];
	void *buf;
};

static struct ha_unit ha_units[HA_UNITS];

static const struct block_device_operations ha_fops = {
	.owner		= THIS_MODULE,
};

static blk_status_t ha_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	return BLK_STS_IOERR;
}

static const struct blk_mq_ops ha_mq_ops = {
	.queue_rq	= ha_queue_rq,
};

static int ha_add_one(int u, int view)
{
	struct gendisk *disk;
	int err;

	disk = blk_mq_alloc_disk(&ha_units[u].set, NULL, NULL);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &ha_fops;
	disk->private_data = &ha_units[u];
	sprintf(disk->disk_name, "ha%d%c", u, 'a' + view);
	set_capacity(disk, 128);
	ha_units[u].disk[view] = disk;
	err = add_disk(disk);
	if (err)
		put_disk(disk);
	return err;
}

static int ha_setup_unit(int u)
{
	ha_units[u].buf = kmalloc(512, GFP_KERNEL);
	if (!ha_units[u].buf)
		return -ENOMEM;
	ha_units[u].set.ops = &ha_mq_ops;
	ha_units[u].set.nr_hw_queues = 1;
	ha_units[u].set.queue_depth = 2;
	ha_units[u].set.numa_node = NUMA_NO_NODE;
	if (blk_mq_alloc_tag_set(&ha_units[u].set))
		goto out_buf;
	if (ha_add_one(u, 0) || ha_add_one(u, 1))
		goto out_set;
	return 0;

out_set:
	blk_mq_free_tag_set(&ha_units[u].set);
out_buf:
	kfree(ha_units[u].buf);
	return -ENOMEM;
}

static int __init ha_init(void)
{
	int u;

	for (u = 0; u < HA_UNITS; u++)
		ha_setup_unit(u);
	return 0;
}
module_init(ha_init);
MODULE_LICENSE("GPL");

/*
 * check-name: the second disk of a unit fails after a helper added the first
 *
 * check-output-start
fire-helper-adds-then-fails.c:76:2: warning: error return leaves 'ha_units[].disk[]' added: del_gendisk() and put_disk() missing on this path [fail-after-add]
fire-helper-adds-then-fails.c:68:6: note: add_disk() succeeded here
 * check-output-end
 */
