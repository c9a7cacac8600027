// SPDX-License-Identifier: GPL-2.0
/*
 * gdflag - a one-disk driver that picks its gendisk API with a flag of its
 * own Kbuild (ccflags-y += -DGDTEST_NEW_API), the way out-of-tree drivers
 * pick theirs with -DHAVE_... flags written by a configure step.
 *
 * Its build always compiles the GDTEST_NEW_API branch, which returns
 * add_disk()'s result to the caller, which puts the disk when it failed.  The #else branch,
 * kept for kernels whose add_disk() returned void (before 5.15), ignores
 * the result: code its build never compiles.  gendisk-lint given this
 * directory with --kdir parses it with the build's own flags and reports
 * nothing; with the kdir's generic flags (--no-module-build) it reports the
 * #else branch (analyzer/tests/module-build/run).
 */
#include <linux/blkdev.h>
#include <linux/module.h>

#include <gdflag_hw.h>

static struct gendisk *gdflag_disk;

static void gdflag_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations gdflag_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= gdflag_submit_bio,
};

#ifdef GDTEST_NEW_API
/* add_disk() can fail: the caller puts the disk */
static int gdflag_add(struct gendisk *disk)
{
	return add_disk(disk);
}
#else
/* before 5.15 add_disk() returned void */
static int gdflag_add(struct gendisk *disk)
{
	add_disk(disk);
	return 0;
}
#endif

static int __init gdflag_init(void)
{
	struct queue_limits lim = {
		.logical_block_size	= GDFLAG_SECTOR_SIZE,
	};
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(&lim, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &gdflag_fops;
	disk->flags |= GENHD_FL_NO_PART;
	strscpy(disk->disk_name, "gdflag0", DISK_NAME_LEN);
	set_capacity(disk, GDFLAG_SECTORS);

	err = gdflag_add(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	gdflag_disk = disk;
	return 0;
}

static void __exit gdflag_exit(void)
{
	del_gendisk(gdflag_disk);
	put_disk(gdflag_disk);
}

module_init(gdflag_init);
module_exit(gdflag_exit);
MODULE_DESCRIPTION("gendisk-lint test: an API chosen by the module's own flags");
MODULE_LICENSE("GPL");
