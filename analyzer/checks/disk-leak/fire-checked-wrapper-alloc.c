// SPDX-License-Identifier: GPL-2.0
/*
 * wx_alloc_disk() is the driver's own compat wrapper around
 * blk_alloc_disk(): it returns a struct gendisk * and wx_init() checks
 * the result with IS_ERR(), so the call is an allocation with the ERR_PTR
 * convention.  The later -ENOMEM return leaks the disk.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/vmalloc.h>

static struct gendisk *wx_disk;
static void *wx_store;

static void wx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations wx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= wx_submit_bio,
};

static struct gendisk *wx_alloc_disk(unsigned int lbs)
{
	struct queue_limits lim = {
		.logical_block_size	= lbs,
	};

	return blk_alloc_disk(&lim, NUMA_NO_NODE);
}

static int __init wx_init(void)
{
	struct gendisk *disk;
	int err;

	disk = wx_alloc_disk(512);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	wx_store = vzalloc(SZ_1M);
	if (!wx_store)
		return -ENOMEM;

	disk->fops = &wx_fops;
	strscpy(disk->disk_name, "wx0", DISK_NAME_LEN);
	set_capacity(disk, SZ_1M >> SECTOR_SHIFT);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		vfree(wx_store);
		return err;
	}
	wx_disk = disk;
	return 0;
}

static void __exit wx_exit(void)
{
	del_gendisk(wx_disk);
	put_disk(wx_disk);
	vfree(wx_store);
}

module_init(wx_init);
module_exit(wx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a driver's allocator wrapper checked with IS_ERR(), leaked
 *
 * check-output-start
fire-checked-wrapper-alloc.c:45:3: warning: 'disk' leaked on this error path: put_disk() missing [disk-leak]
fire-checked-wrapper-alloc.c:39:9: note: 'disk' allocated here
 * check-output-end
 */
