// SPDX-License-Identifier: GPL-2.0
/*
 * make-request: the 5.7-5.8 form, blk_alloc_queue(fn, node), with a
 * make_request function that uses its queue (not ->queuedata): the
 * queue becomes bio->bi_bdev->bd_disk->queue, the allocation
 * blk_alloc_queue(node), and fn the fops' ->submit_bio.
 * The 5.x functions later rules remove are declared below so that the
 * result compiles against 6.1.
 * gendisk-cocci: legacy input (uses API removed before 6.1)
 * gendisk-cocci-kernel: 6.1
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct request_queue *blk_alloc_queue(int node);
struct gendisk *alloc_disk(int minors);
void blk_cleanup_queue(struct request_queue *q);

static struct gendisk *fx_disk;

static void fx_submit(struct request_queue *q, struct bio *bio)
{
	unsigned int lbs = queue_logical_block_size(q);

	if (bio->bi_iter.bi_size % lbs)
		bio_io_error(bio);
	else
		bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
};

static int __init fx_init(void)
{
	struct request_queue *q;
	struct gendisk *disk;

	q = blk_alloc_queue(fx_submit, NUMA_NO_NODE);
	if (!q)
		return -ENOMEM;
	disk = alloc_disk(1);
	if (!disk) {
		blk_cleanup_queue(q);
		return -ENOMEM;
	}
	disk->queue = q;
	disk->fops = &fx_fops;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	fx_disk = disk;
	return 0;
}

module_init(fx_init);
MODULE_LICENSE("GPL");
