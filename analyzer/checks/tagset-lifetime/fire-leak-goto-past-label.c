// SPDX-License-Identifier: GPL-2.0
/*
 * A probe with a goto ladder whose later error jumps to the label after
 * the tag-set one: when the buffer allocation fails, put_disk() runs but
 * blk_mq_free_tag_set() is skipped.  The tag set lives in a heap object
 * reached through a parameter, as in most PCI/virtio drivers.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

struct gpl_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	void *buf;
};

static struct gpl_dev *gpl;

static blk_status_t gpl_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops gpl_mq_ops = {
	.queue_rq	= gpl_queue_rq,
};

static const struct block_device_operations gpl_fops = {
	.owner		= THIS_MODULE,
};

static int gpl_setup(struct gpl_dev *dev)
{
	struct gendisk *disk;
	int err;

	dev->tag_set.ops = &gpl_mq_ops;
	dev->tag_set.nr_hw_queues = 1;
	dev->tag_set.queue_depth = 64;
	dev->tag_set.numa_node = NUMA_NO_NODE;
	dev->tag_set.driver_data = dev;
	err = blk_mq_alloc_tag_set(&dev->tag_set);
	if (err)
		goto out;
	disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	dev->buf = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!dev->buf) {
		err = -ENOMEM;
		goto out_put_disk;
	}
	disk->fops = &gpl_fops;
	strscpy(disk->disk_name, "gpl0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_free_buf;
	dev->disk = disk;
	return 0;

out_free_buf:
	kfree(dev->buf);
	put_disk(disk);
	blk_mq_free_tag_set(&dev->tag_set);
	return err;
out_free_tags:
	blk_mq_free_tag_set(&dev->tag_set);
	goto out;
out_put_disk:
	put_disk(disk);
out:
	return err;
}

static int __init gpl_init(void)
{
	int err;

	gpl = kzalloc(sizeof(*gpl), GFP_KERNEL);
	if (!gpl)
		return -ENOMEM;
	err = gpl_setup(gpl);
	if (err)
		kfree(gpl);
	return err;
}

static void __exit gpl_exit(void)
{
	del_gendisk(gpl->disk);
	put_disk(gpl->disk);
	blk_mq_free_tag_set(&gpl->tag_set);
	kfree(gpl->buf);
	kfree(gpl);
}

module_init(gpl_init);
module_exit(gpl_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: goto past the tag-set label leaks the tag set
 *
 * check-output-start
fire-leak-goto-past-label.c:79:2: warning: tag set 'dev->tag_set' leaked on this error path: blk_mq_free_tag_set() missing [tagset-lifetime]
fire-leak-goto-past-label.c:46:8: note: tag set 'dev->tag_set' allocated here
 * check-output-end
 */
