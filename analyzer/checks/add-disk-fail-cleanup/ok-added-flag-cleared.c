// SPDX-License-Identifier: GPL-2.0
/*
 * af_start() marks the device live (af->live = true) before add_disk()
 * and takes the mark back when the add fails, so af_teardown(), which
 * trusts the mark, only puts the disk whose add failed.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct af_dev {
	struct gendisk *disk;
	bool live;
};

static struct af_dev *af_the_dev;

static void af_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations af_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= af_submit_bio,
};

static int af_start(struct af_dev *af)
{
	int err;

	af->live = true;
	err = add_disk(af->disk);
	if (err) {
		af->live = false;
		return err;
	}
	return 0;
}

static void af_teardown(struct af_dev *af)
{
	if (af->live)
		del_gendisk(af->disk);
	put_disk(af->disk);
	kfree(af);
}

static int __init af_init(void)
{
	struct af_dev *af;
	int err;

	af = kzalloc(sizeof(*af), GFP_KERNEL);
	if (!af)
		return -ENOMEM;
	af->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(af->disk)) {
		err = PTR_ERR(af->disk);
		kfree(af);
		return err;
	}
	af->disk->fops = &af_fops;
	strscpy(af->disk->disk_name, "af0", DISK_NAME_LEN);
	err = af_start(af);
	if (err) {
		af_teardown(af);
		return err;
	}
	af_the_dev = af;
	return 0;
}

static void __exit af_exit(void)
{
	af_teardown(af_the_dev);
}

module_init(af_init);
module_exit(af_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a live mark set before add_disk() and cleared when it fails
 */
