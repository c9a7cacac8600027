// SPDX-License-Identifier: GPL-2.0
/*
 * add-disk-unchecked: device_add_disk() on a field of the device, result
 * ignored; the unwind label puts the disk, then frees the device.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/dma-mapping.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct fx_dev {
	struct gendisk *disk;
};

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static int fx_probe(struct platform_device *pdev)
{
	struct fx_dev *dev;
	int ret;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		ret = PTR_ERR(dev->disk);
		goto out_free_dev;
	}
	dev->disk->fops = &fx_fops;
	dev->disk->private_data = dev;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "fx%d", pdev->id);
	ret = dma_set_mask(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		goto out_put_disk;
	device_add_disk(&pdev->dev, dev->disk, NULL);
	platform_set_drvdata(pdev, dev);
	return 0;

out_put_disk:
	put_disk(dev->disk);
out_free_dev:
	kfree(dev);
	return ret;
}

static void fx_remove(struct platform_device *pdev)
{
	struct fx_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
	put_disk(dev->disk);
	kfree(dev);
}

static struct platform_driver fx_driver = {
	.probe	= fx_probe,
	.remove	= fx_remove,
	.driver	= { .name = "fx" },
};
module_platform_driver(fx_driver);
MODULE_LICENSE("GPL");
