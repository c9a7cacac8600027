// SPDX-License-Identifier: GPL-2.0
/*
 * An ERR_PTR left in a field of a struct that does not outlive the
 * failure: the only caller frees the struct when the helper fails, so the
 * remove callback that tests the field against NULL never sees it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct cf_host {
	struct gendisk *disk;
};

static void cf_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations cf_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= cf_submit_bio,
};

static int cf_setup_disk(struct cf_host *host)
{
	int err;

	host->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(host->disk))
		return PTR_ERR(host->disk);
	host->disk->fops = &cf_fops;
	host->disk->private_data = host;
	strscpy(host->disk->disk_name, "cf0", DISK_NAME_LEN);
	set_capacity(host->disk, 2048);
	err = add_disk(host->disk);
	if (err) {
		put_disk(host->disk);
		host->disk = NULL;
	}
	return err;
}

static int cf_probe(struct platform_device *pdev)
{
	struct cf_host *host;
	int err;

	host = kzalloc(sizeof(*host), GFP_KERNEL);
	if (!host)
		return -ENOMEM;
	err = cf_setup_disk(host);
	if (err) {
		kfree(host);
		return err;
	}
	platform_set_drvdata(pdev, host);
	return 0;
}

static void cf_remove(struct platform_device *pdev)
{
	struct cf_host *host = platform_get_drvdata(pdev);

	if (host->disk) {
		del_gendisk(host->disk);
		put_disk(host->disk);
	}
	kfree(host);
}

static struct platform_driver cf_driver = {
	.probe		= cf_probe,
	.remove_new	= cf_remove,
	.driver		= {
		.name	= "cf-disk",
	},
};
module_platform_driver(cf_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: the caller frees the struct holding the ERR_PTR
 */
