// SPDX-License-Identifier: GPL-2.0
/*
 * A 6.1 driver that ignores add_disk()'s result, analysed with 6.1's
 * headers, 6.12's (where its blk_alloc_disk(node) is a macro error and
 * libclang drops the allocation) and none: the finding is the same.
 * Before the allocation was rebuilt from its tokens, the local started as
 * "no disk", "if (!disk)" pruned the rest and the ignored result was lost.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *ohadd_disk;

static void ohadd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ohadd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ohadd_submit_bio,
};

static int __init ohadd_init(void)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NUMA_NO_NODE);
	if (!disk)
		return -ENOMEM;

	disk->fops = &ohadd_fops;
	disk->flags |= GENHD_FL_NO_PART;
	strscpy(disk->disk_name, "ohadd0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 16);
	add_disk(disk);
	ohadd_disk = disk;
	return 0;
}

static void __exit ohadd_exit(void)
{
	del_gendisk(ohadd_disk);
	put_disk(ohadd_disk);
}

module_init(ohadd_init);
module_exit(ohadd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: ignored add_disk() of a 6.1 driver under 6.1, 6.12 and no headers
 * check-kernel: 6.1
 * check-headers: 6.1 6.12 none
 *
 * check-output-start
fire-61-other-headers.c:36:2: warning: return value of add_disk() is ignored [add-disk-unchecked]
 * check-output-end
 */
