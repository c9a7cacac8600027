// SPDX-License-Identifier: GPL-2.0
/*
 * make-request: blk_alloc_queue_node(GFP_KERNEL, node) with the disk
 * allocated first (alloc_disk_node()), a make_request function that does
 * not use its queue, and a fops that is not const: the allocation
 * becomes blk_alloc_queue(node) and the function ->submit_bio.
 * The 5.x functions later rules remove are declared below so that the
 * result compiles against 6.1.
 * gendisk-cocci: legacy input (uses API removed before 6.1)
 * gendisk-cocci-kernel: 6.1
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct request_queue *blk_alloc_queue(int node);
struct gendisk *alloc_disk_node(int minors, int node);

static struct gendisk *fx_disk;

static void fx_bio(struct request_queue *q, struct bio *bio)
{
	bio_endio(bio);
}

static struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
};

static int fx_setup(int node)
{
	struct request_queue *q;
	struct gendisk *disk;

	disk = alloc_disk_node(1, node);
	if (!disk)
		return -ENOMEM;
	q = blk_alloc_queue_node(GFP_KERNEL, node);
	if (!q) {
		put_disk(disk);
		return -ENOMEM;
	}
	blk_queue_make_request(q, fx_bio);
	disk->queue = q;
	disk->fops = &fx_fops;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	fx_disk = disk;
	return 0;
}

static int __init fx_init(void)
{
	return fx_setup(NUMA_NO_NODE);
}

module_init(fx_init);
MODULE_LICENSE("GPL");
