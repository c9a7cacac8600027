// SPDX-License-Identifier: GPL-2.0
/*
 * bio-bdev: a driver on the 3.14+ bio: the position is read from
 * bio->bi_iter, and a struct bvec_iter walked through a pointer has
 * the same member names (bi_sector, bi_size, bi_idx); nothing changes.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/bio.h>

static unsigned int bv_left(const struct bvec_iter *iter)
{
	return iter->bi_idx ? iter->bi_size : 0;
}

static void bv_submit_bio(struct bio *bio)
{
	struct bvec_iter *iter = &bio->bi_iter;

	if (iter->bi_sector + (bv_left(iter) >> SECTOR_SHIFT) >
	    get_capacity(bio->bi_bdev->bd_disk)) {
		bio_io_error(bio);
		return;
	}
	bio_endio(bio);
}

static const struct block_device_operations bv_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= bv_submit_bio,
};

const struct block_device_operations *bv_ops(void);
const struct block_device_operations *bv_ops(void)
{
	return &bv_fops;
}

MODULE_LICENSE("GPL");
