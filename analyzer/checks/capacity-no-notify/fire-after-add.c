// SPDX-License-Identifier: GPL-2.0
/*
 * Init adds the disk with a provisional size and only then sets the real
 * one, read from the device afterwards: the disk is already live, so the
 * change needs set_capacity_and_notify() (or the size must be known before
 * add_disk(), as the 2.6 article has it: set_capacity() "as part of the
 * initialization process").
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *laa_disk;
static unsigned long laa_size_mb = 16;
module_param_named(size_mb, laa_size_mb, ulong, 0444);

static void laa_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations laa_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= laa_submit_bio,
};

static int __init laa_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &laa_fops;
	strscpy(disk->disk_name, "laa0", DISK_NAME_LEN);
	set_capacity(disk, 8);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	set_capacity(disk, laa_size_mb * 2048);
	laa_disk = disk;
	return 0;
}

static void __exit laa_exit(void)
{
	del_gendisk(laa_disk);
	put_disk(laa_disk);
}

module_init(laa_init);
module_exit(laa_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: set_capacity after add_disk in the same function
 *
 * check-output-start
fire-after-add.c:42:2: warning: set_capacity() on 'disk' after add_disk(): user space gets no RESIZE=1 uevent; use set_capacity_and_notify() [capacity-no-notify]
fire-after-add.c:37:8: note: add_disk() of 'disk' here
 * check-output-end
 */
