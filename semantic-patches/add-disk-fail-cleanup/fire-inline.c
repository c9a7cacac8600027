// SPDX-License-Identifier: GPL-2.0
/*
 * add-disk-fail-cleanup: device_add_disk() tested with < 0 and an inline
 * unwind that deletes the disk; and if (add_disk(...)) jumping to a label
 * that deletes it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static struct gendisk *fx_disk[2];

static int fx_add(int i, struct device *parent)
{
	struct gendisk *disk;
	int ret;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &fx_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "fx%d", i);
	if (i) {
		if (add_disk(disk))
			goto out_del;
		fx_disk[i] = disk;
		return 0;
	}
	ret = device_add_disk(parent, disk, NULL);
	if (ret < 0) {
		pr_err("fx: add failed\n");
		del_gendisk(disk);
		put_disk(disk);
		return ret;
	}
	fx_disk[i] = disk;
	return 0;

out_del:
	del_gendisk(disk);
	put_disk(disk);
	return -EIO;
}

static int __init fx_init(void)
{
	int err = fx_add(0, NULL);

	if (err)
		return err;
	err = fx_add(1, NULL);
	if (err) {
		del_gendisk(fx_disk[0]);
		put_disk(fx_disk[0]);
	}
	return err;
}

static void __exit fx_exit(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		del_gendisk(fx_disk[i]);
		put_disk(fx_disk[i]);
	}
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");
