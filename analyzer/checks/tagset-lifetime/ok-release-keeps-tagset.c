// SPDX-License-Identifier: GPL-2.0
/*
 * The device's release frees only the buffer the device owns, and frees
 * the tag set only when it is still allocated (blk_mq_free_tag_set()
 * clears set->tags): the function's own unwinding of the tag set after a
 * failed add_disk(), with the device still registered, frees nothing
 * twice.  The device is unregistered later by the exit function.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct rkt_dev {
	struct platform_device pdev;
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	void *buf;
};

static struct rkt_dev rkt;

static blk_status_t rkt_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops rkt_mq_ops = {
	.queue_rq	= rkt_queue_rq,
};

static const struct block_device_operations rkt_fops = {
	.owner		= THIS_MODULE,
};

static void rkt_release(struct device *dev)
{
	struct rkt_dev *d = container_of(dev, struct rkt_dev, pdev.dev);

	kfree(d->buf);
	if (d->tag_set.tags)
		blk_mq_free_tag_set(&d->tag_set);
}

static int __init rkt_init(void)
{
	struct gendisk *disk;
	int err;

	rkt.buf = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!rkt.buf)
		return -ENOMEM;
	rkt.pdev.name = "rkt";
	rkt.pdev.id = -1;
	rkt.pdev.dev.release = rkt_release;
	err = platform_device_register(&rkt.pdev);
	if (err) {
		platform_device_put(&rkt.pdev);
		return err;
	}
	err = blk_mq_alloc_sq_tag_set(&rkt.tag_set, &rkt_mq_ops, 16, 0);
	if (err)
		goto out_unregister;
	disk = blk_mq_alloc_disk(&rkt.tag_set, NULL, &rkt);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	disk->fops = &rkt_fops;
	strscpy(disk->disk_name, "rkt0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = device_add_disk(&rkt.pdev.dev, disk, NULL);
	if (err)
		goto out_put_disk;
	rkt.disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&rkt.tag_set);
out_unregister:
	platform_device_unregister(&rkt.pdev);
	return err;
}

static void __exit rkt_exit(void)
{
	del_gendisk(rkt.disk);
	put_disk(rkt.disk);
	platform_device_unregister(&rkt.pdev);
}

module_init(rkt_init);
module_exit(rkt_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a release that frees the tag set only while it is allocated
 */
