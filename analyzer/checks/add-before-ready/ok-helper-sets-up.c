// SPDX-License-Identifier: GPL-2.0
/*
 * Near-miss: fops and disk_name are set by a helper that receives the
 * driver struct holding the disk (the usual probe split), and the name is
 * written through strscpy_pad (a statement-expression macro in 6.12).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct hs_dev {
	struct gendisk *disk;
	int id;
};

static struct hs_dev hs;

static void hs_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations hs_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= hs_submit_bio,
};

static void hs_setup(struct hs_dev *dev)
{
	dev->disk->fops = &hs_fops;
	dev->disk->private_data = dev;
}

static int __init hs_init(void)
{
	int err;

	hs.disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(hs.disk))
		return PTR_ERR(hs.disk);
	hs_setup(&hs);
	strscpy_pad(hs.disk->disk_name, "hs0", DISK_NAME_LEN);
	set_capacity(hs.disk, 2048);
	err = add_disk(hs.disk);
	if (err) {
		put_disk(hs.disk);
		return err;
	}
	return 0;
}

static void __exit hs_exit(void)
{
	del_gendisk(hs.disk);
	put_disk(hs.disk);
}

module_init(hs_init);
module_exit(hs_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: fops set by a helper given the container; strscpy_pad name
 */
