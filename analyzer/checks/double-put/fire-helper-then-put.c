// SPDX-License-Identifier: GPL-2.0
/*
 * The remove path calls the driver's free helper, which already puts
 * host->disk, and then puts it once more itself.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct hh_host {
	struct gendisk *disk;
	void *buf;
};

static void hh_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations hh_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= hh_submit_bio,
};

static void hh_free_host(struct hh_host *host)
{
	put_disk(host->disk);
	kfree(host->buf);
}

static int hh_probe(struct platform_device *pdev)
{
	struct hh_host *host;
	int err;

	host = devm_kzalloc(&pdev->dev, sizeof(*host), GFP_KERNEL);
	if (!host)
		return -ENOMEM;
	host->buf = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!host->buf)
		return -ENOMEM;
	host->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(host->disk)) {
		kfree(host->buf);
		return PTR_ERR(host->disk);
	}
	host->disk->fops = &hh_fops;
	host->disk->private_data = host;
	snprintf(host->disk->disk_name, DISK_NAME_LEN, "hh%d", pdev->id);
	err = device_add_disk(&pdev->dev, host->disk, NULL);
	if (err) {
		hh_free_host(host);
		return err;
	}
	platform_set_drvdata(pdev, host);
	return 0;
}

static void hh_remove(struct platform_device *pdev)
{
	struct hh_host *host = platform_get_drvdata(pdev);

	del_gendisk(host->disk);
	hh_free_host(host);
	put_disk(host->disk);
}

static struct platform_driver hh_driver = {
	.probe	= hh_probe,
	.remove	= hh_remove,
	.driver	= {
		.name = "hh",
	},
};
module_platform_driver(hh_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: helper puts host->disk, caller puts it again (summary)
 *
 * check-output-start
fire-helper-then-put.c:66:2: warning: put_disk() called twice on 'host->disk' [double-put]
fire-helper-then-put.c:65:2: note: first put_disk() here
 * check-output-end
 */
