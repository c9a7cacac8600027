// SPDX-License-Identifier: GPL-2.0
/*
 * A fixed major registered in init as "nvu" (checked, and unwound on the
 * init error path) that the exit function unregisters under another name:
 * unregister_blkdev() finds no "nvu0" and WARNs (6.12 genhd.c:295), and
 * "nvu" stays registered after rmmod.  And a second call, a leftover from a
 * rename, whose result is ignored and that nothing unregisters.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define NVU_MAJOR	240

static struct gendisk *nvu_disk;

static void nvu_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations nvu_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= nvu_submit_bio,
};

static int __init nvu_init(void)
{
	struct gendisk *disk;
	int err;

	if (register_blkdev(NVU_MAJOR, "nvu"))
		return -EIO;
	register_blkdev(NVU_MAJOR + 1, "nvu-old");
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_unregister;
	}
	disk->major = NVU_MAJOR;
	disk->first_minor = 0;
	disk->minors = 1;
	disk->fops = &nvu_fops;
	strscpy(disk->disk_name, "nvu0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	nvu_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_unregister:
	unregister_blkdev(NVU_MAJOR, "nvu");
	return err;
}

static void __exit nvu_exit(void)
{
	del_gendisk(nvu_disk);
	put_disk(nvu_disk);
	unregister_blkdev(NVU_MAJOR, "nvu0");
}

module_init(nvu_init);
module_exit(nvu_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: exit unregisters the wrong name; a register_blkdev result ignored
 *
 * check-output-start
fire-never-unregistered.c:31:6: warning: major "nvu" is never unregistered outside the function registering it: unregister_blkdev() missing on exit [blkdev-imbalance]
fire-never-unregistered.c:33:2: warning: return value of register_blkdev() is ignored: a failed registration goes unnoticed [blkdev-imbalance]
fire-never-unregistered.c:55:2: warning: major "nvu-old" stays registered on this error path: unregister_blkdev() missing [blkdev-imbalance]
fire-never-unregistered.c:33:2: note: major "nvu-old" registered here
fire-never-unregistered.c:62:2: warning: unregister_blkdev() of a major "nvu0" this file never registers (it WARNs when the major is not registered) [blkdev-imbalance]
 * check-output-end
 */
