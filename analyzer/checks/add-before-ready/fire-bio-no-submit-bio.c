// SPDX-License-Identifier: GPL-2.0
/*
 * A blk-mq driver converted to bio-based (blk_mq_alloc_disk replaced by
 * blk_alloc_disk) that kept its fops table without .submit_bio: the
 * partition scan inside add_disk() sends the first bio to a NULL
 * ->submit_bio.  A second disk in the same file is named by nobody.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *conv_disk, *conv_spare;

static int conv_open(struct gendisk *disk, blk_mode_t mode)
{
	return 0;
}

static const struct block_device_operations conv_fops = {
	.owner		= THIS_MODULE,
	.open		= conv_open,
};

static int conv_add_spare(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &conv_fops;
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	conv_spare = disk;
	return 0;
}

static int __init conv_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &conv_fops;
	strscpy(disk->disk_name, "conv0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	conv_disk = disk;
	err = conv_add_spare();
	if (err) {
		del_gendisk(conv_disk);
		put_disk(conv_disk);
	}
	return err;
}

static void __exit conv_exit(void)
{
	del_gendisk(conv_spare);
	put_disk(conv_spare);
	del_gendisk(conv_disk);
	put_disk(conv_disk);
}

module_init(conv_init);
module_exit(conv_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: bio-based disk with fops lacking .submit_bio; unnamed disk
 * (--rule: this module init also fails after a disk went live, which
 * fail-after-add reports; see fail-after-add/fire-init-fails-after-unwind.c)
 * check-command: gendisk-lint --rule add-before-ready --kdir $KDIR $file
 *
 * check-output-start
fire-bio-no-submit-bio.c:33:8: warning: add_disk() of 'disk' before its disk_name is set: an empty device name fails device_add() with a WARN [add-before-ready]
fire-bio-no-submit-bio.c:28:9: note: 'disk' allocated here
fire-bio-no-submit-bio.c:51:2: warning: bio-based disk 'disk' (blk_alloc_disk) gets 'conv_fops', which has no .submit_bio: the first bio (the partition scan in add_disk) oopses [add-before-ready]
fire-bio-no-submit-bio.c:47:9: note: 'disk' allocated here
 * check-output-end
 */
