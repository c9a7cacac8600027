// SPDX-License-Identifier: GPL-2.0
/*
 * removed-api: the shape make-request.cocci leaves of a 5.0-5.8
 * make_request driver: blk_alloc_queue(node), q->queuedata = x, then
 * alloc_disk_node(): one blk_alloc_disk(NULL, node) whose queue keeps
 * the queuedata, and the queue's unwind goes.
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct fx_dev {
	struct gendisk *disk;
};

static struct fx_dev fx_dev;

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static int fx_add(int node)
{
	struct request_queue *q;
	struct gendisk *disk;
	int err = -ENOMEM;

	q = blk_alloc_queue(node);
	if (!q)
		goto out;
	q->queuedata = &fx_dev;
	disk = alloc_disk_node(1, node);
	if (!disk)
		goto out_queue;
	disk->queue = q;
	disk->fops = &fx_fops;
	disk->private_data = &fx_dev;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	err = add_disk(disk);
	if (err)
		goto out_disk;
	fx_dev.disk = disk;
	return 0;

out_disk:
	put_disk(disk);
out_queue:
	blk_cleanup_queue(q);
out:
	return err;
}

static int __init fx_init(void)
{
	return fx_add(NUMA_NO_NODE);
}

static void __exit fx_exit(void)
{
	del_gendisk(fx_dev.disk);
	put_disk(fx_dev.disk);
}

module_init(fx_init);
module_exit(fx_exit);
MODULE_LICENSE("GPL");
