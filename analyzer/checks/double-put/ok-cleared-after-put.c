// SPDX-License-Identifier: GPL-2.0
/*
 * The error path puts the disk and clears the field; the common cleanup
 * later calls put_disk() on the field again, which is NULL by then
 * (put_disk(NULL) is a no-op, genhd.c:1463-1466 of 6.12).
 *
 * Run with --rule double-put: the module init also fails after a disk went
 * live, which fail-after-add reports (fire-init-fails-after-unwind.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct cl_dev {
	struct gendisk *disk;
	void *table;
};

static struct cl_dev *cl;

static void cl_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations cl_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= cl_submit_bio,
};

static int __init cl_init(void)
{
	struct cl_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		dev->disk = NULL;
		goto out_cleanup;
	}
	dev->disk->fops = &cl_fops;
	strscpy(dev->disk->disk_name, "cl0", DISK_NAME_LEN);
	set_capacity(dev->disk, 2048);

	err = add_disk(dev->disk);
	if (err) {
		put_disk(dev->disk);
		dev->disk = NULL;
		goto out_cleanup;
	}
	dev->table = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!dev->table) {
		err = -ENOMEM;
		del_gendisk(dev->disk);
		goto out_cleanup;
	}
	cl = dev;
	return 0;

out_cleanup:
	put_disk(dev->disk);
	kfree(dev);
	return err;
}

static void __exit cl_exit(void)
{
	del_gendisk(cl->disk);
	put_disk(cl->disk);
	kfree(cl->table);
	kfree(cl);
}

module_init(cl_init);
module_exit(cl_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: field cleared after put_disk(), second put sees NULL
 * check-command: gendisk-lint --rule double-put --kdir $KDIR $file
 */
