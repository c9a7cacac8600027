// SPDX-License-Identifier: GPL-2.0
/*
 * A port of a 2.6 driver to blk_alloc_disk() that dropped
 * register_blkdev() (dynamic dev_t) but kept "minors = 1 << PART_BITS":
 * device_add_disk() hits WARN_ON(disk->minors) with major == 0 and fails
 * with -EINVAL (block/genhd.c:466-469 in 6.12).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define PORT_PART_BITS	4

static struct gendisk *port_disk;

static void port_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations port_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= port_submit_bio,
};

static int __init port_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->first_minor = 0;
	disk->minors = 1 << PORT_PART_BITS;
	disk->fops = &port_fops;
	strscpy(disk->disk_name, "port0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	port_disk = disk;
	return 0;
}

static void __exit port_exit(void)
{
	del_gendisk(port_disk);
	put_disk(port_disk);
}

module_init(port_init);
module_exit(port_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: minors 16 on a dynamic-dev_t disk
 *
 * check-output-start
fire-minors-no-major.c:35:2: warning: 'disk->minors' is 16 but 'disk->major' is 0: add_disk() WARNs and fails with -EINVAL for a dynamic dev_t with minors; leave minors 0 [devt-dynamic-minors]
fire-minors-no-major.c:39:8: note: add_disk() fails here
 * check-output-end
 */
