// SPDX-License-Identifier: GPL-2.0
/*
 * A fixed major with minors = DISK_MAX_PARTS, analysed with 6.12's headers
 * and with none.  Without headers DISK_MAX_PARTS is undeclared: clang drops
 * the assignment, which used to leave minors "never set" (0) and fire
 * devt-dynamic-minors' mirror case.  The assignment is rebuilt with an
 * unknown value: set, value unknown, nothing to report.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define MM_MAJOR	240

static struct gendisk *mm_disk;

static void mm_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations mm_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= mm_submit_bio,
};

static int __init mm_init(void)
{
	struct gendisk *disk;
	int ret;

	ret = register_blkdev(MM_MAJOR, "mm");
	if (ret)
		return ret;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		ret = PTR_ERR(disk);
		goto out_unregister;
	}
	disk->major = MM_MAJOR;
	disk->first_minor = 0;
	disk->minors = DISK_MAX_PARTS;
	disk->fops = &mm_fops;
	strscpy(disk->disk_name, "mm0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 16);
	ret = add_disk(disk);
	if (ret)
		goto out_put_disk;
	mm_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_unregister:
	unregister_blkdev(MM_MAJOR, "mm");
	return ret;
}

static void __exit mm_exit(void)
{
	del_gendisk(mm_disk);
	put_disk(mm_disk);
	unregister_blkdev(MM_MAJOR, "mm");
}

module_init(mm_init);
module_exit(mm_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: minors from a constant the parse cannot see
 * check-headers: 6.12 none
 */
