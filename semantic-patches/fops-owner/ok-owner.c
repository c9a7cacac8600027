// SPDX-License-Identifier: GPL-2.0
/*
 * fops-owner near miss: .owner set (first or last), and a declaration
 * without a definition.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static const struct block_device_operations fx_fops2 = {
	.submit_bio	= fx_submit_bio,
	.owner		= THIS_MODULE,
};

const struct block_device_operations *fx_pick(int i);
const struct block_device_operations *fx_pick(int i)
{
	return i ? &fx_fops2 : &fx_fops;
}
EXPORT_SYMBOL_GPL(fx_pick);

MODULE_LICENSE("GPL");
