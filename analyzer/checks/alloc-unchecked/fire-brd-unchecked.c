// SPDX-License-Identifier: GPL-2.0
/*
 * A brd-like RAM disk (drivers/block/brd.c shape) whose init dereferences
 * the disk returned by the allocator without any failure check.  On 6.12
 * the allocator returns an ERR_PTR on failure.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct ramd_device {
	struct gendisk *disk;
	u64 nr_pages;
};

static int ramd_major;
static struct ramd_device *ramd_dev;

static void ramd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ramd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ramd_submit_bio,
};

static int __init ramd_init(void)
{
	struct queue_limits lim = {
		.physical_block_size	= PAGE_SIZE,
		.features		= BLK_FEAT_SYNCHRONOUS | BLK_FEAT_NOWAIT,
	};
	struct gendisk *disk;
	int err;

	ramd_major = register_blkdev(0, "ramd");
	if (ramd_major < 0)
		return ramd_major;

	ramd_dev = kzalloc(sizeof(*ramd_dev), GFP_KERNEL);
	if (!ramd_dev) {
		err = -ENOMEM;
		goto out_unregister;
	}

	disk = blk_alloc_disk(&lim, NUMA_NO_NODE);
	disk->major = ramd_major;
	disk->first_minor = 0;
	disk->minors = 1;
	disk->fops = &ramd_fops;
	disk->private_data = ramd_dev;
	snprintf(disk->disk_name, DISK_NAME_LEN, "ramd0");
	set_capacity(disk, 8192);
	ramd_dev->disk = disk;

	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	return 0;

out_put_disk:
	put_disk(disk);
	kfree(ramd_dev);
out_unregister:
	unregister_blkdev(ramd_major, "ramd");
	return err;
}

static void __exit ramd_exit(void)
{
	del_gendisk(ramd_dev->disk);
	put_disk(ramd_dev->disk);
	kfree(ramd_dev);
	unregister_blkdev(ramd_major, "ramd");
}

module_init(ramd_init);
module_exit(ramd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: blk_alloc_disk() result dereferenced unchecked (6.12, ERR_PTR)
 * check-kernel: 6.12
 *
 * check-output-start
fire-brd-unchecked.c:49:2: warning: 'disk' may be an ERR_PTR here: result of blk_alloc_disk() is not checked [alloc-unchecked]
fire-brd-unchecked.c:48:9: note: 'disk' allocated here
 * check-output-end
 */
