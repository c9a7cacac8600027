// SPDX-License-Identifier: GPL-2.0
/*
 * An error between the allocation and add_disk() unwinds through the
 * label that also tears down the added disk (mtip32xx's rebuild path has
 * this shape): del_gendisk() of a disk that was never added WARNs in
 * del_gendisk() (!disk_live) before put_disk() frees it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *dba_disk;
static void *dba_buf;

static void dba_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations dba_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= dba_submit_bio,
};

static int __init dba_init(void)
{
	struct gendisk *disk;
	int ret;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &dba_fops;
	strscpy(disk->disk_name, "dba0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 16);

	dba_buf = kzalloc(4096, GFP_KERNEL);
	if (!dba_buf) {
		ret = -ENOMEM;
		goto out_del;
	}
	ret = add_disk(disk);
	if (ret)
		goto out_free;
	dba_disk = disk;
	return 0;

out_del:
	del_gendisk(disk);
out_free:
	kfree(dba_buf);
	put_disk(disk);
	return ret;
}

static void __exit dba_exit(void)
{
	del_gendisk(dba_disk);
	put_disk(dba_disk);
	kfree(dba_buf);
}

module_init(dba_init);
module_exit(dba_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: del_gendisk() on a disk allocated but never added
 *
 * check-output-start
fire-del-before-add.c:48:2: warning: del_gendisk() of 'disk', which was never added on this path: call put_disk() only [add-disk-fail-cleanup]
fire-del-before-add.c:29:9: note: 'disk' allocated here
 * check-output-end
 */
