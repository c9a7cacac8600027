// SPDX-License-Identifier: GPL-2.0
/*
 * The other fix: the disk goes into the long-lived struct only once
 * add_disk() succeeded, so the failure path puts a disk nobody else sees.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>

#define DP_START	0x4400
#define DP_STOP		0x4401

struct dp_dev {
	struct gendisk *disk;
	struct mutex lock;
};

#define DP_MAX_DEVS	4

static struct dp_dev dp_devs[DP_MAX_DEVS];

static void dp_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations dp_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= dp_submit_bio,
};

static int dp_start(struct dp_dev *dev)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &dp_fops;
	disk->private_data = dev;
	strscpy(disk->disk_name, "dp0", DISK_NAME_LEN);
	set_capacity(disk, 2048);

	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	dev->disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
	return err;
}

static void dp_stop(struct dp_dev *dev)
{
	if (!dev->disk)
		return;
	del_gendisk(dev->disk);
	put_disk(dev->disk);
	dev->disk = NULL;
}

static struct dp_dev *dp_lookup(unsigned long id)
{
	return id < DP_MAX_DEVS ? &dp_devs[id] : NULL;
}

static long dp_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct dp_dev *dev = dp_lookup(arg);
	long ret = 0;

	if (!dev)
		return -ENODEV;
	mutex_lock(&dev->lock);
	switch (cmd) {
	case DP_START:
		ret = dp_start(dev);
		break;
	case DP_STOP:
		dp_stop(dev);
		break;
	default:
		ret = -ENOTTY;
	}
	mutex_unlock(&dev->lock);
	return ret;
}

static const struct file_operations dp_ctl_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= dp_ioctl,
};

static struct miscdevice dp_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "dp-control",
	.fops	= &dp_ctl_fops,
};

static int __init dp_init(void)
{
	for (int i = 0; i < DP_MAX_DEVS; i++)
		mutex_init(&dp_devs[i].lock);
	return misc_register(&dp_misc);
}

static void __exit dp_exit(void)
{
	misc_deregister(&dp_misc);
	for (int i = 0; i < DP_MAX_DEVS; i++)
		dp_stop(&dp_devs[i]);
}

module_init(dp_init);
module_exit(dp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: the field stored only after add_disk() succeeded
 */
