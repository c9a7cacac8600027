// SPDX-License-Identifier: GPL-2.0
/*
 * add-disk-unchecked: add_disk() result ignored in a function that already
 * has an error label starting with put_disk(): patch mode checks the result
 * and jumps there.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *fx_disk;

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static int fx_setup(struct gendisk *disk)
{
	disk->fops = &fx_fops;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	return 0;
}

static int __init fx_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	err = fx_setup(disk);
	if (err)
		goto out_put_disk;
	add_disk(disk);
	fx_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
	return err;
}

static void __exit fx_exit(void)
{
	del_gendisk(fx_disk);
	put_disk(fx_disk);
}

module_init(fx_init);
module_exit(fx_exit);
MODULE_LICENSE("GPL");
