// SPDX-License-Identifier: GPL-2.0
/*
 * A disk attribute created after add_disk(); when that fails the function
 * returns the error and leaves the disk registered (module init fails,
 * the module text goes away, the disk stays in /sys/block).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/sysfs.h>

static struct gendisk *sa_disk;

static ssize_t sa_mode_show(struct device *dev,
			    struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "ram\n");
}
static DEVICE_ATTR_RO(sa_mode);

static void sa_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations sa_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= sa_submit_bio,
};

static int __init sa_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &sa_fops;
	strscpy(disk->disk_name, "sa0", DISK_NAME_LEN);
	set_capacity(disk, 2048);

	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}

	err = device_create_file(disk_to_dev(disk), &dev_attr_sa_mode);
	if (err)
		return err;

	sa_disk = disk;
	return 0;
}

static void __exit sa_exit(void)
{
	device_remove_file(disk_to_dev(sa_disk), &dev_attr_sa_mode);
	del_gendisk(sa_disk);
	put_disk(sa_disk);
}

module_init(sa_init);
module_exit(sa_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: error returned after add_disk() succeeded (error variable)
 *
 * check-output-start
fire-sysfs-after-add.c:50:3: warning: error return leaves 'disk' added: del_gendisk() and put_disk() missing on this path [fail-after-add]
fire-sysfs-after-add.c:42:8: note: add_disk() succeeded here
 * check-output-end
 */
