// SPDX-License-Identifier: GPL-2.0
/*
 * virtio_blk-like probe (drivers/block/virtio_blk.c virtblk_probe() shape):
 * the disk lives in vblk->disk, is checked with IS_ERR() through that
 * field, and the error ladder puts the disk before freeing the tag set.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct vblk_device {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static blk_status_t vblk_queue_rq(struct blk_mq_hw_ctx *hctx,
				  const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops vblk_mq_ops = {
	.queue_rq	= vblk_queue_rq,
};

static const struct block_device_operations vblk_fops = {
	.owner		= THIS_MODULE,
};

static int vblk_probe(struct platform_device *pdev)
{
	struct queue_limits lim = {
		.logical_block_size	= 512,
		.features		= BLK_FEAT_WRITE_CACHE,
	};
	struct vblk_device *vblk;
	int err;

	vblk = kzalloc(sizeof(*vblk), GFP_KERNEL);
	if (!vblk)
		return -ENOMEM;

	err = blk_mq_alloc_sq_tag_set(&vblk->tag_set, &vblk_mq_ops, 64,
				      BLK_MQ_F_SHOULD_MERGE);
	if (err)
		goto out_free_vblk;

	vblk->disk = blk_mq_alloc_disk(&vblk->tag_set, &lim, vblk);
	if (IS_ERR(vblk->disk)) {
		err = PTR_ERR(vblk->disk);
		goto out_free_tags;
	}

	vblk->disk->fops = &vblk_fops;
	vblk->disk->private_data = vblk;
	snprintf(vblk->disk->disk_name, DISK_NAME_LEN, "vblk%d", pdev->id);
	set_capacity(vblk->disk, 1 << 20);

	err = device_add_disk(&pdev->dev, vblk->disk, NULL);
	if (err)
		goto out_cleanup_disk;

	platform_set_drvdata(pdev, vblk);
	return 0;

out_cleanup_disk:
	put_disk(vblk->disk);
out_free_tags:
	blk_mq_free_tag_set(&vblk->tag_set);
out_free_vblk:
	kfree(vblk);
	return err;
}

static void vblk_remove(struct platform_device *pdev)
{
	struct vblk_device *vblk = platform_get_drvdata(pdev);

	del_gendisk(vblk->disk);
	blk_mq_free_tag_set(&vblk->tag_set);
	put_disk(vblk->disk);
	kfree(vblk);
}

static struct platform_driver vblk_driver = {
	.probe	= vblk_probe,
	.remove	= vblk_remove,
	.driver	= {
		.name = "vblk",
	},
};
module_platform_driver(vblk_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: IS_ERR() on vblk->disk, goto ladder puts before freeing tags
 */
