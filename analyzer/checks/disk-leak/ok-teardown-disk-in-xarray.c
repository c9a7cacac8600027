// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-teardown-field-no-put.c: probe also files each disk
 * in an xarray, remove only deletes it, and the module's exit puts every
 * disk it finds in the xarray.  That put has no access path the analysis
 * can tie to dev->disk, so nothing is reported.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/xarray.h>

static DEFINE_XARRAY_ALLOC(tdx_disks);

struct tdx_dev {
	struct gendisk *disk;
	u32 id;
};

static void tdx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations tdx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= tdx_submit_bio,
};

static int tdx_probe(struct platform_device *pdev)
{
	struct tdx_dev *dev;
	int err;

	dev = devm_kzalloc(&pdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk))
		return PTR_ERR(dev->disk);
	err = xa_alloc(&tdx_disks, &dev->id, dev->disk, xa_limit_32b, GFP_KERNEL);
	if (err)
		goto out_put;
	dev->disk->fops = &tdx_fops;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "tdx%u", dev->id);
	set_capacity(dev->disk, 1024);
	err = device_add_disk(&pdev->dev, dev->disk, NULL);
	if (err)
		goto out_erase;
	platform_set_drvdata(pdev, dev);
	return 0;

out_erase:
	xa_erase(&tdx_disks, dev->id);
out_put:
	put_disk(dev->disk);
	return err;
}

static void tdx_remove(struct platform_device *pdev)
{
	struct tdx_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
}

static struct platform_driver tdx_driver = {
	.probe	= tdx_probe,
	.remove	= tdx_remove,
	.driver	= {
		.name = "tdx",
	},
};

static int __init tdx_init(void)
{
	return platform_driver_register(&tdx_driver);
}

static void __exit tdx_exit(void)
{
	struct gendisk *disk;
	unsigned long idx;

	platform_driver_unregister(&tdx_driver);
	xa_for_each(&tdx_disks, idx, disk)
		put_disk(disk);
	xa_destroy(&tdx_disks);
}

module_init(tdx_init);
module_exit(tdx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: teardown's disk filed in an xarray and put from there at exit
 */
