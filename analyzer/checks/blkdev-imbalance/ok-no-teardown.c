// SPDX-License-Identifier: GPL-2.0
/*
 * A driver that is never torn down, as amiflop is: the probe is bound once
 * by platform_driver_probe(), the platform driver has no .remove and the
 * file has module_init() but no module_exit(), so the module cannot be
 * unloaded.  The major the probe registers lives as long as the kernel;
 * the probe's own error path gives it back.  Nothing is missing "on exit":
 * there is no exit.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>

#define NTD_MAJOR	241

static struct gendisk *ntd_disk;

static void ntd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ntd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ntd_submit_bio,
};

static int __init ntd_probe(struct platform_device *pdev)
{
	struct gendisk *disk;
	int err;

	if (register_blkdev(NTD_MAJOR, "ntd"))
		return -EBUSY;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_unregister;
	}
	disk->major = NTD_MAJOR;
	disk->first_minor = 0;
	disk->minors = 1;
	disk->fops = &ntd_fops;
	strscpy(disk->disk_name, "ntd0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	ntd_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_unregister:
	unregister_blkdev(NTD_MAJOR, "ntd");
	return err;
}

static struct platform_driver ntd_driver = {
	.driver = {
		.name	= "ntd",
	},
};

static int __init ntd_init(void)
{
	return platform_driver_probe(&ntd_driver, ntd_probe);
}

module_init(ntd_init);
MODULE_LICENSE("GPL");

/*
 * check-name: a major registered by a driver that is never torn down (no module_exit, no .remove)
 */
