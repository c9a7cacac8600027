// SPDX-License-Identifier: GPL-2.0
/*
 * The driver of fire-global-field-freed.c, but what .remove frees after
 * the delete is a statistics buffer of the global that only ->submit_bio
 * reads (del_gendisk() drains the I/O and fails new bios); ->release and
 * ->ioctl read other fields.  Nothing an opener still calls reads it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct gy_stats {
	u64 bios;
};

static struct {
	struct gendisk *disk;
	struct gy_stats *stats;
	int users;
	u32 model;
} gy;

static void gy_release(struct gendisk *disk)
{
	gy.users--;
}

static int gy_ioctl(struct block_device *bdev, blk_mode_t mode,
		    unsigned int cmd, unsigned long arg)
{
	if (cmd != 0x4701)
		return -ENOTTY;
	return put_user(gy.model, (u32 __user *)arg);
}

static void gy_submit_bio(struct bio *bio)
{
	gy.stats->bios++;
	bio_endio(bio);
}

static const struct block_device_operations gy_fops = {
	.owner		= THIS_MODULE,
	.release	= gy_release,
	.ioctl		= gy_ioctl,
	.submit_bio	= gy_submit_bio,
};

static int gy_probe(struct platform_device *pdev)
{
	int err;

	gy.stats = kzalloc(sizeof(*gy.stats), GFP_KERNEL);
	if (!gy.stats)
		return -ENOMEM;
	gy.disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(gy.disk)) {
		err = PTR_ERR(gy.disk);
		goto out_stats;
	}
	gy.disk->fops = &gy_fops;
	strscpy(gy.disk->disk_name, "gy0", DISK_NAME_LEN);
	set_capacity(gy.disk, 4096);
	err = add_disk(gy.disk);
	if (err)
		goto out_disk;
	return 0;

out_disk:
	put_disk(gy.disk);
out_stats:
	kfree(gy.stats);
	return err;
}

static void gy_remove(struct platform_device *pdev)
{
	del_gendisk(gy.disk);
	put_disk(gy.disk);
	kfree(gy.stats);
}

static struct platform_driver gy_driver = {
	.probe		= gy_probe,
	.remove_new	= gy_remove,
	.driver		= {
		.name	= "gy-disk",
	},
};
module_platform_driver(gy_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: .remove frees a global's field no late fops callback reads
 * check-command: gendisk-lint --rule private-freed-while-open --kdir $KDIR $file
 */
