// SPDX-License-Identifier: GPL-2.0
/*
 * put_disk() then del_gendisk() on a disk that was never added: the put
 * was the last reference (no block-class reference exists before
 * add_disk()), so disk_release() has run and del_gendisk() works on
 * freed memory.  That is a use after put, not put-before-del: the disk
 * was never live (contrast put-before-del/fire-remove-put-then-del.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

static struct gendisk *na_disk;
static void *na_buf;

static void na_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations na_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= na_submit_bio,
};

static int __init na_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &na_fops;
	strscpy(disk->disk_name, "na0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	na_buf = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!na_buf) {
		err = -ENOMEM;
		goto out_put;
	}
	err = add_disk(disk);
	if (err)
		goto out_free_buf;
	na_disk = disk;
	return 0;

out_free_buf:
	kfree(na_buf);
out_put:
	put_disk(disk);
	del_gendisk(disk);
	return err;
}

static void __exit na_exit(void)
{
	del_gendisk(na_disk);
	put_disk(na_disk);
	kfree(na_buf);
}

module_init(na_init);
module_exit(na_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: del_gendisk() after put_disk() of a never-added disk
 *
 * check-output-start
fire-del-after-put-never-added.c:52:2: warning: 'disk' used after put_disk() [use-after-put]
fire-del-after-put-never-added.c:51:2: note: put_disk() here
 * check-output-end
 */
