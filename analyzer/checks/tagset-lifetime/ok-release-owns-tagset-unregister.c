// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of fire-release-owns-tagset.c: once the platform device
 * whose release frees the tag set is registered, the error path after a
 * failed device_add_disk() unregisters the device and lets the release
 * free the tag set.  The function frees the tag set itself only where the
 * device was not registered yet (blk_mq_alloc_disk() failed).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/platform_device.h>

#define RDU_UNITS 2

struct rdu_unit {
	struct platform_device pdev;
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct rdu_unit rdu_units[RDU_UNITS];

static blk_status_t rdu_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops rdu_mq_ops = {
	.queue_rq	= rdu_queue_rq,
};

static const struct block_device_operations rdu_fops = {
	.owner		= THIS_MODULE,
};

static void rdu_unit_release(struct device *dev)
{
	struct rdu_unit *unit = container_of(dev, struct rdu_unit, pdev.dev);

	blk_mq_free_tag_set(&unit->tag_set);
	memset(unit, 0, sizeof(*unit));
}

static int rdu_add_unit(int n)
{
	struct rdu_unit *unit = &rdu_units[n];
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&unit->tag_set, &rdu_mq_ops, 32, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&unit->tag_set, NULL, unit);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	disk->fops = &rdu_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "rdu%d", n);
	set_capacity(disk, 4096);

	unit->pdev.name = "rdu";
	unit->pdev.id = n;
	unit->pdev.dev.release = rdu_unit_release;
	err = platform_device_register(&unit->pdev);
	if (err) {
		put_disk(disk);
		platform_device_put(&unit->pdev);
		return err;
	}

	err = device_add_disk(&unit->pdev.dev, disk, NULL);
	if (err)
		goto out_put_disk;
	unit->disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
	platform_device_unregister(&unit->pdev);
	return err;
out_free_tags:
	blk_mq_free_tag_set(&unit->tag_set);
	return err;
}

static int __init rdu_init(void)
{
	for (int i = 0; i < RDU_UNITS; i++)
		if (rdu_add_unit(i))
			pr_warn("rdu%d: not added\n", i);
	return 0;
}

static void __exit rdu_exit(void)
{
	for (int i = 0; i < RDU_UNITS; i++) {
		if (!rdu_units[i].disk)
			continue;
		del_gendisk(rdu_units[i].disk);
		put_disk(rdu_units[i].disk);
		platform_device_unregister(&rdu_units[i].pdev);
	}
}

module_init(rdu_init);
module_exit(rdu_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: error path unregisters the device whose release frees the tag set
 */
