// SPDX-License-Identifier: GPL-2.0
/*
 * A controller embeds a struct device whose release, found through
 * container_of(), frees the controller's tag set.  When add_disk() fails
 * after device_register(), the unwinding frees the tag set and only then
 * unregisters the device: the unregister drops the last reference, the
 * release runs and frees the tag set again.  Unregistering the device is
 * the whole cleanup once it owns the tag set.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/device.h>
#include <linux/slab.h>

struct mcx_ctrl {
	struct device dev;
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct mcx_ctrl *mcx_ctrl;

static blk_status_t mcx_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops mcx_mq_ops = {
	.queue_rq	= mcx_queue_rq,
};

static const struct block_device_operations mcx_fops = {
	.owner		= THIS_MODULE,
};

static void mcx_ctrl_release(struct device *dev)
{
	struct mcx_ctrl *ctrl = container_of(dev, struct mcx_ctrl, dev);

	blk_mq_free_tag_set(&ctrl->tag_set);
	kfree(ctrl);
}

static int __init mcx_init(void)
{
	struct mcx_ctrl *ctrl;
	struct gendisk *disk;
	int err;

	ctrl = kzalloc(sizeof(*ctrl), GFP_KERNEL);
	if (!ctrl)
		return -ENOMEM;
	err = blk_mq_alloc_sq_tag_set(&ctrl->tag_set, &mcx_mq_ops, 64, 0);
	if (err)
		goto out_free_ctrl;
	disk = blk_mq_alloc_disk(&ctrl->tag_set, NULL, ctrl);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		blk_mq_free_tag_set(&ctrl->tag_set);
		goto out_free_ctrl;
	}
	disk->fops = &mcx_fops;
	strscpy(disk->disk_name, "mcx0", DISK_NAME_LEN);
	set_capacity(disk, 8192);

	ctrl->dev.release = mcx_ctrl_release;
	dev_set_name(&ctrl->dev, "mcx-ctrl");
	err = device_register(&ctrl->dev);
	if (err < 0) {
		put_disk(disk);
		put_device(&ctrl->dev);
		return err;
	}
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		blk_mq_free_tag_set(&ctrl->tag_set);
		device_unregister(&ctrl->dev);
		return err;
	}
	ctrl->disk = disk;
	mcx_ctrl = ctrl;
	return 0;

out_free_ctrl:
	kfree(ctrl);
	return err;
}

static void __exit mcx_exit(void)
{
	del_gendisk(mcx_ctrl->disk);
	put_disk(mcx_ctrl->disk);
	device_unregister(&mcx_ctrl->dev);
}

module_init(mcx_init);
module_exit(mcx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: tag set freed before the device whose release frees it is unregistered
 *
 * check-output-start
fire-release-owns-tagset-free-first.c:80:3: warning: blk_mq_free_tag_set() frees 'ctrl->tag_set' while the device 'ctrl->dev' is still registered, and that device's release, mcx_ctrl_release(), frees it too when the device is unregistered: a double free; unregister the device on this path instead of freeing the tag set here [tagset-lifetime]
fire-release-owns-tagset-free-first.c:71:8: note: device_register() registers the device here
fire-release-owns-tagset-free-first.c:43:2: note: mcx_ctrl_release() frees the tag set here
 * check-output-end
 */
