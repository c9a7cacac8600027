// SPDX-License-Identifier: GPL-2.0
/*
 * virtio_blk-style lifetime: the driver data hangs off private_data and
 * is freed in ->free_disk, called at the final put; remove only deletes
 * and puts, and never touches the disk afterwards.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct fd_blk {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	int index;
};

static blk_status_t fd_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops fd_mq_ops = {
	.queue_rq	= fd_queue_rq,
};

static void fd_free_disk(struct gendisk *disk)
{
	struct fd_blk *vblk = disk->private_data;

	kfree(vblk);
}

static const struct block_device_operations fd_fops = {
	.owner		= THIS_MODULE,
	.free_disk	= fd_free_disk,
};

static int fd_probe(struct platform_device *pdev)
{
	struct fd_blk *vblk;
	int err;

	vblk = kzalloc(sizeof(*vblk), GFP_KERNEL);
	if (!vblk)
		return -ENOMEM;
	vblk->index = pdev->id;

	err = blk_mq_alloc_sq_tag_set(&vblk->tag_set, &fd_mq_ops, 64, 0);
	if (err)
		goto out_free_vblk;

	vblk->disk = blk_mq_alloc_disk(&vblk->tag_set, NULL, vblk);
	if (IS_ERR(vblk->disk)) {
		err = PTR_ERR(vblk->disk);
		goto out_free_tags;
	}
	vblk->disk->fops = &fd_fops;
	vblk->disk->private_data = vblk;
	snprintf(vblk->disk->disk_name, DISK_NAME_LEN, "fd%d", vblk->index);
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

static void fd_remove(struct platform_device *pdev)
{
	struct fd_blk *vblk = platform_get_drvdata(pdev);
	struct gendisk *disk = vblk->disk;

	del_gendisk(disk);
	blk_mq_free_tag_set(&vblk->tag_set);
	put_disk(disk);
}

static struct platform_driver fd_driver = {
	.probe	= fd_probe,
	.remove	= fd_remove,
	.driver	= {
		.name = "fdblk",
	},
};
module_platform_driver(fd_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: ->free_disk frees the driver data; nothing touched after put
 */
