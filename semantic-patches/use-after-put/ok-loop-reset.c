// SPDX-License-Identifier: GPL-2.0
/*
 * use-after-put near miss: puts in a loop over an array, the pointer
 * cleared after the put, a NULL test and sizeof after the put, private data
 * saved before the put.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

struct fx_dev {
	struct gendisk *disk[4];
	struct gendisk *spare;
};

static struct fx_dev *fx;

static void fx_teardown(struct fx_dev *dev)
{
	int i;
	void *priv;

	for (i = 0; i < 4; i++) {
		if (!dev->disk[i])
			continue;
		del_gendisk(dev->disk[i]);
		put_disk(dev->disk[i]);
	}
	priv = dev->spare->private_data;
	put_disk(dev->spare);
	if (dev->spare)
		pr_debug("fx: %zu\n", sizeof(*dev->spare));
	dev->spare = NULL;
	kfree(priv);
}

static int __init fx_init(void)
{
	fx = kzalloc(sizeof(*fx), GFP_KERNEL);
	return fx ? 0 : -ENOMEM;
}

static void __exit fx_exit(void)
{
	fx_teardown(fx);
	kfree(fx);
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");
