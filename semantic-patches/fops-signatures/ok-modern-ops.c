// SPDX-License-Identifier: GPL-2.0
/*
 * fops-signatures: methods on the 6.5+ signatures: nothing to report or
 * change.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static int fx_users;

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static int fx_open(struct gendisk *disk, blk_mode_t mode)
{
	if ((mode & BLK_OPEN_WRITE) && get_disk_ro(disk))
		return -EROFS;
	fx_users++;
	return 0;
}

static void fx_release(struct gendisk *disk)
{
	fx_users--;
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
	.open		= fx_open,
	.release	= fx_release,
};

const struct block_device_operations *fx_ops(void);
const struct block_device_operations *fx_ops(void)
{
	return &fx_fops;
}

MODULE_LICENSE("GPL");
