// SPDX-License-Identifier: GPL-2.0
/*
 * make-request: the make_request function reads q->queuedata, but the
 * queue's data is not what the disk's ->private_data holds (here the
 * disk has none): ->submit_bio has no queue argument and nothing says
 * which value to read instead, so the file is left alone and reported.
 * gendisk-cocci: legacy input (uses API removed before 6.1)
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct fx_ctl {
	unsigned long ios;
};

static struct fx_ctl fx_ctl;
static struct gendisk *fx_disk;

static blk_qc_t fx_make_request(struct request_queue *q, struct bio *bio)
{
	struct fx_ctl *ctl = q->queuedata;

	ctl->ios++;
	bio_endio(bio);
	return BLK_QC_T_NONE;
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
};

static int __init fx_init(void)
{
	struct request_queue *q;

	q = blk_alloc_queue(GFP_KERNEL);
	if (!q)
		return -ENOMEM;
	blk_queue_make_request(q, fx_make_request);
	q->queuedata = &fx_ctl;
	fx_disk = alloc_disk(1);
	if (!fx_disk) {
		blk_cleanup_queue(q);
		return -ENOMEM;
	}
	fx_disk->queue = q;
	fx_disk->fops = &fx_fops;
	return 0;
}

module_init(fx_init);
MODULE_LICENSE("GPL");
