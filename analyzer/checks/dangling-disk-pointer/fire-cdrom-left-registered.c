// SPDX-License-Identifier: GPL-2.0
/*
 * A CD-ROM probe registers its drive with the cdrom layer, which keeps
 * the cdrom info (and through it the disk) on its global list; a later
 * step of the probe fails and the unwind puts the disk and frees the info
 * without unregister_cdrom(): the list keeps pointing at both.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/cdrom.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct cl_drive {
	struct gendisk *disk;
	struct cdrom_device_info *cdi;
	void *toc;
};

static struct cl_drive cl;

static void cl_submit_bio(struct bio *bio)
{
	bio_io_error(bio);
}

static const struct block_device_operations cl_bdops = {
	.owner		= THIS_MODULE,
	.submit_bio	= cl_submit_bio,
};

static const struct cdrom_device_ops cl_cdops = {
	.capability	= CDC_OPEN_TRAY,
};

static int cl_probe(struct platform_device *pdev)
{
	int err;

	cl.cdi = kzalloc(sizeof(*cl.cdi), GFP_KERNEL);
	if (!cl.cdi)
		return -ENOMEM;
	cl.disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(cl.disk)) {
		err = PTR_ERR(cl.disk);
		goto out_cdi;
	}
	cl.disk->fops = &cl_bdops;
	strscpy(cl.disk->disk_name, "cl0", DISK_NAME_LEN);
	cl.cdi->ops = &cl_cdops;
	cl.cdi->capacity = 1;
	cl.cdi->disk = cl.disk;
	if (register_cdrom(cl.disk, cl.cdi)) {
		err = -ENODEV;
		goto out_disk;
	}
	cl.toc = kzalloc(2048, GFP_KERNEL);
	if (!cl.toc) {
		err = -ENOMEM;
		goto out_disk;
	}
	err = add_disk(cl.disk);
	if (err)
		goto out_toc;
	return 0;

out_toc:
	kfree(cl.toc);
out_disk:
	put_disk(cl.disk);
out_cdi:
	kfree(cl.cdi);
	return err;
}

static void cl_remove(struct platform_device *pdev)
{
	del_gendisk(cl.disk);
	unregister_cdrom(cl.cdi);
	put_disk(cl.disk);
	kfree(cl.toc);
	kfree(cl.cdi);
}

static struct platform_driver cl_driver = {
	.probe		= cl_probe,
	.remove_new	= cl_remove,
	.driver = {
		.name	= "cl",
	},
};
module_platform_driver(cl_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: a registered cdrom left on the cdrom list by the probe's unwind
 *
 * check-output-start
fire-cdrom-left-registered.c:73:2: warning: 'cl.cdi' stays on the cdrom list on this error path: unregister_cdrom() missing before the disk and the cdrom info are released [dangling-disk-pointer]
fire-cdrom-left-registered.c:53:6: note: register_cdrom() links it, with its disk, into the cdrom list here
 * check-output-end
 */
