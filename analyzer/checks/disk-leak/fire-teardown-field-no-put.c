// SPDX-License-Identifier: GPL-2.0
/*
 * The device struct is allocated per platform device and found again
 * through its driver data.  Probe allocates and adds dev->disk; remove
 * deletes it and frees the struct, and nothing in the module -- no
 * release function, no helper -- ever calls put_disk() on dev->disk of a
 * probed device: the disk leaks on every unbind.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct tdf_dev {
	struct gendisk *disk;
	sector_t sectors;
};

static void tdf_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations tdf_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= tdf_submit_bio,
};

static int tdf_probe(struct platform_device *pdev)
{
	struct tdf_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->sectors = 4096;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		goto out_free;
	}
	dev->disk->fops = &tdf_fops;
	dev->disk->private_data = dev;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "tdf%d", pdev->id);
	set_capacity(dev->disk, dev->sectors);
	err = device_add_disk(&pdev->dev, dev->disk, NULL);
	if (err)
		goto out_put;
	platform_set_drvdata(pdev, dev);
	return 0;

out_put:
	put_disk(dev->disk);
out_free:
	kfree(dev);
	return err;
}

static void tdf_remove(struct platform_device *pdev)
{
	struct tdf_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
	kfree(dev);
}

static struct platform_driver tdf_driver = {
	.probe	= tdf_probe,
	.remove	= tdf_remove,
	.driver	= {
		.name = "tdf",
	},
};
module_platform_driver(tdf_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: remove deletes dev->disk and no function of the module puts it
 *
 * check-output-start
fire-teardown-field-no-put.c:64:2: warning: 'dev->disk' is deleted here and never put: no function of the module calls put_disk() on it, so the disk (allocated in tdf_probe()) leaks [disk-leak]
fire-teardown-field-no-put.c:66:1: note: returns without put_disk()
 * check-output-end
 */
