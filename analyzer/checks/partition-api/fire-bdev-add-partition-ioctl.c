// SPDX-License-Identifier: GPL-2.0
/*
 * A driver ioctl that re-implements BLKPG by calling the block layer's
 * bdev_add_partition()/bdev_del_partition() (declared in block/blk.h,
 * not exported; copied here as a driver would have to).  The result is
 * used in a return statement and in a condition: both calls are found.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

int bdev_add_partition(struct gendisk *disk, int partno, sector_t start, sector_t length);
int bdev_del_partition(struct gendisk *disk, int partno);

#define PARTIOC_ADD	0x4c01
#define PARTIOC_DEL	0x4c02

static struct gendisk *pio_disk;

static void pio_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static int pio_ioctl(struct block_device *bdev, blk_mode_t mode, unsigned int cmd,
		     unsigned long arg)
{
	switch (cmd) {
	case PARTIOC_ADD:
		return bdev_add_partition(bdev->bd_disk, 1, 0, arg);
	case PARTIOC_DEL:
		if (bdev_del_partition(bdev->bd_disk, 1))
			return -ENXIO;
		return 0;
	}
	return -ENOTTY;
}

static const struct block_device_operations pio_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= pio_submit_bio,
	.ioctl		= pio_ioctl,
};

static int __init pio_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &pio_fops;
	strscpy(disk->disk_name, "pio0", DISK_NAME_LEN);
	set_capacity(disk, 8192);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	pio_disk = disk;
	return 0;
}

static void __exit pio_exit(void)
{
	del_gendisk(pio_disk);
	put_disk(pio_disk);
}

module_init(pio_init);
module_exit(pio_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: bdev_add_partition/bdev_del_partition in a driver ioctl
 *
 * check-output-start
fire-bdev-add-partition-ioctl.c:29:10: warning: bdev_add_partition() is internal to the block layer (not exported): partitions come from the partition scan of add_disk() or the BLKPG ioctl [partition-api]
fire-bdev-add-partition-ioctl.c:31:7: warning: bdev_del_partition() is internal to the block layer (not exported): partitions come from the partition scan of add_disk() or the BLKPG ioctl [partition-api]
 * check-output-end
 */
