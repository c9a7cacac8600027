// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss: set_capacity() in a helper that only the setup path calls,
 * before add_disk() (rbd_dev_device_setup / xlvbd_alloc_gendisk style), and
 * set_capacity(disk, 0) when the backing store goes away (nbd, aoe: an
 * empty disk needs no RESIZE event); the run-time resize uses
 * set_capacity_and_notify().
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct shp_dev {
	struct gendisk *disk;
	sector_t sectors;
};

static struct shp_dev shp = { .sectors = 2048 };

static void shp_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations shp_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= shp_submit_bio,
};

static void shp_setup_disk(struct shp_dev *dev, struct gendisk *disk)
{
	disk->fops = &shp_fops;
	disk->private_data = dev;
	strscpy(disk->disk_name, "shp0", DISK_NAME_LEN);
	set_capacity(disk, dev->sectors);
}

static void shp_backing_gone(struct shp_dev *dev)
{
	set_capacity(dev->disk, 0);
}

static void shp_resize(struct shp_dev *dev, sector_t sectors)
{
	dev->sectors = sectors;
	set_capacity_and_notify(dev->disk, sectors);
}

static int __init shp_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	shp_setup_disk(&shp, disk);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	shp.disk = disk;
	shp_resize(&shp, 4096);
	return 0;
}

static void __exit shp_exit(void)
{
	shp_backing_gone(&shp);
	del_gendisk(shp.disk);
	put_disk(shp.disk);
}

module_init(shp_init);
module_exit(shp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: set_capacity in a setup-only helper, to 0 on teardown; resize notifies
 */
