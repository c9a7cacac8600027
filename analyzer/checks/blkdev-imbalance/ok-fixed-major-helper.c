// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss modelled on nbd/xen-blkfront: a fixed major tested with
 * "if (register_blkdev(MAJOR, name))" (non-zero is failure), later errors
 * undone by a same-file cleanup helper that unregisters, which exit calls
 * too.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define FXM_MAJOR	241

static struct gendisk *fxm_disk;

static void fxm_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fxm_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fxm_submit_bio,
};

static void fxm_cleanup(void)
{
	unregister_blkdev(FXM_MAJOR, "fxm");
}

static int __init fxm_init(void)
{
	struct gendisk *disk;
	int err;

	if (register_blkdev(FXM_MAJOR, "fxm"))
		return -EIO;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		fxm_cleanup();
		return PTR_ERR(disk);
	}
	disk->major = FXM_MAJOR;
	disk->first_minor = 0;
	disk->minors = 1;
	disk->fops = &fxm_fops;
	strscpy(disk->disk_name, "fxm0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		fxm_cleanup();
		return err;
	}
	fxm_disk = disk;
	return 0;
}

static void __exit fxm_exit(void)
{
	del_gendisk(fxm_disk);
	put_disk(fxm_disk);
	fxm_cleanup();
}

module_init(fxm_init);
module_exit(fxm_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: fixed major checked with if (...), unwound by a helper
 */
