// SPDX-License-Identifier: GPL-2.0
/*
 * add-disk-unchecked: result ignored, plain and through a (void) cast, in
 * functions without an error label: report only, patch mode leaves the
 * file alone (the unwind is not mechanical here).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *fx_disk[2];

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static int fx_add_one(int i)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &fx_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "fx%d", i);
	if (i)
		(void)add_disk(disk);
	else
		add_disk(disk);
	fx_disk[i] = disk;
	return 0;
}

static int __init fx_init(void)
{
	int i, err;

	for (i = 0; i < 2; i++) {
		err = fx_add_one(i);
		if (err)
			return err;
	}
	return 0;
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
