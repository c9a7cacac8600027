// SPDX-License-Identifier: GPL-2.0
/*
 * mq-alloc-disk: blk_mq_init_queue() straight into the device's field,
 * tested against NULL (it returns an ERR_PTR), a flag set on the queue,
 * then alloc_disk() into a chained field that is not tested, and
 * dev->gd->queue = dev->queue.  Ported to blk_mq_alloc_disk(), the
 * field set from the disk before the flag setter uses it.
 * gendisk-cocci: legacy input (blk_mq_init_queue, alloc_disk and
 * blk_cleanup_queue are gone from 6.12); only the .res is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

struct fy_dev {
	struct blk_mq_tag_set set;
	struct request_queue *rq;
	struct gendisk *gd;
};

static struct fy_dev fy;
static int fy_major;

static blk_status_t fy_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops fy_mq_ops = {
	.queue_rq	= fy_queue_rq,
};

static const struct block_device_operations fy_fops = {
	.owner		= THIS_MODULE,
};

static int __init fy_init(void)
{
	struct fy_dev *dev = &fy;
	int err;

	fy_major = register_blkdev(0, "fy");
	if (fy_major < 0)
		return fy_major;
	dev->set.ops = &fy_mq_ops;
	dev->set.nr_hw_queues = 1;
	dev->set.queue_depth = 32;
	dev->set.numa_node = NUMA_NO_NODE;
	err = blk_mq_alloc_tag_set(&dev->set);
	if (err)
		goto out_unregister;
	dev->rq = blk_mq_init_queue(&dev->set);
	if (dev->rq == NULL) {
		err = -ENOMEM;
		goto out_free_set;
	}
	blk_queue_flag_set(QUEUE_FLAG_NOMERGES, dev->rq);
	dev->gd = alloc_disk(1);
	dev->gd->major = fy_major;
	dev->gd->first_minor = 0;
	dev->gd->fops = &fy_fops;
	dev->gd->private_data = dev;
	dev->gd->queue = dev->rq;
	strscpy(dev->gd->disk_name, "fy0", DISK_NAME_LEN);
	set_capacity(dev->gd, 8192);
	err = add_disk(dev->gd);
	if (err)
		goto out_put_disk;
	return 0;

out_put_disk:
	put_disk(dev->gd);
out_free_set:
	blk_mq_free_tag_set(&dev->set);
out_unregister:
	unregister_blkdev(fy_major, "fy");
	return err;
}

static void __exit fy_exit(void)
{
	del_gendisk(fy.gd);
	blk_cleanup_queue(fy.rq);
	put_disk(fy.gd);
	blk_mq_free_tag_set(&fy.set);
	unregister_blkdev(fy_major, "fy");
}

module_init(fy_init);
module_exit(fy_exit);
MODULE_LICENSE("GPL");
