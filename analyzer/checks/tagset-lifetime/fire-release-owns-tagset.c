// SPDX-License-Identifier: GPL-2.0
/*
 * A unit registers a platform device whose release callback frees the
 * unit's tag set (it finds the unit through dev_get_drvdata()).  When
 * device_add_disk() then fails, the unwinding puts the disk and frees the
 * tag set itself, but leaves the platform device registered: the tag set
 * is freed a second time by the release when the device is unregistered
 * later.  The error path must unregister the device instead.
 *
 * The failed registration itself is no such path: the device was never
 * added and its release has not run, so freeing the tag set there is
 * the function's to do.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/platform_device.h>

#define RDV_UNITS 4

struct rdv_unit {
	struct platform_device pdev;
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct rdv_unit rdv_units[RDV_UNITS];

static blk_status_t rdv_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops rdv_mq_ops = {
	.queue_rq	= rdv_queue_rq,
};

static const struct block_device_operations rdv_fops = {
	.owner		= THIS_MODULE,
};

static void rdv_unit_release(struct device *dev)
{
	struct rdv_unit *unit = dev_get_drvdata(dev);

	blk_mq_free_tag_set(&unit->tag_set);
	memset(unit, 0, sizeof(*unit));
}

static int rdv_add_unit(int n)
{
	struct rdv_unit *unit = &rdv_units[n];
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&unit->tag_set, &rdv_mq_ops, 32, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&unit->tag_set, NULL, unit);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	disk->fops = &rdv_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "rdv%d", n);
	set_capacity(disk, 4096);

	unit->pdev.name = "rdv";
	unit->pdev.id = n;
	unit->pdev.dev.release = rdv_unit_release;
	dev_set_drvdata(&unit->pdev.dev, unit);
	err = platform_device_register(&unit->pdev);
	if (err) {
		put_disk(disk);
		blk_mq_free_tag_set(&unit->tag_set);
		return err;
	}

	err = device_add_disk(&unit->pdev.dev, disk, NULL);
	if (err)
		goto out_put_disk;
	unit->disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&unit->tag_set);
	return err;
}

static int __init rdv_init(void)
{
	for (int i = 0; i < RDV_UNITS; i++)
		if (rdv_add_unit(i))
			pr_warn("rdv%d: not added\n", i);
	return 0;
}

static void __exit rdv_exit(void)
{
	for (int i = 0; i < RDV_UNITS; i++) {
		if (rdv_units[i].disk) {
			del_gendisk(rdv_units[i].disk);
			put_disk(rdv_units[i].disk);
		}
		if (rdv_units[i].pdev.name)
			platform_device_unregister(&rdv_units[i].pdev);
	}
}

module_init(rdv_init);
module_exit(rdv_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: error path frees the tag set a registered device's release frees
 *
 * check-output-start
fire-release-owns-tagset.c:90:2: warning: blk_mq_free_tag_set() frees 'unit->tag_set' while the device 'unit->pdev.dev' is still registered, and that device's release, rdv_unit_release(), frees it too when the device is unregistered: a double free; unregister the device on this path instead of freeing the tag set here [tagset-lifetime]
fire-release-owns-tagset.c:74:8: note: platform_device_register() registers the device here
fire-release-owns-tagset.c:48:2: note: rdv_unit_release() frees the tag set here
 * check-output-end
 */
