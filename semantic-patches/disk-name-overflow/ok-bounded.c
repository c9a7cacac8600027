// SPDX-License-Identifier: GPL-2.0
/*
 * disk-name-overflow near miss: bounded writes (snprintf with
 * DISK_NAME_LEN or sizeof, strscpy with 32) and sprintf into another buffer.
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

static int __init fx_init(void)
{
	struct gendisk *disk;
	char buf[64];
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &fx_fops;
	sprintf(buf, "fx%d", 0);
	snprintf(disk->disk_name, DISK_NAME_LEN, "%s", buf);
	snprintf(disk->disk_name, sizeof(disk->disk_name), "%s", buf);
	strscpy(disk->disk_name, buf, 32);
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
