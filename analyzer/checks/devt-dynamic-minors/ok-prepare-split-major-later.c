// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-prepare-add-split.c: minors are set where the disk is prepared, and the function that adds it sets the driver's registered major first.
 *
 * Run with --rule devt-dynamic-minors: the module init also fails after a disk went
 * live, which fail-after-add reports (fire-init-fails-after-unwind.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct spl_dev {
	struct gendisk *disk;
	int index;
};

static struct spl_dev spl_devs[2];
static int spl_major;

static void spl_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations spl_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= spl_submit_bio,
};

static int spl_prepare_one(struct spl_dev *dev, int index)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->minors = 16;
	disk->fops = &spl_fops;
	disk->private_data = dev;
	snprintf(disk->disk_name, DISK_NAME_LEN, "spl%d", index);
	set_capacity(disk, 2048);
	dev->disk = disk;
	dev->index = index;
	return 0;
}

static int spl_add_one(struct spl_dev *dev)
{
	dev->disk->major = spl_major;
	dev->disk->first_minor = dev->index * 16;
	return add_disk(dev->disk);
}

static int __init spl_init(void)
{
	int i, err;

	for (i = 0; i < 2; i++) {
		err = spl_prepare_one(&spl_devs[i], i);
		if (err)
			goto out;
	}
	for (i = 0; i < 2; i++) {
		err = spl_add_one(&spl_devs[i]);
		if (err)
			goto out;
	}
	return 0;
out:
	while (--i >= 0)
		put_disk(spl_devs[i].disk);
	return err;
}

static void __exit spl_exit(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		del_gendisk(spl_devs[i].disk);
		put_disk(spl_devs[i].disk);
	}
}

module_init(spl_init);
module_exit(spl_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: minors set in prepare, major set by the add function
 * check-command: gendisk-lint --rule devt-dynamic-minors --kdir $KDIR $file
 *
 * check-output-start
 * check-output-end
 */
