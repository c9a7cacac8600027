// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of fire-cdrom-left-registered.c: the probe's unwind
 * unregisters the drive from the cdrom layer before it puts the disk and
 * frees the cdrom info; a failed register_cdrom() itself owes nothing.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/cdrom.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct cu_drive {
	struct gendisk *disk;
	struct cdrom_device_info *cdi;
	void *toc;
};

static struct cu_drive cu;

static void cu_submit_bio(struct bio *bio)
{
	bio_io_error(bio);
}

static const struct block_device_operations cu_bdops = {
	.owner		= THIS_MODULE,
	.submit_bio	= cu_submit_bio,
};

static const struct cdrom_device_ops cu_cdops = {
	.capability	= CDC_OPEN_TRAY,
};

static int cu_probe(struct platform_device *pdev)
{
	int err;

	cu.cdi = kzalloc(sizeof(*cu.cdi), GFP_KERNEL);
	if (!cu.cdi)
		return -ENOMEM;
	cu.disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(cu.disk)) {
		err = PTR_ERR(cu.disk);
		goto out_cdi;
	}
	cu.disk->fops = &cu_bdops;
	strscpy(cu.disk->disk_name, "cu0", DISK_NAME_LEN);
	cu.cdi->ops = &cu_cdops;
	cu.cdi->capacity = 1;
	cu.cdi->disk = cu.disk;
	if (register_cdrom(cu.disk, cu.cdi)) {
		err = -ENODEV;
		goto out_disk;
	}
	cu.toc = kzalloc(2048, GFP_KERNEL);
	if (!cu.toc) {
		err = -ENOMEM;
		goto out_unregister;
	}
	err = add_disk(cu.disk);
	if (err)
		goto out_toc;
	return 0;

out_toc:
	kfree(cu.toc);
out_unregister:
	unregister_cdrom(cu.cdi);
out_disk:
	put_disk(cu.disk);
out_cdi:
	kfree(cu.cdi);
	return err;
}

static void cu_remove(struct platform_device *pdev)
{
	del_gendisk(cu.disk);
	unregister_cdrom(cu.cdi);
	put_disk(cu.disk);
	kfree(cu.toc);
	kfree(cu.cdi);
}

static struct platform_driver cu_driver = {
	.probe		= cu_probe,
	.remove_new	= cu_remove,
	.driver = {
		.name	= "cu",
	},
};
module_platform_driver(cu_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: the probe's unwind unregisters the cdrom before releasing it
 */
