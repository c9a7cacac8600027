// SPDX-License-Identifier: GPL-2.0
/*
 * fops-signatures --compat: the 5.x methods ported to the 6.5+ signatures
 * with the wrappers gendisk_port_compat.h defines for older kernels.
 * gendisk-cocci-flags: -D compat
 * gendisk-cocci-kernel: 6.1
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include "../gendisk_port_compat.h"

static int fx_users;

static blk_qc_t fx_submit_bio(struct bio *bio)
{
	if (bio_op(bio) == REQ_OP_DISCARD) {
		bio_io_error(bio);
		return BLK_QC_T_NONE;
	}
	bio_endio(bio);
	return BLK_QC_T_NONE;
}

static int fx_open(struct block_device *bdev, fmode_t mode)
{
	if ((mode & FMODE_WRITE) && get_disk_ro(bdev->bd_disk))
		return -EROFS;
	fx_users++;
	return 0;
}

static void fx_release(struct gendisk *disk, fmode_t mode)
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
