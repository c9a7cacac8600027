// SPDX-License-Identifier: GPL-2.0
/*
 * A disk added empty and sized through a sysfs attribute of the disk: the
 * store method can run any number of times on the live disk, and the
 * helper it calls changes the capacity with plain set_capacity().  The
 * first write is 0 -> N, every later one N -> M: user space gets no
 * RESIZE=1 uevent for it (set_capacity_and_notify() would send one).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/device.h>
#include <linux/sysfs.h>

struct lsz_dev {
	struct gendisk *disk;
};

static struct lsz_dev lsz;

static void lsz_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations lsz_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= lsz_submit_bio,
};

static void lsz_resize(struct lsz_dev *dev, sector_t sectors)
{
	set_capacity(dev->disk, sectors);
}

static ssize_t sectors_store(struct device *dev, struct device_attribute *attr,
			     const char *buf, size_t count)
{
	unsigned long long sectors;
	int err;

	err = kstrtoull(buf, 0, &sectors);
	if (err)
		return err;
	lsz_resize(&lsz, sectors);
	return count;
}
static DEVICE_ATTR_WO(sectors);

static struct attribute *lsz_attrs[] = {
	&dev_attr_sectors.attr,
	NULL,
};

static const struct attribute_group lsz_group = {
	.attrs = lsz_attrs,
};

static const struct attribute_group *lsz_groups[] = {
	&lsz_group,
	NULL,
};

static int __init lsz_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &lsz_fops;
	strscpy(disk->disk_name, "lsz0", DISK_NAME_LEN);
	lsz.disk = disk;
	err = device_add_disk(NULL, disk, lsz_groups);
	if (err) {
		put_disk(disk);
		return err;
	}
	return 0;
}

static void __exit lsz_exit(void)
{
	del_gendisk(lsz.disk);
	put_disk(lsz.disk);
}

module_init(lsz_init);
module_exit(lsz_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a disk added empty, resized by a sysfs store method
 * check-command: gendisk-lint --rule capacity-no-notify --kdir $KDIR $file
 *
 * check-output-start
fire-late-size-store.c:32:2: warning: set_capacity() on 'dev->disk' outside the path that sets the disk up: on a live disk user space gets no RESIZE=1 uevent; use set_capacity_and_notify() [capacity-no-notify]
 * check-output-end
 */
