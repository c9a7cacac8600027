// SPDX-License-Identifier: GPL-2.0
/*
 * The shape of swim_floppy_init() (drivers/block/swim.c, 6.12): each unit's
 * disk is allocated straight into an array element of the host struct;
 * when one allocation fails, the shared unwinding calls the per-unit
 * cleanup helper on every unit (the host is zeroed: the units not reached
 * hold NULL), and the helper reads the field into a local and tests it
 * only against NULL: put_disk() on the failed unit's ERR_PTR.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

#define UH_MAX_UNITS	2

struct uh_unit {
	struct gendisk *disk;
	bool added;
};

struct uh_host {
	struct uh_unit unit[UH_MAX_UNITS];
	int nr_units;
};

static void uh_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations uh_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= uh_submit_bio,
};

static void uh_cleanup_unit(struct uh_unit *u)
{
	struct gendisk *disk = u->disk;

	if (!disk)
		return;
	if (u->added)
		del_gendisk(disk);
	put_disk(disk);
}

static int uh_init_units(struct uh_host *host)
{
	int err;
	int i;

	for (i = 0; i < host->nr_units; i++) {
		host->unit[i].disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
		if (IS_ERR(host->unit[i].disk)) {
			err = PTR_ERR(host->unit[i].disk);
			goto out_cleanup;
		}
		host->unit[i].disk->fops = &uh_fops;
		host->unit[i].disk->private_data = &host->unit[i];
		snprintf(host->unit[i].disk->disk_name, DISK_NAME_LEN, "uh%d", i);
		set_capacity(host->unit[i].disk, 2048);
	}
	for (i = 0; i < host->nr_units; i++) {
		err = add_disk(host->unit[i].disk);
		if (err)
			goto out_cleanup;
		host->unit[i].added = true;
	}
	return 0;

out_cleanup:
	for (i = 0; i < host->nr_units; i++)
		uh_cleanup_unit(&host->unit[i]);
	return err;
}

static int uh_probe(struct platform_device *pdev)
{
	struct uh_host *host;
	int err;

	host = kzalloc(sizeof(*host), GFP_KERNEL);
	if (!host)
		return -ENOMEM;
	host->nr_units = UH_MAX_UNITS;
	err = uh_init_units(host);
	if (err) {
		kfree(host);
		return err;
	}
	platform_set_drvdata(pdev, host);
	return 0;
}

static void uh_remove(struct platform_device *pdev)
{
	struct uh_host *host = platform_get_drvdata(pdev);
	int i;

	for (i = 0; i < host->nr_units; i++)
		uh_cleanup_unit(&host->unit[i]);
	kfree(host);
}

static struct platform_driver uh_driver = {
	.probe		= uh_probe,
	.remove_new	= uh_remove,
	.driver		= {
		.name	= "uh-floppy",
	},
};
module_platform_driver(uh_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: an ERR_PTR in an array element, the shared unwinding's helper tests only NULL
 *
 * check-output-start
fire-errptr-unwind-helper.c:55:7: warning: error pointer from blk_alloc_disk() left in 'host->unit[].disk' on the IS_ERR() path; uh_cleanup_unit() tests it only for NULL and calls put_disk() on it [dangling-disk-pointer]
fire-errptr-unwind-helper.c:54:24: note: the allocator's result is stored in 'host->unit[].disk' here
fire-errptr-unwind-helper.c:75:2: note: returns here with the error pointer in 'host->unit[].disk'
fire-errptr-unwind-helper.c:41:7: note: uh_cleanup_unit() tests only for NULL here
fire-errptr-unwind-helper.c:45:11: note: and passes 'disk' to put_disk() here
 * check-output-end
 */
