// SPDX-License-Identifier: GPL-2.0
/*
 * make-request: a make_request queue whose allocation is not checked is
 * not the shape the rule knows: reported, not patched.
 * gendisk-cocci: legacy input (uses API removed before 6.1)
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static blk_qc_t fx_make_request(struct request_queue *q, struct bio *bio)
{
	bio_endio(bio);
	return BLK_QC_T_NONE;
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
};

struct gendisk *fx_alloc(void);
struct gendisk *fx_alloc(void)
{
	struct request_queue *q = blk_alloc_queue(GFP_KERNEL);
	struct gendisk *disk;

	blk_queue_make_request(q, fx_make_request);
	disk = alloc_disk(1);
	if (!disk)
		return NULL;
	disk->queue = q;
	disk->fops = &fx_fops;
	return disk;
}

MODULE_LICENSE("GPL");
