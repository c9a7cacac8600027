// SPDX-License-Identifier: GPL-2.0
/*
 * Near-miss: a helper sets minors on a disk it did not allocate (the
 * caller set the major first), and a disk whose minors come from a
 * runtime value (max_part, as nbd/loop do) with major 0: neither is
 * known to be wrong here.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static int max_part;
module_param(max_part, int, 0444);

static struct gendisk *dc_disk;
static int dc_major;

static void dc_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations dc_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= dc_submit_bio,
};

static int dc_register(struct gendisk *disk)
{
	disk->minors = 1;
	return add_disk(disk);
}

static int __init dc_init(void)
{
	struct gendisk *disk;
	int err;

	dc_major = register_blkdev(0, "dc");
	if (dc_major < 0)
		return dc_major;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_unregister;
	}
	disk->fops = &dc_fops;
	strscpy(disk->disk_name, "dc0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	if (max_part) {
		disk->minors = max_part;
		err = add_disk(disk);
	} else {
		disk->major = dc_major;
		err = dc_register(disk);
	}
	if (err)
		goto out_put_disk;
	dc_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_unregister:
	unregister_blkdev(dc_major, "dc");
	return err;
}

static void __exit dc_exit(void)
{
	del_gendisk(dc_disk);
	put_disk(dc_disk);
	unregister_blkdev(dc_major, "dc");
}

module_init(dc_init);
module_exit(dc_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: minors set by a helper, or from a runtime value
 */
