// SPDX-License-Identifier: GPL-2.0
/*
 * mq-alloc-disk: the shape most 5.x tutorial drivers copy -- inside a
 * do { ... } while (0), blk_mq_init_sq_queue() into a local queue kept
 * in dev->queue, queuedata set through the field, alloc_disk() checked
 * in the if, disk->queue = dev->queue; blk_cleanup_queue(dev->queue) in
 * the remove path.  Ported to blk_mq_alloc_disk().
 * gendisk-cocci: legacy input (blk_mq_init_sq_queue and alloc_disk are
 * gone before 6.1); only the .res is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

struct mx_dev {
	struct blk_mq_tag_set tag_set;
	struct request_queue *queue;
	struct gendisk *gdisk;
};

static struct mx_dev *mx;
static int mx_major;

static blk_status_t mx_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops mx_mq_ops = {
	.queue_rq	= mx_queue_rq,
};

static const struct block_device_operations mx_fops = {
	.owner		= THIS_MODULE,
};

static void mx_remove(struct mx_dev *dev)
{
	if (dev->gdisk)
		del_gendisk(dev->gdisk);
	if (dev->queue) {
		blk_cleanup_queue(dev->queue);
		dev->queue = NULL;
	}
	if (dev->tag_set.tags)
		blk_mq_free_tag_set(&dev->tag_set);
	if (dev->gdisk)
		put_disk(dev->gdisk);
}

static int mx_add(struct mx_dev *dev)
{
	struct request_queue *queue;
	struct gendisk *disk;
	int ret = 0;

	do {
		queue = blk_mq_init_sq_queue(&dev->tag_set, &mx_mq_ops, 64,
					     BLK_MQ_F_SHOULD_MERGE);
		if (IS_ERR(queue)) {
			ret = PTR_ERR(queue);
			pr_err("mx: no queue\n");
			break;
		}
		dev->queue = queue;
		dev->queue->queuedata = dev;
		if ((disk = alloc_disk(1)) == NULL) {
			ret = -ENOMEM;
			break;
		}
		disk->major = mx_major;
		disk->first_minor = 0;
		disk->fops = &mx_fops;
		disk->private_data = dev;
		disk->queue = dev->queue;
		strscpy(disk->disk_name, "mx0", DISK_NAME_LEN);
		set_capacity(disk, 8192);
		dev->gdisk = disk;
		ret = add_disk(disk);
	} while (0);

	if (ret)
		mx_remove(dev);
	return ret;
}

static int __init mx_init(void)
{
	int ret;

	mx_major = register_blkdev(0, "mx");
	if (mx_major < 0)
		return mx_major;
	mx = kzalloc(sizeof(*mx), GFP_KERNEL);
	if (!mx) {
		unregister_blkdev(mx_major, "mx");
		return -ENOMEM;
	}
	ret = mx_add(mx);
	if (ret) {
		kfree(mx);
		unregister_blkdev(mx_major, "mx");
	}
	return ret;
}

static void __exit mx_exit(void)
{
	mx_remove(mx);
	kfree(mx);
	unregister_blkdev(mx_major, "mx");
}

module_init(mx_init);
module_exit(mx_exit);
MODULE_LICENSE("GPL");
