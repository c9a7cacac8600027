// SPDX-License-Identifier: GPL-2.0
/*
 * disk-name-overflow: sprintf() of a %s and strcpy() of a runtime string into
 * disk_name (patched), strcat() and snprintf() with a 64-byte bound (reported).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static struct gendisk *fx_disk;
static char *name = "fx";
module_param(name, charp, 0444);

static int __init fx_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &fx_fops;
	if (name[0])
		strcpy(disk->disk_name, name);
	else
		sprintf(disk->disk_name, "%s%d", name, 0);
	strcat(disk->disk_name, "a");
	snprintf(disk->disk_name, 64, "%s", name);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	fx_disk = disk;
	return 0;
}

static void __exit fx_exit(void)
{
	del_gendisk(fx_disk);
	put_disk(fx_disk);
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");
