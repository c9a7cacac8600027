// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss: a later failure (after add_disk() succeeded) unwinds
 * through del_gendisk(), an earlier one skips it.  del_gendisk() is only
 * reached with the disk added.
 *
 * Run with --rule add-disk-fail-cleanup: the module init also fails after a disk went
 * live, which fail-after-add reports (fire-init-fails-after-unwind.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *dla_disk;
static void *dla_buf;

static void dla_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations dla_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= dla_submit_bio,
};

static int __init dla_init(void)
{
	struct gendisk *disk;
	int ret;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &dla_fops;
	strscpy(disk->disk_name, "dla0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 16);

	ret = add_disk(disk);
	if (ret)
		goto out_put;
	dla_buf = kzalloc(4096, GFP_KERNEL);
	if (!dla_buf) {
		ret = -ENOMEM;
		goto out_del;
	}
	dla_disk = disk;
	return 0;

out_del:
	del_gendisk(disk);
out_put:
	put_disk(disk);
	return ret;
}

static void __exit dla_exit(void)
{
	del_gendisk(dla_disk);
	put_disk(dla_disk);
	kfree(dla_buf);
}

module_init(dla_init);
module_exit(dla_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: del_gendisk() reached only after a successful add
 * check-command: gendisk-lint --rule add-disk-fail-cleanup --kdir $KDIR $file
 */
