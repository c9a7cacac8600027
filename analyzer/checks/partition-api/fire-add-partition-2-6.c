// SPDX-License-Identifier: GPL-2.0
/*
 * A 2.6-era driver that carves its disk into fixed partitions itself with
 * add_partition(), declared here the way the 2.6 genhd.h declared it (no
 * current header does: the function is static in block/partitions/core.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

void add_partition(struct gendisk *disk, int part, sector_t start, sector_t len);
void delete_partition(struct gendisk *disk, int part);

static struct gendisk *fixed_disk;

static void fixed_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fixed_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fixed_submit_bio,
};

static int __init fixed_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &fixed_fops;
	strscpy(disk->disk_name, "fixed0", DISK_NAME_LEN);
	set_capacity(disk, 8192);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	add_partition(disk, 1, 64, 4096);
	add_partition(disk, 2, 4160, 4032);
	fixed_disk = disk;
	return 0;
}

static void __exit fixed_exit(void)
{
	delete_partition(fixed_disk, 2);
	delete_partition(fixed_disk, 1);
	del_gendisk(fixed_disk);
	put_disk(fixed_disk);
}

module_init(fixed_init);
module_exit(fixed_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: 2.6-style add_partition/delete_partition from a driver
 *
 * check-output-start
fire-add-partition-2-6.c:42:2: warning: add_partition() is internal to the block layer (not exported): partitions come from the partition scan of add_disk() or the BLKPG ioctl [partition-api]
fire-add-partition-2-6.c:43:2: warning: add_partition() is internal to the block layer (not exported): partitions come from the partition scan of add_disk() or the BLKPG ioctl [partition-api]
fire-add-partition-2-6.c:50:2: warning: delete_partition() is internal to the block layer (not exported): partitions come from the partition scan of add_disk() or the BLKPG ioctl [partition-api]
fire-add-partition-2-6.c:51:2: warning: delete_partition() is internal to the block layer (not exported): partitions come from the partition scan of add_disk() or the BLKPG ioctl [partition-api]
 * check-output-end
 */
