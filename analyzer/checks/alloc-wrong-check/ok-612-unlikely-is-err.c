// SPDX-License-Identifier: GPL-2.0
/*
 * 6.12 blk_alloc_disk() checked as if (unlikely(IS_ERR(disk))), with the
 * setup chosen by a switch on the device type.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

enum sw_type { SW_RAM, SW_ROM };

static int sw_type = SW_RAM;
module_param(sw_type, int, 0444);

static struct gendisk *sw_disk;

static void sw_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations sw_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= sw_submit_bio,
};

static int __init sw_init(void)
{
	struct queue_limits lim = { };
	struct gendisk *disk;
	int err;

	switch (sw_type) {
	case SW_RAM:
		lim.logical_block_size = 512;
		break;
	case SW_ROM:
		lim.logical_block_size = 2048;
		break;
	default:
		return -EINVAL;
	}

	disk = blk_alloc_disk(&lim, NUMA_NO_NODE);
	if (unlikely(IS_ERR(disk)))
		return PTR_ERR(disk);

	disk->fops = &sw_fops;
	strscpy(disk->disk_name, "sw0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	if (sw_type == SW_ROM)
		set_disk_ro(disk, true);

	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	sw_disk = disk;
	return 0;
}

static void __exit sw_exit(void)
{
	del_gendisk(sw_disk);
	put_disk(sw_disk);
}

module_init(sw_init);
module_exit(sw_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: 6.12 blk_alloc_disk() checked with unlikely(IS_ERR()), switch setup
 */
