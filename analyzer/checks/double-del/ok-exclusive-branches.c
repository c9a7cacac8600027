// SPDX-License-Identifier: GPL-2.0
/*
 * del_gendisk() appears twice in remove, once per branch of an if/else
 * on surprise removal; each path deletes the disk exactly once.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct eb_dev {
	struct gendisk *disk;
	bool surprise_removed;
};

static void eb_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations eb_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= eb_submit_bio,
};

static int eb_probe(struct platform_device *pdev)
{
	struct eb_dev *dev;
	int err;

	dev = devm_kzalloc(&pdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk))
		return PTR_ERR(dev->disk);
	dev->disk->fops = &eb_fops;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "eb%d", pdev->id);
	err = device_add_disk(&pdev->dev, dev->disk, NULL);
	if (err) {
		put_disk(dev->disk);
		return err;
	}
	platform_set_drvdata(pdev, dev);
	return 0;
}

static void eb_remove(struct platform_device *pdev)
{
	struct eb_dev *dev = platform_get_drvdata(pdev);

	if (dev->surprise_removed) {
		blk_mark_disk_dead(dev->disk);
		del_gendisk(dev->disk);
	} else {
		sync_blockdev(dev->disk->part0);
		del_gendisk(dev->disk);
	}
	put_disk(dev->disk);
}

static struct platform_driver eb_driver = {
	.probe	= eb_probe,
	.remove	= eb_remove,
	.driver	= {
		.name = "eb",
	},
};
module_platform_driver(eb_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: one del_gendisk() per branch of an if/else
 */
