// SPDX-License-Identifier: GPL-2.0
/*
 * A post-add failure unwinds in the wrong order in the function that
 * added the disk: put_disk() then del_gendisk().  One bug, one finding:
 * put-before-del at the put (the disk is known added there); the
 * del_gendisk() after it is not reported again as a use after put -
 * the added disk is still held by the block class at that point.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/sysfs.h>

static struct gendisk *ap_disk;

static ssize_t ap_mode_show(struct device *dev,
			    struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "ram\n");
}
static DEVICE_ATTR_RO(ap_mode);

static void ap_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ap_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ap_submit_bio,
};

static int __init ap_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &ap_fops;
	strscpy(disk->disk_name, "ap0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put;
	err = device_create_file(disk_to_dev(disk), &dev_attr_ap_mode);
	if (err)
		goto out_unwind;
	ap_disk = disk;
	return 0;

out_unwind:
	put_disk(disk);
	del_gendisk(disk);
	return err;
out_put:
	put_disk(disk);
	return err;
}

static void __exit ap_exit(void)
{
	device_remove_file(disk_to_dev(ap_disk), &dev_attr_ap_mode);
	del_gendisk(ap_disk);
	put_disk(ap_disk);
}

module_init(ap_init);
module_exit(ap_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: put_disk() then del_gendisk() after add_disk() succeeded
 * (--rule: this module init also fails after a disk went live, which
 * fail-after-add reports; see fail-after-add/fire-init-fails-after-unwind.c)
 * check-command: gendisk-lint --rule put-before-del --kdir $KDIR $file
 *
 * check-output-start
fire-added-put-then-del.c:53:2: warning: put_disk() on 'disk' while it is still added: call del_gendisk() first [put-before-del]
fire-added-put-then-del.c:43:8: note: add_disk() succeeded here
 * check-output-end
 */
