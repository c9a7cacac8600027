// SPDX-License-Identifier: GPL-2.0
/*
 * A 6.12 driver whose ->open takes a blk_mode_t, a type 6.1 does not
 * have, analysed with 6.1's headers and with none.  clang then keeps the
 * fops initializer only in its semantic form, without designators (or,
 * without headers, no initializer at all): the fields are read from the
 * tokens, .owner among them, and nothing is reported.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *oo_disk;

static int oo_open(struct gendisk *disk, blk_mode_t mode)
{
	return 0;
}

static void oo_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations oo_fops = {
	.owner		= THIS_MODULE,
	.open		= oo_open,
	.submit_bio	= oo_submit_bio,
};

static int __init oo_init(void)
{
	struct gendisk *disk;
	int ret;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &oo_fops;
	disk->flags |= GENHD_FL_NO_PART;
	strscpy(disk->disk_name, "oo0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 16);
	ret = add_disk(disk);
	if (ret) {
		put_disk(disk);
		return ret;
	}
	oo_disk = disk;
	return 0;
}

static void __exit oo_exit(void)
{
	del_gendisk(oo_disk);
	put_disk(oo_disk);
}

module_init(oo_init);
module_exit(oo_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: fops of a 6.12 driver under 6.1's headers or none keep .owner
 * check-headers: 6.12 6.1 none
 */
