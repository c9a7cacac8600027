// SPDX-License-Identifier: GPL-2.0
/*
 * brd_alloc() of 6.12 (drivers/block/brd.c:358-413): on add_disk()
 * failure the ladder calls put_disk() only, then frees the device.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>
#include <linux/xarray.h>

struct brdy_device {
	int brd_number;
	struct gendisk *brd_disk;
	struct list_head brd_list;
	struct xarray brd_pages;
};

static LIST_HEAD(brdy_devices);
static int max_part = 1;
static unsigned long rd_size = 4096;

static void brdy_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations brdy_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= brdy_submit_bio,
};

static struct brdy_device *brdy_find_or_alloc_device(int i)
{
	struct brdy_device *brd;

	list_for_each_entry(brd, &brdy_devices, brd_list) {
		if (brd->brd_number == i)
			return ERR_PTR(-EEXIST);
	}
	brd = kzalloc(sizeof(*brd), GFP_KERNEL);
	if (!brd)
		return ERR_PTR(-ENOMEM);
	brd->brd_number = i;
	list_add_tail(&brd->brd_list, &brdy_devices);
	return brd;
}

static void brdy_free_device(struct brdy_device *brd)
{
	list_del(&brd->brd_list);
	xa_destroy(&brd->brd_pages);
	kfree(brd);
}

static int brdy_alloc(int i)
{
	struct brdy_device *brd;
	struct gendisk *disk;
	char buf[DISK_NAME_LEN];
	int err = -ENOMEM;
	struct queue_limits lim = {
		.physical_block_size	= PAGE_SIZE,
		.max_hw_discard_sectors	= UINT_MAX,
		.max_discard_segments	= 1,
		.discard_granularity	= PAGE_SIZE,
		.features		= BLK_FEAT_SYNCHRONOUS |
					  BLK_FEAT_NOWAIT,
	};

	brd = brdy_find_or_alloc_device(i);
	if (IS_ERR(brd))
		return PTR_ERR(brd);

	xa_init(&brd->brd_pages);

	snprintf(buf, DISK_NAME_LEN, "ramy%d", i);

	disk = brd->brd_disk = blk_alloc_disk(&lim, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_dev;
	}
	disk->major		= 0;
	disk->first_minor	= 0;
	disk->minors		= 0;
	disk->fops		= &brdy_fops;
	disk->private_data	= brd;
	strscpy(disk->disk_name, buf, DISK_NAME_LEN);
	set_capacity(disk, rd_size * 2);

	err = add_disk(disk);
	if (err)
		goto out_cleanup_disk;

	return 0;

out_cleanup_disk:
	put_disk(disk);
out_free_dev:
	brdy_free_device(brd);
	return err;
}

static void brdy_cleanup(void)
{
	struct brdy_device *brd, *next;

	list_for_each_entry_safe(brd, next, &brdy_devices, brd_list) {
		del_gendisk(brd->brd_disk);
		put_disk(brd->brd_disk);
		brdy_free_device(brd);
	}
}

static int __init brdy_init(void)
{
	int err, i;

	for (i = 0; i < max_part; i++) {
		err = brdy_alloc(i);
		if (err)
			goto out_free;
	}
	return 0;

out_free:
	brdy_cleanup();
	return err;
}

static void __exit brdy_exit(void)
{
	brdy_cleanup();
}

module_init(brdy_init);
module_exit(brdy_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: brd_alloc(): put_disk() only after add_disk() failed
 */
