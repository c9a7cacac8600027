// SPDX-License-Identifier: GPL-2.0
/*
 * A media-change style re-creation: the old disk is deleted and put, the
 * pointer is then overwritten by a fresh allocation, and only the new
 * disk is used; on failure the field is reset to NULL.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct rc_dev {
	struct gendisk *disk;
	sector_t sectors;
};

static struct rc_dev rc;

static void rc_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations rc_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= rc_submit_bio,
};

static int rc_create(struct rc_dev *dev, int gen)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &rc_fops;
	disk->private_data = dev;
	snprintf(disk->disk_name, DISK_NAME_LEN, "rc%d", gen);
	set_capacity(disk, dev->sectors);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	dev->disk = disk;
	return 0;
}

static int rc_recreate(struct rc_dev *dev, sector_t sectors)
{
	struct gendisk *disk = dev->disk;

	del_gendisk(disk);
	put_disk(disk);
	dev->disk = NULL;

	dev->sectors = sectors;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &rc_fops;
	disk->private_data = dev;
	strscpy(disk->disk_name, "rc1", DISK_NAME_LEN);
	set_capacity(disk, sectors);
	if (add_disk(disk)) {
		put_disk(disk);
		return -EIO;
	}
	dev->disk = disk;
	return 0;
}

static int __init rc_init(void)
{
	int err;

	rc.sectors = 2048;
	err = rc_create(&rc, 0);
	if (err)
		return err;
	return rc_recreate(&rc, 4096);
}

static void __exit rc_exit(void)
{
	if (rc.disk) {
		del_gendisk(rc.disk);
		put_disk(rc.disk);
	}
}

module_init(rc_init);
module_exit(rc_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: disk pointer reassigned after put_disk(), new disk used
 */
