// SPDX-License-Identifier: GPL-2.0
/*
 * A remove path that puts the disk and then hands it to the driver's own
 * debugfs cleanup, which dereferences it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/debugfs.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct pp_dev {
	struct gendisk *disk;
};

static struct dentry *pp_debugfs_root;

static void pp_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations pp_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= pp_submit_bio,
};

static void pp_debugfs_remove(struct gendisk *disk)
{
	debugfs_lookup_and_remove(disk->disk_name, pp_debugfs_root);
}

static int pp_probe(struct platform_device *pdev)
{
	struct pp_dev *dev;
	int err;

	dev = devm_kzalloc(&pdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk))
		return PTR_ERR(dev->disk);
	dev->disk->fops = &pp_fops;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "pp%d", pdev->id);
	err = device_add_disk(&pdev->dev, dev->disk, NULL);
	if (err) {
		put_disk(dev->disk);
		return err;
	}
	debugfs_create_dir(dev->disk->disk_name, pp_debugfs_root);
	platform_set_drvdata(pdev, dev);
	return 0;
}

static void pp_remove(struct platform_device *pdev)
{
	struct pp_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
	put_disk(dev->disk);
	pp_debugfs_remove(dev->disk);
}

static struct platform_driver pp_driver = {
	.probe	= pp_probe,
	.remove	= pp_remove,
	.driver	= {
		.name = "pp",
	},
};

static int __init pp_init(void)
{
	pp_debugfs_root = debugfs_create_dir("pp", NULL);
	return platform_driver_register(&pp_driver);
}

static void __exit pp_exit(void)
{
	platform_driver_unregister(&pp_driver);
	debugfs_remove(pp_debugfs_root);
}

module_init(pp_init);
module_exit(pp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: dev->disk passed to a function after put_disk()
 *
 * check-output-start
fire-passed-after-put.c:62:20: warning: 'dev->disk' used after put_disk() [use-after-put]
fire-passed-after-put.c:61:2: note: put_disk() here
 * check-output-end
 */
