// SPDX-License-Identifier: GPL-2.0
/*
 * A bio-based RAM disk whose fops lack .owner: rmmod succeeds while the
 * disk is open (try_module_get(NULL) pins nothing).  Modelled on the
 * brd-style minimal driver of the 2.6 article, with .owner dropped.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *noown_disk;

static void noown_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations noown_fops = {
	.submit_bio	= noown_submit_bio,
};

static int __init noown_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &noown_fops;
	strscpy(disk->disk_name, "noown0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	noown_disk = disk;
	return 0;
}

static void __exit noown_exit(void)
{
	del_gendisk(noown_disk);
	put_disk(noown_disk);
}

module_init(noown_init);
module_exit(noown_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: bio-based fops without .owner
 *
 * check-output-start
fire-no-owner.c:17:45: warning: 'noown_fops' has no .owner = THIS_MODULE: the module can be unloaded while the disk is open [fops-owner]
 * check-output-end
 */
