// SPDX-License-Identifier: GPL-2.0
/*
 * bio-bdev: a driver already on bio->bi_bdev, and a structure of its
 * own with a bi_disk-like name that is not the bio's; nothing changes.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/bio.h>

struct by_ctx {
	struct gendisk *bi_gendisk;
};

static void by_submit_bio(struct bio *bio)
{
	struct by_ctx *ctx = bio->bi_bdev->bd_disk->private_data;

	if (!ctx || !ctx->bi_gendisk) {
		bio_io_error(bio);
		return;
	}
	bio_endio(bio);
}

static const struct block_device_operations by_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= by_submit_bio,
};

const struct block_device_operations *by_ops(void);
const struct block_device_operations *by_ops(void)
{
	return &by_fops;
}

MODULE_LICENSE("GPL");
