// SPDX-License-Identifier: GPL-2.0
/*
 * A 6.1-era driver ported to the 6.12 blk_alloc_disk(lim, node) signature
 * that kept its NULL test: on 6.12 the allocator returns an ERR_PTR.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct pram_dev {
	struct gendisk *disk;
	void *buf;
};

static void pram_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations pram_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= pram_submit_bio,
};

static int pram_probe(struct platform_device *pdev)
{
	struct queue_limits lim = {
		.logical_block_size	= 4096,
	};
	struct pram_dev *dev;
	int err;

	dev = devm_kzalloc(&pdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;

	dev->disk = blk_alloc_disk(&lim, dev_to_node(&pdev->dev));
	if (dev->disk == NULL)
		return -ENOMEM;

	dev->disk->fops = &pram_fops;
	dev->disk->private_data = dev;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "pram%d", pdev->id);
	set_capacity(dev->disk, 1 << 12);

	err = device_add_disk(&pdev->dev, dev->disk, NULL);
	if (err) {
		put_disk(dev->disk);
		return err;
	}
	platform_set_drvdata(pdev, dev);
	return 0;
}

static void pram_remove(struct platform_device *pdev)
{
	struct pram_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
	put_disk(dev->disk);
}

static struct platform_driver pram_driver = {
	.probe	= pram_probe,
	.remove	= pram_remove,
	.driver	= {
		.name = "pram",
	},
};
module_platform_driver(pram_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: == NULL on 6.12 blk_alloc_disk() (ERR_PTR-returning)
 *
 * check-output-start
fire-612-blk-alloc-eq-null.c:39:6: error: IS_ERR() missing: blk_alloc_disk() returns an ERR_PTR on failure, never NULL, so this test lets it through and the error pointer is dereferenced: use IS_ERR() [alloc-wrong-check]
fire-612-blk-alloc-eq-null.c:38:14: note: 'dev->disk' allocated here
 * check-output-end
 */
