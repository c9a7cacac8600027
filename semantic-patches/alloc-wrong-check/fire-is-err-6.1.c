// SPDX-License-Identifier: GPL-2.0
/*
 * alloc-wrong-check, 6.1 semantics: blk_alloc_disk() returns NULL on 6.1,
 * so IS_ERR() misses the failure and PTR_ERR() of it is 0; patch mode tests
 * !disk and returns -ENOMEM. Compiled against the 6.1 headers.
 * gendisk-cocci-kernel: 6.1
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
	int err;

	disk = blk_alloc_disk(NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &fx_fops;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
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
