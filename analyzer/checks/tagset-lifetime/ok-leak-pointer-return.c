// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss modelled on nbd_dev_add(): the function returns the new device
 * (a non-NULL pointer is success, not an error) or ERR_PTR(err) after an
 * unwinding ladder that frees the tag set; the tag set stays allocated
 * only on the success return.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>
#include <linux/err.h>

struct ptr_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct ptr_dev *ptr_the_dev;

static blk_status_t ptr_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops ptr_mq_ops = {
	.queue_rq	= ptr_queue_rq,
};

static const struct block_device_operations ptr_fops = {
	.owner		= THIS_MODULE,
};

static struct ptr_dev *ptr_dev_add(void)
{
	struct ptr_dev *dev;
	struct gendisk *disk;
	int err = -ENOMEM;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		goto out;
	err = blk_mq_alloc_sq_tag_set(&dev->tag_set, &ptr_mq_ops, 64, 0);
	if (err)
		goto out_free_dev;
	disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	disk->fops = &ptr_fops;
	disk->private_data = dev;
	strscpy(disk->disk_name, "ptr0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	dev->disk = disk;
	return dev;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&dev->tag_set);
out_free_dev:
	kfree(dev);
out:
	return ERR_PTR(err);
}

static int __init ptr_init(void)
{
	ptr_the_dev = ptr_dev_add();
	return PTR_ERR_OR_ZERO(ptr_the_dev);
}

static void __exit ptr_exit(void)
{
	del_gendisk(ptr_the_dev->disk);
	put_disk(ptr_the_dev->disk);
	blk_mq_free_tag_set(&ptr_the_dev->tag_set);
	kfree(ptr_the_dev);
}

module_init(ptr_init);
module_exit(ptr_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: device pointer returned on success, tag set freed on every error
 */
