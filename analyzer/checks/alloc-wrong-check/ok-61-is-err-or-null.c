// SPDX-License-Identifier: GPL-2.0
/*
 * A dual-version driver that checks blk_alloc_disk() with IS_ERR_OR_NULL(),
 * correct on 6.1 (NULL) and on 6.12 (ERR_PTR).  Built here against 6.1.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/version.h>

static struct gendisk *dv_disk;

static void dv_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations dv_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= dv_submit_bio,
};

static int __init dv_init(void)
{
	struct gendisk *disk;
	int err;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
#else
	disk = blk_alloc_disk(NUMA_NO_NODE);
#endif
	if (IS_ERR_OR_NULL(disk))
		return disk ? PTR_ERR(disk) : -ENOMEM;

	disk->fops = &dv_fops;
	strscpy(disk->disk_name, "dv0", DISK_NAME_LEN);
	set_capacity(disk, 2048);

	err = add_disk(disk);
	if (err)
		goto out_put;
	dv_disk = disk;
	return 0;
out_put:
	put_disk(disk);
	return err;
}

static void __exit dv_exit(void)
{
	del_gendisk(dv_disk);
	put_disk(dv_disk);
}

module_init(dv_init);
module_exit(dv_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: IS_ERR_OR_NULL() on blk_alloc_disk() under a version #if, 6.1
 * check-kernel: 6.1
 */
