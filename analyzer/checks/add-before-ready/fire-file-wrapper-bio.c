// SPDX-License-Identifier: GPL-2.0
/*
 * A wrapper of this file allocates a bio-based disk (blk_alloc_disk) and
 * names it; the caller gives it a fops table without .submit_bio.  The
 * wrapper's call counts as the allocation, with the name it sets, so the
 * missing .submit_bio is what is reported, not a missing disk_name.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *fwb_disk;

static const struct block_device_operations fwb_fops = {
	.owner		= THIS_MODULE,
};

static struct gendisk *fwb_alloc_disk(int index)
{
	struct gendisk *disk = blk_alloc_disk(NULL, NUMA_NO_NODE);

	if (IS_ERR(disk))
		return disk;
	snprintf(disk->disk_name, DISK_NAME_LEN, "fwb%d", index);
	return disk;
}

static int __init fwb_init(void)
{
	struct gendisk *disk;
	int err;

	disk = fwb_alloc_disk(0);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &fwb_fops;
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	fwb_disk = disk;
	return 0;
}

static void __exit fwb_exit(void)
{
	del_gendisk(fwb_disk);
	put_disk(fwb_disk);
}

module_init(fwb_init);
module_exit(fwb_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: bio-based disk from a wrapper that names it, fops without .submit_bio
 *
 * check-output-start
fire-file-wrapper-bio.c:35:2: warning: bio-based disk 'disk' (blk_alloc_disk) gets 'fwb_fops', which has no .submit_bio: the first bio (the partition scan in add_disk) oopses [add-before-ready]
fire-file-wrapper-bio.c:32:9: note: 'disk' allocated here
 * check-output-end
 */
