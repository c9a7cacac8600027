// SPDX-License-Identifier: GPL-2.0
/*
 * gdkflags: a minimal bio-based block driver for the tests of
 * vm/check-driver.  Each GDK_HAVE_* macro, set by its Kbuild from the
 * headers of the kernel it is built against, selects the branch for that
 * kernel; the other branch is a compat path for older kernels which the
 * build never compiles.  The compat paths hold what the checkers flag (an
 * ignored add_disk() result, blk_cleanup_queue(), blk_queue_logical_block_size()
 * on 6.12): a check of what kbuild compiles must not report them.  One bug
 * is left on purpose in code that every build compiles: sprintf() of a
 * user-given name into disk_name.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/bio.h>

#define GDK_NAME "gdkflags"
#define GDK_SECTORS 2048

static char *gdk_name = GDK_NAME;
module_param_named(name, gdk_name, charp, 0444);
MODULE_PARM_DESC(name, "the disk's name");

static int gdk_major;
static struct gendisk *gdk_disk;

/* Reads return zeroes, writes are dropped. */
static void gdk_submit_bio(struct bio *bio)
{
	if (bio_op(bio) == REQ_OP_READ)
		zero_fill_bio(bio);
	bio_endio(bio);
}

static const struct block_device_operations gdk_fops = {
	.owner = THIS_MODULE,
	.submit_bio = gdk_submit_bio,
};

/* A disk with 512-byte sectors, or an ERR_PTR. */
static struct gendisk *gdk_alloc_disk(void)
{
#ifdef GDK_HAVE_DISK_LIMITS
	struct queue_limits lim = { .logical_block_size = 512 };

	return blk_alloc_disk(&lim, NUMA_NO_NODE);
#else
	struct gendisk *disk = blk_alloc_disk(NUMA_NO_NODE);

	if (!disk)
		return ERR_PTR(-ENOMEM);
	blk_queue_logical_block_size(disk->queue, 512);
	return disk;
#endif
}

static int __init gdk_init(void)
{
	struct gendisk *disk;
	int err;

	gdk_major = register_blkdev(0, GDK_NAME);
	if (gdk_major < 0)
		return gdk_major;
	disk = gdk_alloc_disk();
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_unregister;
	}
	disk->major = gdk_major;
	disk->first_minor = 0;
	disk->minors = 1;
	disk->fops = &gdk_fops;
	sprintf(disk->disk_name, "%s", gdk_name);
	set_capacity(disk, GDK_SECTORS);
#ifdef GDK_HAVE_ADD_DISK_RESULT
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
#else
	add_disk(disk);
#endif
	gdk_disk = disk;
	return 0;

#ifdef GDK_HAVE_ADD_DISK_RESULT
out_put_disk:
	put_disk(disk);
#endif
out_unregister:
	unregister_blkdev(gdk_major, GDK_NAME);
	return err;
}

static void __exit gdk_exit(void)
{
	del_gendisk(gdk_disk);
#ifndef GDK_DISK_OWNS_QUEUE
	blk_cleanup_queue(gdk_disk->queue);
#endif
	put_disk(gdk_disk);
	unregister_blkdev(gdk_major, GDK_NAME);
}

module_init(gdk_init);
module_exit(gdk_exit);
MODULE_DESCRIPTION("check-driver test: API branches chosen by kbuild flags");
MODULE_LICENSE("GPL");
