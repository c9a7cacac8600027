// SPDX-License-Identifier: GPL-2.0
/*
 * virtio_blk-like probe that allocates a work queue after
 * device_add_disk() and returns -ENOMEM when that fails, with the disk
 * (vblk->disk) still added.  The same return leaks the tag set too, which
 * tagset-lifetime reports on the same line.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

struct wq_blk {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	struct workqueue_struct *wq;
};

static blk_status_t wq_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops wq_mq_ops = {
	.queue_rq	= wq_queue_rq,
};

static const struct block_device_operations wq_fops = {
	.owner		= THIS_MODULE,
};

static int wq_probe(struct platform_device *pdev)
{
	struct wq_blk *vblk;
	int err;

	vblk = devm_kzalloc(&pdev->dev, sizeof(*vblk), GFP_KERNEL);
	if (!vblk)
		return -ENOMEM;

	err = blk_mq_alloc_sq_tag_set(&vblk->tag_set, &wq_mq_ops, 64, 0);
	if (err)
		return err;

	vblk->disk = blk_mq_alloc_disk(&vblk->tag_set, NULL, vblk);
	if (IS_ERR(vblk->disk)) {
		err = PTR_ERR(vblk->disk);
		goto out_free_tags;
	}
	vblk->disk->fops = &wq_fops;
	vblk->disk->private_data = vblk;
	snprintf(vblk->disk->disk_name, DISK_NAME_LEN, "wq%d", pdev->id);
	set_capacity(vblk->disk, 1 << 20);

	err = device_add_disk(&pdev->dev, vblk->disk, NULL);
	if (err)
		goto out_cleanup_disk;

	vblk->wq = alloc_workqueue("wq%d", WQ_MEM_RECLAIM, 0, pdev->id);
	if (!vblk->wq)
		return -ENOMEM;

	platform_set_drvdata(pdev, vblk);
	return 0;

out_cleanup_disk:
	put_disk(vblk->disk);
out_free_tags:
	blk_mq_free_tag_set(&vblk->tag_set);
	return err;
}

static void wq_remove(struct platform_device *pdev)
{
	struct wq_blk *vblk = platform_get_drvdata(pdev);

	destroy_workqueue(vblk->wq);
	del_gendisk(vblk->disk);
	blk_mq_free_tag_set(&vblk->tag_set);
	put_disk(vblk->disk);
}

static struct platform_driver wq_driver = {
	.probe	= wq_probe,
	.remove	= wq_remove,
	.driver	= {
		.name = "wqblk",
	},
};
module_platform_driver(wq_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: -ENOMEM returned after device_add_disk() succeeded
 *
 * check-output-start
fire-enomem-after-add.c:66:3: warning: error return leaves 'vblk->disk' added: del_gendisk() and put_disk() missing on this path [fail-after-add]
fire-enomem-after-add.c:60:8: note: add_disk() succeeded here
fire-enomem-after-add.c:66:3: warning: tag set 'vblk->tag_set' leaked on this error path: blk_mq_free_tag_set() missing [tagset-lifetime]
fire-enomem-after-add.c:46:8: note: tag set 'vblk->tag_set' allocated here
 * check-output-end
 */
