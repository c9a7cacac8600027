// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of ok-devm-release-action.c: the devm action registered
 * after device_add_disk() only logs, it neither deletes nor puts the disk,
 * so when registering it fails the probe returns -ENOMEM with the disk
 * still added (and, on success, nothing ever deletes it).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>

struct drn_dev {
	struct gendisk *disk;
	int ro;
};

static void drn_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations drn_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= drn_submit_bio,
};

static void drn_release_disk(void *data)
{
	struct drn_dev *dev = data;

	dev_info(disk_to_dev(dev->disk), "released\n");
}

static int drn_probe(struct platform_device *pdev)
{
	struct drn_dev *dev;
	struct gendisk *disk;
	int rc;

	dev = devm_kzalloc(&pdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	dev->disk = disk;
	disk->fops = &drn_fops;
	disk->private_data = dev;
	strscpy(disk->disk_name, "drn0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	rc = device_add_disk(&pdev->dev, disk, NULL);
	if (rc) {
		put_disk(disk);
		return rc;
	}
	if (devm_add_action_or_reset(&pdev->dev, drn_release_disk, dev))
		return -ENOMEM;
	set_disk_ro(disk, dev->ro);
	return 0;
}

static struct platform_driver drn_driver = {
	.probe		= drn_probe,
	.driver = {
		.name	= "drn",
	},
};
module_platform_driver(drn_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: a devm action that does not delete the disk hands nothing over
 *
 * check-output-start
fire-devm-action-keeps-disk.c:57:3: warning: error return leaves 'disk' added: del_gendisk() and put_disk() missing on this path [fail-after-add]
fire-devm-action-keeps-disk.c:51:7: note: add_disk() succeeded here
 * check-output-end
 */
