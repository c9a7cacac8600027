// SPDX-License-Identifier: GPL-2.0
/*
 * A post-add failure deletes the disk inline and then jumps to the label
 * that deletes it again: del_gendisk() WARNs on a disk that is no longer
 * live (genhd.c:660 of 6.12).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/sysfs.h>

static struct gendisk *ut_disk;

static ssize_t ut_mode_show(struct device *dev,
			    struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "ram\n");
}
static DEVICE_ATTR_RO(ut_mode);

static void ut_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ut_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ut_submit_bio,
};

static int __init ut_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &ut_fops;
	strscpy(disk->disk_name, "ut0", DISK_NAME_LEN);
	set_capacity(disk, 2048);

	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	err = device_create_file(disk_to_dev(disk), &dev_attr_ut_mode);
	if (err) {
		del_gendisk(disk);
		goto out_del_disk;
	}
	ut_disk = disk;
	return 0;

out_del_disk:
	del_gendisk(disk);
out_put_disk:
	put_disk(disk);
	return err;
}

static void __exit ut_exit(void)
{
	device_remove_file(disk_to_dev(ut_disk), &dev_attr_ut_mode);
	del_gendisk(ut_disk);
	put_disk(ut_disk);
}

module_init(ut_init);
module_exit(ut_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: del_gendisk() inline and again at the label
 * (--rule: this module init also fails after a disk went live, which
 * fail-after-add reports; see fail-after-add/fire-init-fails-after-unwind.c)
 * check-command: gendisk-lint --rule double-del --kdir $KDIR $file
 *
 * check-output-start
fire-unwind-twice.c:54:2: warning: del_gendisk() called twice on 'disk' [double-del]
fire-unwind-twice.c:47:3: note: first del_gendisk() here
 * check-output-end
 */
