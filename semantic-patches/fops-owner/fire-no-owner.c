// SPDX-License-Identifier: GPL-2.0
/*
 * fops-owner: two block_device_operations without .owner (patch mode
 * adds .owner = THIS_MODULE); the third has one.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/hdreg.h>

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static int fx_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	geo->heads = 4;
	geo->sectors = 16;
	geo->cylinders = 32;
	return 0;
}

static const struct block_device_operations fx_fops = {
	.submit_bio	= fx_submit_bio,
	.getgeo		= fx_getgeo,
};

static struct block_device_operations fx_ro_fops = {
	.submit_bio	= fx_submit_bio,
};

static const struct block_device_operations fx_ok_fops = {
	.submit_bio	= fx_submit_bio,
	.owner		= THIS_MODULE,
};

static const struct block_device_operations *fx_all[] = {
	&fx_fops, &fx_ro_fops, &fx_ok_fops,
};

static int __init fx_init(void)
{
	return fx_all[0] ? 0 : -ENODEV;
}

static void __exit fx_exit(void)
{
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");
