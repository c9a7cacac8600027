// SPDX-License-Identifier: GPL-2.0
/*
 * The correct ladder: a failure after add_disk() goes through
 * del_gendisk() then put_disk(); an add_disk() failure enters one label
 * lower (put_disk() only).  Success falls through "return err" with
 * err == 0.  A probe, not module init: a failed probe does not free the
 * module, so failing after a correct unwind is fine here (module init
 * must not fail once a disk was live: fire-init-fails-after-unwind.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/sysfs.h>

static struct gendisk *ud_disk;

static ssize_t ud_mode_show(struct device *dev,
			    struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "ram\n");
}
static DEVICE_ATTR_RO(ud_mode);

static void ud_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ud_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ud_submit_bio,
};

static int ud_probe(struct platform_device *pdev)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &ud_fops;
	strscpy(disk->disk_name, "ud0", DISK_NAME_LEN);
	set_capacity(disk, 2048);

	err = add_disk(disk);
	if (err)
		goto out_put_disk;

	err = device_create_file(disk_to_dev(disk), &dev_attr_ud_mode);
	if (err)
		goto out_del_disk;

	ud_disk = disk;
	return err;

out_del_disk:
	del_gendisk(disk);
out_put_disk:
	put_disk(disk);
	return err;
}

static void ud_remove(struct platform_device *pdev)
{
	device_remove_file(disk_to_dev(ud_disk), &dev_attr_ud_mode);
	del_gendisk(ud_disk);
	put_disk(ud_disk);
}

static struct platform_driver ud_driver = {
	.probe		= ud_probe,
	.remove_new	= ud_remove,
	.driver		= {
		.name	= "ud",
	},
};
module_platform_driver(ud_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: post-add failure unwinds del_gendisk() + put_disk(); return err with err == 0
 */
