// SPDX-License-Identifier: GPL-2.0
/*
 * make-request: a 5.0-5.6 bio-based driver (blk_alloc_queue(GFP_KERNEL),
 * blk_queue_make_request(), ->queuedata and ->private_data set to the
 * same device): the make_request function loses its queue argument and
 * becomes the fops' ->submit_bio, and the queue allocation takes the
 * 5.9 form that queue-limits and removed-api port further.
 * The 5.x functions those later rules remove are declared below so that
 * the result, this rule's step alone, compiles against 6.1.
 * gendisk-cocci: legacy input (uses API removed before 6.1)
 * gendisk-cocci-kernel: 6.1
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct request_queue *blk_alloc_queue(int node);
struct gendisk *alloc_disk(int minors);
void blk_cleanup_queue(struct request_queue *q);

struct fx_dev {
	struct gendisk *disk;
	unsigned long ios;
};

static struct fx_dev fx_dev;

static void fx_make_request(struct request_queue *q, struct bio *bio);

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
};

static void fx_make_request(struct request_queue *q, struct bio *bio)
{
	struct fx_dev *dev = q->queuedata;

	if (bio->bi_iter.bi_size > (queue_max_hw_sectors(q) << SECTOR_SHIFT)) {
		bio_io_error(bio);
		return;
	}
	dev->ios++;
	bio_endio(bio);
}

static int __init fx_init(void)
{
	struct request_queue *q;
	struct gendisk *disk;
	int err = -ENOMEM;

	q = blk_alloc_queue(GFP_KERNEL);
	if (!q)
		return err;
	blk_queue_make_request(q, fx_make_request);
	blk_queue_logical_block_size(q, 512);
	q->queuedata = &fx_dev;
	disk = alloc_disk(1);
	if (!disk)
		goto out_queue;
	disk->queue = q;
	disk->fops = &fx_fops;
	disk->private_data = &fx_dev;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	fx_dev.disk = disk;
	err = add_disk(disk);
	if (err)
		goto out_put;
	return 0;

out_put:
	put_disk(disk);
out_queue:
	blk_cleanup_queue(q);
	return err;
}

static void __exit fx_exit(void)
{
	del_gendisk(fx_dev.disk);
	blk_cleanup_queue(fx_dev.disk->queue);
	put_disk(fx_dev.disk);
}

module_init(fx_init);
module_exit(fx_exit);
MODULE_LICENSE("GPL");
