// SPDX-License-Identifier: GPL-2.0
/*
 * A blk-mq driver with its own major (register_blkdev) that sets major and
 * first_minor on the disk but forgets minors: device_add_disk() hits
 * WARN_ON(!disk->minors) and fails with -EINVAL.  The disk is reached
 * through the driver's struct (dev->disk), copied from the local.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct mj_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct mj_dev mj;
static int mj_major;

static blk_status_t mj_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops mj_mq_ops = {
	.queue_rq	= mj_queue_rq,
};

static const struct block_device_operations mj_fops = {
	.owner		= THIS_MODULE,
};

static int mj_add(struct mj_dev *dev)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&dev->tag_set, &mj_mq_ops, 16, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	dev->disk = disk;
	dev->disk->major = mj_major;
	dev->disk->first_minor = 0;
	dev->disk->fops = &mj_fops;
	strscpy(dev->disk->disk_name, "mj0", DISK_NAME_LEN);
	set_capacity(dev->disk, 2048);
	err = add_disk(dev->disk);
	if (err)
		goto out_put_disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&dev->tag_set);
	return err;
}

static int __init mj_init(void)
{
	int err;

	mj_major = register_blkdev(0, "mj");
	if (mj_major < 0)
		return mj_major;
	err = mj_add(&mj);
	if (err)
		unregister_blkdev(mj_major, "mj");
	return err;
}

static void __exit mj_exit(void)
{
	del_gendisk(mj.disk);
	put_disk(mj.disk);
	blk_mq_free_tag_set(&mj.tag_set);
	unregister_blkdev(mj_major, "mj");
}

module_init(mj_init);
module_exit(mj_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: major set, minors left 0, through dev->disk
 *
 * check-output-start
fire-major-no-minors.c:49:2: warning: 'dev->disk->major' is set but 'dev->disk->minors' is 0: add_disk() WARNs and fails with -EINVAL; set minors (1 for a single minor) [devt-dynamic-minors]
fire-major-no-minors.c:54:8: note: add_disk() fails here
 * check-output-end
 */
