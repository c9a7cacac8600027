// SPDX-License-Identifier: GPL-2.0
/*
 * add-disk-unchecked: 5.x code ported by removed-api: add_disk() returned
 * void, so no label puts the disk.  Patch mode checks the result and adds
 * out_put_disk: before the label the allocation's check jumps to.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/vmalloc.h>

static struct gendisk *fx_disk;
static void *fx_data;

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static int __init fx_init(void)
{
	struct gendisk *disk;
	int err = -ENOMEM;

	fx_data = vzalloc(1 << 20);
	if (!fx_data)
		return err;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		goto out_free_data;
	disk->fops = &fx_fops;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	add_disk(disk);
	fx_disk = disk;
	return 0;

out_free_data:
	vfree(fx_data);
	return err;
}

static void __exit fx_exit(void)
{
	del_gendisk(fx_disk);
	put_disk(fx_disk);
	vfree(fx_data);
}

module_init(fx_init);
module_exit(fx_exit);
MODULE_LICENSE("GPL");
