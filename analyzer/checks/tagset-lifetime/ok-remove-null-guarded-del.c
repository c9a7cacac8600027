// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of fire-remove-conditional-del.c: a disk created only
 * when a module parameter asks for it, and a teardown that deletes it
 * only when it exists (if (dev->disk) del_gendisk(dev->disk)), frees the
 * tag set and then put_disk()s: on the path that skips del_gendisk() the
 * pointer is NULL and put_disk(NULL) does nothing, so no queue outlives
 * the tag set.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct ng_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct ng_dev ng;

static bool with_disk = true;
module_param(with_disk, bool, 0444);

static blk_status_t ng_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops ng_mq_ops = {
	.queue_rq	= ng_queue_rq,
};

static const struct block_device_operations ng_fops = {
	.owner		= THIS_MODULE,
};

static int ng_create_disk(struct ng_dev *dev)
{
	struct gendisk *disk;
	int err;

	disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &ng_fops;
	strscpy(disk->disk_name, "ng0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	dev->disk = disk;
	return 0;
}

static int __init ng_init(void)
{
	int err;

	err = blk_mq_alloc_sq_tag_set(&ng.tag_set, &ng_mq_ops, 16, 0);
	if (err)
		return err;
	if (with_disk) {
		err = ng_create_disk(&ng);
		if (err) {
			blk_mq_free_tag_set(&ng.tag_set);
			return err;
		}
	}
	return 0;
}

static void ng_destroy(struct ng_dev *dev)
{
	if (dev->disk)
		del_gendisk(dev->disk);
	blk_mq_free_tag_set(&dev->tag_set);
	put_disk(dev->disk);
}

static void __exit ng_exit(void)
{
	ng_destroy(&ng);
}

module_init(ng_init);
module_exit(ng_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: del_gendisk() under a NULL test of the disk, then the tag set, then put_disk()
 */
