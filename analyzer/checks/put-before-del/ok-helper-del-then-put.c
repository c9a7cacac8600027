// SPDX-License-Identifier: GPL-2.0
/*
 * The post-add failure calls a helper that unregisters (del_gendisk() on
 * its argument's field, plus sysfs cleanup), then the caller puts the
 * disk: the helper's summary says "deleted".
 *
 * Run with --rule put-before-del: the module init also fails after a disk went
 * live, which fail-after-add reports (fire-init-fails-after-unwind.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

struct hd_dev {
	struct gendisk *disk;
	bool attr_created;
};

static struct hd_dev *hd;

static ssize_t hd_mode_show(struct device *dev,
			    struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "ram\n");
}
static DEVICE_ATTR_RO(hd_mode);

static void hd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations hd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= hd_submit_bio,
};

static void hd_unregister(struct hd_dev *dev)
{
	if (dev->attr_created)
		device_remove_file(disk_to_dev(dev->disk), &dev_attr_hd_mode);
	del_gendisk(dev->disk);
}

static int __init hd_init(void)
{
	struct hd_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		goto out_free;
	}
	dev->disk->fops = &hd_fops;
	strscpy(dev->disk->disk_name, "hd0", DISK_NAME_LEN);
	set_capacity(dev->disk, 2048);

	err = add_disk(dev->disk);
	if (err)
		goto out_put;
	err = device_create_file(disk_to_dev(dev->disk), &dev_attr_hd_mode);
	if (err)
		goto out_unregister;
	dev->attr_created = true;
	hd = dev;
	return 0;

out_unregister:
	hd_unregister(dev);
out_put:
	put_disk(dev->disk);
out_free:
	kfree(dev);
	return err;
}

static void __exit hd_exit(void)
{
	hd_unregister(hd);
	put_disk(hd->disk);
	kfree(hd);
}

module_init(hd_init);
module_exit(hd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: helper deletes dev->disk, caller puts it
 * check-command: gendisk-lint --rule put-before-del --kdir $KDIR $file
 */
