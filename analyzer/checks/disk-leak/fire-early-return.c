// SPDX-License-Identifier: GPL-2.0
/*
 * The disk is allocated first and a later allocation failure returns
 * -ENOMEM directly, without put_disk() (the shape of many "fix a memory
 * leak on error path" patches to block drivers).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/vmalloc.h>

static struct gendisk *er_disk;
static void *er_store;

static void er_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations er_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= er_submit_bio,
};

static int __init er_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	er_store = vzalloc(SZ_1M);
	if (!er_store)
		return -ENOMEM;

	disk->fops = &er_fops;
	disk->private_data = er_store;
	strscpy(disk->disk_name, "er0", DISK_NAME_LEN);
	set_capacity(disk, SZ_1M >> SECTOR_SHIFT);

	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		vfree(er_store);
		return err;
	}
	er_disk = disk;
	return 0;
}

static void __exit er_exit(void)
{
	del_gendisk(er_disk);
	put_disk(er_disk);
	vfree(er_store);
}

module_init(er_init);
module_exit(er_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: -ENOMEM returned after the disk was allocated
 *
 * check-output-start
fire-early-return.c:35:3: warning: 'disk' leaked on this error path: put_disk() missing [disk-leak]
fire-early-return.c:29:9: note: 'disk' allocated here
 * check-output-end
 */
