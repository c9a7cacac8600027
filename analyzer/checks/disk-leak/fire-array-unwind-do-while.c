// SPDX-License-Identifier: GPL-2.0
/*
 * The drives of a controller: the first loop gives each of the
 * host->nr_drives drives a disk, the second adds them.  When add_disk()
 * fails for drive d, the unwinding "do { ... } while (d--)" releases
 * drives d .. 0; the drives after d keep their disks (unless d was the
 * last one).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>

#define DW_MAX 2

struct dw_drive {
	struct gendisk *disk;
	bool added;
};

struct dw_host {
	int nr_drives;
	struct dw_drive drive[DW_MAX];
};

static void dw_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations dw_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= dw_submit_bio,
};

static void dw_release_drive(struct dw_drive *d)
{
	struct gendisk *disk = d->disk;

	if (!disk)
		return;
	if (d->added)
		del_gendisk(disk);
	put_disk(disk);
}

static int dw_register(struct dw_host *host)
{
	int d, err;

	for (d = 0; d < host->nr_drives; d++) {
		host->drive[d].disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
		if (IS_ERR(host->drive[d].disk)) {
			err = PTR_ERR(host->drive[d].disk);
			host->drive[d].disk = NULL;
			goto out;
		}
		host->drive[d].disk->fops = &dw_fops;
		snprintf(host->drive[d].disk->disk_name, DISK_NAME_LEN, "dw%d", d);
	}

	for (d = 0; d < host->nr_drives; d++) {
		err = add_disk(host->drive[d].disk);
		if (err)
			goto out;
		host->drive[d].added = true;
	}
	return 0;

out:
	do {
		dw_release_drive(&host->drive[d]);
	} while (d--);
	return err;
}

static int dw_probe(struct platform_device *pdev)
{
	struct dw_host *host;

	host = devm_kzalloc(&pdev->dev, sizeof(*host), GFP_KERNEL);
	if (!host)
		return -ENOMEM;
	host->nr_drives = DW_MAX;
	platform_set_drvdata(pdev, host);
	return dw_register(host);
}

static struct platform_driver dw_driver = {
	.probe		= dw_probe,
	.driver		= {
		.name	= "dw",
	},
};
module_platform_driver(dw_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: do-while unwinding from the failing drive leaves the later drives
 *
 * check-output-start
fire-array-unwind-do-while.c:73:2: warning: 'host->drive[].disk' leaked on this error path: elements [d + 1, host->nr_drives) allocated in a loop are not released when the failing iteration was not the last (released: [0, d + 1)) [disk-leak]
fire-array-unwind-do-while.c:51:25: note: 'host->drive[].disk' allocated here
 * check-output-end
 */
