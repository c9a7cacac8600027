// SPDX-License-Identifier: GPL-2.0
/*
 * bio-bdev: a 5.11 bio-based driver reads its disk through bio->bi_disk
 * in ->submit_bio and in a helper; both become bio->bi_bdev->bd_disk.
 * gendisk-cocci: legacy input (bio->bi_disk is gone before 6.1); only the
 * .res is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/bio.h>

struct bx_dev {
	sector_t sectors;
};

static bool bx_in_range(struct bio *bio)
{
	return bio_end_sector(bio) <= get_capacity(bio->bi_disk);
}

static void bx_submit_bio(struct bio *bio)
{
	struct bx_dev *dev = bio->bi_disk->private_data;

	if (!dev || !bx_in_range(bio)) {
		bio_io_error(bio);
		return;
	}
	bio_endio(bio);
}

static const struct block_device_operations bx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= bx_submit_bio,
};

const struct block_device_operations *bx_ops(void);
const struct block_device_operations *bx_ops(void)
{
	return &bx_fops;
}

MODULE_LICENSE("GPL");
