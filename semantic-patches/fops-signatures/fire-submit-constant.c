// SPDX-License-Identifier: GPL-2.0
/*
 * fops-signatures: a ->submit_bio returning blk_qc_t whose returns are
 * other constants than BLK_QC_T_NONE (a status macro, a literal): each
 * becomes "return;", the final one goes.  A return of a variable would
 * be left (and not build): the cookie may come from a call to keep.
 * gendisk-cocci: legacy input (->submit_bio returning blk_qc_t)
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static blk_qc_t fx_submit_bio(struct bio *bio)
{
	if (!bio_sectors(bio)) {
		bio_endio(bio);
		return 0;
	}
	bio->bi_status = BLK_STS_OK;
	bio_endio(bio);

	return BLK_STS_OK;
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static struct gendisk *fx_disk;

static int __init fx_init(void)
{
	fx_disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(fx_disk))
		return PTR_ERR(fx_disk);
	fx_disk->fops = &fx_fops;
	return 0;
}

module_init(fx_init);
MODULE_LICENSE("GPL");
